import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { recordAudit } from "#app/auth/audit.server.ts";
import { type FieldErrors, fieldErrors } from "#app/auth/forms.ts";
import { mediaUrl } from "#app/catalog/catalog.server.ts";
import { businesses, categories, images } from "#app/catalog/schema.server.ts";
import type { ImageData } from "#app/components/ui/responsive-image.tsx";
import { lagosToday } from "#app/console/lagos-time.ts";
import type { Database, Executor } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { poolCodesField, rewardFormSchema, rewardStockSchema } from "./reward-input.ts";
import { rewardCodes, rewardRedemptions, rewards } from "./schema.server.ts";

/**
 * Running rewards (issue 23, decision 056): Oja's admins make platform rewards and fill their
 * pools with a partner's codes; a business's managers make its own rewards and keep their
 * stock. Every change is one transaction, and a reward that isn't the actor's answers 404.
 */
export type RewardOwner =
  | { kind: "platform"; actorId: string; request: Request }
  | { kind: "business"; businessId: string; actorId: string; request: Request };

type Refusal = { ok: false; status: 400 | 404; errors: FieldErrors };

function formText(form: FormData, names: readonly string[]) {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  return values;
}

/** The reward form's text fields (a pool's codes for Oja's rewards, the stock for a business's). */
export const rewardFields = [
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

function ownedBy(owner: RewardOwner) {
  return owner.kind === "platform"
    ? isNull(rewards.businessId)
    : eq(rewards.businessId, owner.businessId);
}

function auditFrom(owner: RewardOwner) {
  return {
    actorId: owner.actorId,
    ipAddress: owner.request.headers.get("x-forwarded-for"),
    userAgent: owner.request.headers.get("user-agent"),
  };
}

/** Checks the reward form; the picture is stored by the caller once this says it is right. */
export function checkRewardForm(owner: RewardOwner, form: FormData, now = new Date()) {
  const parsed = rewardFormSchema(lagosToday(now), owner.kind).safeParse(
    formText(form, rewardFields),
  );
  if (!parsed.success)
    return { ok: false as const, status: 400 as const, errors: fieldErrors(parsed.error) };
  return { ok: true as const, input: parsed.data };
}

/** Makes a reward from a checked form (checkRewardForm), with its picture if one was given. */
export async function createReward(
  db: Database,
  owner: RewardOwner,
  form: FormData,
  imageId: string | null,
  now = new Date(),
): Promise<{ ok: true; rewardId: string } | Refusal> {
  const checked = checkRewardForm(owner, form, now);
  if (!checked.ok) return checked;
  const input = checked.input;
  return db.transaction(async (tx) => {
    let categoryId: string | null = null;
    if (input.category !== "") {
      const [category] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.id, input.category));
      if (!category)
        return { ok: false, status: 400, errors: { category: "Choose a category from the list" } };
      categoryId = category.id;
    } else if (owner.kind === "business") {
      // A business's reward belongs where the business does.
      const [business] = await tx
        .select({ categoryId: businesses.categoryId })
        .from(businesses)
        .where(eq(businesses.id, owner.businessId));
      categoryId = business?.categoryId ?? null;
    }
    const rewardId = newId("rwd");
    const codes = "codes" in input && Array.isArray(input.codes) ? input.codes : [];
    await tx.insert(rewards).values({
      id: rewardId,
      businessId: owner.kind === "business" ? owner.businessId : null,
      kind:
        owner.kind === "business"
          ? "business"
          : (input as { kind: "airtime" | "data" | "partner_voucher" }).kind,
      name: input.name,
      description: input.description,
      categoryId,
      imageId,
      pointsCost: input.pointsCost as number,
      stock:
        owner.kind === "business"
          ? ((input as { stock: number | null }).stock ?? null)
          : codes.length,
      perShopperLimit: input.perShopperLimit,
      startsOn: input.startsOn,
      endsOn: input.endsOn === "" ? null : input.endsOn,
      createdAt: now,
      updatedAt: now,
    });
    if (codes.length > 0) {
      await tx
        .insert(rewardCodes)
        .values(codes.map((code) => ({ id: newId("rwc"), rewardId, code, createdAt: now })));
    }
    await recordAudit(tx, {
      action: "reward.created",
      ...auditFrom(owner),
      subjectId: owner.kind === "business" ? owner.businessId : rewardId,
      details: { reward: rewardId, name: input.name, points: input.pointsCost as number },
    });
    return { ok: true, rewardId };
  });
}

/** The actor's reward, locked for the rest of the transaction; null when it isn't theirs. */
async function lockOwnReward(tx: Executor, owner: RewardOwner, rewardId: string) {
  if (rewardId.length > 64) return null;
  const [reward] = await tx
    .select()
    .from(rewards)
    .where(and(eq(rewards.id, rewardId), ownedBy(owner)))
    .for("update");
  return reward ?? null;
}

const notYours: Refusal = {
  ok: false,
  status: 404,
  errors: { form: "That reward isn't one of yours." },
};

/** Takes a reward out of the shop (codes already handed out stay good). */
export async function archiveReward(
  db: Database,
  owner: RewardOwner,
  rewardId: string,
  now = new Date(),
) {
  return db.transaction(async (tx): Promise<{ ok: true } | Refusal> => {
    const reward = await lockOwnReward(tx, owner, rewardId);
    if (!reward) return notYours;
    await tx
      .update(rewards)
      .set({ status: "archived", updatedAt: now })
      .where(eq(rewards.id, reward.id));
    await recordAudit(tx, {
      action: "reward.archived",
      ...auditFrom(owner),
      subjectId: owner.kind === "business" ? owner.businessId : reward.id,
      details: { reward: reward.id, name: reward.name },
    });
    return { ok: true };
  });
}

/** Adds a partner's codes to a platform reward's pool; a code already in it is skipped. */
export async function addRewardCodes(
  db: Database,
  owner: RewardOwner & { kind: "platform" },
  rewardId: string,
  form: FormData,
  now = new Date(),
) {
  const parsed = poolCodesField.safeParse(String(form.get("codes") ?? ""));
  if (!parsed.success) {
    return {
      ok: false,
      status: 400,
      errors: { codes: parsed.error.issues[0]?.message },
    } as Refusal;
  }
  if (parsed.data.length === 0) {
    return { ok: false, status: 400, errors: { codes: "Paste the codes, one a line" } } as Refusal;
  }
  const codes = parsed.data;
  return db.transaction(
    async (tx): Promise<{ ok: true; added: number; skipped: number } | Refusal> => {
      const reward = await lockOwnReward(tx, owner, rewardId);
      if (!reward) return notYours;
      const added = await tx
        .insert(rewardCodes)
        .values(
          codes.map((code) => ({ id: newId("rwc"), rewardId: reward.id, code, createdAt: now })),
        )
        .onConflictDoNothing()
        .returning({ id: rewardCodes.id });
      await tx
        .update(rewards)
        .set({ stock: sql`${rewards.stock} + ${added.length}`, updatedAt: now })
        .where(eq(rewards.id, reward.id));
      await recordAudit(tx, {
        action: "reward.codes-added",
        ...auditFrom(owner),
        subjectId: reward.id,
        details: { reward: reward.id, added: added.length },
      });
      return { ok: true, added: added.length, skipped: codes.length - added.length };
    },
  );
}

/** Sets what is left of a business reward (empty: no limit). */
export async function setRewardStock(
  db: Database,
  owner: RewardOwner & { kind: "business" },
  rewardId: string,
  form: FormData,
  now = new Date(),
) {
  const parsed = rewardStockSchema.safeParse({ stock: String(form.get("stock") ?? "") });
  if (!parsed.success)
    return { ok: false, status: 400, errors: fieldErrors(parsed.error) } as Refusal;
  return db.transaction(async (tx): Promise<{ ok: true; stock: number | null } | Refusal> => {
    const reward = await lockOwnReward(tx, owner, rewardId);
    if (!reward) return notYours;
    await tx
      .update(rewards)
      .set({ stock: parsed.data.stock, updatedAt: now })
      .where(eq(rewards.id, reward.id));
    await recordAudit(tx, {
      action: "reward.stock-set",
      ...auditFrom(owner),
      subjectId: owner.businessId,
      details: { reward: reward.id, stock: parsed.data.stock },
    });
    return { ok: true, stock: parsed.data.stock };
  });
}

export interface ManagedReward {
  id: string;
  name: string;
  kind: (typeof rewards.$inferSelect)["kind"];
  pointsCost: number;
  stock: number | null;
  perShopperLimit: number | null;
  startsOn: string;
  endsOn: string | null;
  status: "active" | "archived";
  redeemed: number;
  /** Its own picture (not the business's cover the shop falls back to), for the list. */
  image: ImageData | null;
}

/** The actor's rewards for the console or the admin page, active ones first, newest first. */
export async function rewardsOf(executor: Executor, owner: RewardOwner): Promise<ManagedReward[]> {
  const rows = await executor
    .select({
      id: rewards.id,
      name: rewards.name,
      kind: rewards.kind,
      pointsCost: rewards.pointsCost,
      stock: rewards.stock,
      perShopperLimit: rewards.perShopperLimit,
      startsOn: rewards.startsOn,
      endsOn: rewards.endsOn,
      status: rewards.status,
      redeemed: sql<number>`(select count(*)::int from ${rewardRedemptions} r where r.reward_id = ${rewards.id})`,
      imagePath: images.path,
      imageWidth: images.width,
      imageHeight: images.height,
    })
    .from(rewards)
    .leftJoin(images, eq(images.id, rewards.imageId))
    .where(ownedBy(owner))
    .orderBy(sql`${rewards.status} = 'archived'`, desc(rewards.createdAt))
    .limit(200);
  return rows.map(({ imagePath, imageWidth, imageHeight, ...row }) => ({
    ...row,
    redeemed: Number(row.redeemed),
    image: imagePath
      ? { url: mediaUrl(imagePath), width: imageWidth ?? 800, height: imageHeight ?? 800, alt: "" }
      : null,
  }));
}

/** The marketplace's categories, for the form's list. */
export function categoryChoices(executor: Executor) {
  return executor
    .select({ value: categories.id, label: categories.name })
    .from(categories)
    .orderBy(categories.position, categories.name);
}
