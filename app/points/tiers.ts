/**
 * Tiers (issue 20): by the points earned in the last 12 months, whatever was spent (spending never
 * demotes). Shared by the pages and the server.
 */
export const tiers = [
  { name: "Bronze", from: 0 },
  { name: "Silver", from: 2_000 },
  { name: "Gold", from: 10_000 },
] as const;

export type TierName = (typeof tiers)[number]["name"];

export interface TierStanding {
  tier: TierName;
  /** The next tier and the points still to earn for it; null at the top. */
  next: { tier: TierName; pointsToGo: number } | null;
}

export function tierOf(earnedInYear: number): TierStanding {
  let index = 0;
  for (const [i, tier] of tiers.entries()) if (earnedInYear >= tier.from) index = i;
  const upcoming = tiers[index + 1];
  return {
    tier: tiers[index]?.name ?? "Bronze",
    next: upcoming ? { tier: upcoming.name, pointsToGo: upcoming.from - earnedInYear } : null,
  };
}

/** 1 point per whole ₦100 paid. */
export function pointsForKobo(kobo: number): number {
  return Math.floor(Math.max(kobo, 0) / 10_000);
}
