/**
 * The reward form's limits and choices (issue 23, decision 056), apart from its schema so the
 * forms' pages can show them without shipping the schema's library to the browser.
 */
export const rewardLimits = {
  nameMin: 3,
  nameMax: 80,
  descriptionMax: 1000,
  maxPoints: 1_000_000,
  maxStock: 100_000,
  maxPerShopper: 100,
  /** Codes added to a pool in one go (a partner's batch). */
  maxCodesAtOnce: 1000,
  codeMin: 4,
  codeMax: 64,
  /** How far ahead a reward may start. */
  maxDaysAhead: 365,
} as const;

export const platformRewardKinds = ["airtime", "data", "partner_voucher"] as const;
export type PlatformRewardKind = (typeof platformRewardKinds)[number];

/** The last day a reward made on `today` (a Lagos day) may start on; the form's picker ends there. */
export function latestRewardStart(today: string): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) + rewardLimits.maxDaysAhead * 864e5)
    .toISOString()
    .slice(0, 10);
}
