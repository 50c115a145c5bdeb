/**
 * How much stock one shopper may keep off the shelf while they decide to pay, and how much of a
 * product's stock strangers are told (issue 16, decision 030). The numbers come from settings
 * (app/config.server.ts); these are the defaults, chosen so that a real shopper never meets them.
 */
export interface HoldLimits {
  /** Checkouts waiting for payment with stock held, per shopper (account or checkout email). */
  openPerShopper: number;
  /** The same, per client address: generous, since mobile carriers put many people behind one. */
  openPerAddress: number;
  /** The share of a product's stock one shopper may hold at any moment, in percent. */
  sharePercent: number;
  /** …but never fewer units than this, so the last few of a product can still be bought together. */
  shareMinUnits: number;
  /** Stock at or below this is told exactly ("Only 3 left"); above it, only "in stock". */
  exactStockUpTo: number;
}

export const defaultHoldLimits: HoldLimits = {
  openPerShopper: 3,
  openPerAddress: 10,
  sharePercent: 50,
  shareMinUnits: 2,
  exactStockUpTo: 5,
};

/**
 * The units of a product one shopper may hold, of `totalStock` (on the shelf plus held): the
 * share rounded up (3 of 5 at 50%), and never fewer than the minimum.
 */
export function shareAllowance(totalStock: number, limits: HoldLimits): number {
  return Math.max(limits.shareMinUnits, Math.ceil((totalStock * limits.sharePercent) / 100));
}

/**
 * A quantity that may be told to anyone: `units` itself when it is at or below the exact
 * threshold, otherwise the largest of 1, 2, 5, 10, 20, 50… not above it. "You can buy up to 20"
 * is true and lets the shopper fix their cart in one tap, without telling how many there are.
 */
export function tellableQuantity(units: number, limits: HoldLimits): number {
  if (units <= limits.exactStockUpTo) return Math.max(units, 0);
  let step = 1;
  let best = 1;
  while (step <= units) {
    for (const multiple of [1, 2, 5]) {
      if (step * multiple <= units) best = step * multiple;
    }
    step *= 10;
  }
  return best;
}

/** What a product page may say about its stock: exact only when it is low enough to matter. */
export type PublicStock = { kind: "out" } | { kind: "low"; left: number } | { kind: "in" };

export function publicStock(
  stock: number,
  limits: Pick<HoldLimits, "exactStockUpTo">,
): PublicStock {
  if (stock <= 0) return { kind: "out" };
  if (stock <= limits.exactStockUpTo) return { kind: "low", left: stock };
  return { kind: "in" };
}
