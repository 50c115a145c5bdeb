import { and, asc, eq, gte, isNotNull, isNull, lt, lte, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { lagosToday } from "#app/console/lagos-time.ts";
import type { Database } from "#app/db/database.server.ts";
import { businesses, users } from "#app/db/schema.server.ts";
import { queueEmail } from "#app/email/outbox.server.ts";
import { renderEmail } from "#app/email/render.ts";
import type { JobDefinition } from "#app/jobs/jobs.server.ts";
import { formatNaira, kobo } from "#app/money.ts";
import { addDays } from "./gift-limits.ts";
import { voucherGifts, vouchers } from "./issued-schema.server.ts";
import { formatDay } from "./offer-terms.ts";
import { redeemableKobo } from "./voucher-value.ts";

/**
 * The end of a voucher's value (issue 19, decision 041). A week before its last day its holder
 * is told, once, what is left and that the price paid stays as credit after it; the day after
 * its last day it becomes `expired` (its credit stays redeemable: voucher-value.ts). Both run in
 * a scheduled job, taking rows with `skip locked`, so instances running it at once do each
 * voucher once.
 */
export const warnDaysBefore = 7;
const batchSize = 100;

export interface ExpiryReport {
  warned: number;
  expired: number;
}

export async function runVoucherExpiry(
  context: { db: Database; publicUrl: string },
  now = new Date(),
): Promise<ExpiryReport> {
  const today = lagosToday(now);
  const report: ExpiryReport = { warned: 0, expired: 0 };
  for (;;) {
    const warned = await warnBatch(context, today, now);
    report.warned += warned;
    if (warned < batchSize) break;
  }
  const expired = await context.db
    .update(vouchers)
    .set({ status: "expired", updatedAt: now })
    .where(and(eq(vouchers.status, "active"), lt(vouchers.validUntil, today)))
    .returning({ id: vouchers.id });
  report.expired = expired.length;
  return report;
}

/** Tells the holders of active vouchers whose last day is within a week, a batch at a time. */
async function warnBatch(context: { db: Database; publicUrl: string }, today: string, now: Date) {
  return context.db.transaction(async (tx) => {
    const due = await tx
      .select({ voucher: vouchers, holder: users.email, business: businesses.name })
      .from(vouchers)
      .innerJoin(users, eq(users.id, vouchers.ownerId))
      .innerJoin(businesses, eq(businesses.id, vouchers.businessId))
      .where(
        and(
          eq(vouchers.status, "active"),
          isNull(vouchers.endWarnedAt),
          isNotNull(vouchers.ownerId),
          gte(vouchers.validUntil, today),
          lte(vouchers.validUntil, addDays(today, warnDaysBefore)),
          // A gift on its way is told to whoever claims it, not to the giver.
          sql`not exists (select 1 from ${voucherGifts} g where g.voucher_id = ${vouchers.id}
            and g.status in ('scheduled', 'sent'))`,
        ),
      )
      .orderBy(asc(vouchers.validUntil), asc(vouchers.id))
      .limit(batchSize)
      .for("update", { of: vouchers, skipLocked: true });
    for (const { voucher, holder, business } of due) {
      const left = redeemableKobo(voucher, today);
      if (left > 0) {
        const content = renderEmail({
          preview: `${formatNaira(kobo(left))} left on your ${business} voucher, until ${formatDay(voucher.validUntil)}.`,
          heading: "Your voucher ends soon",
          paragraphs: [
            `${voucher.title} at ${business}: ${formatNaira(kobo(left))} is left to use until ${formatDay(voucher.validUntil)}.`,
            `After that day the saving ends, but what you paid (${formatNaira(kobo(voucher.priceKobo))}, less anything used) stays yours as credit at ${business}. It never expires.`,
          ],
          action: {
            label: "See your vouchers",
            url: new URL("/profile/vouchers", context.publicUrl).toString(),
          },
          footer: "You get this email because you hold a voucher on Oja.",
        });
        await queueEmail(tx, {
          to: holder,
          subject: `Your voucher for ${business} ends on ${formatDay(voucher.validUntil)}`,
          kind: "voucher-ending",
          ...content,
        });
      }
      await tx.update(vouchers).set({ endWarnedAt: now }).where(eq(vouchers.id, voucher.id));
    }
    return due.length;
  });
}

/** Hourly, once across instances; the work is idempotent, so a missed run is the next one's. */
export function voucherExpiryJobs(context: {
  db: Database;
  publicUrl: string;
  log: Logger;
  emailQueued?: () => void;
}): JobDefinition[] {
  return [
    {
      name: "vouchers-expiry",
      cron: "7 * * * *",
      collapse: true,
      retryLimit: 0,
      async run() {
        const report = await runVoucherExpiry(context);
        if (report.warned > 0 || report.expired > 0) {
          context.log.info(report, "voucher ends handled");
          context.emailQueued?.();
        }
      },
    },
  ];
}
