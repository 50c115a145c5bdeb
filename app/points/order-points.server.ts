import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Executor } from "#app/db/database.server.ts";
import { businesses } from "#app/db/schema.server.ts";
import { orderPaidKobo, orderTotalKobo } from "#app/orders/order-total.ts";
import { orderLines, orders } from "#app/orders/schema.server.ts";
import { recordPoints, reversePoints } from "./ledger.server.ts";
import { pointsForKobo } from "./tiers.ts";

/**
 * Points from paid orders (issue 20, decision 046): each order line earns 1 point per whole
 * ₦100 paid for it, pending from the moment the payment is confirmed and approved 7 days later
 * (the ledger's approval job). Delivery fees earn nothing: points reward what was bought from
 * the business, not the ride. An order paid partly with points (decision 057) earns on its
 * lines' share of the money: points don't earn points. A refund takes back, line by line, the
 * points the refunded part earned.
 */

/** A line's share of an order's money, `paidKobo` of `totalKobo`, exact in integers. */
function paidShare(lineKobo: number, paidKobo: number, totalKobo: number): number {
  if (paidKobo >= totalKobo) return lineKobo;
  // A line's kobo times an order's kobo can pass 2⁵³.
  return Number(
    (BigInt(lineKobo) * BigInt(Math.max(paidKobo, 0))) / BigInt(Math.max(totalKobo, 1)),
  );
}
export const orderLineCause = (orderId: string, position: number) =>
  `order-line:${orderId}:${position}`;

/** Credits the lines of a checkout's orders that have just been paid; a replay credits nothing. */
export async function creditPaidOrders(tx: Executor, checkoutId: string, now: Date) {
  const lines = await tx
    .select({
      orderId: orders.id,
      number: orders.number,
      shopperId: orders.shopperId,
      businessId: orders.businessId,
      business: businesses.name,
      position: orderLines.position,
      unitPriceKobo: orderLines.unitPriceKobo,
      quantity: orderLines.quantity,
      subtotalKobo: orders.subtotalKobo,
      deliveryFeeKobo: orders.deliveryFeeKobo,
      pointsUsed: orders.pointsUsed,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(
      and(
        eq(orders.checkoutId, checkoutId),
        eq(orders.status, "paid"),
        isNotNull(orders.shopperId),
      ),
    )
    .orderBy(asc(orders.id), asc(orderLines.position));
  for (const line of lines) {
    const points = pointsForKobo(
      paidShare(line.unitPriceKobo * line.quantity, orderPaidKobo(line), orderTotalKobo(line)),
    );
    if (points === 0 || !line.shopperId) continue;
    await recordPoints(
      tx,
      {
        userId: line.shopperId,
        kind: "pending",
        pendingDelta: points,
        cause: orderLineCause(line.orderId, line.position),
        businessId: line.businessId,
        note: `Order ${line.number} at ${line.business}`,
      },
      now,
    );
  }
}

/**
 * After a refund of an order (`refundedKobo`: all its refunds so far, this one included), each
 * line keeps the points of its share of what the shopper still paid and gives back the rest:
 * a refund of the whole order takes back every point, half of it half of each line's. The take
 * is named after the refund, so the refund told twice takes once. `paidKobo` is what the order
 * cost in money (`totalKobo` less its points).
 */
export async function reverseRefundedPoints(
  tx: Executor,
  order: { id: string; number: string; totalKobo: number; paidKobo: number },
  refund: { id: string; refundedKobo: number },
  now: Date,
) {
  const lines = await tx
    .select({
      position: orderLines.position,
      unitPriceKobo: orderLines.unitPriceKobo,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  const keptKobo = Math.max(order.paidKobo - refund.refundedKobo, 0);
  for (const line of lines) {
    const lineKobo = line.unitPriceKobo * line.quantity;
    const keptPoints = pointsForKobo(paidShare(lineKobo, keptKobo, order.totalKobo));
    const cause = orderLineCause(order.id, line.position);
    await reversePoints(
      tx,
      cause,
      {
        note: `Refund of order ${order.number}`,
        keep: keptPoints,
        reversalCause: `reverse:${cause}:${refund.id}`,
      },
      now,
    );
  }
}
