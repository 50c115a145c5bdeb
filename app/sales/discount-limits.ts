/**
 * A discount sale's numbers (issue 22, decision 055), for the rules on the server and the hints
 * in the browser alike, without zod (decision 015).
 */
export const discountLimits = {
  /** A sale event runs from a quarter of an hour to a month, and starts at most 90 days ahead. */
  minMinutes: 15,
  maxDays: 31,
  maxStartDaysAhead: 90,
  maxPercent: 90,
  /** A chosen set; a bigger sale is a collection's. */
  maxProducts: 200,
  /** The business's floor: no sale takes a price below this share of the usual price. */
  maxFloorPercent: 95,
  /** How many of a sale's products its page shows. */
  pageProducts: 60,
} as const;
