import { and, asc, eq, gt, lt, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database, Executor } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { pointsEntries, pointsWallets } from "./schema.server.ts";

/**
 * Writing the points ledger (issue 20, decision 044). Every change is one appended entry and the
 * same change to the wallet, in the caller's transaction, under the wallet's row lock: two
 * writes for one shopper queue, so a check of the balance and the debit that follows it can't be
 * split by another. An entry whose cause is already recorded writes nothing (a replay); one that
 * would take the wallet below zero writes nothing either (the database refuses it too).
 */
export type PointsEntryKind = (typeof pointsEntries.$inferSelect)["kind"];

export interface PointsChange {
  userId: string;
  kind: PointsEntryKind;
  /** Change to the points that can be spent. */
  availableDelta?: number;
  /** Change to the points waiting for approval. */
  pendingDelta?: number;
  cause: string;
  /** For an approval or a reversal: the cause of the entry it settles. */
  settles?: string;
  businessId?: string | null;
  note?: string;
}

export interface Wallet {
  available: number;
  pending: number;
}

export type RecordResult =
  | { recorded: true; wallet: Wallet }
  | { recorded: false; reason: "replayed" | "insufficient"; wallet: Wallet };

/** How long pending points wait for approval: the return window. */
export const approvalDays = 7;
/** Points expire this many months after the wallet's last earning or spending. */
export const expiryMonths = 12;

/** When the points of a wallet last earned or spent on at `lastActivityAt` expire. */
export function pointsExpireAt(lastActivityAt: Date): Date {
  const at = new Date(lastActivityAt);
  at.setUTCMonth(at.getUTCMonth() + expiryMonths);
  return at;
}

/** Earning and spending keep points alive; approvals, reversals and adjustments don't. */
const activity = new Set<PointsEntryKind>(["earn", "pending", "spend"]);

/** The shopper's wallet row, made on first use, locked for the rest of the transaction. */
async function lockWallet(tx: Executor, userId: string) {
  await tx.insert(pointsWallets).values({ userId }).onConflictDoNothing();
  const [wallet] = await tx
    .select()
    .from(pointsWallets)
    .where(eq(pointsWallets.userId, userId))
    .for("update");
  if (!wallet) throw new Error(`no points wallet for ${userId}`);
  return wallet;
}

export async function recordPoints(
  tx: Executor,
  change: PointsChange,
  now = new Date(),
): Promise<RecordResult> {
  const availableDelta = change.availableDelta ?? 0;
  const pendingDelta = change.pendingDelta ?? 0;
  if (![availableDelta, pendingDelta].every(Number.isSafeInteger)) {
    throw new RangeError("points are whole numbers");
  }
  const wallet = await lockWallet(tx, change.userId);
  const current = { available: wallet.available, pending: wallet.pending };
  const [known] = await tx
    .select({ id: pointsEntries.id })
    .from(pointsEntries)
    .where(eq(pointsEntries.cause, change.cause));
  if (known) return { recorded: false, reason: "replayed", wallet: current };
  const next = {
    available: current.available + availableDelta,
    pending: current.pending + pendingDelta,
  };
  if (next.available < 0 || next.pending < 0) {
    return { recorded: false, reason: "insufficient", wallet: current };
  }
  if (availableDelta === 0 && pendingDelta === 0) {
    return { recorded: false, reason: "replayed", wallet: current };
  }
  const inserted = await tx
    .insert(pointsEntries)
    .values({
      id: newId("pte"),
      userId: change.userId,
      kind: change.kind,
      availableDelta,
      pendingDelta,
      cause: change.cause,
      settles: change.settles ?? null,
      businessId: change.businessId ?? null,
      note: change.note ?? "",
      createdAt: now,
    })
    // Another shopper's entry can't share a cause, but a cause is never trusted to be unique
    // by construction alone.
    .onConflictDoNothing()
    .returning({ id: pointsEntries.id });
  if (inserted.length === 0) return { recorded: false, reason: "replayed", wallet: current };
  await tx
    .update(pointsWallets)
    .set({
      available: next.available,
      pending: next.pending,
      ...(activity.has(change.kind) ? { lastActivityAt: now } : {}),
      updatedAt: now,
    })
    .where(eq(pointsWallets.userId, change.userId));
  return { recorded: true, wallet: next };
}

/** The shopper's points now (zero for someone who never earned any). */
export async function walletOf(executor: Executor, userId: string): Promise<Wallet> {
  const [wallet] = await executor
    .select({ available: pointsWallets.available, pending: pointsWallets.pending })
    .from(pointsWallets)
    .where(eq(pointsWallets.userId, userId));
  return wallet ?? { available: 0, pending: 0 };
}

/**
 * The points earned in the 12 months before `now` (tiers): credited, as pending or at once,
 * less what refunds took back. Approvals move points, spending uses them: neither counts.
 */
export async function earnedInYear(executor: Executor, userId: string, now = new Date()) {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - 12);
  const [row] = await executor
    .select({
      earned: sql<number>`coalesce(sum(case ${pointsEntries.kind}
        when 'earn' then ${pointsEntries.availableDelta}
        when 'pending' then ${pointsEntries.pendingDelta}
        when 'reverse' then ${pointsEntries.availableDelta} + ${pointsEntries.pendingDelta}
        else 0 end), 0)::int`,
    })
    .from(pointsEntries)
    .where(and(eq(pointsEntries.userId, userId), gt(pointsEntries.createdAt, since)));
  return Math.max(row?.earned ?? 0, 0);
}

/**
 * What is left of the points a pending entry credited and whether they were approved, read under
 * the shopper's wallet lock (two refunds of one line at once take what is left once).
 */
async function standingOf(tx: Executor, cause: string) {
  const [earned] = await tx.select().from(pointsEntries).where(eq(pointsEntries.cause, cause));
  if (earned?.kind !== "pending") return null;
  const wallet = await lockWallet(tx, earned.userId);
  const settling = await tx
    .select({
      kind: pointsEntries.kind,
      points: sql<number>`${pointsEntries.availableDelta} + ${pointsEntries.pendingDelta}`,
    })
    .from(pointsEntries)
    .where(eq(pointsEntries.settles, cause));
  const reversed = settling
    .filter((entry) => entry.kind === "reverse")
    .reduce((sum, entry) => sum - Number(entry.points), 0);
  return {
    earned,
    wallet,
    left: earned.pendingDelta - reversed,
    approved: settling.some((entry) => entry.kind === "approve"),
  };
}

/**
 * Takes back points of a cause (an order line, for a refund) until it holds only `keep` of them
 * (none by default), each take with its own cause (one per refund) so a replay takes nothing
 * more. From the
 * points still waiting while the cause isn't approved (the approval then moves only what is
 * left), else from those available, but never below zero: points already spent stay spent.
 */
export async function reversePoints(
  tx: Executor,
  cause: string,
  take: { note: string; keep?: number; reversalCause?: string },
  now = new Date(),
): Promise<RecordResult | null> {
  const standing = await standingOf(tx, cause);
  if (!standing) return null;
  const { earned, left, approved, wallet } = standing;
  const wanted = left - Math.max(take.keep ?? 0, 0);
  const change = {
    userId: earned.userId,
    kind: "reverse" as const,
    cause: take.reversalCause ?? `reverse:${cause}`,
    settles: cause,
    businessId: earned.businessId,
    note: take.note,
  };
  if (!approved) {
    if (wanted <= 0) return { recorded: false, reason: "replayed", wallet };
    return recordPoints(tx, { ...change, pendingDelta: -wanted }, now);
  }
  const taken = Math.min(wanted, wallet.available);
  if (taken <= 0) return { recorded: false, reason: "insufficient", wallet };
  return recordPoints(tx, { ...change, availableDelta: -taken }, now);
}

/**
 * Approves the pending points whose return window has passed, less what refunds took back, a
 * batch at a time; each approval's cause is its entry's, so runs at the same moment on several
 * instances approve each once.
 */
export async function approveDuePoints(db: Database, now = new Date()): Promise<number> {
  const due = new Date(now.getTime() - approvalDays * 24 * 60 * 60_000);
  const settling = alias(pointsEntries, "settling");
  let approved = 0;
  for (;;) {
    const batch = await db
      .select({ cause: pointsEntries.cause })
      .from(pointsEntries)
      .where(
        and(
          eq(pointsEntries.kind, "pending"),
          lt(pointsEntries.createdAt, due),
          notExists(
            db
              .select({ id: settling.id })
              .from(settling)
              .where(and(eq(settling.settles, pointsEntries.cause), eq(settling.kind, "approve"))),
          ),
          // Not reversed whole.
          sql`${pointsEntries.pendingDelta} + coalesce((${db
            .select({ reversed: sql`sum(${settling.pendingDelta})` })
            .from(settling)
            .where(
              and(eq(settling.settles, pointsEntries.cause), eq(settling.kind, "reverse")),
            )}), 0) > 0`,
        ),
      )
      .orderBy(asc(pointsEntries.createdAt), asc(pointsEntries.id))
      .limit(100);
    let recorded = 0;
    for (const { cause } of batch) {
      const result = await db.transaction(async (tx) => {
        const standing = await standingOf(tx, cause);
        // Taken back whole (or approved) since the batch was read.
        if (!standing || standing.approved || standing.left <= 0) return null;
        const { earned, left } = standing;
        return recordPoints(
          tx,
          {
            userId: earned.userId,
            kind: "approve",
            pendingDelta: -left,
            availableDelta: left,
            cause: `approve:${cause}`,
            settles: cause,
            businessId: earned.businessId,
            note: earned.note,
          },
          now,
        );
      });
      if (result?.recorded) recorded += 1;
    }
    approved += recorded;
    // A batch another instance approved meanwhile leaves nothing to do here: stop.
    if (batch.length < 100 || recorded === 0) return approved;
  }
}

/**
 * Expires the available points of wallets with no earning or spending for 12 months, once per
 * quiet spell (the cause names the wallet's last activity).
 */
export async function expireIdlePoints(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - expiryMonths);
  const idle = await db
    .select()
    .from(pointsWallets)
    .where(and(gt(pointsWallets.available, 0), lt(pointsWallets.lastActivityAt, cutoff)));
  let expired = 0;
  for (const wallet of idle) {
    const result = await db.transaction(async (tx) => {
      const locked = await lockWallet(tx, wallet.userId);
      if (!locked.lastActivityAt || locked.lastActivityAt >= cutoff || locked.available === 0) {
        return null;
      }
      return recordPoints(
        tx,
        {
          userId: wallet.userId,
          kind: "expire",
          availableDelta: -locked.available,
          cause: `expire:${wallet.userId}:${locked.lastActivityAt.toISOString()}`,
          note: `No points earned or spent for ${expiryMonths} months`,
        },
        now,
      );
    });
    if (result?.recorded) expired += 1;
  }
  return expired;
}

/** The shopper's wallet and every entry of their ledger, oldest first, for their data export. */
export async function pointsForExport(executor: Executor, userId: string) {
  const [wallet, entries] = await Promise.all([
    walletOf(executor, userId),
    executor
      .select({
        kind: pointsEntries.kind,
        availableDelta: pointsEntries.availableDelta,
        pendingDelta: pointsEntries.pendingDelta,
        note: pointsEntries.note,
        businessId: pointsEntries.businessId,
        createdAt: pointsEntries.createdAt,
      })
      .from(pointsEntries)
      .where(eq(pointsEntries.userId, userId))
      .orderBy(asc(pointsEntries.createdAt), asc(pointsEntries.id)),
  ]);
  return { wallet, entries };
}
