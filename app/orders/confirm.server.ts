import { and, asc, eq, isNull } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database, Executor } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { businesses } from "#app/db/schema.server.ts";
import { queueEmail } from "#app/email/outbox.server.ts";
import { renderEmail } from "#app/email/render.ts";
import { formatNaira, kobo } from "#app/money.ts";
import {
  type PaymentProvider,
  PaymentProviderError,
  type TransactionStatus,
} from "#app/payments/provider.server.ts";
import { retakeStock } from "./checkout.server.ts";
import { orderTotalKobo } from "./order-total.ts";
import { checkouts, orderLines, orders, payments, refunds } from "./schema.server.ts";

/**
 * The one confirmation of a payment (decision 013). The browser's success callback, the
 * provider's redirect, its webhook and the reconciliation job all end here, in any order and
 * as often as they like: the payment row is locked, and only the first success for a checkout
 * pays its orders. Value is given only for status "success" with the amount and currency that
 * were asked.
 */
export interface ProviderOutcome {
  reference: string;
  status: TransactionStatus;
  amountKobo: number;
  currency: string;
  paidAt: Date | null;
  channel: string | null;
  providerId: string | null;
  gatewayResponse: string;
}

export type Confirmation =
  | { kind: "unknown" }
  /** Paid now, or already paid by this payment before. */
  | { kind: "paid"; checkoutId: string }
  /** The provider doesn't (yet) report success. */
  | { kind: "not_paid"; checkoutId: string; status: TransactionStatus }
  | { kind: "mismatch"; checkoutId: string }
  /** The checkout had been paid (or closed) already: this payment is refunded. */
  | { kind: "refunded"; checkoutId: string };

interface ConfirmContext {
  db: Database;
  log: Logger;
  publicUrl: string;
  /** Tells the email sender a receipt is waiting (services' emailQueued). */
  emailQueued?: () => void;
  now?: () => Date;
}

const finalStatuses = new Set(["success", "mismatch", "duplicate"]);

export async function confirmPayment(
  context: ConfirmContext,
  outcome: ProviderOutcome,
): Promise<Confirmation> {
  const now = context.now?.() ?? new Date();
  let receiptQueued = false;
  const confirmation = await context.db.transaction(async (tx): Promise<Confirmation> => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.reference, outcome.reference))
      .for("update");
    if (!payment) return { kind: "unknown" };
    const { checkoutId } = payment;
    if (finalStatuses.has(payment.status)) return settled(payment.status, checkoutId);

    if (outcome.status !== "success") {
      // Not final with Paystack ("abandoned" is how a started payment looks until it is paid,
      // and a failed card can be followed by a good one), so it is only noted.
      await tx
        .update(payments)
        .set({ detail: outcome.gatewayResponse || outcome.status, updatedAt: now })
        .where(eq(payments.id, payment.id));
      return { kind: "not_paid", checkoutId, status: outcome.status };
    }

    if (outcome.amountKobo !== payment.amountKobo || outcome.currency !== payment.currency) {
      const detail = `Asked ${payment.amountKobo} kobo ${payment.currency}; the provider reported ${outcome.amountKobo} ${outcome.currency}.`;
      context.log.error(
        { reference: payment.reference, checkoutId, detail },
        "payment amount or currency mismatch: not honoured",
      );
      await tx
        .update(payments)
        .set({ status: "mismatch", detail, updatedAt: now })
        .where(eq(payments.id, payment.id));
      return { kind: "mismatch", checkoutId };
    }

    const paid = {
      paidAt: outcome.paidAt ?? now,
      providerTransactionId: outcome.providerId,
      channel: outcome.channel,
      detail: outcome.gatewayResponse,
      updatedAt: now,
    };
    const [checkout] = await tx
      .select()
      .from(checkouts)
      .where(eq(checkouts.id, checkoutId))
      .for("update");
    if (!checkout) throw new Error(`payment ${payment.id} has no checkout`);
    const waiting = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.checkoutId, checkoutId), eq(orders.status, "pending_payment")))
      .for("update");

    if (waiting.length === 0) {
      // Paid twice (two tabs, a resumed popup), or paid after the orders were cancelled.
      await tx
        .update(payments)
        .set({ ...paid, status: "duplicate" })
        .where(eq(payments.id, payment.id));
      await tx.insert(refunds).values({
        id: newId("rfd"),
        paymentId: payment.id,
        amountKobo: payment.amountKobo,
        reason: "These orders were already paid or closed; this second payment is returned.",
        createdAt: now,
        updatedAt: now,
      });
      context.log.warn(
        { reference: payment.reference, checkoutId },
        "duplicate payment: refunding",
      );
      return { kind: "refunded", checkoutId };
    }

    await tx
      .update(payments)
      .set({ ...paid, status: "success" })
      .where(eq(payments.id, payment.id));

    if (checkout.stockHold === "released") {
      // Paid after the hold ran out and the stock went back on the shelf: take it again if
      // it's still there, or cancel and refund.
      const lines = await tx
        .select({ productId: orderLines.productId, quantity: orderLines.quantity })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(eq(orders.checkoutId, checkoutId));
      if (!(await retakeStock(tx, lines))) {
        await closeUnpaidOrders(tx, checkoutId, now, {
          reason: "Some products sold out before your payment arrived; your money is returned.",
        });
        await tx.insert(refunds).values({
          id: newId("rfd"),
          paymentId: payment.id,
          amountKobo: payment.amountKobo,
          reason: "Sold out before the payment arrived.",
          createdAt: now,
          updatedAt: now,
        });
        await tx.update(checkouts).set({ updatedAt: now }).where(eq(checkouts.id, checkoutId));
        return { kind: "refunded", checkoutId };
      }
    }
    await tx
      .update(checkouts)
      .set({ stockHold: "sold", updatedAt: now })
      .where(eq(checkouts.id, checkoutId));
    await tx
      .update(orders)
      .set({ status: "paid", paidAt: paid.paidAt, updatedAt: now })
      .where(and(eq(orders.checkoutId, checkoutId), eq(orders.status, "pending_payment")));
    await queueReceipt(tx, context.publicUrl, checkout.email, checkoutId, payment.amountKobo);
    receiptQueued = true;
    return { kind: "paid", checkoutId };
  });
  // Only once the transaction committed is the receipt there to send.
  if (receiptQueued) context.emailQueued?.();
  return confirmation;
}

function settled(status: string, checkoutId: string): Confirmation {
  if (status === "success") return { kind: "paid", checkoutId };
  if (status === "mismatch") return { kind: "mismatch", checkoutId };
  return { kind: "refunded", checkoutId };
}

/** Cancels the checkout's orders that still wait for payment. */
export async function closeUnpaidOrders(
  tx: Executor,
  checkoutId: string,
  now: Date,
  { reason }: { reason: string },
) {
  await tx
    .update(orders)
    .set({ status: "cancelled", cancelledAt: now, closingReason: reason, updatedAt: now })
    .where(and(eq(orders.checkoutId, checkoutId), eq(orders.status, "pending_payment")));
}

/** "pickup", or "delivery ₦1,500.00 (Same day)", "free delivery (1–2 days)" as quoted. */
function receiptHandover(row: {
  fulfilment: "delivery" | "pickup";
  deliveryFeeKobo: number;
  deliveryEstimate: string | null;
}): string {
  if (row.fulfilment === "pickup") return "pickup";
  // Orders placed before delivery was priced (decision 021) have neither.
  if (row.deliveryEstimate === null && row.deliveryFeeKobo === 0) return "delivery";
  const fee =
    row.deliveryFeeKobo === 0
      ? "free delivery"
      : `delivery ${formatNaira(kobo(row.deliveryFeeKobo))}`;
  return row.deliveryEstimate ? `${fee} (${row.deliveryEstimate})` : fee;
}

async function queueReceipt(
  tx: Executor,
  publicUrl: string,
  to: string,
  checkoutId: string,
  totalKobo: number,
) {
  const rows = await tx
    .select({
      number: orders.number,
      subtotalKobo: orders.subtotalKobo,
      deliveryFeeKobo: orders.deliveryFeeKobo,
      deliveryEstimate: orders.deliveryEstimate,
      fulfilment: orders.fulfilment,
      business: businesses.name,
    })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(eq(orders.checkoutId, checkoutId))
    .orderBy(asc(orders.position));
  const count = rows.length;
  const content = renderEmail({
    preview: `${formatNaira(kobo(totalKobo))} paid for ${count === 1 ? "your order" : `${count} orders`}.`,
    heading: "Thank you: your payment went through",
    paragraphs: [
      `We received ${formatNaira(kobo(totalKobo))}. ${count === 1 ? "Your order is" : "Your orders are"} now with the ${count === 1 ? "business" : "businesses"}:`,
      rows
        .map(
          (row) =>
            `${row.number} · ${row.business} · ${formatNaira(kobo(orderTotalKobo(row)))} · ${receiptHandover(row)}`,
        )
        .join("\n"),
      "Each business will let you know when your order is ready.",
    ],
    action: { label: "See your orders", url: new URL("/profile/orders", publicUrl).toString() },
    footer: "You get this email because you paid on Oja. Keep it as your receipt.",
  });
  await queueEmail(tx, {
    to,
    subject: `Your Oja receipt: ${rows.map((row) => row.number).join(", ")}`,
    kind: "order-receipt",
    ...content,
  });
}

/**
 * Asks the provider about a payment, then confirms what it says. Used by the browser's
 * success callback, the provider's redirect and the reconciliation job.
 */
export async function verifyAndConfirm(
  context: ConfirmContext & { payments: PaymentProvider },
  reference: string,
): Promise<Confirmation> {
  const verified = await context.payments.verify(reference);
  return confirmPayment(context, {
    reference,
    status: verified.status,
    amountKobo: verified.amountKobo,
    currency: verified.currency,
    paidAt: verified.paidAt,
    channel: verified.channel,
    providerId: verified.providerId,
    gatewayResponse: verified.gatewayResponse,
  });
}

/**
 * Sends the refunds that wait for the provider (a duplicate payment, an order refunded by its
 * business). Each is claimed first, so two instances never send the same refund (a refund is not
 * idempotent at Paystack). One the provider refuses is released for the next run; one sent
 * without an answer (or by an instance that stopped mid-send) stays claimed and is logged: it may
 * have been made, so only a person who checked the provider's dashboard may send it again.
 */
export async function sendPendingRefunds(
  context: { db: Database; payments: PaymentProvider; log: Logger },
  options: { refundId?: string; limit?: number } = {},
): Promise<number> {
  const { db } = context;
  const claimable = and(
    eq(refunds.status, "pending"),
    isNull(refunds.providerRefundId),
    isNull(refunds.claimedAt),
  );
  const waiting = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(claimable, options.refundId ? eq(refunds.id, options.refundId) : undefined))
    .orderBy(asc(refunds.createdAt))
    .limit(options.limit ?? 20);
  let sent = 0;
  for (const { id } of waiting) {
    const now = new Date();
    const [claimed] = await db
      .update(refunds)
      .set({ claimedAt: now, updatedAt: now })
      .where(and(eq(refunds.id, id), claimable))
      .returning({
        amountKobo: refunds.amountKobo,
        reason: refunds.reason,
        paymentId: refunds.paymentId,
      });
    if (!claimed) continue; // another instance took it
    const [payment] = await db
      .select({ reference: payments.reference, amountKobo: payments.amountKobo })
      .from(payments)
      .where(eq(payments.id, claimed.paymentId));
    if (!payment) throw new Error(`refund ${id} has no payment`);
    try {
      const result = await context.payments.refund({
        reference: payment.reference,
        // A whole payment is refunded without an amount, as Paystack prefers.
        amountKobo: claimed.amountKobo === payment.amountKobo ? undefined : claimed.amountKobo,
        reason: claimed.reason,
      });
      const processed = result.status === "processed";
      await db
        .update(refunds)
        .set({
          providerRefundId: result.providerId,
          status: processed ? "processed" : "pending",
          processedAt: processed ? new Date() : null,
          updatedAt: new Date(),
        })
        .where(eq(refunds.id, id));
      sent += 1;
    } catch (error) {
      if (error instanceof PaymentProviderError && error.code === "no_answer") {
        context.log.error(
          { err: error, refundId: id, reference: payment.reference },
          "a refund got no answer and may have been made: check the provider before sending it again",
        );
        continue;
      }
      await db
        .update(refunds)
        .set({ claimedAt: null, updatedAt: new Date() })
        .where(eq(refunds.id, id));
      if (!(error instanceof PaymentProviderError)) throw error;
      context.log.warn({ err: error, refundId: id }, "the provider refused a refund for now");
    }
  }
  return sent;
}

/** The provider says a refund reached the shopper (`refund.processed`). */
export async function markRefundProcessed(
  db: Database,
  event: { reference: string; providerRefundId: string | null },
) {
  const now = new Date();
  const [payment] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.reference, event.reference));
  if (!payment) return false;
  const updated = await db
    .update(refunds)
    .set({ status: "processed", processedAt: now, updatedAt: now })
    .where(
      and(
        eq(refunds.paymentId, payment.id),
        eq(refunds.status, "pending"),
        event.providerRefundId ? eq(refunds.providerRefundId, event.providerRefundId) : undefined,
      ),
    )
    .returning({ id: refunds.id });
  return updated.length > 0;
}
