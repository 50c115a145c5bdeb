import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import { recordAudit } from "#app/auth/audit.server.ts";
import type { FieldErrors } from "#app/auth/forms.ts";
import { businesses } from "#app/catalog/schema.server.ts";
import { lagosToday } from "#app/console/lagos-time.ts";
import type { Database, Executor } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { users } from "#app/db/schema.server.ts";
import { recordPoints, type Wallet } from "#app/points/ledger.server.ts";
import { newVoucherCode } from "#app/vouchers/issue.server.ts";
import { readVoucherCode } from "#app/vouchers/voucher-code.ts";
import type { RewardKind } from "./reward-kinds.ts";
import { rewardCodes, rewardRedemptions, rewards } from "./schema.server.ts";

/**
 * Redeeming rewards (issue 23, decision 056). One transaction holds the reward's row lock while it
 * decides everything a redemption depends on: whether the press was already redeemed (the form's
 * key), whether the reward is on offer and some is left, the shopper's limit, then the ledger's
 * debit (which refuses an overdraft under the wallet's lock), the code and the stock. Concurrent
 * presses on one reward queue on its row: never oversold, never twice for one press.
 */
export interface Redemption {
  id: string;
  rewardId: string;
  name: string;
  kind: RewardKind;
  points: number;
  code: string;
  status: "issued" | "used";
  business: { slug: string; name: string } | null;
  createdAt: string;
  usedAt: string | null;
}

export type RedeemResult =
  | { ok: true; redemption: Redemption; wallet: Wallet | null; replayed: boolean }
  | { ok: false; status: 400 | 404 | 409; errors: FieldErrors };

const requestKeyPattern = /^[0-9a-z]{20,32}$/;

/**
 * Why a reward can't be had, in the words both the redemption and the checkout page use: the
 * page says it before the press (and greys the button), the redemption when it decides.
 */
export const redeemRefusals = {
  notOnOffer: "This reward isn't on offer now.",
  allGone: "This reward has all gone.",
  limitReached: (limit: number) =>
    `You have had this reward ${limit === 1 ? "already: it is once per shopper" : `${limit} times, as many as one shopper may`}.`,
  notEnoughPoints: (cost: number, available: number) =>
    `This reward needs ${cost.toLocaleString("en-NG")} points; you have ${available.toLocaleString("en-NG")} to spend.`,
};

async function redemptionView(executor: Executor, id: string): Promise<Redemption | null> {
  const [row] = await executor
    .select({
      redemption: rewardRedemptions,
      kind: rewards.kind,
      businessSlug: businesses.slug,
      businessName: businesses.name,
    })
    .from(rewardRedemptions)
    .innerJoin(rewards, eq(rewards.id, rewardRedemptions.rewardId))
    .leftJoin(businesses, eq(businesses.id, rewardRedemptions.businessId))
    .where(eq(rewardRedemptions.id, id));
  return row ? toRedemption(row) : null;
}

function toRedemption(row: {
  redemption: typeof rewardRedemptions.$inferSelect;
  kind: RewardKind;
  businessSlug: string | null;
  businessName: string | null;
}): Redemption {
  const { redemption } = row;
  return {
    id: redemption.id,
    rewardId: redemption.rewardId,
    name: redemption.name,
    kind: row.kind,
    points: redemption.points,
    code: redemption.code,
    status: redemption.status,
    business:
      row.businessSlug && row.businessName
        ? { slug: row.businessSlug, name: row.businessName }
        : null,
    createdAt: redemption.createdAt.toISOString(),
    usedAt: redemption.usedAt?.toISOString() ?? null,
  };
}

/** How many times the shopper has had this reward (its per-shopper limit counts them). */
export async function timesRedeemed(executor: Executor, rewardId: string, userId: string) {
  const [had] = await executor
    .select({ count: count() })
    .from(rewardRedemptions)
    .where(and(eq(rewardRedemptions.rewardId, rewardId), eq(rewardRedemptions.userId, userId)));
  return had?.count ?? 0;
}

async function redemptionByKey(executor: Executor, userId: string, requestKey: string) {
  const [row] = await executor
    .select({ id: rewardRedemptions.id })
    .from(rewardRedemptions)
    .where(and(eq(rewardRedemptions.userId, userId), eq(rewardRedemptions.requestKey, requestKey)));
  return row ? redemptionView(executor, row.id) : null;
}

export async function redeemReward(
  db: Database,
  userId: string,
  input: { rewardId: string; requestKey: string },
  now = new Date(),
): Promise<RedeemResult> {
  if (!requestKeyPattern.test(input.requestKey)) {
    return {
      ok: false,
      status: 400,
      errors: { form: "This page is out of date. Reload it and press Redeem again." },
    };
  }
  if (input.rewardId === "" || input.rewardId.length > 64) {
    return { ok: false, status: 400, errors: { form: "Choose a reward to redeem." } };
  }
  return db.transaction(async (tx): Promise<RedeemResult> => {
    const [reward] = await tx
      .select({ reward: rewards, businessStatus: businesses.status })
      .from(rewards)
      .leftJoin(businesses, eq(businesses.id, rewards.businessId))
      .where(eq(rewards.id, input.rewardId))
      .for("update", { of: rewards });
    // Read after the lock: a press sent twice at once finds the first one's redemption here.
    const earlier = await redemptionByKey(tx, userId, input.requestKey);
    if (earlier) return { ok: true, redemption: earlier, wallet: null, replayed: true };
    if (!reward || (reward.reward.businessId !== null && reward.businessStatus !== "active")) {
      return { ok: false, status: 404, errors: { form: "There is no such reward." } };
    }
    const { reward: row } = reward;
    const today = lagosToday(now);
    if (
      row.status !== "active" ||
      row.startsOn > today ||
      (row.endsOn !== null && row.endsOn < today)
    ) {
      return { ok: false, status: 409, errors: { form: redeemRefusals.notOnOffer } };
    }
    if (row.stock !== null && row.stock <= 0) {
      return { ok: false, status: 409, errors: { form: redeemRefusals.allGone } };
    }
    if (
      row.perShopperLimit !== null &&
      (await timesRedeemed(tx, row.id, userId)) >= row.perShopperLimit
    ) {
      return {
        ok: false,
        status: 409,
        errors: { form: redeemRefusals.limitReached(row.perShopperLimit) },
      };
    }
    const redemptionId = newId("rdm");
    const debit = await recordPoints(
      tx,
      {
        userId,
        kind: "spend",
        availableDelta: -row.pointsCost,
        cause: `reward:${redemptionId}`,
        businessId: row.businessId,
        note: `Reward: ${row.name}`,
      },
      now,
    );
    if (!debit.recorded) {
      return {
        ok: false,
        status: 409,
        errors: { form: redeemRefusals.notEnoughPoints(row.pointsCost, debit.wallet.available) },
      };
    }
    let code: string;
    if (row.businessId === null) {
      // The reward's lock is held: no other redemption can take this code meanwhile.
      const [free] = await tx
        .select({ id: rewardCodes.id, code: rewardCodes.code })
        .from(rewardCodes)
        .where(and(eq(rewardCodes.rewardId, row.id), isNull(rewardCodes.redemptionId)))
        .orderBy(asc(rewardCodes.createdAt), asc(rewardCodes.id))
        .limit(1);
      if (!free) throw new Error(`reward ${row.id} counts stock its pool doesn't have`);
      await tx.update(rewardCodes).set({ redemptionId }).where(eq(rewardCodes.id, free.id));
      code = free.code;
    } else {
      code = newVoucherCode();
    }
    await tx.insert(rewardRedemptions).values({
      id: redemptionId,
      rewardId: row.id,
      userId,
      businessId: row.businessId,
      name: row.name,
      points: row.pointsCost,
      code,
      requestKey: input.requestKey,
      createdAt: now,
    });
    if (row.stock !== null) {
      await tx
        .update(rewards)
        .set({ stock: row.stock - 1, updatedAt: now })
        .where(eq(rewards.id, row.id));
    }
    const redemption = await redemptionView(tx, redemptionId);
    if (!redemption) throw new Error(`redemption ${redemptionId} vanished`);
    return { ok: true, redemption, wallet: debit.wallet, replayed: false };
  });
}

/** A shopper's redemptions, newest first (their /profile/rewards). */
export async function redemptionsOf(executor: Executor, userId: string): Promise<Redemption[]> {
  const rows = await executor
    .select({
      redemption: rewardRedemptions,
      kind: rewards.kind,
      businessSlug: businesses.slug,
      businessName: businesses.name,
    })
    .from(rewardRedemptions)
    .innerJoin(rewards, eq(rewards.id, rewardRedemptions.rewardId))
    .leftJoin(businesses, eq(businesses.id, rewardRedemptions.businessId))
    .where(eq(rewardRedemptions.userId, userId))
    .orderBy(desc(rewardRedemptions.createdAt), desc(rewardRedemptions.id))
    .limit(200);
  return rows.map(toRedemption);
}

/**
 * How many rewards the shopper has redeemed, and how many of those are a business's still to be
 * taken at its till (a partner's code is used elsewhere, so Oja never learns it was).
 */
export async function redemptionCountsOf(executor: Executor, userId: string) {
  const [row] = await executor
    .select({
      all: count(),
      ready: sql<number>`(count(*) filter (where ${rewardRedemptions.businessId} is not null and ${rewardRedemptions.status} = 'issued'))::int`,
    })
    .from(rewardRedemptions)
    .where(eq(rewardRedemptions.userId, userId));
  return { all: Number(row?.all ?? 0), ready: Number(row?.ready ?? 0) };
}

/** Every redemption of the shopper, oldest first, for "Download my data" (no page limit). */
export async function redemptionsForExport(executor: Executor, userId: string) {
  return executor
    .select({
      id: rewardRedemptions.id,
      reward: rewardRedemptions.name,
      business: businesses.name,
      points: rewardRedemptions.points,
      code: rewardRedemptions.code,
      status: rewardRedemptions.status,
      redeemedAt: rewardRedemptions.createdAt,
      usedAt: rewardRedemptions.usedAt,
    })
    .from(rewardRedemptions)
    .leftJoin(businesses, eq(businesses.id, rewardRedemptions.businessId))
    .where(eq(rewardRedemptions.userId, userId))
    .orderBy(asc(rewardRedemptions.createdAt), asc(rewardRedemptions.id));
}

/** One of the shopper's redemptions; null for anyone else's (their pages answer 404). */
export async function redemptionOf(executor: Executor, userId: string, redemptionId: string) {
  if (redemptionId.length > 64) return null;
  const redemption = await redemptionView(executor, redemptionId);
  if (!redemption) return null;
  const [owner] = await executor
    .select({ userId: rewardRedemptions.userId })
    .from(rewardRedemptions)
    .where(eq(rewardRedemptions.id, redemptionId));
  return owner?.userId === userId ? redemption : null;
}

/** A business reward's code at the till, as staff see it. */
export interface RewardAtTill {
  code: string;
  name: string;
  holder: string | null;
  points: number;
  status: "issued" | "used";
  issuedAt: string;
  usedAt: string | null;
}

async function tillRow(executor: Executor, businessId: string, code: string) {
  const [row] = await executor
    .select({ redemption: rewardRedemptions, holder: users.name })
    .from(rewardRedemptions)
    .leftJoin(users, eq(users.id, rewardRedemptions.userId))
    .where(and(eq(rewardRedemptions.businessId, businessId), eq(rewardRedemptions.code, code)));
  return row ?? null;
}

function toTill(row: NonNullable<Awaited<ReturnType<typeof tillRow>>>): RewardAtTill {
  return {
    code: row.redemption.code,
    name: row.redemption.name,
    // A first name is all the till needs.
    holder: row.holder?.split(/\s+/)[0] ?? null,
    points: row.redemption.points,
    status: row.redemption.status,
    issuedAt: row.redemption.createdAt.toISOString(),
    usedAt: row.redemption.usedAt?.toISOString() ?? null,
  };
}

/**
 * Looks a business reward's code up among the business's own (another business's code is as
 * unknown as a made-up one); null when there is none.
 */
export async function lookUpRewardCode(executor: Executor, businessId: string, typed: string) {
  const code = readVoucherCode(typed);
  if (!code) return null;
  const row = await tillRow(executor, businessId, code);
  return row ? toTill(row) : null;
}

export type UseRewardResult =
  | { ok: true; reward: RewardAtTill; already: boolean }
  | { ok: false; status: 404 | 409; reward?: RewardAtTill; message: string };

/** Staff hand a business reward over: the code is used once, under its row's lock. */
export async function useRewardCode(
  db: Database,
  actor: { businessId: string; actorId: string; request: Request },
  typed: string,
  now = new Date(),
): Promise<UseRewardResult> {
  const code = readVoucherCode(typed);
  if (!code)
    return { ok: false, status: 404, message: "No reward of this business has this code." };
  return db.transaction(async (tx): Promise<UseRewardResult> => {
    const [locked] = await tx
      .select({ id: rewardRedemptions.id, status: rewardRedemptions.status })
      .from(rewardRedemptions)
      .where(
        and(eq(rewardRedemptions.businessId, actor.businessId), eq(rewardRedemptions.code, code)),
      )
      .for("update");
    if (!locked)
      return { ok: false, status: 404, message: "No reward of this business has this code." };
    if (locked.status === "used") {
      const row = await tillRow(tx, actor.businessId, code);
      return {
        ok: false,
        status: 409,
        reward: row ? toTill(row) : undefined,
        message: "This reward was already handed over.",
      };
    }
    await tx
      .update(rewardRedemptions)
      .set({ status: "used", usedAt: now, usedBy: actor.actorId })
      .where(eq(rewardRedemptions.id, locked.id));
    await recordAudit(tx, {
      action: "reward.used",
      actorId: actor.actorId,
      subjectId: actor.businessId,
      ipAddress: actor.request.headers.get("x-forwarded-for"),
      userAgent: actor.request.headers.get("user-agent"),
      // The code's last four only, as the voucher's audit keeps it.
      details: { redemption: locked.id, code: code.slice(-4) },
    });
    const row = await tillRow(tx, actor.businessId, code);
    if (!row) throw new Error(`reward code ${locked.id} vanished`);
    return { ok: true, reward: toTill(row), already: false };
  });
}
