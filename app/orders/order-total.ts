/**
 * What a shopper paid for one order: its items and its delivery fee, as quoted when it was placed
 * (decision 021). Refunds, receipts, lists and the console's figures all read it from here.
 */
export function orderTotalKobo(order: { subtotalKobo: number; deliveryFeeKobo: number }): number {
  return order.subtotalKobo + order.deliveryFeeKobo;
}
