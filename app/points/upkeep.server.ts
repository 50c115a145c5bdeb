import { and, asc, eq, gt, gte, isNotNull, isNull, lt, ne, or } from "drizzle-orm";
import type { Logger } from "pino";
import { lagosToday } from "#app/console/lagos-time.ts";
import type { Database } from "#app/db/database.server.ts";
import { users } from "#app/db/schema.server.ts";
import { queueEmail } from "#app/email/outbox.server.ts";
import { renderEmail } from "#app/email/render.ts";
import type { JobDefinition } from "#app/jobs/jobs.server.ts";
import { formatDay } from "#app/vouchers/offer-terms.ts";
import { approveDuePoints, expireIdlePoints, pointsExpireAt } from "./ledger.server.ts";
import { pointsWallets } from "./schema.server.ts";

/**
 * The points' scheduled work (issue 20): approving pending points after their 7 days, warning a
 * shopper 30 days before their points expire, and expiring them. Each step is idempotent and
 * safe to run on several instances at once (causes for the ledger, `skip locked` and a marker
 * for the warnings), so pg-boss running it once across instances is for economy, not for truth;
 * a run missed while every instance was down is the next run's.
 */
export const warnDaysBefore = 30;
const batchSize = 100;

export interface UpkeepReport {
  approved: number;
  warned: number;
  expired: number;
}

export async function runPointsUpkeep(
  context: { db: Database; publicUrl: string },
  now = new Date(),
): Promise<UpkeepReport> {
  const approved = await approveDuePoints(context.db, now);
  let warned = 0;
  for (;;) {
    const batch = await warnBatch(context, now);
    warned += batch;
    if (batch < batchSize) break;
  }
  const expired = await expireIdlePoints(context.db, now);
  return { approved, warned, expired };
}

/**
 * Wallets whose points expire within 30 days and whose holder wasn't told for this quiet spell
 * (the marker is the last activity the warning was about: earning again starts a new spell).
 */
async function warnBatch(context: { db: Database; publicUrl: string }, now: Date) {
  const expiredBefore = new Date(now);
  expiredBefore.setUTCMonth(expiredBefore.getUTCMonth() - 12);
  const warnFrom = new Date(expiredBefore.getTime() + warnDaysBefore * 24 * 60 * 60_000);
  return context.db.transaction(async (tx) => {
    const due = await tx
      .select({ wallet: pointsWallets, email: users.email, name: users.name })
      .from(pointsWallets)
      .innerJoin(users, eq(users.id, pointsWallets.userId))
      .where(
        and(
          gt(pointsWallets.available, 0),
          isNotNull(pointsWallets.lastActivityAt),
          gte(pointsWallets.lastActivityAt, expiredBefore),
          lt(pointsWallets.lastActivityAt, warnFrom),
          or(
            isNull(pointsWallets.expiryWarnedFor),
            ne(pointsWallets.expiryWarnedFor, pointsWallets.lastActivityAt),
          ),
        ),
      )
      .orderBy(asc(pointsWallets.lastActivityAt))
      .limit(batchSize)
      .for("update", { of: pointsWallets, skipLocked: true });
    for (const { wallet, email, name } of due) {
      if (!wallet.lastActivityAt) continue;
      const day = formatDay(lagosToday(pointsExpireAt(wallet.lastActivityAt)));
      const points = wallet.available.toLocaleString("en-NG");
      const content = renderEmail({
        preview: `${points} points expire on ${day} unless you earn or spend some before then.`,
        heading: "Your points expire soon",
        paragraphs: [
          `Hello ${name}, your ${points} Oja points expire on ${day}.`,
          "Earning or spending any points before then keeps all of them for another 12 months: shop at any business on Oja, or check in when you visit one.",
        ],
        action: {
          label: "See your points",
          url: new URL("/rewards", context.publicUrl).toString(),
        },
        footer: "You get this email because you have points on Oja.",
      });
      await queueEmail(tx, {
        to: email,
        subject: `Your ${points} Oja points expire on ${day}`,
        kind: "points-expiring",
        ...content,
      });
      await tx
        .update(pointsWallets)
        .set({ expiryWarnedFor: wallet.lastActivityAt })
        .where(eq(pointsWallets.userId, wallet.userId));
    }
    return due.length;
  });
}

/** Hourly, once across instances. */
export function pointsJobs(context: {
  db: Database;
  publicUrl: string;
  log: Logger;
  emailQueued?: () => void;
}): JobDefinition[] {
  return [
    {
      name: "points-upkeep",
      cron: "17 * * * *",
      collapse: true,
      retryLimit: 0,
      async run() {
        const report = await runPointsUpkeep(context);
        if (report.approved > 0 || report.warned > 0 || report.expired > 0) {
          context.log.info(report, "points upkeep done");
          if (report.warned > 0) context.emailQueued?.();
        }
      },
    },
  ];
}
