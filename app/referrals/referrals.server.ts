import { randomInt } from "node:crypto";
import { and, count, desc, eq, gte, inArray, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { mailboxKey } from "#app/auth/mailbox.ts";
import { lagosPeriods } from "#app/console/lagos-time.ts";
import type { Database, Executor } from "#app/db/database.server.ts";
import { users } from "#app/db/schema.server.ts";
import { orders } from "#app/orders/schema.server.ts";
import { recordPoints, reversePoints } from "#app/points/ledger.server.ts";
import { pointsEntries } from "#app/points/schema.server.ts";
import { voucherCodeAlphabet } from "#app/vouchers/voucher-code.ts";
import { referralCodes, referrals } from "./schema.server.ts";

/**
 * Referrals (issue 20, decision 047): a code per shopper, the friend's account keeping the code
 * it signed up with, and one decision when the friend's first order is paid: 500 pending points
 * to each side, or held for review, or refused. The rules against abuse: a friend who is the
 * referrer (the same mailbox: dots, `+tags` and case don't make two people), a person referred
 * before under another account, and a referrer past 50 qualified referrals in a Lagos month
 * (held: a person at Oja decides).
 */
export const maxQualifiedPerMonth = 50;

/** 500 points to each side when an invited friend's first order is paid (PRODUCT.md). */
export const referralBonusPoints = 500;

export type ReferralStatus = (typeof referrals.$inferSelect)["status"];

/** `ADA-7K2MQ`: the first name's letters (at most six) and five from the codes' alphabet. */
export function newReferralCode(name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? "";
  const letters =
    first
      .normalize("NFKD")
      .replace(/[^A-Za-z]/g, "")
      .toUpperCase()
      .slice(0, 6) || "OJA";
  let tail = "";
  for (let index = 0; index < 5; index += 1) {
    tail += voucherCodeAlphabet[randomInt(voucherCodeAlphabet.length)];
  }
  return `${letters}-${tail}`;
}

/** A code as typed or linked (any case, spaces around), or null when it can't be one. */
export function readReferralCode(typed: string): string | null {
  const code = typed.trim().toUpperCase();
  return /^[A-Z]{1,6}-[2-9A-Z]{5}$/.test(code) ? code : null;
}

/** The shopper's code, made the first time it is asked for. */
export async function referralCodeOf(
  db: Executor,
  user: { id: string; name: string },
): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [known] = await db
      .select({ code: referralCodes.code })
      .from(referralCodes)
      .where(eq(referralCodes.userId, user.id));
    if (known) return known.code;
    // Two first visits at once make one code; a code another shopper has is drawn again.
    await db
      .insert(referralCodes)
      .values({ userId: user.id, code: newReferralCode(user.name) })
      .onConflictDoNothing();
  }
  throw new Error(`no referral code could be made for ${user.id}`);
}

/** Who a code belongs to (for /invite/{code}), or null. */
export async function referrerOfCode(db: Executor, typed: string) {
  const code = readReferralCode(typed);
  if (!code) return null;
  const [referrer] = await db
    .select({ userId: users.id, name: users.name, code: referralCodes.code })
    .from(referralCodes)
    .innerJoin(users, eq(users.id, referralCodes.userId))
    .where(eq(referralCodes.code, code));
  return referrer ?? null;
}

/** "Ada" of "Ada Obi": what the other side of a referral sees of a name. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || "A friend";
}

const referralCause = (friendId: string, side: "friend" | "referrer") =>
  `referral:${friendId}:${side}`;

/** The 500 points each, pending like the order that earned them. */
async function creditReferral(
  tx: Executor,
  referral: { friendId: string; referrerId: string },
  names: { friend: string; referrer: string },
  now: Date,
) {
  await recordPoints(
    tx,
    {
      userId: referral.friendId,
      kind: "pending",
      pendingDelta: referralBonusPoints,
      cause: referralCause(referral.friendId, "friend"),
      note: `Invited by ${firstName(names.referrer)}: your first order`,
    },
    now,
  );
  await recordPoints(
    tx,
    {
      userId: referral.referrerId,
      kind: "pending",
      pendingDelta: referralBonusPoints,
      cause: referralCause(referral.friendId, "referrer"),
      note: `${firstName(names.friend)} joined with your invitation`,
    },
    now,
  );
}

/**
 * Decides the referral of a shopper whose checkout was just paid, if they signed up with a code
 * and it wasn't decided before (so only their first paid order decides it), in the payment's
 * transaction. The referrer's code row is locked, so one referrer's decisions queue and the
 * monthly count can't be passed by two at once.
 */
export async function decideReferral(
  tx: Executor,
  friendId: string,
  checkoutId: string,
  now: Date,
): Promise<ReferralStatus | null> {
  const [friend] = await tx
    .select({ email: users.email, name: users.name, code: users.referredByCode })
    .from(users)
    .where(eq(users.id, friendId));
  if (!friend?.code) return null;
  const [decided] = await tx
    .select({ status: referrals.status })
    .from(referrals)
    .where(eq(referrals.friendId, friendId));
  if (decided) return null;
  const [referrer] = await tx
    .select({ userId: referralCodes.userId, email: users.email, name: users.name })
    .from(referralCodes)
    .innerJoin(users, eq(users.id, referralCodes.userId))
    .where(eq(referralCodes.code, friend.code))
    .for("update", { of: referralCodes });
  if (!referrer) return null;

  const friendMailbox = mailboxKey(friend.email);
  let status: ReferralStatus = "qualified";
  let reason = "";
  if (referrer.userId === friendId || mailboxKey(referrer.email) === friendMailbox) {
    status = "refused";
    reason = "The same person as the one who invited them.";
  } else if (await referredBefore(tx, friendMailbox, friendId)) {
    status = "refused";
    reason = "Referred before, with another account on the same email.";
  } else if ((await qualifiedThisMonth(tx, referrer.userId, now)) >= maxQualifiedPerMonth) {
    status = "held";
    reason = `More than ${maxQualifiedPerMonth} friends this month: a person at Oja checks it first.`;
  }
  const inserted = await tx
    .insert(referrals)
    .values({
      friendId,
      referrerId: referrer.userId,
      friendMailbox,
      checkoutId,
      status,
      reason,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ friendId: referrals.friendId });
  if (inserted.length === 0) return null;
  if (status === "qualified") {
    await creditReferral(
      tx,
      { friendId, referrerId: referrer.userId },
      { friend: friend.name, referrer: referrer.name },
      now,
    );
  }
  return status;
}

async function referredBefore(tx: Executor, friendMailbox: string, friendId: string) {
  const [row] = await tx
    .select({ friendId: referrals.friendId })
    .from(referrals)
    .where(
      and(
        eq(referrals.friendMailbox, friendMailbox),
        ne(referrals.friendId, friendId),
        inArray(referrals.status, ["qualified", "held"]),
      ),
    )
    .limit(1);
  return Boolean(row);
}

async function qualifiedThisMonth(tx: Executor, referrerId: string, now: Date) {
  const [row] = await tx
    .select({ n: count() })
    .from(referrals)
    .where(
      and(
        eq(referrals.referrerId, referrerId),
        eq(referrals.status, "qualified"),
        gte(referrals.createdAt, lagosPeriods(now).monthStart),
      ),
    );
  return row?.n ?? 0;
}

/**
 * A person at Oja decides a held referral: qualified (the points are credited now, pending like
 * any) or refused. Only a held one; 404 for another.
 */
export async function reviewHeldReferral(
  db: Database,
  friendId: string,
  decision: { approve: boolean; reviewerId: string },
  now = new Date(),
): Promise<{ ok: true; status: ReferralStatus } | { ok: false; status: 404 }> {
  return db.transaction(async (tx) => {
    const [held] = await tx
      .select({
        friendId: referrals.friendId,
        referrerId: referrals.referrerId,
      })
      .from(referrals)
      .where(and(eq(referrals.friendId, friendId), eq(referrals.status, "held")))
      .for("update");
    if (!held) return { ok: false, status: 404 } as const;
    const status = decision.approve ? "qualified" : "refused";
    await tx
      .update(referrals)
      .set({
        status,
        reason: decision.approve ? "" : "Refused after review.",
        reviewedAt: now,
        reviewedBy: decision.reviewerId,
      })
      .where(eq(referrals.friendId, friendId));
    if (decision.approve) {
      const names = await tx
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(inArray(users.id, [held.friendId, held.referrerId]));
      const nameOf = (id: string) => names.find((row) => row.id === id)?.name ?? "";
      await creditReferral(
        tx,
        held,
        { friend: nameOf(held.friendId), referrer: nameOf(held.referrerId) },
        now,
      );
    }
    return { ok: true, status } as const;
  });
}

/**
 * When every order of the checkout that qualified a referral has been refunded whole, the first
 * order didn't really happen: both sides' referral points go back (from pending while they
 * wait, else from what is available, as for an order).
 */
export async function reverseReferralOfRefundedCheckout(
  tx: Executor,
  checkoutId: string,
  now: Date,
) {
  const [referral] = await tx
    .select({ friendId: referrals.friendId })
    .from(referrals)
    .where(and(eq(referrals.checkoutId, checkoutId), eq(referrals.status, "qualified")));
  if (!referral) return;
  const [kept] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.checkoutId, checkoutId), ne(orders.status, "refunded")))
    .limit(1);
  if (kept) return;
  for (const side of ["friend", "referrer"] as const) {
    await reversePoints(
      tx,
      referralCause(referral.friendId, side),
      { note: "The first order was refunded" },
      now,
    );
  }
}

export interface ReferredFriend {
  name: string;
  joinedAt: Date;
  /** Not decided yet: signed up, no paid order. */
  status: ReferralStatus | "signed_up";
  reason: string;
  /** For a qualified referral: whether its points were approved yet. */
  approved: boolean;
}

/** /Referrals: the shopper's code, the friends who signed up with it, and the points they gave. */
export async function referralsOf(db: Database, user: { id: string; name: string }) {
  const code = await referralCodeOf(db, user);
  const friends = await db
    .select({
      id: users.id,
      name: users.name,
      joinedAt: users.createdAt,
      status: referrals.status,
      reason: referrals.reason,
    })
    .from(users)
    .leftJoin(referrals, eq(referrals.friendId, users.id))
    .where(eq(users.referredByCode, code))
    .orderBy(desc(users.createdAt))
    .limit(100);
  const [totals] = await db
    .select({
      friends: count(),
    })
    .from(users)
    .where(eq(users.referredByCode, code));
  const causes = friends.map((friend) => referralCause(friend.id, "referrer"));
  const settled =
    causes.length === 0
      ? []
      : await db
          .select({ settles: pointsEntries.settles, kind: pointsEntries.kind })
          .from(pointsEntries)
          .where(and(eq(pointsEntries.userId, user.id), inArray(pointsEntries.settles, causes)));
  const approved = new Set(
    settled.filter((entry) => entry.kind === "approve").map((entry) => entry.settles),
  );
  const [earned] = await db
    .select({
      points: sql<number>`coalesce(sum(${pointsEntries.availableDelta} + ${pointsEntries.pendingDelta}), 0)::int`,
    })
    .from(pointsEntries)
    .where(
      and(
        eq(pointsEntries.userId, user.id),
        inArray(pointsEntries.kind, ["pending", "reverse"]),
        sql`coalesce(${pointsEntries.settles}, ${pointsEntries.cause}) like 'referral:%:referrer'`,
      ),
    );
  return {
    code,
    friendCount: totals?.friends ?? 0,
    pointsEarned: Math.max(earned?.points ?? 0, 0),
    friends: friends.map(
      (friend): ReferredFriend => ({
        name: shortName(friend.name),
        joinedAt: friend.joinedAt,
        status: friend.status ?? "signed_up",
        reason: friend.reason ?? "",
        approved: approved.has(referralCause(friend.id, "referrer")),
      }),
    ),
  };
}

/** "Ada O.": enough for the referrer to know who it is, not the friend's whole name. */
function shortName(name: string): string {
  const [first = "", ...rest] = name.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${last[0]?.toUpperCase()}.` : first;
}

/** Held referrals, oldest first, with both sides' names and emails, for the admin's review. */
export async function heldReferrals(db: Database) {
  const friend = alias(users, "friend");
  const referrer = alias(users, "referrer");
  return db
    .select({
      friendId: referrals.friendId,
      friend: { name: friend.name, email: friend.email },
      referrer: { id: referrer.id, name: referrer.name, email: referrer.email },
      reason: referrals.reason,
      createdAt: referrals.createdAt,
    })
    .from(referrals)
    .innerJoin(friend, eq(friend.id, referrals.friendId))
    .innerJoin(referrer, eq(referrer.id, referrals.referrerId))
    .where(eq(referrals.status, "held"))
    .orderBy(referrals.createdAt)
    .limit(200);
}

/** The shopper's code and the referrals on both sides of them, for their data export. */
export async function referralsForExport(db: Executor, userId: string) {
  const [[code], asReferrer, asFriend] = await Promise.all([
    db
      .select({ code: referralCodes.code, createdAt: referralCodes.createdAt })
      .from(referralCodes)
      .where(eq(referralCodes.userId, userId)),
    db
      .select({
        status: referrals.status,
        reason: referrals.reason,
        createdAt: referrals.createdAt,
      })
      .from(referrals)
      .where(eq(referrals.referrerId, userId))
      .orderBy(referrals.createdAt),
    db
      .select({
        status: referrals.status,
        reason: referrals.reason,
        createdAt: referrals.createdAt,
      })
      .from(referrals)
      .where(eq(referrals.friendId, userId)),
  ]);
  return { code: code ?? null, friendsReferred: asReferrer, referredBy: asFriend[0] ?? null };
}
