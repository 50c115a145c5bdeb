import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import { mediaUrl, productCardImageJoin } from "#app/catalog/catalog.server.ts";
import type { Database, Executor } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { businesses, images, productImages, products } from "#app/db/schema.server.ts";
import { formatNaira, kobo, koboToNaira } from "#app/money.ts";
import { returnRefundedPoints } from "#app/points/checkout-points.server.ts";
import { reverseRefundedPoints } from "#app/points/order-points.server.ts";
import { reverseReferralOfRefundedCheckout } from "#app/referrals/referrals.server.ts";
import { refundOrderVouchers, voucherRefundRefusal } from "#app/vouchers/voucher-refunds.server.ts";
import { releaseHold, returnStock } from "./checkout.server.ts";
import { closeUnpaidOrders } from "./confirm.server.ts";
import { refundedKobo } from "./order-refunds.server.ts";
import { orderPaidKobo, orderTotalKobo } from "./order-total.ts";
import { checkouts, orderLines, orders, payments, refunds } from "./schema.server.ts";

/**
 * An order's life after checkout: `pending_payment → paid → fulfilled`, `pending_payment →
 * cancelled`, `paid | fulfilled → refunded` (in one go, or once its refunds in parts add up).
 * Each change is one transaction on a locked row, so two clicks never do it twice; a change from
 * the wrong state is refused.
 */
export type OrderChange =
  | { ok: true }
  | { ok: false; status: 404 }
  | { ok: false; status: 409; message: string };

/**
 * Locks the shopper's checkout whose orders still wait for payment; what to answer when it isn't
 * theirs (404) or nothing in it waits any more (409), else null.
 */
async function lockUnpaidCheckout(
  tx: Executor,
  shopperId: string,
  checkoutId: string,
): Promise<OrderChange | null> {
  const [checkout] = await tx
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.shopperId, shopperId)))
    .for("update");
  if (!checkout) return { ok: false, status: 404 };
  const waiting = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.checkoutId, checkoutId), eq(orders.status, "pending_payment")));
  if (waiting.length === 0) {
    return { ok: false, status: 409, message: "These orders don't wait for payment any more." };
  }
  return null;
}

/** The shopper gives up on a checkout that isn't paid: its orders are cancelled. */
export async function cancelUnpaidCheckout(
  db: Database,
  shopperId: string,
  checkoutId: string,
  now = new Date(),
): Promise<OrderChange> {
  return db.transaction(async (tx) => {
    const refused = await lockUnpaidCheckout(tx, shopperId, checkoutId);
    if (refused) return refused;
    await closeUnpaidOrders(tx, checkoutId, now, { reason: "You cancelled before paying." });
    await releaseHold(tx, checkoutId, now);
    return { ok: true };
  });
}

/** A product going back into the cart: the cart's own fields, as a product card adds them. */
export type RestoredCartLine = {
  id: string;
  quantity: number;
  size: string | null;
  /** Today's price in naira: checkout charges today's price anyway. */
  amount: number;
  businessId: string;
  name: string;
  sizes: string[];
  image: string | null;
  businessName: string;
  businessSlug: string;
  productSlug: string;
};

export const startedAgainReason = "Not paid in time; you started again from your cart.";

/**
 * "Start again from my cart" (decision 020): the checkout's unpaid orders are closed, what it
 * still held goes back on the shelf, and its lines come back for the browser to put in the cart,
 * at today's price. Products no longer sold are left out (the order page still lists them).
 */
export async function startAgainFromCart(
  db: Database,
  shopperId: string,
  checkoutId: string,
  now = new Date(),
): Promise<OrderChange & { lines?: RestoredCartLine[] }> {
  return db.transaction(async (tx) => {
    const refused = await lockUnpaidCheckout(tx, shopperId, checkoutId);
    if (refused) return refused;
    const bought = await tx
      .select({
        productId: orderLines.productId,
        quantity: orderLines.quantity,
        size: orderLines.size,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orders.checkoutId, checkoutId))
      .orderBy(asc(orders.position), asc(orderLines.position));
    await closeUnpaidOrders(tx, checkoutId, now, { reason: startedAgainReason });
    await releaseHold(tx, checkoutId, now);
    await tx
      .update(checkouts)
      .set({ basketKey: null, updatedAt: now })
      .where(eq(checkouts.id, checkoutId));
    const ids = bought.flatMap((line) => (line.productId ? [line.productId] : []));
    const current =
      ids.length === 0
        ? []
        : await tx
            .select({
              id: products.id,
              name: products.name,
              slug: products.slug,
              priceKobo: products.priceKobo,
              sizes: products.sizes,
              imagePath: images.path,
              businessId: businesses.id,
              businessName: businesses.name,
              businessSlug: businesses.slug,
            })
            .from(products)
            .innerJoin(businesses, eq(businesses.id, products.businessId))
            .leftJoin(productImages, productCardImageJoin)
            .leftJoin(images, eq(images.id, productImages.imageId))
            .where(
              and(
                inArray(products.id, ids),
                eq(products.status, "active"),
                eq(businesses.status, "active"),
              ),
            );
    const byId = new Map(current.map((row) => [row.id, row]));
    const lines = bought.flatMap((line): RestoredCartLine[] => {
      const product = line.productId ? byId.get(line.productId) : undefined;
      if (!product) return [];
      return [
        {
          id: product.id,
          quantity: line.quantity,
          size: line.size,
          amount: koboToNaira(kobo(product.priceKobo)),
          businessId: product.businessId,
          name: product.name,
          sizes: product.sizes,
          image: product.imagePath ? mediaUrl(product.imagePath) : null,
          businessName: product.businessName,
          businessSlug: product.businessSlug,
          productSlug: product.slug,
        },
      ];
    });
    return { ok: true, lines };
  });
}

/**
 * The business has handed the order over (paid → fulfilled). Takes a transaction too, so the
 * console records it with its audit entry and the shopper's email (issue 7).
 */
export async function markFulfilled(
  db: Executor,
  orderId: string,
  now = new Date(),
): Promise<OrderChange> {
  const updated = await db
    .update(orders)
    .set({ status: "fulfilled", fulfilledAt: now, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, "paid"), eq(orders.kind, "goods")))
    .returning({ id: orders.id });
  if (updated.length > 0) return { ok: true };
  const [order] = await db.select({ kind: orders.kind }).from(orders).where(eq(orders.id, orderId));
  if (!order) return { ok: false, status: 404 };
  return {
    ok: false,
    status: 409,
    message:
      order.kind === "vouchers"
        ? "A vouchers order has nothing to hand over: its codes are redeemed when the customer visits."
        : "Only a paid order can be marked fulfilled.",
  };
}

/**
 * A refund made (its id and amount, whether it closed the order, what is left of it) or refused:
 * not found (404), the order's state (409), or an amount it can't take (400, field `amount`).
 */
export type RefundChange =
  | { ok: true; refundId: string; amountKobo: number; closed: boolean; leftKobo: number }
  | { ok: false; status: 404 }
  | { ok: false; status: 409; message: string }
  | { ok: false; status: 400; message: string; field: "amount" };

const refundable = new Set<(typeof orders.$inferSelect)["status"]>([
  "paid",
  "fulfilled",
  "refunded",
]);

/**
 * Refunds a paid or fulfilled order, in full or in part (decision 027), with a reason the shopper
 * reads; `amountKobo` left out refunds everything still left (the order total with delivery,
 * less refunds made that didn't fail). Refunding what is left closes the order (`refunded`);
 * if it was never handed over, its stock goes back on the shelf. A partial refund leaves the
 * order as it was, stock included: the business still hands over what was bought. A refund is
 * queued for the provider (sendPendingRefunds sends it; the caller may send it at once). The
 * order row is locked first, so two refunds at once can never give back more than was paid.
 */
export async function refundOrder(
  db: Executor,
  orderId: string,
  reason: string,
  options: { amountKobo?: number; now?: Date } = {},
): Promise<RefundChange> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return { ok: false, status: 404 };
    if (!refundable.has(order.status)) {
      return { ok: false, status: 409, message: "Only a paid or fulfilled order can be refunded." };
    }
    // A refunded order may only take a refund again when one of its refunds failed.
    // Money goes back as money, at most what was paid in it; points come back as points.
    const paidKobo = orderPaidKobo(order);
    const leftKobo = paidKobo - (await refundedKobo(tx, order.id));
    if (leftKobo <= 0) {
      return { ok: false, status: 409, message: "Everything paid for this order was refunded." };
    }
    const amountKobo = options.amountKobo ?? leftKobo;
    if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0) {
      return { ok: false, status: 400, field: "amount", message: "Enter an amount above ₦0." };
    }
    if (amountKobo > leftKobo) {
      return {
        ok: false,
        status: 400,
        field: "amount",
        message: `You can refund at most ${formatNaira(kobo(leftKobo))}, what is left of this order.`,
      };
    }
    if (order.kind === "vouchers") {
      const refusal = await voucherRefundRefusal(tx, order.id, amountKobo === leftKobo);
      if (refusal) return { ok: false, status: 409, message: refusal };
    }
    const [payment] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.checkoutId, order.checkoutId), eq(payments.status, "success")));
    if (!payment) throw new Error(`paid order ${order.id} has no successful payment`);
    const closes = amountKobo === leftKobo && order.status !== "refunded";
    if (closes && order.kind === "vouchers") await refundOrderVouchers(tx, order.id, now);
    if (closes) {
      await tx
        .update(orders)
        .set({ status: "refunded", refundedAt: now, closingReason: reason, updatedAt: now })
        .where(eq(orders.id, order.id));
      // Goods handed over are not the shop's to sell again; goods never handed over are.
      if (order.status === "paid") {
        const lines = await tx
          .select({
            productId: orderLines.productId,
            voucherOfferId: orderLines.voucherOfferId,
            quantity: orderLines.quantity,
          })
          .from(orderLines)
          .where(eq(orderLines.orderId, order.id));
        await returnStock(tx, lines);
      }
    }
    const refundId = newId("rfd");
    await tx.insert(refunds).values({
      id: refundId,
      paymentId: payment.id,
      orderId: order.id,
      amountKobo,
      reason,
      createdAt: now,
      updatedAt: now,
    });
    const refundedBefore = paidKobo - leftKobo;
    await reverseRefundedPoints(
      tx,
      { id: order.id, number: order.number, totalKobo: orderTotalKobo(order), paidKobo },
      { id: refundId, refundedKobo: refundedBefore + amountKobo },
      now,
    );
    await returnRefundedPoints(
      tx,
      { number: order.number, shopperId: order.shopperId, pointsUsed: order.pointsUsed, paidKobo },
      { id: refundId, refundedBefore, refundedAfter: refundedBefore + amountKobo },
      now,
    );
    if (closes) await reverseReferralOfRefundedCheckout(tx, order.checkoutId, now);
    return { ok: true, refundId, amountKobo, closed: closes, leftKobo: leftKobo - amountKobo };
  });
}

/** How long unpaid orders are kept before they are cancelled. */
export const unpaidOrderLifetimeMs = 24 * 60 * 60_000;

/** Cancels orders left unpaid for a day whose stock is no longer held. */
export async function cancelAbandonedCheckouts(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - unpaidOrderLifetimeMs);
  const cancelled = await db
    .update(orders)
    .set({
      status: "cancelled",
      cancelledAt: now,
      closingReason: "Not paid within a day.",
      updatedAt: now,
    })
    .where(
      and(
        eq(orders.status, "pending_payment"),
        lt(orders.createdAt, cutoff),
        sql`exists (select 1 from ${checkouts} where ${checkouts.id} = ${orders.checkoutId} and ${checkouts.stockHold} = 'released')`,
      ),
    )
    .returning({ id: orders.id });
  return cancelled.length;
}
