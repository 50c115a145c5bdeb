import { and, asc, eq, gt, lt } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "#app/db/database.server.ts";
import { type PaymentProvider, PaymentProviderError } from "#app/payments/provider.server.ts";
import { sendPendingRefunds, verifyAndConfirm } from "./confirm.server.ts";
import { cancelAbandonedCheckouts, releaseHold } from "./lifecycle.server.ts";
import { checkouts, payments } from "./schema.server.ts";

/**
 * Reconciliation (decision 013), run every minute by every instance; each step is safe to run
 * twice at once. It makes sure that a shopper who paid and closed the browser still ends with a
 * paid order, that stock held for unpaid checkouts goes back after 30 minutes, that refunds reach
 * the provider, and that orders left unpaid for a day are cancelled.
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
const batchSize = 50;

export interface ReconcileReport {
  verified: number;
  paid: number;
  released: number;
  refundsSent: number;
  cancelled: number;
}

export async function reconcilePayments(context: JobContext): Promise<ReconcileReport> {
  const now = context.now?.() ?? new Date();
  const report: ReconcileReport = {
    verified: 0,
    paid: 0,
    released: 0,
    refundsSent: 0,
    cancelled: 0,
  };

  const pending = await context.db
    .select({ reference: payments.reference })
    .from(payments)
    .where(
      and(
        eq(payments.status, "pending"),
        lt(payments.createdAt, new Date(now.getTime() - verifyAfterMs)),
        gt(payments.createdAt, new Date(now.getTime() - verifyUntilMs)),
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(batchSize);
  for (const { reference } of pending) {
    try {
      const result = await verifyAndConfirm({ ...context, now: () => now }, reference);
      report.verified += 1;
      if (result.kind === "paid") report.paid += 1;
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      context.log.warn({ err: error, reference }, "could not verify a pending payment; next run");
    }
  }

  // Payments were verified first, so stock is not put back under a checkout that was paid.
  const expired = await context.db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(and(eq(checkouts.stockHold, "held"), lt(checkouts.holdExpiresAt, now)))
    .limit(batchSize);
  for (const { id } of expired) {
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
  report.cancelled = await cancelAbandonedCheckouts(context.db, now);
  return report;
}

export interface PaymentJobs {
  /** Runs reconciliation now (tests, and the app after a restart). */
  runNow(): Promise<ReconcileReport | undefined>;
  stop(): Promise<void>;
}

export function startPaymentJobs(context: JobContext & { intervalMs?: number }): PaymentJobs {
  let stopped = false;
  let running: Promise<ReconcileReport | undefined> | undefined;
  const run = () => {
    if (stopped) return Promise.resolve(undefined);
    running ??= reconcilePayments(context)
      .then((report) => {
        if (Object.values(report).some((count) => count > 0)) {
          context.log.info(report, "payments reconciled");
        }
        return report;
      })
      .catch((error: unknown) => {
        context.log.error({ err: error }, "payment reconciliation failed");
        return undefined;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const interval = setInterval(run, context.intervalMs ?? 60_000);
  interval.unref();
  return {
    runNow: run,
    async stop() {
      stopped = true;
      clearInterval(interval);
      await running;
    },
  };
}
