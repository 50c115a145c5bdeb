import { data, type RouterContextProvider, redirect } from "react-router";
import type { FieldErrors } from "#app/auth/forms.ts";
import { tooLarge } from "#app/console/catalogue/guard.server.ts";
import { saveWithFormPictures } from "#app/console/form-pictures.server.ts";
import { services } from "#app/context.server.ts";
import type { Database } from "#app/db/database.server.ts";
import { maxUploadBytes } from "#app/media/uploads.server.ts";
import {
  archiveReward,
  checkRewardForm,
  createReward,
  type RewardOwner,
  rewardFields,
} from "./rewards.server.ts";

/**
 * The reward form's post, for the admin page and the console alike: the fields are checked
 * first, and only a right form stores its picture (field `newImage`, one at most), so a refused
 * form leaves no image behind. A platform reward's picture belongs to no business.
 */
export async function submitRewardForm(
  context: Readonly<RouterContextProvider>,
  owner: RewardOwner,
  form: FormData,
  now = new Date(),
) {
  const checked = checkRewardForm(owner, form, now);
  if (!checked.ok) return checked;
  return saveWithFormPictures(
    context,
    form,
    {
      chosen: [],
      most: 1,
      tooMany: "Choose one picture",
      alt: checked.input.name,
      businessId: owner.kind === "business" ? owner.businessId : undefined,
    },
    (imageIds) => createReward(services(context).db, owner, form, imageIds[0] ?? null, now),
  );
}

/** The form's text as sent, for a refused form to show again (never the picture). */
export function rewardFormValues(form: FormData): Partial<Record<string, string>> {
  const values: Partial<Record<string, string>> = {};
  for (const name of rewardFields) {
    const value = form.get(name);
    if (typeof value === "string") values[name] = value.slice(0, 70_000);
  }
  return values;
}

/** A reward form larger than this is refused before it is read: one picture and the codes. */
export const maxRewardFormBytes = maxUploadBytes + 512 * 1024;

/** What a rewards page's post answers: the form refused, or a reward changed. */
export interface RewardsPageAnswer<Intent extends string> {
  intent: "create" | "archive" | Intent;
  errors: FieldErrors;
  /** The reward a per-reward form was about, so its message shows beside it. */
  rewardId?: string;
  values?: Partial<Record<string, string>>;
  notice?: string;
  /** When the change was made, so that reward's box empties for the next one. */
  at?: number;
}

type RewardChange =
  | { ok: true; notice: string }
  | { ok: false; status: 400 | 404; errors: FieldErrors };

/**
 * The post of /admin/rewards and /vendor/{b}/rewards: make a reward (then `createdPath` shows it,
 * and a reload doesn't post it again), archive one, or the page's own change of one (`change`:
 * a pool's codes, a business's stock). Another owner's reward answers 404 beside its form.
 */
export async function rewardsPageAction<Intent extends string>(
  context: Readonly<RouterContextProvider>,
  request: Request,
  owner: RewardOwner,
  page: {
    createdPath: (rewardId: string) => string;
    intent: Intent;
    change: (db: Database, rewardId: string, form: FormData) => Promise<RewardChange>;
  },
) {
  type Answer = RewardsPageAnswer<Intent>;
  if (tooLarge(request, maxRewardFormBytes)) {
    return data<Answer>(
      { intent: "create", errors: { images: "That picture is too large: up to 8 MB." } },
      { status: 413 },
    );
  }
  const { db } = services(context);
  const form = await request.formData();
  const intent = form.get("intent");
  const rewardId = String(form.get("reward") ?? "").slice(0, 64);
  if (intent === "archive" || intent === page.intent) {
    const result =
      intent === "archive"
        ? await archiveReward(db, owner, rewardId).then((archived) =>
            archived.ok
              ? {
                  ok: true as const,
                  notice:
                    "Archived: it has left the reward shop. Codes shoppers already have stay good.",
                }
              : archived,
          )
        : await page.change(db, rewardId, form);
    const answered = intent as Answer["intent"];
    if (!result.ok) {
      // A reward that isn't the owner's is told where the page tells per-reward refusals.
      const errors = result.status === 404 ? { archive: result.errors.form } : result.errors;
      return data<Answer>({ intent: answered, rewardId, errors }, { status: result.status });
    }
    return data<Answer>({
      intent: answered,
      rewardId,
      errors: {},
      notice: result.notice,
      at: Date.now(),
    });
  }
  const result = await submitRewardForm(context, owner, form);
  if (!result.ok) {
    return data<Answer>(
      { intent: "create", errors: result.errors, values: rewardFormValues(form) },
      { status: result.status },
    );
  }
  throw redirect(page.createdPath(result.rewardId));
}
