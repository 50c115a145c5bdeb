import { eq } from "drizzle-orm";
import type { Executor } from "#app/db/database.server.ts";
import { reviewStats } from "./schema.server.ts";
import { type ShownTrustScore, shownTrustScore } from "./shown-score.ts";

export interface ReviewFigures extends ShownTrustScore {
  /** Published reviews with 1, 2, 3, 4 and 5 stars. */
  distribution: [number, number, number, number, number];
  /** How often the business replies, as shown: "Replies to 80% of reviews". */
  replyRate: string;
}

/**
 * A business's review figures as its profile shows them (/business/{id}, decision 053): the
 * TrustScore, how the reviews spread over the stars and the reply rate (replied / published),
 * from its one review_stats row. Null: no published review yet.
 */
export async function reviewFigures(
  db: Executor,
  businessId: string,
  now = new Date(),
): Promise<ReviewFigures | null> {
  const [row] = await db.select().from(reviewStats).where(eq(reviewStats.businessId, businessId));
  const shown = row ? shownTrustScore(row, now) : null;
  if (!row || !shown) return null;
  const percent = Math.round((Math.min(row.repliedCount, row.reviewCount) / row.reviewCount) * 100);
  return {
    ...shown,
    distribution: [row.oneStar, row.twoStars, row.threeStars, row.fourStars, row.fiveStars],
    replyRate: `Replies to ${percent}% of reviews`,
  };
}
