import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { lagosToday } from "#app/console/lagos-time.ts";
import type { Database, Executor } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { businessMembers } from "#app/db/schema.server.ts";
import { recordPoints } from "#app/points/ledger.server.ts";
import { addDays } from "#app/vouchers/gift-limits.ts";
import { checkInPosters, checkIns } from "./schema.server.ts";

/**
 * QR check-ins (issue 20, decision 048). A business prints a poster from its console; its QR opens
 * /hi/{business}?t={token}. The token is signed (HMAC with a key derived from the server's
 * secret) over the business, the poster's version and the day it was printed, and is good for a
 * year, so a poster on the wall (or yesterday's photo of it) works while a URL typed by hand, a
 * poster of another business or one from before "print a new poster" doesn't. A signed-in
 * shopper who is not a member of the business then earns 10 points once per Lagos day there.
 */
export const posterValidDays = 365;

/** Points for checking in at a business, once per business per Lagos day (PRODUCT.md). */
export const checkInPoints = 10;

const tokenPattern = /^(\d{8})\.(\d{1,6})\.([\w-]{22})$/;

function posterKey(secret: string) {
  // A key of its own, so a poster's signature can never stand for anything else signed.
  return createHmac("sha256", secret).update("oja check-in posters").digest();
}

function signature(secret: string, businessId: string, version: number, printedOn: string) {
  return createHmac("sha256", posterKey(secret))
    .update(`${businessId}:${version}:${printedOn}`)
    .digest()
    .subarray(0, 16)
    .toString("base64url");
}

/** "2026-11-26" → "20261126" and back: the token's day without dashes. */
const compactDay = (day: string) => day.replaceAll("-", "");
const dashedDay = (compact: string) =>
  `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}`;

export function posterToken(
  secret: string,
  poster: { businessId: string; version: number; printedOn: string },
) {
  const { businessId, version, printedOn } = poster;
  return `${compactDay(printedOn)}.${version}.${signature(secret, businessId, version, printedOn)}`;
}

/** Whether `token` is a poster of this business at its current version, printed within a year. */
export function posterTokenValid(
  secret: string,
  token: string,
  poster: { businessId: string; version: number },
  now: Date,
): boolean {
  const parts = tokenPattern.exec(token);
  if (!parts) return false;
  const [, compact = "", version = "", signed = ""] = parts;
  const printedOn = dashedDay(compact);
  if (Number(version) !== poster.version) return false;
  const today = lagosToday(now);
  if (printedOn > today || addDays(printedOn, posterValidDays) < today) return false;
  const expected = Buffer.from(signature(secret, poster.businessId, poster.version, printedOn));
  const given = Buffer.from(signed);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The business's poster version, 1 until a new poster was printed. */
export async function posterVersion(db: Executor, businessId: string): Promise<number> {
  const [poster] = await db
    .select({ version: checkInPosters.version })
    .from(checkInPosters)
    .where(eq(checkInPosters.businessId, businessId));
  return poster?.version ?? 1;
}

/** The poster printed today: its link (for the QR) and its last valid day. */
export async function posterOf(
  db: Executor,
  secret: string,
  business: { id: string; slug: string },
  publicUrl: string,
  now = new Date(),
) {
  const version = await posterVersion(db, business.id);
  const printedOn = lagosToday(now);
  const token = posterToken(secret, { businessId: business.id, version, printedOn });
  const url = new URL(`/hi/${business.slug}`, publicUrl);
  url.searchParams.set("t", token);
  return { url: url.toString(), version, validUntil: addDays(printedOn, posterValidDays) };
}

/** "Print a new poster": every poster printed before stops checking anyone in. */
export async function replacePoster(db: Database, businessId: string, now = new Date()) {
  const [poster] = await db
    .insert(checkInPosters)
    .values({ businessId, version: 2, updatedAt: now })
    .onConflictDoUpdate({
      target: checkInPosters.businessId,
      set: { version: sql`${checkInPosters.version} + 1`, updatedAt: now },
    })
    .returning({ version: checkInPosters.version });
  return poster?.version ?? 2;
}

export type CheckInResult =
  | { status: "checked-in"; points: number }
  | { status: "already" }
  | { status: "member" }
  | { status: "no-poster" };

/**
 * Checks the shopper in at the business for today (Lagos), with a poster's token: 10 points the
 * first time today, nothing more after. One transaction; the unique day and the ledger's cause
 * make two scans at once earn once.
 */
export async function checkIn(
  db: Database,
  secret: string,
  visit: { userId: string; business: { id: string; name: string }; token: string },
  now = new Date(),
): Promise<CheckInResult> {
  const { business, userId } = visit;
  const version = await posterVersion(db, business.id);
  if (!posterTokenValid(secret, visit.token, { businessId: business.id, version }, now)) {
    return { status: "no-poster" };
  }
  const [member] = await db
    .select({ role: businessMembers.role })
    .from(businessMembers)
    .where(and(eq(businessMembers.businessId, business.id), eq(businessMembers.userId, userId)));
  // The people who run a business would earn at their own door every day.
  if (member) return { status: "member" };
  const day = lagosToday(now);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(checkIns)
      .values({ id: newId("cki"), businessId: business.id, userId, day, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: checkIns.id });
    if (inserted.length === 0) return { status: "already" } as const;
    await recordPoints(
      tx,
      {
        userId,
        kind: "earn",
        availableDelta: checkInPoints,
        cause: `check-in:${business.id}:${userId}:${day}`,
        businessId: business.id,
        note: `Check-in at ${business.name}`,
      },
      now,
    );
    return { status: "checked-in", points: checkInPoints } as const;
  });
}

/** Whether the shopper checked in at the business today (Lagos). */
export async function checkedInToday(
  db: Executor,
  businessId: string,
  userId: string,
  now = new Date(),
) {
  const [row] = await db
    .select({ id: checkIns.id })
    .from(checkIns)
    .where(
      and(
        eq(checkIns.businessId, businessId),
        eq(checkIns.userId, userId),
        eq(checkIns.day, lagosToday(now)),
      ),
    );
  return Boolean(row);
}

/** Every check-in of the shopper (business and Lagos day), for their data export. */
export async function checkInsForExport(db: Executor, userId: string) {
  return db
    .select({ businessId: checkIns.businessId, day: checkIns.day, createdAt: checkIns.createdAt })
    .from(checkIns)
    .where(eq(checkIns.userId, userId))
    .orderBy(checkIns.createdAt);
}
