import { type Kobo, kobo } from "#app/money.ts";
import { vatRatePercent } from "./invoice-limits.ts";

/**
 * An invoice's totals (issue 24, decision 058): the one place they are worked out, for the
 * console's preview, the server that stores them and the pages that show them.
 *
 * - A line is quantity × unit price, exact (whole kobo times a whole number).
 * - The subtotal is the sum of the lines.
 * - A percent discount is that share of the subtotal, rounded down to the kobo (never a
 *   fraction of a kobo more off than the business offered); an amount discount is at most the
 *   subtotal.
 * - VAT is 7.5% of (subtotal − discount), worked out ONCE on that taxable total and rounded half
 *   up to the kobo. Rounding each line's VAT and adding them drifts: 100 lines of ₦0.10 carry
 *   ₦0.0075 of VAT each, 1 kobo apiece when rounded (₦1.00 in all) against ₦0.75 on the total.
 *   The figure the business owes is the rate on what it charged, so it is rounded once.
 * - The total is subtotal − discount + VAT.
 *
 * Products of two amounts (quantity × price, subtotal × rate) are taken in BigInt: within the
 * form's limits they stay below 2^53, but subtotal × 750 basis points does not, and a total
 * that quietly lost a kobo in a float is worse than one that refuses (RangeError).
 */

export type InvoiceDiscount =
  | { kind: "none" }
  | { kind: "percent"; percent: number }
  | { kind: "amount"; amountKobo: number };

export interface InvoiceLineAmounts {
  quantity: number;
  unitPriceKobo: number;
}

export interface InvoiceTotals {
  lineTotalsKobo: Kobo[];
  subtotalKobo: Kobo;
  discountKobo: Kobo;
  vatKobo: Kobo;
  totalKobo: Kobo;
}

/** The VAT rate in basis points (7.5% → 750), exact. */
const vatBasisPoints = BigInt(Math.round(vatRatePercent * 100));
const basisPointsWhole = 10_000n;

function safeKobo(value: bigint, what: string): Kobo {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < 0n) {
    throw new RangeError(`invoice ${what} is out of range: ${value}`);
  }
  return kobo(Number(value));
}

function wholeAtLeast(value: number, least: number, what: string): bigint {
  if (!Number.isSafeInteger(value) || value < least) {
    throw new RangeError(`invoice ${what} must be a whole number from ${least}, got ${value}`);
  }
  return BigInt(value);
}

/** quantity × unit price, exact. */
export function lineTotal(line: InvoiceLineAmounts): Kobo {
  return safeKobo(
    wholeAtLeast(line.quantity, 1, "quantity") * wholeAtLeast(line.unitPriceKobo, 0, "unit price"),
    "line total",
  );
}

/** VAT on a taxable total: the rate once, rounded half up to the kobo. */
export function vatOn(taxableKobo: number): Kobo {
  const taxable = wholeAtLeast(taxableKobo, 0, "taxable total");
  return safeKobo((taxable * vatBasisPoints + basisPointsWhole / 2n) / basisPointsWhole, "VAT");
}

/** What a discount takes off `subtotal`: a percent rounded down, an amount at most the subtotal. */
export function discountOff(subtotalKobo: number, discount: InvoiceDiscount): Kobo {
  const subtotal = wholeAtLeast(subtotalKobo, 0, "subtotal");
  switch (discount.kind) {
    case "none":
      return kobo(0);
    case "percent": {
      const percent = wholeAtLeast(discount.percent, 0, "discount percent");
      if (percent > 100n) throw new RangeError("invoice discount percent is above 100");
      return safeKobo((subtotal * percent) / 100n, "discount");
    }
    case "amount": {
      const amount = wholeAtLeast(discount.amountKobo, 0, "discount amount");
      return safeKobo(amount < subtotal ? amount : subtotal, "discount");
    }
  }
}

export function invoiceTotals(
  lines: readonly InvoiceLineAmounts[],
  discount: InvoiceDiscount,
  vatApplied: boolean,
): InvoiceTotals {
  const lineTotalsKobo = lines.map(lineTotal);
  const subtotal = lineTotalsKobo.reduce((sum, value) => sum + BigInt(value), 0n);
  const subtotalKobo = safeKobo(subtotal, "subtotal");
  const discountKobo = discountOff(subtotalKobo, discount);
  const vatKobo = vatApplied ? vatOn(subtotalKobo - discountKobo) : kobo(0);
  const totalKobo = safeKobo(subtotal - BigInt(discountKobo) + BigInt(vatKobo), "total");
  return { lineTotalsKobo, subtotalKobo, discountKobo, vatKobo, totalKobo };
}
