/**
 * Invoices' and pay links' numbers and choices (issue 24, decision 058), for the rules on the
 * server and the hints in the browser alike, without zod (decision 015).
 */
export const invoiceLimits = {
  /** Lines on one invoice: a long quote, still one printable page or two. */
  maxLines: 100,
  customerNameMax: 80,
  lineDescriptionMax: 200,
  notesMax: 2000,
  quantityMin: 1,
  quantityMax: 10_000,
  /** ₦10,000,000 a unit: the most any form on Oja takes (number-fields.ts). */
  maxUnitPriceKobo: 1_000_000_000,
  /** A due date is today or within this many days. */
  maxDueDays: 365,
  /** The rows a new invoice's form shows; blank rows are dropped when it is posted. */
  blankRows: 5,
} as const;

export const payLinkLimits = {
  descriptionMin: 3,
  descriptionMax: 200,
  /** How many payments a limited link takes at most. */
  maxQuantity: 100_000,
  /** The last day a link may run, from today. */
  maxExpiryDays: 365,
} as const;

/**
 * Nigeria's VAT rate (Value Added Tax Act, as amended by the Finance Act 2019), charged when the
 * business says it charges VAT. The totals work in basis points so the rate stays exact.
 */
export const vatRatePercent = 7.5;

export const invoiceStatuses = ["draft", "sent", "paid", "void"] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

export const invoiceDiscountKinds = ["none", "percent", "amount"] as const;
export type InvoiceDiscountKind = (typeof invoiceDiscountKinds)[number];

export const payLinkAmountKinds = ["fixed", "open"] as const;
export type PayLinkAmountKind = (typeof payLinkAmountKinds)[number];

export const payLinkStatuses = ["active", "archived"] as const;
export type PayLinkStatus = (typeof payLinkStatuses)[number];

/** "YYYY-MM-DD" `days` after the day `date`. */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** The last due date an invoice made on `today` (a Lagos day) may have; the picker ends there. */
export function latestDueDate(today: string): string {
  return addDays(today, invoiceLimits.maxDueDays);
}
