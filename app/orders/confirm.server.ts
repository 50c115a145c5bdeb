import { and, asc, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database, Executor } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { businesses, businessMembers, users } from "#app/db/schema.server.ts";
import { queueEmail } from "#app/email/outbox.server.ts";
import { renderEmail } from "#app/email/render.ts";
import { confirmBillPayment } from "#app/invoices/bill-payments.server.ts";
import { paymentConfirmations } from "#app/metrics/metrics.server.ts";
import { formatNaira, kobo } from "#app/money.ts";
import {
  type PaymentProvider,
  PaymentProviderError,
  type TransactionStatus,
} from "#app/payments/provider.server.ts";
import { takeCheckoutPoints } from "#app/points/checkout-points.server.ts";
import { koboPerPointSpent } from "#app/points/checkout-points.ts";
import { creditPaidOrders } from "#app/points/order-points.server.ts";
import { pointsText } from "#app/points/points-text.ts";
import { decideReferral } from "#app/referrals/referrals.server.ts";
import { sellFlashHolds } from "#app/sales/flash.server.ts";
import { issueVouchers, queueVoucherReceipt } from "#app/vouchers/issue.server.ts";
import { heldLinesOf, releaseHold, retakeStock } from "./checkout.server.ts";
import { orderTotalKobo } from "./order-total.ts";
import { queuePaymentReturned } from "./payment-returned-email.server.ts";
import { checkouts, orders, payments, refunds } from "./schema.server.ts";

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
  /** What was charged. */
  amountKobo: number;
  /**
   * What the merchant asked for (Paystack's `requested_amount`). When the fees are passed on to
   * the shopper the charge is more than this; null when the provider didn't say.
   */
  requestedAmountKobo?: number | null;
  currency: string;
  paidAt: Date | null;
  channel: string | null;
  providerId: string | null;
  gatewayResponse: string;
}

/**
 * What a payment pays for: a checkout, or a bill (an invoice or one payment through a pay link,
 * decision 060) named by the payment's reference.
 */
export type PaidThing = { checkoutId: string } | { billReference: string };

export type Confirmation =
  | { kind: "unknown" }
  /** Paid now, or already paid by this payment before. */
  | ({ kind: "paid" } & PaidThing)
  /** The provider doesn't (yet) report success. */
  | ({ kind: "not_paid"; status: TransactionStatus } & PaidThing)
  | ({ kind: "mismatch" } & PaidThing)
  /** The checkout (or bill) had been paid or closed already: this payment is refunded. */
  | ({ kind: "refunded" } & PaidThing);

/** The checkout a confirmation is about, or null for a bill's. */
export function confirmedCheckout(confirmation: Confirmation): string | null {
  return "checkoutId" in confirmation ? confirmation.checkoutId : null;
}

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
  // A receipt or a "payment returned" notice waits for the email sender.
  let receiptQueued = false;
  const confirmation = await context.db.transaction(async (tx): Promise<Confirmation> => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.reference, outcome.reference))
      .for("update");
    if (!payment) return { kind: "unknown" };
    const paidThing = paidThingOf(payment);
    if (finalStatuses.has(payment.status)) return settled(payment.status, paidThing);

    if (outcome.status !== "success") {
      // Not final with Paystack ("abandoned" is how a started payment looks until it is paid,
      // and a failed card can be followed by a good one), so it is only noted.
      await tx
        .update(payments)
        .set({ detail: outcome.gatewayResponse || outcome.status, updatedAt: now })
        .where(eq(payments.id, payment.id));
      return { kind: "not_paid", ...paidThing, status: outcome.status };
    }

    if (!paysWhatWasAsked(outcome, payment)) {
      const requested =
        outcome.requestedAmountKobo == null ? "" : ` (requested ${outcome.requestedAmountKobo})`;
      const detail = `Asked ${payment.amountKobo} kobo ${payment.currency}; the provider reported ${outcome.amountKobo}${requested} ${outcome.currency}.`;
      // The shopper was charged something: it goes back whole, and a person is alerted by the
      // error log. Never honoured, even if a later report is right (decision 014).
      const charged = outcome.amountKobo > 0;
      context.log.error(
        { reference: payment.reference, ...paidThing, detail, refunding: charged },
        "payment amount or currency mismatch: not honoured",
      );
      await tx
        .update(payments)
        .set({ status: "mismatch", detail, updatedAt: now })
        .where(eq(payments.id, payment.id));
      if (charged) {
        await tx
          .insert(refunds)
          .values({
            id: newId("rfd"),
            paymentId: payment.id,
            amountKobo: outcome.amountKobo,
            reason: "This payment didn't match your order, so it is returned to you in full.",
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing();
      }
      return { kind: "mismatch", ...paidThing };
    }

    const paid = {
      paidAt: outcome.paidAt ?? now,
      providerTransactionId: outcome.providerId,
      channel: outcome.channel,
      detail: outcome.gatewayResponse,
      updatedAt: now,
    };
    const { checkoutId } = payment;
    if (checkoutId === null) {
      const kind = await confirmBillPayment(tx, context.publicUrl, payment, paid, outcome, now);
      receiptQueued = true;
      return kind === "paid"
        ? { kind: "paid", billReference: payment.reference }
        : { kind: "refunded", billReference: payment.reference };
    }
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
        // All that was charged goes back, fees passed on to the shopper included.
        amountKobo: outcome.amountKobo,
        reason: "These orders were already paid or closed; this second payment is returned.",
        createdAt: now,
        updatedAt: now,
      });
      context.log.warn(
        { reference: payment.reference, checkoutId },
        "duplicate payment: refunding",
      );
      const [paidOrder] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.checkoutId, checkoutId), isNotNull(orders.paidAt)))
        .limit(1);
      await queuePaymentReturned(tx, context.publicUrl, {
        to: checkout.email,
        checkoutId,
        amountKobo: payment.amountKobo,
        cause: paidOrder ? "already_paid" : "closed",
      });
      receiptQueued = true;
      return { kind: "refunded", checkoutId };
    }

    await tx
      .update(payments)
      .set({ ...paid, status: "success" })
      .where(eq(payments.id, payment.id));

    // Paid after the hold ran out and the stock went back on the shelf: take it again if it's
    // still there. A flash sale hold is decided by the clock, not by the reconciliation job:
    // its units are secured (still held, or still free) in any case. If either can't be, the
    // orders are cancelled and the money returned.
    const secured = await unitsSecured(tx, checkout, now);
    if (secured !== "secured") {
      await releaseHold(tx, checkoutId, now);
      await closeUnpaidOrders(tx, checkoutId, now, {
        reason:
          secured === "points-gone"
            ? "Your points were spent before your payment arrived; your money is returned."
            : "Some products sold out before your payment arrived; your money is returned.",
      });
      await tx.insert(refunds).values({
        id: newId("rfd"),
        paymentId: payment.id,
        amountKobo: outcome.amountKobo,
        reason: "Sold out before the payment arrived.",
        createdAt: now,
        updatedAt: now,
      });
      await tx
        .update(checkouts)
        .set({ basketKey: null, updatedAt: now })
        .where(eq(checkouts.id, checkoutId));
      await queuePaymentReturned(tx, context.publicUrl, {
        to: checkout.email,
        checkoutId,
        amountKobo: payment.amountKobo,
        cause: "sold_out",
      });
      receiptQueued = true;
      return { kind: "refunded", checkoutId };
    }
    await tx
      .update(checkouts)
      .set({ stockHold: "sold", basketKey: null, updatedAt: now })
      .where(eq(checkouts.id, checkoutId));
    await tx
      .update(orders)
      .set({ status: "paid", paidAt: paid.paidAt, updatedAt: now })
      .where(and(eq(orders.checkoutId, checkoutId), eq(orders.status, "pending_payment")));
    await creditPaidOrders(tx, checkoutId, now);
    if (checkout.shopperId) await decideReferral(tx, checkout.shopperId, checkoutId, now);
    if (checkout.kind === "vouchers") {
      // The codes exist from the moment the payment does: the receipt carries them.
      await issueVouchers(tx, checkoutId, paid.paidAt, now);
      await queueVoucherReceipt(
        tx,
        context.publicUrl,
        checkout.email,
        checkoutId,
        payment.amountKobo,
      );
    } else {
      await queueReceipt(tx, context.publicUrl, checkout.email, checkoutId, payment.amountKobo);
    }
    await queueNewOrderAlerts(tx, context.publicUrl, checkoutId);
    receiptQueued = true;
    return { kind: "paid", checkoutId };
  });
  // Only once the transaction committed is the receipt there to send.
  if (receiptQueued) context.emailQueued?.();
  paymentConfirmations.inc({ outcome: outcomeLabel(confirmation, receiptQueued) });
  return confirmation;
}

/** The metrics' name of a confirmation: a payment newly paid, or told again, or failed. */
function outcomeLabel(confirmation: Confirmation, paidNow: boolean): string {
  if (confirmation.kind === "paid") return paidNow ? "paid" : "already_paid";
  if (confirmation.kind === "not_paid")
    return confirmation.status === "failed" ? "failed" : "not_paid";
  return confirmation.kind;
}

/**
 * Whether a successful charge pays what was asked. With the fees passed on to the shopper,
 * Paystack charges more than was asked and reports what was asked as `requested_amount`
 * (https://paystack.com/docs/api/transaction/#verify): that is what must equal the payment's
 * amount, and the charge may not be less. Without `requested_amount` the charge itself must be
 * exactly the amount asked.
 */
function paysWhatWasAsked(
  outcome: ProviderOutcome,
  payment: { amountKobo: number; currency: string },
): boolean {
  if (outcome.currency !== payment.currency) return false;
  const requested = outcome.requestedAmountKobo ?? outcome.amountKobo;
  return requested === payment.amountKobo && outcome.amountKobo >= payment.amountKobo;
}

function paidThingOf(payment: { checkoutId: string | null; reference: string }): PaidThing {
  return payment.checkoutId === null
    ? { billReference: payment.reference }
    : { checkoutId: payment.checkoutId };
}

function settled(status: string, paidThing: PaidThing): Confirmation {
  if (status === "success") return { kind: "paid", ...paidThing };
  if (status === "mismatch") return { kind: "mismatch", ...paidThing };
  return { kind: "refunded", ...paidThing };
}

class UnitsGone extends Error {
  readonly why: "sold-out" | "points-gone";
  constructor(why: "sold-out" | "points-gone") {
    super(why);
    this.why = why;
  }
}

/**
 * Whether everything a payment is for is still the shopper's: stock released after its hold ran
 * out is taken again with the points it gave back (decision 057), and flash sale holds become
 * sold. All or nothing: when one can't be, what the others took is undone (a savepoint) and the
 * caller refunds.
 */
async function unitsSecured(
  tx: Executor,
  checkout: typeof checkouts.$inferSelect,
  now: Date,
): Promise<"secured" | UnitsGone["why"]> {
  try {
    await tx.transaction(async (savepoint) => {
      if (checkout.stockHold === "released") {
        if (!(await retakeStock(savepoint, await heldLinesOf(savepoint, checkout.id), now))) {
          throw new UnitsGone("sold-out");
        }
        if (!(await takeCheckoutPoints(savepoint, checkout, now, { again: true }))) {
          throw new UnitsGone("points-gone");
        }
      }
      if (!(await sellFlashHolds(savepoint, checkout.id, now))) throw new UnitsGone("sold-out");
    });
    return "secured";
  } catch (error) {
    if (error instanceof UnitsGone) return error.why;
    throw error;
  }
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
  fulfilment: "delivery" | "pickup" | null;
  deliveryFeeKobo: number;
  deliveryEstimate: string | null;
}): string {
  if (row.fulfilment !== "delivery") return "pickup";
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
      pointsUsed: orders.pointsUsed,
    })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(eq(orders.checkoutId, checkoutId))
    .orderBy(asc(orders.position));
  const count = rows.length;
  const points = rows.reduce((sum, row) => sum + row.pointsUsed, 0);
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
      ...(points > 0
        ? [
            `${pointsText(points)} paid ${formatNaira(kobo(points * koboPerPointSpent))} of it, so the orders came to ${formatNaira(kobo(totalKobo + points * koboPerPointSpent))}.`,
          ]
        : []),
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
 * Tells each business of the checkout about its new paid order: an email to every owner and
 * manager (staff see it in the console), in the same transaction as the payment, so a rolled-back
 * confirmation tells nobody and a paid order always tells them.
 */
async function queueNewOrderAlerts(tx: Executor, publicUrl: string, checkoutId: string) {
  const paid = await tx
    .select({
      number: orders.number,
      subtotalKobo: orders.subtotalKobo,
      fulfilment: orders.fulfilment,
      businessId: orders.businessId,
      businessSlug: businesses.slug,
      businessName: businesses.name,
    })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(and(eq(orders.checkoutId, checkoutId), eq(orders.status, "paid")))
    .orderBy(asc(orders.position));
  if (paid.length === 0) return;
  const members = await tx
    .select({ businessId: businessMembers.businessId, email: users.email })
    .from(businessMembers)
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .where(
      and(
        inArray(
          businessMembers.businessId,
          paid.map((order) => order.businessId),
        ),
        inArray(businessMembers.role, ["owner", "manager"]),
      ),
    )
    .orderBy(asc(users.email));
  for (const order of paid) {
    const amount = formatNaira(kobo(order.subtotalKobo));
    const url = new URL(
      `/vendor/${order.businessSlug}/orders/${order.number}`,
      publicUrl,
    ).toString();
    const content = renderEmail({
      preview:
        order.fulfilment === null
          ? `${amount} paid for vouchers. Staff redeem their codes when the customer visits.`
          : `${amount} paid. Hand it over once it is ready.`,
      heading: `New paid order ${order.number}`,
      paragraphs:
        order.fulfilment === null
          ? [
              `A shopper paid ${amount} for vouchers of ${order.businessName} (order ${order.number}).`,
              "Their codes are issued: staff redeem them in the console when the customer visits.",
            ]
          : [
              `A shopper paid ${amount} for order ${order.number} at ${order.businessName}, for ${order.fulfilment === "delivery" ? "delivery" : "pickup"}.`,
              "Open the order for its items, the shopper's contact and any note, and mark it fulfilled once it is handed over.",
            ],
      action: { label: "Open the order", url },
      footer: `You get this email as an owner or manager of ${order.businessName} on Oja.`,
    });
    for (const member of members.filter((row) => row.businessId === order.businessId)) {
      await queueEmail(tx, {
        to: member.email,
        subject: `New paid order ${order.number}: ${amount}`,
        kind: "business-new-order",
        ...content,
      });
    }
  }
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
    requestedAmountKobo: verified.requestedAmountKobo,
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
        orderId: refunds.orderId,
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
        // A whole payment (not an order's share) is refunded without an amount, as Paystack
        // prefers: all that was charged goes back, fees passed on to the shopper included.
        amountKobo:
          claimed.orderId === null || claimed.amountKobo === payment.amountKobo
            ? undefined
            : claimed.amountKobo,
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

/** Paystack's refund statuses as Oja stores them; `processing` is still pending for us. */
function refundState(status: string): "pending" | "processed" | "failed" | "needs_attention" {
  if (status === "processed") return "processed";
  if (status === "failed") return "failed";
  if (status === "needs-attention") return "needs_attention";
  return "pending";
}

const unsettledRefund = inArray(refunds.status, ["pending", "needs_attention"]);

/**
 * A refund event (`refund.pending`, `.processing`, `.processed`, `.failed`, `.needs-attention`).
 * Paystack's refund events carry no refund id (https://paystack.com/docs/payments/refunds/), only
 * the transaction's reference, the amount and, once the processor has one, `refund_reference`.
 * So the event is matched to one refund already sent to Paystack for that payment: the one that
 * carries this `refund_reference`, else the oldest unsettled one of exactly this amount that has
 * no processor reference yet. A refund still waiting to be sent is never matched (it hasn't
 * reached Paystack), so one refund's event can't settle another. Two unsettled refunds of the
 * same payment and amount are interchangeable: each event settles one of them. Returns what
 * happened, for the log; failures and needs-attention are logged as errors for a person.
 */
export async function applyRefundEvent(
  context: { db: Database; log: Logger },
  event: {
    reference: string;
    status: string;
    amountKobo: number | undefined;
    refundReference: string | undefined;
  },
  now = new Date(),
): Promise<"unknown" | "unmatched" | "updated"> {
  return context.db.transaction(async (tx) => {
    const [payment] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.reference, event.reference))
      .for("update");
    if (!payment) return "unknown";
    const sent = and(eq(refunds.paymentId, payment.id), isNotNull(refunds.providerRefundId));
    const [byReference] = event.refundReference
      ? await tx
          .select({ id: refunds.id, status: refunds.status })
          .from(refunds)
          .where(and(sent, eq(refunds.providerReference, event.refundReference)))
      : [];
    const [byAmount] =
      byReference || event.amountKobo === undefined
        ? []
        : await tx
            .select({ id: refunds.id, status: refunds.status })
            .from(refunds)
            .where(
              and(
                sent,
                unsettledRefund,
                isNull(refunds.providerReference),
                eq(refunds.amountKobo, event.amountKobo),
              ),
            )
            .orderBy(asc(refunds.createdAt), asc(refunds.id))
            .limit(1);
    const refund = byReference ?? byAmount;
    if (!refund) {
      context.log.warn(
        { reference: event.reference, status: event.status, amountKobo: event.amountKobo },
        "a refund event matches no refund Oja sent",
      );
      return "unmatched";
    }
    // A settled refund stays settled: a late `pending` after `processed` changes nothing.
    const state = refundState(event.status);
    const next = refund.status === "processed" ? "processed" : state;
    await tx
      .update(refunds)
      .set({
        status: next,
        providerReference: event.refundReference ?? sql`${refunds.providerReference}`,
        processedAt: next === "processed" ? sql`coalesce(${refunds.processedAt}, ${now})` : null,
        updatedAt: now,
      })
      .where(eq(refunds.id, refund.id));
    if (next === "failed" || next === "needs_attention") {
      context.log.error(
        { refundId: refund.id, reference: event.reference, status: event.status },
        "a refund did not reach the shopper: check it on Paystack's dashboard",
      );
    }
    return "updated";
  });
}

/**
 * Asks the provider where the refunds it accepted are now (`GET /refund/:id`), in case an event
 * was lost: the least recently checked first, `limit` at a time, each at most once per `everyMs`.
 */
export async function pollRefunds(
  context: { db: Database; payments: PaymentProvider; log: Logger },
  options: { now?: Date; limit?: number; everyMs?: number } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const everyMs = options.everyMs ?? 10 * 60_000;
  const due = await context.db
    .select({ id: refunds.id, providerRefundId: refunds.providerRefundId, status: refunds.status })
    .from(refunds)
    .where(
      and(
        unsettledRefund,
        isNotNull(refunds.providerRefundId),
        sql`(${refunds.checkedAt} is null or ${refunds.checkedAt} < ${new Date(now.getTime() - everyMs)})`,
      ),
    )
    .orderBy(sql`${refunds.checkedAt} asc nulls first`, asc(refunds.createdAt))
    .limit(options.limit ?? 20);
  let settled = 0;
  for (const row of due) {
    if (!row.providerRefundId) continue;
    try {
      const found = await context.payments.fetchRefund(row.providerRefundId);
      const state = refundState(found.status);
      await context.db
        .update(refunds)
        .set({
          status: state,
          checkedAt: now,
          processedAt: state === "processed" ? now : null,
          updatedAt: now,
        })
        .where(and(eq(refunds.id, row.id), unsettledRefund));
      if (state === "processed") settled += 1;
      if ((state === "failed" || state === "needs_attention") && row.status !== state) {
        context.log.error(
          { refundId: row.id, status: found.status },
          "a refund did not reach the shopper: check it on Paystack's dashboard",
        );
      }
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      await context.db.update(refunds).set({ checkedAt: now }).where(eq(refunds.id, row.id));
      context.log.warn({ err: error, refundId: row.id }, "could not check a refund; next run");
    }
  }
  return settled;
}

/**
 * A dispute event (`charge.dispute.create`, `.remind`, `.resolve`): the shopper asked their bank
 * for the money back. Every order the disputed payment paid is flagged with the dispute's status,
 * due date and, once resolved, its resolution, so the shopper's and the business's order pages
 * show it; the error log alerts a person, who answers it on Paystack's dashboard. The transaction
 * is `data.transaction` (https://paystack.com/docs/payments/webhooks/#types-of-events).
 */
export async function recordDispute(
  context: { db: Database; log: Logger },
  event: {
    event: string;
    reference: string;
    status: string | undefined;
    resolution: string | null;
    dueAt: Date | null;
  },
  now = new Date(),
): Promise<number> {
  const [payment] = await context.db
    .select({ checkoutId: payments.checkoutId, status: payments.status })
    .from(payments)
    .where(eq(payments.reference, event.reference));
  if (!payment) return 0;
  if (payment.checkoutId === null) {
    // An invoice's or a pay link's payment: no order to flag; a person answers it.
    context.log.error(
      { reference: event.reference, event: event.event, status: event.status },
      "a payment of an invoice or pay link is disputed: answer it on Paystack's dashboard",
    );
    return 0;
  }
  const flagged = await context.db
    .update(orders)
    .set({
      disputedAt: sql`coalesce(${orders.disputedAt}, ${now})`,
      disputeStatus:
        event.status ?? (event.event === "charge.dispute.resolve" ? "resolved" : "open"),
      disputeResolution: event.resolution,
      disputeDueAt: event.dueAt,
      updatedAt: now,
    })
    .where(
      and(
        eq(orders.checkoutId, payment.checkoutId),
        // Only what this payment paid: a duplicate payment's dispute is about money refunded.
        payment.status === "success" ? isNotNull(orders.paidAt) : sql`false`,
        ne(orders.status, "pending_payment"),
      ),
    )
    .returning({ number: orders.number });
  context.log.error(
    {
      event: event.event,
      reference: event.reference,
      status: event.status,
      resolution: event.resolution,
      orders: flagged.map((order) => order.number),
    },
    "a payment is disputed: answer it on Paystack's dashboard",
  );
  return flagged.length;
}
