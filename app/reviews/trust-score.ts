/**
 * TrustScore (issue 21, decision 050): a recency-weighted Bayesian average of a business's stars.
 * A review's weight halves every half-life (about six months) from the moment it was written, and
 * seven imaginary reviews of 3.5 stars (the prior) stand in for what isn't known yet, so one
 * 5-star review doesn't make a perfect business and old praise fades.
 *
 *   score(now) = (priorCount × priorStars + Σ starsᵢ · wᵢ(now)) / (priorCount + Σ wᵢ(now)),
 *   wᵢ(now) = 2^((tᵢ − now) / halfLife)
 *
 * Every wᵢ(now) is 2^((tᵢ − epoch) / halfLife) × 2^((epoch − now) / halfLife), so a business keeps
 * two running sums that never change with time, Σ 2^((tᵢ − epoch)/h) and Σ starsᵢ · 2^(…), updated
 * by one addition per review written, edited or removed; a read multiplies them by the one factor
 * of `now`. Safe for the browser.
 */
export const priorCount = 7;
export const priorStars = 3.5;
export const halfLifeDays = 182.5;

const dayMs = 24 * 60 * 60_000;
/** Weights are measured from here: 2026-01-01, so today's are near 1 and centuries stay finite. */
const epochMs = Date.UTC(2026, 0, 1);

/** What a review written at `writtenAt` adds to its business's weight sum (see above). */
export function reviewWeight(writtenAt: Date): number {
  return 2 ** ((writtenAt.getTime() - epochMs) / (halfLifeDays * dayMs));
}

export interface TrustSums {
  /** Σ of the reviews' weights (reviewWeight). */
  weightSum: number;
  /** Σ of stars × weight. */
  weightedStars: number;
}

/** The score at `now`, unrounded. A business without reviews scores the prior, 3.5. */
export function trustScore(sums: TrustSums, now: Date): number {
  const decay = 2 ** ((epochMs - now.getTime()) / (halfLifeDays * dayMs));
  const weight = sums.weightSum * decay;
  const stars = sums.weightedStars * decay;
  return (priorCount * priorStars + stars) / (priorCount + weight);
}

/** "4.3": one decimal, as shown beside the stars. */
export function formatTrustScore(score: number): string {
  return (Math.round(score * 10) / 10).toFixed(1);
}

/** The stars drawn for a score: to the nearest half star (4.3 → 4.5, 4.2 → 4). */
export function halfStars(score: number): number {
  return Math.round(score * 2) / 2;
}
