import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { lagosToday } from "#app/console/lagos-time.ts";
import { hashInvitationToken } from "#app/console/members.server.ts";
import type { Database, Executor } from "#app/db/database.server.ts";
import { newId, secretToken } from "#app/db/ids.ts";
import { businesses, users } from "#app/db/schema.server.ts";
import { normalizeAddress, queueEmail } from "#app/email/outbox.server.ts";
import { renderEmail } from "#app/email/render.ts";
import type { JobDefinition } from "#app/jobs/jobs.server.ts";
import { formatLagosDay } from "#app/lagos-dates.ts";
import { orders } from "#app/orders/schema.server.ts";
import { voucherRedemptions, vouchers } from "#app/vouchers/issued-schema.server.ts";
import { z } from "#app/zod.ts";
import {
  invitationDaysRange,
  invitationLifeDays,
  maxInvitationsPerBatch,
} from "./review-limits.ts";
import { reviewInvitations, reviewSettings, reviews } from "./schema.server.ts";

/**
 * Review invitations (issue 21, decision 051). Every fulfilled order, and every vouchers order
 * once a voucher of it is redeemed, gets one, sent its business's `invitation_days` (default 7)
 * later, whatever the customer thought: never only the happy ones. Managers may also invite by hand (one address or a CSV). The email carries the only
 * copy of the token (its hash is kept); a link works once, for 30 days from sending. An address
 * is invited to a business at most once in 30 days, and not while its review of the last 12
 * months stands. Nothing is offered for a review.
 */

const dayMs = 24 * 60 * 60_000;

/** The business's wait after fulfilment, in days (the default when never set). */
export async function invitationDays(db: Executor, businessId: string): Promise<number> {
  const [row] = await db
    .select({ days: reviewSettings.invitationDays })
    .from(reviewSettings)
    .where(eq(reviewSettings.businessId, businessId));
  return row?.days ?? invitationDaysRange.default;
}

export const invitationDaysSchema = z.object({
  days: z.coerce
    .number({ error: "Give a number of days." })
    .int("Give a whole number of days.")
    .min(invitationDaysRange.min, `At least ${invitationDaysRange.min} day.`)
    .max(invitationDaysRange.max, `At most ${invitationDaysRange.max} days.`),
});

export async function setInvitationDays(db: Database, businessId: string, days: number) {
  await db
    .insert(reviewSettings)
    .values({ businessId, invitationDays: days })
    .onConflictDoUpdate({
      target: reviewSettings.businessId,
      set: { invitationDays: days, updatedAt: new Date() },
    });
}

/**
 * Makes the invitations now due, once per order: a goods order its business's days after it was
 * fulfilled, a vouchers order that many days after one of its vouchers was first redeemed (to
 * whoever held it then: a gift's friend, say). Only the last 60 days are looked at, so a new
 * business setting never reaches further back; the unique order id makes a second run, or a
 * second instance, add nothing.
 */
export async function inviteRecentCustomers(db: Executor, now: Date): Promise<number> {
  const oldest = new Date(now.getTime() - 60 * dayMs);
  const days = sql`make_interval(days => coalesce(${reviewSettings.invitationDays}, ${invitationDaysRange.default}))`;
  const dueBy = sql`${now.toISOString()}::timestamptz`;
  const fulfilledOrders = await db
    .select({
      businessId: orders.businessId,
      email: users.email,
      shopperId: orders.shopperId,
      orderId: orders.id,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.shopperId))
    .leftJoin(reviewSettings, eq(reviewSettings.businessId, orders.businessId))
    .leftJoin(reviewInvitations, eq(reviewInvitations.orderId, orders.id))
    .where(
      and(
        eq(orders.status, "fulfilled"),
        gte(orders.fulfilledAt, oldest),
        sql`${orders.fulfilledAt} + ${days} <= ${dueBy}`,
        isNull(reviewInvitations.id),
      ),
    )
    .limit(1000);
  const firstRedemption = sql`min(${voucherRedemptions.createdAt})`;
  const redeemedVouchers = await db
    .select({
      businessId: vouchers.businessId,
      email: users.email,
      shopperId: vouchers.ownerId,
      orderId: vouchers.orderId,
    })
    .from(voucherRedemptions)
    .innerJoin(vouchers, eq(vouchers.id, voucherRedemptions.voucherId))
    .innerJoin(users, eq(users.id, vouchers.ownerId))
    .leftJoin(reviewSettings, eq(reviewSettings.businessId, vouchers.businessId))
    .leftJoin(reviewInvitations, eq(reviewInvitations.orderId, vouchers.orderId))
    .where(and(gte(voucherRedemptions.createdAt, oldest), isNull(reviewInvitations.id)))
    .groupBy(
      vouchers.businessId,
      users.email,
      vouchers.ownerId,
      vouchers.orderId,
      reviewSettings.invitationDays,
    )
    .having(sql`${firstRedemption} + ${days} <= ${dueBy}`)
    .limit(1000);
  // One invitation per order: the first holder found, when a gift put its vouchers in two hands.
  const due = new Map<string, (typeof fulfilledOrders)[number]>();
  for (const row of [...fulfilledOrders, ...redeemedVouchers]) {
    if (!due.has(row.orderId)) due.set(row.orderId, row);
  }
  if (due.size === 0) return 0;
  const made = await db
    .insert(reviewInvitations)
    .values(
      [...due.values()].map((customer) => ({
        id: newId("rvi"),
        source: "order" as const,
        ...customer,
        email: normalizeAddress(customer.email),
        sendAt: now,
        createdAt: now,
      })),
    )
    .onConflictDoNothing({ target: reviewInvitations.orderId })
    .returning({ id: reviewInvitations.id });
  return made.length;
}

/**
 * Sends the invitations among `ids` that wait to go: each gets its token and email, or is
 * skipped with the reason (the address has a review of the business from the last 12 months,
 * or was invited there in the last 30 days). Runs inside the caller's transaction.
 */
async function sendInvitations(tx: Executor, publicUrl: string, ids: string[], now: Date) {
  if (ids.length === 0) return { sent: 0, skipped: 0 };
  const due = await tx
    .select({
      id: reviewInvitations.id,
      businessId: reviewInvitations.businessId,
      email: reviewInvitations.email,
      shopperId: reviewInvitations.shopperId,
      orderId: reviewInvitations.orderId,
      business: businesses.name,
      orderNumber: orders.number,
      fulfilledAt: orders.fulfilledAt,
    })
    .from(reviewInvitations)
    .innerJoin(businesses, eq(businesses.id, reviewInvitations.businessId))
    .leftJoin(orders, eq(orders.id, reviewInvitations.orderId))
    .where(
      and(
        inArray(reviewInvitations.id, ids),
        isNull(reviewInvitations.sentAt),
        isNull(reviewInvitations.skippedReason),
      ),
    );
  let sent = 0;
  let skipped = 0;
  for (const invitation of due) {
    const reason = await reasonNotToSend(tx, invitation, now);
    if (reason) {
      skipped += 1;
      await tx
        .update(reviewInvitations)
        .set({ skippedReason: reason })
        .where(eq(reviewInvitations.id, invitation.id));
      continue;
    }
    const token = secretToken();
    const expiresAt = new Date(now.getTime() + invitationLifeDays * dayMs);
    await tx
      .update(reviewInvitations)
      .set({ sentAt: now, tokenHash: hashInvitationToken(token), expiresAt })
      .where(eq(reviewInvitations.id, invitation.id));
    await queueEmail(tx, {
      to: invitation.email,
      subject: `How was ${invitation.business}?`,
      kind: "review-invitation",
      ...invitationEmail({ ...invitation, token, expiresAt, publicUrl }),
    });
    sent += 1;
  }
  return { sent, skipped };
}

/** Why an invitation should not go, if it shouldn't. */
async function reasonNotToSend(
  tx: Executor,
  invitation: { id: string; businessId: string; email: string; shopperId: string | null },
  now: Date,
): Promise<string | null> {
  const yearAgo = new Date(now);
  yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
  const author = invitation.shopperId ?? (await accountOf(tx, invitation.email));
  if (author) {
    const [reviewed] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(
        and(
          eq(reviews.authorId, author),
          eq(reviews.businessId, invitation.businessId),
          gte(reviews.createdAt, yearAgo),
        ),
      )
      .limit(1);
    if (reviewed) return "Already reviewed this business in the last 12 months";
  }
  const [recent] = await tx
    .select({ id: reviewInvitations.id })
    .from(reviewInvitations)
    .where(
      and(
        eq(reviewInvitations.businessId, invitation.businessId),
        eq(reviewInvitations.email, invitation.email),
        gte(reviewInvitations.sentAt, new Date(now.getTime() - invitationLifeDays * dayMs)),
      ),
    )
    .limit(1);
  if (recent) return "Invited in the last 30 days";
  return null;
}

async function accountOf(tx: Executor, email: string): Promise<string | null> {
  const [account] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  return account?.id ?? null;
}

function invitationEmail(invitation: {
  business: string;
  orderNumber: string | null;
  fulfilledAt: Date | null;
  token: string;
  expiresAt: Date;
  publicUrl: string;
}) {
  const link = (stars?: number) =>
    new URL(
      `/ReviewInvitation/${invitation.token}${stars ? `?stars=${stars}` : ""}`,
      invitation.publicUrl,
    ).toString();
  const what =
    invitation.orderNumber && invitation.fulfilledAt
      ? `your order ${invitation.orderNumber} from ${invitation.business}, completed on ${formatLagosDay(invitation.fulfilledAt)}`
      : `your experience with ${invitation.business}`;
  return renderEmail({
    preview: `Tell other shoppers how it went at ${invitation.business}.`,
    heading: `How was ${invitation.business}?`,
    paragraphs: [
      `Tell other shoppers about ${what}. Good or bad, every honest review helps. Tap the stars you'd give to start:`,
    ],
    choices: [1, 2, 3, 4, 5].map((stars) => ({ label: `${stars} ★`, url: link(stars) })),
    action: { label: "Write your review", url: link() },
    footer: `This link works once, until ${formatLagosDay(invitation.expiresAt)}. Oja invites every customer and never rewards anyone for a review. You get this email because you bought from ${invitation.business} on Oja, or they asked us to invite you.`,
  });
}

/**
 * Finds and sends every invitation due now, a batch at a time; `skip locked` lets two instances
 * run it at once and send each invitation once.
 */
export async function sendDueInvitations(
  context: { db: Database; publicUrl: string },
  now = new Date(),
): Promise<{ made: number; sent: number; skipped: number }> {
  // An unused invitation is kept a year (the privacy notice says so); a used one stays with the
  // review it brought, which it labels "Invited".
  const yearAgo = new Date(now);
  yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
  await context.db
    .delete(reviewInvitations)
    .where(and(lt(reviewInvitations.createdAt, yearAgo), isNull(reviewInvitations.usedAt)));
  const made = await inviteRecentCustomers(context.db, now);
  const total = { made, sent: 0, skipped: 0 };
  for (;;) {
    const batch = await context.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: reviewInvitations.id })
        .from(reviewInvitations)
        .where(
          and(
            isNull(reviewInvitations.sentAt),
            isNull(reviewInvitations.skippedReason),
            lte(reviewInvitations.sendAt, now),
          ),
        )
        .orderBy(asc(reviewInvitations.sendAt), asc(reviewInvitations.id))
        .limit(50)
        .for("update", { skipLocked: true });
      const result = await sendInvitations(
        tx,
        context.publicUrl,
        due.map((invitation) => invitation.id),
        now,
      );
      return { ...result, count: due.length };
    });
    total.sent += batch.sent;
    total.skipped += batch.skipped;
    if (batch.count < 50) return total;
  }
}

/** Hourly, once across instances; a missed run is the next one's. */
export function invitationJobs(context: {
  db: Database;
  publicUrl: string;
  log: Logger;
  emailQueued?: () => void;
}): JobDefinition[] {
  return [
    {
      name: "review-invitations",
      cron: "23 * * * *",
      collapse: true,
      retryLimit: 0,
      async run() {
        const report = await sendDueInvitations(context);
        if (report.made > 0 || report.sent > 0) {
          context.log.info(report, "review invitations sent");
          if (report.sent > 0) context.emailQueued?.();
        }
      },
    },
  ];
}

const emailSchema = z.email();

/**
 * The addresses in what a manager pasted or uploaded: one per line, or a CSV whose column named
 * "email" (or, without a header, every cell that looks like one) holds them. Lower-cased and
 * each once; what isn't an address is returned apart so the page can say so.
 */
export function addressesIn(text: string): { emails: string[]; invalid: string[] } {
  const rows = text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .map((row) =>
      row.split(/[,;\t]/).map((cell) =>
        cell
          .trim()
          .replace(/^"(.*)"$/, "$1")
          .trim(),
      ),
    );
  const header = rows[0]?.map((cell) => cell.toLowerCase()) ?? [];
  const column = header.findIndex((cell) => cell === "email" || cell === "e-mail");
  const cells = column >= 0 ? rows.slice(1).map((row) => [row[column] ?? ""]) : rows;
  const emails = new Set<string>();
  const invalid: string[] = [];
  for (const row of cells) {
    for (const cell of row) {
      if (!cell) continue;
      const address = normalizeAddress(cell);
      if (emailSchema.safeParse(address).success) emails.add(address);
      // Only a cell that tried to be an address is worth reporting; names and dates are not.
      else if (column >= 0 || cell.includes("@")) invalid.push(cell.slice(0, 100));
    }
  }
  return { emails: [...emails], invalid };
}

export type InviteResult =
  | { ok: true; sent: number; skipped: { email: string; reason: string }[]; invalid: string[] }
  | { ok: false; status: 400; errors: { emails: string } };

/** A manager invites addresses by hand: sent at once, with the same rules as the automatic ones. */
export async function inviteByHand(
  context: { db: Database; publicUrl: string },
  business: { businessId: string },
  member: { id: string },
  text: string,
  now = new Date(),
): Promise<InviteResult> {
  const { emails, invalid } = addressesIn(text);
  if (emails.length === 0) {
    return {
      ok: false,
      status: 400,
      errors: {
        emails: invalid.length
          ? `None of these is an email address we can send to: ${invalid.slice(0, 3).join(", ")}.`
          : "Give at least one email address.",
      },
    };
  }
  if (emails.length > maxInvitationsPerBatch) {
    return {
      ok: false,
      status: 400,
      errors: {
        emails: `That's ${emails.length} addresses: send at most ${maxInvitationsPerBatch} at a time.`,
      },
    };
  }
  return context.db.transaction(async (tx) => {
    const ids = emails.map(() => newId("rvi"));
    await tx.insert(reviewInvitations).values(
      emails.map((email, index) => ({
        id: ids[index] ?? newId("rvi"),
        businessId: business.businessId,
        source: "manual" as const,
        email,
        sentBy: member.id,
        sendAt: now,
        createdAt: now,
      })),
    );
    const result = await sendInvitations(tx, context.publicUrl, ids, now);
    const skipped = await tx
      .select({ email: reviewInvitations.email, reason: reviewInvitations.skippedReason })
      .from(reviewInvitations)
      .where(
        and(
          inArray(reviewInvitations.id, ids),
          sql`${reviewInvitations.skippedReason} is not null`,
        ),
      );
    return {
      ok: true,
      sent: result.sent,
      skipped: skipped.map((row) => ({ email: row.email, reason: row.reason ?? "" })),
      invalid,
    };
  });
}

/** The business's latest invitations for its console: where each stands. */
export async function invitationsOfBusiness(db: Executor, businessId: string, limit = 50) {
  const rows = await db
    .select({
      id: reviewInvitations.id,
      email: reviewInvitations.email,
      source: reviewInvitations.source,
      orderNumber: orders.number,
      sentAt: reviewInvitations.sentAt,
      expiresAt: reviewInvitations.expiresAt,
      usedAt: reviewInvitations.usedAt,
      skippedReason: reviewInvitations.skippedReason,
      createdAt: reviewInvitations.createdAt,
    })
    .from(reviewInvitations)
    .leftJoin(orders, eq(orders.id, reviewInvitations.orderId))
    .where(eq(reviewInvitations.businessId, businessId))
    .orderBy(desc(reviewInvitations.createdAt), desc(reviewInvitations.id))
    .limit(limit);
  const now = Date.now();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    source: row.source,
    orderNumber: row.orderNumber,
    day: formatLagosDay(row.sentAt ?? row.createdAt),
    status: row.usedAt
      ? "Reviewed"
      : row.skippedReason
        ? `Not sent: ${row.skippedReason}`
        : !row.sentAt
          ? "Waiting to send"
          : row.expiresAt && row.expiresAt.getTime() < now
            ? "Expired"
            : "Sent",
  }));
}

const tokenPattern = /^[0-9a-z]{26}$/;

export type InvitationState =
  | { state: "open"; invitation: OpenInvitation }
  | { state: "used"; business: { name: string; slug: string } }
  | { state: "expired"; business: { name: string; slug: string } };

export interface OpenInvitation {
  id: string;
  business: { name: string; slug: string };
  email: string;
  shopperId: string | null;
  /** The Lagos day of the order's fulfilment, when it is an order's invitation. */
  experiencedOn: string | null;
}

/** The invitation a link's token opens, and where it stands; null for an unknown token. */
export async function invitationByToken(
  db: Executor,
  token: string,
  now = new Date(),
): Promise<InvitationState | null> {
  if (!tokenPattern.test(token)) return null;
  const [row] = await db
    .select({
      id: reviewInvitations.id,
      email: reviewInvitations.email,
      shopperId: reviewInvitations.shopperId,
      expiresAt: reviewInvitations.expiresAt,
      usedAt: reviewInvitations.usedAt,
      business: { name: businesses.name, slug: businesses.slug },
      businessStatus: businesses.status,
      fulfilledAt: orders.fulfilledAt,
    })
    .from(reviewInvitations)
    .innerJoin(businesses, eq(businesses.id, reviewInvitations.businessId))
    .leftJoin(orders, eq(orders.id, reviewInvitations.orderId))
    .where(eq(reviewInvitations.tokenHash, hashInvitationToken(token)));
  if (row?.businessStatus !== "active") return null;
  if (row.usedAt) return { state: "used", business: row.business };
  if (!row.expiresAt || row.expiresAt.getTime() <= now.getTime()) {
    return { state: "expired", business: row.business };
  }
  return {
    state: "open",
    invitation: {
      id: row.id,
      business: row.business,
      email: row.email,
      shopperId: row.shopperId,
      experiencedOn: row.fulfilledAt ? lagosToday(row.fulfilledAt) : null,
    },
  };
}

/** Whether the signed-in account is the one invited: the order's shopper, or the address's. */
export function isInvitee(invitation: OpenInvitation, user: { id: string; email: string }) {
  return invitation.shopperId
    ? invitation.shopperId === user.id
    : normalizeAddress(user.email) === invitation.email;
}

/** "a•••@example.com": enough for the invitee to know which address, no more. */
export function maskedEmail(email: string): string {
  const [name = "", domain = ""] = email.split("@");
  return `${name.slice(0, 1)}•••@${domain}`;
}

/** The invitations sent to the account or its address, for "Download my data". */
export async function invitationsForExport(db: Executor, user: { id: string; email: string }) {
  return db
    .select({
      business: businesses.name,
      source: reviewInvitations.source,
      sentAt: reviewInvitations.sentAt,
      expiresAt: reviewInvitations.expiresAt,
      usedAt: reviewInvitations.usedAt,
      notSentBecause: reviewInvitations.skippedReason,
    })
    .from(reviewInvitations)
    .innerJoin(businesses, eq(businesses.id, reviewInvitations.businessId))
    .where(
      or(
        eq(reviewInvitations.shopperId, user.id),
        eq(reviewInvitations.email, normalizeAddress(user.email)),
      ),
    )
    .orderBy(asc(reviewInvitations.createdAt));
}
