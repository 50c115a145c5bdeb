import type { Kobo } from "#app/money.ts";

/** The voucher marketplace's sorts (marketplace.server.ts), for its form too. */
export const voucherSorts = ["newest", "saving", "price", "ending"] as const;
export type VoucherSort = (typeof voucherSorts)[number];

/** "Expiring soon": a fixed end within two weeks. */
export const expiringDays = 14;

/**
 * How an offer's terms read on screen, shared by the console and the shop. The saving is the
 * share of the value the shopper doesn't pay, rounded down (never promising more than it is).
 */
export function savingPercent(valueKobo: Kobo, priceKobo: Kobo): number {
  return Math.floor(((valueKobo - priceKobo) * 100) / valueKobo);
}

const dayFormat = new Intl.DateTimeFormat("en-NG", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** "YYYY-MM-DD" as "31 Mar 2027" (a calendar day: no time zone moves it). */
export function formatDay(date: string): string {
  return dayFormat.format(new Date(`${date}T00:00:00Z`));
}

/** "Valid 90 days after purchase" or "Valid until 31 Mar 2027". */
export function validityText(offer: { validDays: number | null; validUntil: string | null }) {
  if (offer.validUntil) return `Valid until ${formatDay(offer.validUntil)}`;
  const days = offer.validDays ?? 0;
  return `Valid ${days} ${days === 1 ? "day" : "days"} after purchase`;
}
