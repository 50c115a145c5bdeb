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

// Pure: a page that doesn't format plain naira doesn't carry it.
const plainNaira = /* @__PURE__ */ new Intl.NumberFormat("en-NG", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * The same amount with the currency's code instead of its sign, `NGN 1,234.50`, for text whose
 * fonts have no "₦" (the invoice PDF's standard fonts, WinAnsi).
 */
export function formatNairaPlain(value: Kobo): string {
  const sign = value < 0 ? "-" : "";
  return `${sign}NGN ${plainNaira.format(Math.abs(value) / 100)}`;
}

/**
 * Naira as a person types it ("12500", "12,500.50", "₦12,500.5") to exact kobo, without going
 * through a float; null when it isn't a plain amount (negative, more than 2 decimals, letters).
 * Thousands commas, when used, must group by three.
 */
export function parseNaira(text: string): Kobo | null {
  const cleaned = text.trim().replace(/^(₦|NGN)\s*/i, "");
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const whole = (match[1] ?? "").replaceAll(",", "");
  const fraction = (match[2] ?? "").padEnd(2, "0");
  const value = Number(whole) * 100 + Number(fraction);
  return Number.isSafeInteger(value) ? kobo(value) : null;
}

/** Kobo as plain naira with 2 decimals and no grouping, for forms and CSV: 1250050 → "12500.50". */
export function koboToNairaText(value: Kobo): string {
  const sign = value < 0 ? "-" : "";
  const abs = Math.abs(value);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
