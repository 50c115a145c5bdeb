import { koboPerPointSpent } from "#app/points/checkout-points.ts";

/**
 * What one order cost: its items and its delivery fee, as quoted when it was placed (decision
 * 021). Lists and the console's figures read it from here: it is what the business is owed for.
 */
export function orderTotalKobo(order: { subtotalKobo: number; deliveryFeeKobo: number }): number {
  return order.subtotalKobo + order.deliveryFeeKobo;
}

/**
 * What the shopper paid for it in money: its cost less the points that paid for part of it
 * (decision 057). Refunds return at most this; the points come back as points.
 */
export function orderPaidKobo(order: {
  subtotalKobo: number;
  deliveryFeeKobo: number;
  pointsUsed: number;
}): number {
  return orderTotalKobo(order) - order.pointsUsed * koboPerPointSpent;
}
