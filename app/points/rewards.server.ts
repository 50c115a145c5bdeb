import { and, desc, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { businesses } from "#app/catalog/schema.server.ts";
import { checkInPoints } from "#app/checkins/check-ins.server.ts";
import { lagosToday } from "#app/console/lagos-time.ts";
import type { Executor } from "#app/db/database.server.ts";
import { decodeCursor, encodeCursor, exactTime, exactTimeKey } from "#app/db/page-cursor.server.ts";
import { type Kobo, kobo } from "#app/money.ts";
import { referralBonusPoints } from "#app/referrals/referrals.server.ts";
import { formatDay } from "#app/vouchers/offer-terms.ts";
import {
  approvalDays,
  earnedInYear,
  expiryMonths,
  type PointsEntryKind,
  pointsExpireAt,
  walletOf,
} from "./ledger.server.ts";
import { pointsEntries, pointsWallets } from "./schema.server.ts";
import { pointsForKobo, type TierName, tierOf, tiers } from "./tiers.ts";
import { warnDaysBefore } from "./upkeep.server.ts";
import { welcomeBonusPoints } from "./welcome.server.ts";

/**
 * What /rewards and /benefits show (issue 20, decision 045): a shopper's points, tier, history
 * and points about to expire, and the earning rules the pages explain. Only reads: the ledger
 * (ledger.server.ts) is the one writer.
 */

/** Entries per page of the history. */
export const historyPageSize = 20;

/**
 * What one point costs in kobo, read back from `pointsForKobo` (what an order line earns) so the
 * pages can't disagree with it: ₦10,000,000 earns a whole number of points at any rate of whole
 * naira per point.
 */
const sampleKobo = 1_000_000_000;
export const koboPerPoint: Kobo = kobo(Math.round(sampleKobo / pointsForKobo(sampleKobo)));

/** The numbers the pages explain, every one from the code that applies it. */
export const earningRules = {
  koboPerPoint,
  welcomeBonusPoints,
  referralBonusPoints,
  checkInPoints,
  approvalDays,
  expiryMonths,
  /** The page shows expiring points as early as the warning email goes (upkeep.server.ts). */
  expiryWarningDays: warnDaysBefore,
};
export type EarningRules = typeof earningRules;

export interface TierProgress {
  tier: TierName;
  /** Points earned in the last 12 months, what tiers count. */
  earnedInYear: number;
  /** The next tier, its threshold, what is left to earn and how far along, 0–100; null at the top. */
  next: { tier: TierName; from: number; pointsToGo: number; percent: number } | null;
}

export function tierProgress(earned: number): TierProgress {
  const standing = tierOf(earned);
  if (!standing.next) return { tier: standing.tier, earnedInYear: earned, next: null };
  const from = tiers.find((tier) => tier.name === standing.tier)?.from ?? 0;
  const to = standing.next.pointsToGo + earned;
  return {
    tier: standing.tier,
    earnedInYear: earned,
    next: {
      tier: standing.next.tier,
      from: to,
      pointsToGo: standing.next.pointsToGo,
      // Rounded down: the bar never shows a tier reached before it is.
      percent: Math.floor(((earned - from) * 100) / (to - from)),
    },
  };
}

export interface HistoryEntry {
  id: string;
  kind: PointsEntryKind;
  availableDelta: number;
  pendingDelta: number;
  note: string;
  /** Where the points were earned, when at a business. */
  businessName: string | null;
  /** ISO instant, for `<time dateTime>`. */
  at: string;
  /** The day in Lagos, "3 Dec 2026". */
  day: string;
}

export interface ExpiringPoints {
  points: number;
  /** ISO instant the points expire at, and its Lagos day. */
  at: string;
  day: string;
  /** The expiry job hasn't run yet, but the date has passed. */
  overdue: boolean;
}

export interface Rewards {
  available: number;
  pending: number;
  standing: TierProgress;
  expiring: ExpiringPoints | null;
  history: HistoryEntry[];
  /** The `?after=` of the next page of history, null on the last. */
  nextCursor: string | null;
}

/** A date as the Lagos day it falls on, "3 Dec 2026", as the expiry email writes it. */
function lagosDay(date: Date): string {
  return formatDay(lagosToday(date));
}

/** The points that will expire within the warning window, if any. */
export function expiringPoints(
  wallet: { available: number; lastActivityAt: Date | null },
  now: Date,
): ExpiringPoints | null {
  if (wallet.available <= 0 || !wallet.lastActivityAt) return null;
  const expires = pointsExpireAt(wallet.lastActivityAt);
  if (expires.getTime() - now.getTime() > warnDaysBefore * 24 * 60 * 60_000) return null;
  return {
    points: wallet.available,
    at: expires.toISOString(),
    day: lagosDay(expires),
    overdue: expires <= now,
  };
}

/** One page of the shopper's history, newest first; throws InvalidPageCursorError for a bad `after`. */
export async function historyOf(
  executor: Executor,
  userId: string,
  options: { after?: string; limit?: number } = {},
) {
  const limit = options.limit ?? historyPageSize;
  const after = options.after ? decodeCursor(options.after, exactTimeKey) : null;
  const rows = await executor
    .select({
      id: pointsEntries.id,
      kind: pointsEntries.kind,
      availableDelta: pointsEntries.availableDelta,
      pendingDelta: pointsEntries.pendingDelta,
      note: pointsEntries.note,
      createdAt: pointsEntries.createdAt,
      createdKey: exactTime(sql`${pointsEntries.createdAt}`),
      businessName: businesses.name,
    })
    .from(pointsEntries)
    .leftJoin(businesses, eq(businesses.id, pointsEntries.businessId))
    .where(
      and(
        eq(pointsEntries.userId, userId),
        after
          ? sql`(${pointsEntries.createdAt} < ${after.key}::timestamptz
              or (${pointsEntries.createdAt} = ${after.key}::timestamptz and ${pointsEntries.id} collate "C" < ${after.id}))`
          : undefined,
      ),
    )
    .orderBy(desc(pointsEntries.createdAt), sql`${pointsEntries.id} collate "C" desc`)
    .limit(limit + 1);
  const last = rows[limit - 1];
  return {
    entries: rows.slice(0, limit).map(
      ({ createdKey: _key, createdAt, businessName, ...entry }): HistoryEntry => ({
        ...entry,
        businessName: businessName ?? null,
        at: createdAt.toISOString(),
        day: lagosDay(createdAt),
      }),
    ),
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdKey, last.id) : null,
  };
}

/**
 * Everything /rewards shows of a shopper, in three reads at once: the wallet row, the sum that
 * makes the tier (earnedInYear, over the shopper's index) and a page of history.
 */
export async function rewardsOf(
  executor: Executor,
  userId: string,
  options: { after?: string; now?: Date } = {},
): Promise<Rewards> {
  const now = options.now ?? new Date();
  const [wallet, earned, page] = await Promise.all([
    executor
      .select({
        available: pointsWallets.available,
        pending: pointsWallets.pending,
        lastActivityAt: pointsWallets.lastActivityAt,
      })
      .from(pointsWallets)
      .where(eq(pointsWallets.userId, userId))
      .then(([row]) => row ?? { available: 0, pending: 0, lastActivityAt: null }),
    earnedInYear(executor, userId, now),
    historyOf(executor, userId, { after: options.after }),
  ]);
  return {
    available: wallet.available,
    pending: wallet.pending,
    standing: tierProgress(earned),
    expiring: expiringPoints(wallet, now),
    history: page.entries,
    nextCursor: page.nextCursor,
  };
}

/**
 * The points to spend, for the header of every signed-in page (the root loader and /api/me): one
 * read of the wallet row by its key. A failure leaves the balance out (null) rather than failing
 * the page around it.
 */
export async function headerPoints(
  executor: Executor,
  log: Pick<Logger, "error">,
  userId: string,
): Promise<number | null> {
  try {
    return (await walletOf(executor, userId)).available;
  } catch (error) {
    log.error({ err: error, userId }, "the header's points balance could not be read");
    return null;
  }
}
