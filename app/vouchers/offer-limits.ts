/**
 * A voucher offer's limits and states, for the offer form's hints in the browser and for the
 * rules (offer-input.ts). Without zod, which the pages that show these limits don't load
 * (decision 015).
 */
export const offerStatuses = ["active", "paused", "ended"] as const;
export type OfferStatus = (typeof offerStatuses)[number];

export const offerLimits = {
  title: 120,
  description: 2000,
  finePrint: 2000,
  /** Up to three years after purchase, or a fixed end at most three years ahead. */
  maxValidDays: 1095,
  maxQuantity: 1_000_000,
  maxPerShopper: 100,
  images: 6,
} as const;
