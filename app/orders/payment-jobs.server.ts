import { and, desc, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "#app/db/database.server.ts";
import type { JobDefinition } from "#app/jobs/jobs.server.ts";
import { type PaymentProvider, PaymentProviderError } from "#app/payments/provider.server.ts";
import { releaseHold } from "./checkout.server.ts";
import { pollRefunds, sendPendingRefunds, verifyAndConfirm } from "./confirm.server.ts";
import { cancelAbandonedCheckouts } from "./lifecycle.server.ts";
import { checkouts, payments } from "./schema.server.ts";

/**
 * Reconciliation (decisions 014 and 024), run every minute once across all instances (a pg-boss
 * schedule, decision 036); each step is still safe to run twice at once. It makes sure that a
 * shopper who paid and closed the browser still ends with a paid order (newest payments first,
 * each asked again after a growing wait, settled as abandoned after a day), that stock held for
 * unpaid checkouts goes back after 30 minutes, that refunds reach the provider and their outcome
 * comes back, and that orders left unpaid for a day are cancelled.
 */
export interface JobContext {
  db: Database;
  payments: PaymentProvider;
  log: Logger;
  publicUrl: string;
  emailQueued?: () => void;
  now?: () => Date;
}

/** A payment younger than this is left to the shopper's own browser and the webhook. */
const verifyAfterMs = 2 * 60_000;
/** Paystack keeps a started payment payable for a day; after that nobody asks any more. */
const verifyUntilMs = 25 * 60 * 60_000;
export const batchSize = 50;

/**
 * How long to wait before asking about a payment again after `attempts` answers that it isn't
 * paid: 2 minutes, doubling, at most an hour. A shopper who just paid is found at once; one who
 * walked away costs a few calls an hour, not one a minute for a day.
 */
export function nextVerifyDelayMs(attempts: number): number {
  return Math.min(2 * 60_000 * 2 ** Math.max(attempts - 1, 0), 60 * 60_000);
}

export interface ReconcileReport {
  verified: number;
  paid: number;
  /** Pending payments past their day, or unknown to the provider, settled as abandoned. */
  abandoned: number;
  released: number;
  refundsSent: number;
  refundsSettled: number;
  cancelled: number;
}

export async function reconcilePayments(context: JobContext): Promise<ReconcileReport> {
  const now = context.now?.() ?? new Date();
  const report: ReconcileReport = {
    verified: 0,
    paid: 0,
    abandoned: 0,
    released: 0,
    refundsSent: 0,
    refundsSettled: 0,
    cancelled: 0,
  };

  // Past their day nobody can pay them any more: settled without asking, so they leave the queue.
  const expired = await context.db
    .update(payments)
    .set({
      status: "abandoned",
      detail: "Not paid within a day.",
      nextVerifyAt: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(payments.status, "pending"),
        lt(payments.createdAt, new Date(now.getTime() - verifyUntilMs)),
      ),
    )
    .returning({ id: payments.id });
  report.abandoned += expired.length;

  // Newest first (the shopper who just paid and closed the tab matters most), each only when its
  // backoff has passed, so the same oldest rows can't take every run.
  const due = await context.db
    .select({ id: payments.id, reference: payments.reference, attempts: payments.verifyAttempts })
    .from(payments)
    .where(
      and(
        eq(payments.status, "pending"),
        lt(payments.createdAt, new Date(now.getTime() - verifyAfterMs)),
        or(isNull(payments.nextVerifyAt), lte(payments.nextVerifyAt, now)),
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(batchSize);
  for (const { id, reference, attempts } of due) {
    const backOff = () =>
      context.db
        .update(payments)
        .set({
          verifyAttempts: sql`${payments.verifyAttempts} + 1`,
          nextVerifyAt: new Date(now.getTime() + nextVerifyDelayMs(attempts + 1)),
        })
        .where(and(eq(payments.id, id), eq(payments.status, "pending")));
    try {
      const result = await verifyAndConfirm({ ...context, now: () => now }, reference);
      report.verified += 1;
      if (result.kind === "paid") report.paid += 1;
      if (result.kind === "not_paid") await backOff();
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      if (error.code === "not_found") {
        // The provider never saw it (or, the simulator, forgot it on restart): never paid.
        const settled = await context.db
          .update(payments)
          .set({ status: "abandoned", detail: "The provider has no such payment.", updatedAt: now })
          .where(and(eq(payments.id, id), eq(payments.status, "pending")))
          .returning({ id: payments.id });
        report.abandoned += settled.length;
        continue;
      }
      await backOff();
      context.log.warn({ err: error, reference }, "could not verify a pending payment; next run");
    }
  }

  // Payments were verified first, so stock is not put back under a checkout that was paid.
  const holds = await context.db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(and(eq(checkouts.stockHold, "held"), lt(checkouts.holdExpiresAt, now)))
    .limit(batchSize);
  for (const { id } of holds) {
    const released = await context.db.transaction(async (tx) => {
      const [checkout] = await tx
        .select({ holdExpiresAt: checkouts.holdExpiresAt, stockHold: checkouts.stockHold })
        .from(checkouts)
        .where(eq(checkouts.id, id))
        .for("update");
      // Paid, or paid again with a fresh hold, since it was listed.
      if (checkout?.stockHold !== "held" || checkout.holdExpiresAt >= now) return false;
      await releaseHold(tx, id, now);
      return true;
    });
    if (released) report.released += 1;
  }

  report.refundsSent = await sendPendingRefunds(context);
  report.refundsSettled = await pollRefunds(context, { now });
  report.cancelled = await cancelAbandonedCheckouts(context.db, now);
  return report;
}

/**
 * Reconciliation as a scheduled job (app/jobs): every minute, once across all instances; a run
 * asked while one waits is the same run. A failed run is not retried: the next minute's is.
 */
export function paymentJobs(context: JobContext): JobDefinition[] {
  return [
    {
      name: "payments-reconcile",
      cron: "* * * * *",
      collapse: true,
      retryLimit: 0,
      async run() {
        const report = await reconcilePayments(context);
        if (Object.values(report).some((count) => count > 0)) {
          context.log.info(report, "payments reconciled");
        }
      },
    },
  ];
}
