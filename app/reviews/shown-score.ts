import { formatTrustScore, halfStars, trustScore } from "./trust-score.ts";

/**
 * A business's TrustScore as a list or a page header shows it (decision 053): worked out on the
 * server from its review figures, so the browser gets the text and the half stars, never the
 * formula. Null: no published review yet ("No reviews yet").
 */
export interface ShownTrustScore {
  /** One decimal: "4.3". */
  scoreText: string;
  /** To the nearest half star: 4.5. */
  scoreStars: number;
  reviewCount: number;
  /** "12 reviews", "1 review". */
  reviewsText: string;
}

/** The figures a list reads beside each business (review_stats, left-joined: null when none). */
export interface TrustFigures {
  reviewCount: number | null;
  weightSum: number | null;
  weightedStars: number | null;
}

export function shownTrustScore(figures: TrustFigures, now = new Date()): ShownTrustScore | null {
  const reviewCount = figures.reviewCount ?? 0;
  if (reviewCount <= 0) return null;
  const score = trustScore(
    { weightSum: figures.weightSum ?? 0, weightedStars: figures.weightedStars ?? 0 },
    now,
  );
  return {
    scoreText: formatTrustScore(score),
    scoreStars: halfStars(score),
    reviewCount,
    reviewsText: reviewCountText(reviewCount),
  };
}

/** "12 reviews", "1 review". */
export function reviewCountText(count: number): string {
  return `${count.toLocaleString("en-NG")} ${count === 1 ? "review" : "reviews"}`;
}
