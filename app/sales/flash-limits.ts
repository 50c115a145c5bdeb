/**
 * A flash sale's numbers (issue 22, decision 054), for the rules on the server and the hints in
 * the browser alike, without zod (decision 015).
 */
export const flashLimits = {
  /** How long "buy" keeps a unit for the shopper. */
  holdMinutes: 10,
  /** The sale price must be below the product's lowest price of this many days. */
  priceHistoryDays: 30,
  /** A sale lasts at most two weeks and starts at most 90 days ahead. */
  maxDays: 14,
  maxStartDaysAhead: 90,
  /** At least five minutes: shorter would be over before a shopper heard of it. */
  minMinutes: 5,
  maxUnits: 10_000,
  maxPerShopper: 10,
  /**
   * Unsold units go back to the product's stock this long after the end: by then every hold
   * made before the end has run out (10 minutes), and a checkout's hold never outlives it.
   */
  closeAfterMinutes: 15,
  /** How often a sale's page asks for the units left: never faster than every 5 seconds. */
  pollSeconds: 10,
} as const;
