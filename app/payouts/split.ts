/**
 * Oja's commission and each business's share of a payment (decision 026), in one place: the
 * checkout records them on each order, and the payment's split is made from what was recorded.
 */

/** What one order contributes to the payment. */
export interface OrderAmounts {
  subtotalKobo: number;
  deliveryFeeKobo: number;
}

export interface OrderShare {
  /** Oja's: the rate applied to the items only, rounded down to a whole kobo. */
  commissionKobo: number;
  /** The business's: items and the whole delivery fee, less the commission. */
  businessShareKobo: number;
}

/**
 * The commission on an order's items at `rateBp` basis points, rounded down (the business never
 * loses a fraction of a kobo to rounding). Delivery is never commissioned: the fee pays the
 * business's own rider or courier.
 */
export function orderShare(order: OrderAmounts, rateBp: number): OrderShare {
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > 10_000) {
    throw new RangeError(`the commission rate must be 0–10000 basis points, got ${rateBp}`);
  }
  for (const value of [order.subtotalKobo, order.deliveryFeeKobo]) {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`amounts must be whole kobo, got ${value}`);
    }
  }
  // BigInt: subtotal × rate may pass 2^53 on a very large order; the quotient never does.
  const commissionKobo = Number((BigInt(order.subtotalKobo) * BigInt(rateBp)) / 10_000n);
  return {
    commissionKobo,
    businessShareKobo: order.subtotalKobo + order.deliveryFeeKobo - commissionKobo,
  };
}

/** Paystack's dynamic multi-split, as `POST /transaction/initialize` takes it. */
export interface PaymentSplit {
  /** Flat: each share is a whole number of kobo; the main account keeps the rest. */
  type: "flat";
  /** Oja's main account bears Paystack's fee, out of its commission. */
  bearer_type: "account";
  subaccounts: Array<{ subaccount: string; share: number }>;
}

/**
 * The split of one payment from its orders as recorded: one entry per order whose business has
 * a subaccount, its share = subtotal + delivery fee − commission. Orders of businesses without a
 * subaccount stay in Oja's main account (Oja pays them by transfer). Undefined when no order
 * has a subaccount: the payment is then sent without a split.
 */
export interface RecordedOrder extends OrderAmounts {
  commissionKobo: number;
  /** The business's subaccount when the order was placed; null: Oja pays it by transfer. */
  payoutSubaccount: string | null;
}

export function paymentSplit(orders: readonly RecordedOrder[]): PaymentSplit | undefined {
  const shares = new Map<string, number>();
  for (const order of orders) {
    if (!order.payoutSubaccount) continue;
    const share = order.subtotalKobo + order.deliveryFeeKobo - order.commissionKobo;
    shares.set(order.payoutSubaccount, (shares.get(order.payoutSubaccount) ?? 0) + share);
  }
  const subaccounts = [...shares]
    .filter(([, share]) => share > 0)
    .map(([subaccount, share]) => ({ subaccount, share }));
  if (subaccounts.length === 0) return undefined;
  return { type: "flat", bearer_type: "account", subaccounts };
}
