/**
 * Money is integer kobo everywhere past the cart's naira `amount`. One formatter for every price
 * on screen: `₦1,234.50`.
 */
export type Kobo = number & { readonly __unit: "kobo" };

export function kobo(value: number): Kobo {
  if (!Number.isSafeInteger(value))
    throw new RangeError(`kobo must be a whole number, got ${value}`);
  return value as Kobo;
}

/** Naira as typed or stored by the cart (may carry float noise) to exact kobo. */
export function nairaToKobo(naira: number): Kobo {
  return kobo(Math.round(naira * 100));
}

export function koboToNaira(value: Kobo): number {
  return value / 100;
}

const naira = new Intl.NumberFormat("en-NG", {
  style: "currency",
  currency: "NGN",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function formatNaira(value: Kobo): string {
  return naira.format(value / 100);
}
