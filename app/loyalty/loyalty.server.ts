import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { checkIns } from "#app/checkins/schema.server.ts";
import type { Database, Executor } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { businesses, businessMembers, users } from "#app/db/schema.server.ts";
import { orders } from "#app/orders/schema.server.ts";
import { pointsEntries } from "#app/points/schema.server.ts";
import { z } from "#app/zod.ts";
import { loyaltyPrograms, loyaltyRewardsGiven } from "./schema.server.ts";

/**
 * Loyalty cards (issue 20, decision 049): a shopper's standing at one business, the points earned
 * there and the visits (Lagos days with a check-in or a paid order: a day counts once), with the
 * business's stamp reward when it set one. Staff give a reward once the card holds enough
 * visits; what it used is kept, so the card starts filling again.
 */
export type LoyaltyProgram = { stampsNeeded: number; reward: string };

export const loyaltyProgramSchema = z.object({
  stampsNeeded: z.coerce
    .number({ error: "Enter how many visits fill the card." })
    .int("Enter a whole number of visits.")
    .min(2, "A card needs at least 2 visits.")
    .max(50, "At most 50 visits fill a card."),
  reward: z
    .string()
    .trim()
    .min(3, "Say what a full card gets, e.g. “A free pedicure”.")
    .max(80, "Keep the reward under 80 characters."),
});

/**
 * Who may open a shopper's card at a business: the shopper, and the business's team (their
 * role says what else they may do). Null for anyone else, an unknown shopper or business.
 */
export async function cardAccess(
  db: Executor,
  businessSlug: string,
  shopperId: string,
  viewerId: string,
) {
  const [business] = await db
    .select({ id: businesses.id, name: businesses.name, slug: businesses.slug })
    .from(businesses)
    .where(and(eq(businesses.slug, businessSlug.toLowerCase()), eq(businesses.status, "active")));
  if (!business) return null;
  const [[shopper], [membership]] = await Promise.all([
    db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, shopperId)),
    db
      .select({ role: businessMembers.role })
      .from(businessMembers)
      .where(
        and(eq(businessMembers.businessId, business.id), eq(businessMembers.userId, viewerId)),
      ),
  ]);
  if (!shopper || (viewerId !== shopper.id && !membership)) return null;
  return { business, shopper, role: membership?.role ?? null };
}

export async function programOf(db: Executor, businessId: string): Promise<LoyaltyProgram | null> {
  const [program] = await db
    .select({ stampsNeeded: loyaltyPrograms.stampsNeeded, reward: loyaltyPrograms.reward })
    .from(loyaltyPrograms)
    .where(eq(loyaltyPrograms.businessId, businessId));
  return program ?? null;
}

export async function saveProgram(db: Database, businessId: string, program: LoyaltyProgram) {
  await db
    .insert(loyaltyPrograms)
    .values({ businessId, ...program, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: loyaltyPrograms.businessId,
      set: { ...program, updatedAt: new Date() },
    });
}

export async function endProgram(db: Database, businessId: string) {
  await db.delete(loyaltyPrograms).where(eq(loyaltyPrograms.businessId, businessId));
}

/** Lagos days with a check-in or a paid (not refunded) order of the shopper at the business. */
async function visitsAt(db: Executor, businessId: string, userId: string): Promise<number> {
  const days = await db
    .select({ day: sql<string>`${checkIns.day}::text` })
    .from(checkIns)
    .where(and(eq(checkIns.businessId, businessId), eq(checkIns.userId, userId)))
    .union(
      db
        .select({
          // The Lagos day of the payment (UTC+1 all year), without needing the time zone data.
          day: sql<string>`(((${orders.paidAt} at time zone 'UTC') + interval '1 hour')::date)::text`,
        })
        .from(orders)
        .where(
          and(
            eq(orders.businessId, businessId),
            eq(orders.shopperId, userId),
            inArray(orders.status, ["paid", "fulfilled"]),
          ),
        ),
    );
  return days.length;
}

/** Points credited at the business (as earned or pending), less what refunds took back. */
async function pointsAt(db: Executor, businessId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({
      points: sql<number>`coalesce(sum(case ${pointsEntries.kind}
        when 'earn' then ${pointsEntries.availableDelta}
        when 'pending' then ${pointsEntries.pendingDelta}
        when 'reverse' then ${pointsEntries.availableDelta} + ${pointsEntries.pendingDelta}
        else 0 end), 0)::int`,
    })
    .from(pointsEntries)
    .where(and(eq(pointsEntries.userId, userId), eq(pointsEntries.businessId, businessId)));
  return Math.max(Number(row?.points ?? 0), 0);
}

export interface LoyaltyCard {
  points: number;
  visits: number;
  program: LoyaltyProgram | null;
  /** Visits on the card now (after those used by rewards given). */
  stamps: number;
  /** Full cards waiting to be given. */
  rewardsReady: number;
  given: Array<{ reward: string; at: Date }>;
}

export async function loyaltyCard(
  db: Executor,
  businessId: string,
  userId: string,
): Promise<LoyaltyCard> {
  const [points, visits, program, given] = await Promise.all([
    pointsAt(db, businessId, userId),
    visitsAt(db, businessId, userId),
    programOf(db, businessId),
    db
      .select({
        reward: loyaltyRewardsGiven.reward,
        stampsUsed: loyaltyRewardsGiven.stampsUsed,
        at: loyaltyRewardsGiven.createdAt,
      })
      .from(loyaltyRewardsGiven)
      .where(
        and(eq(loyaltyRewardsGiven.businessId, businessId), eq(loyaltyRewardsGiven.userId, userId)),
      )
      .orderBy(desc(loyaltyRewardsGiven.createdAt)),
  ]);
  const stamps = Math.max(visits - given.reduce((sum, row) => sum + row.stampsUsed, 0), 0);
  return {
    points,
    visits,
    program,
    stamps,
    rewardsReady: program ? Math.floor(stamps / program.stampsNeeded) : 0,
    given: given.slice(0, 5).map(({ reward, at }) => ({ reward, at })),
  };
}

/**
 * Staff give the stamp reward of a full card: the visits it used leave the card. The program's
 * row is locked, so two clicks at once give it once.
 */
export async function giveStampReward(
  db: Database,
  businessId: string,
  userId: string,
  givenBy: string,
  now = new Date(),
): Promise<{ ok: true; reward: string } | { ok: false; message: string }> {
  return db.transaction(async (tx) => {
    const [program] = await tx
      .select()
      .from(loyaltyPrograms)
      .where(eq(loyaltyPrograms.businessId, businessId))
      .for("update");
    if (!program) return { ok: false, message: "This business has no stamp reward." };
    const card = await loyaltyCard(tx, businessId, userId);
    if (card.rewardsReady < 1) {
      return {
        ok: false,
        message: `The card has ${card.stamps} of ${program.stampsNeeded} visits: not full yet.`,
      };
    }
    await tx.insert(loyaltyRewardsGiven).values({
      id: newId("lrg"),
      businessId,
      userId,
      stampsUsed: program.stampsNeeded,
      reward: program.reward,
      givenBy,
      createdAt: now,
    });
    return { ok: true, reward: program.reward };
  });
}

/** The stamp rewards the shopper received, for their data export. */
export async function loyaltyRewardsForExport(db: Executor, userId: string) {
  return db
    .select({
      businessId: loyaltyRewardsGiven.businessId,
      reward: loyaltyRewardsGiven.reward,
      createdAt: loyaltyRewardsGiven.createdAt,
    })
    .from(loyaltyRewardsGiven)
    .where(eq(loyaltyRewardsGiven.userId, userId))
    .orderBy(loyaltyRewardsGiven.createdAt);
}
