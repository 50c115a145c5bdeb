import type { RouterContextProvider } from "react-router";
import { saveWithFormPictures } from "#app/console/form-pictures.server.ts";
import { services } from "#app/context.server.ts";
import { maxUploadBytes } from "#app/media/uploads.server.ts";
import { checkRewardForm, createReward, type RewardOwner } from "./rewards.server.ts";

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

const textFields = [
  "name",
  "description",
  "pointsCost",
  "perShopperLimit",
  "category",
  "startsOn",
  "endsOn",
  "kind",
  "codes",
  "stock",
] as const;

/** The form's text as sent, for a refused form to show again (never the picture). */
export function rewardFormValues(form: FormData): Partial<Record<string, string>> {
  const values: Partial<Record<string, string>> = {};
  for (const name of textFields) {
    const value = form.get(name);
    if (typeof value === "string") values[name] = value.slice(0, 70_000);
  }
  return values;
}

/** A reward form larger than this is refused before it is read: one picture and the codes. */
export const maxRewardFormBytes = maxUploadBytes + 512 * 1024;
