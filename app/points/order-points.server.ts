import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Executor } from "#app/db/database.server.ts";
import { businesses } from "#app/db/schema.server.ts";
import { orderLines, orders } from "#app/orders/schema.server.ts";
import { recordPoints, reversePoints } from "./ledger.server.ts";
import { pointsForKobo } from "./tiers.ts";

/**
 * Points from paid orders (issue 20, decision 046): each order line earns 1 point per whole
 * ₦100 it cost, pending from the moment the payment is confirmed and approved 7 days later
 * (the ledger's approval job). Delivery fees earn nothing: points reward what was bought from
 * the business, not the ride. A refund takes back, line by line, the points the refunded part
 * earned.
 */
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
    const points = pointsForKobo(line.unitPriceKobo * line.quantity);
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
 * is named after the refund, so the refund told twice takes once.
 */
export async function reverseRefundedPoints(
  tx: Executor,
  order: { id: string; number: string; totalKobo: number },
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
  const keptKobo = BigInt(Math.max(order.totalKobo - refund.refundedKobo, 0));
  const totalKobo = BigInt(Math.max(order.totalKobo, 1));
  for (const line of lines) {
    const lineKobo = line.unitPriceKobo * line.quantity;
    // Exact in integers: a line's kobo times an order's kobo can pass 2⁵³.
    const keptPoints = pointsForKobo(Number((BigInt(lineKobo) * keptKobo) / totalKobo));
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
