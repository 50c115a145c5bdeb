import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { FieldErrors } from "#app/auth/forms.ts";
import { fieldErrors } from "#app/auth/forms.ts";
import { lagosToday } from "#app/console/lagos-time.ts";
import type { Database, Executor } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { businesses, businessMembers } from "#app/db/schema.server.ts";
import { formatDay } from "#app/vouchers/offer-terms.ts";
import { z } from "#app/zod.ts";
import { latestExperience } from "./experiences.server.ts";
import { reviewLimits } from "./review-limits.ts";
import { reviewStats, reviews } from "./schema.server.ts";
import { reviewWeight, trustScore } from "./trust-score.ts";

/**
 * Writing a review (issue 21, decision 050), in one transaction: the form's rules (1–5 stars,
 * title 4–100, text 20–5,000, an experience day not ahead and within 12 months), the business's
 * own team can't review it, one review per shopper per business per 12 months, *verified* when
 * Oja saw an experience of theirs there in those 12 months, and the business's figures changed
 * with it. Nothing is ever given for a review: no points, no discount (PRODUCT.md).
 */
export const reviewSchema = z.object({
  business: z.string().trim().min(1, "Choose the business you're reviewing.").max(100),
  stars: z.coerce
    .number({ error: "Choose from 1 to 5 stars." })
    .int("Choose from 1 to 5 stars.")
    .min(1, "Choose from 1 to 5 stars.")
    .max(5, "Choose from 1 to 5 stars."),
  title: z
    .string()
    .trim()
    .min(
      reviewLimits.titleMin,
      `Give your review a title of at least ${reviewLimits.titleMin} characters.`,
    )
    .max(reviewLimits.titleMax, `Keep the title to ${reviewLimits.titleMax} characters or fewer.`),
  body: z
    .string()
    .trim()
    .min(
      reviewLimits.bodyMin,
      `Tell others a little more: at least ${reviewLimits.bodyMin} characters.`,
    )
    .max(
      reviewLimits.bodyMax,
      `Keep your review to ${reviewLimits.bodyMax.toLocaleString("en-NG")} characters or fewer.`,
    ),
  experiencedOn: z.iso.date("Choose the day of your experience."),
});

export type ReviewInput = z.infer<typeof reviewSchema>;

export type WriteResult =
  | { ok: true; reviewId: string; verified: boolean }
  | { ok: false; status: 400 | 403 | 404 | 409; errors: FieldErrors };

/** A day 12 months before `day` ("YYYY-MM-DD"). */
function yearBefore(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() - 1);
  return date.toISOString().slice(0, 10);
}

export async function writeReview(
  db: Database,
  author: { id: string },
  form: Record<string, unknown>,
  now = new Date(),
): Promise<WriteResult> {
  const parsed = reviewSchema.safeParse(form);
  if (!parsed.success) return { ok: false, status: 400, errors: fieldErrors(parsed.error) };
  const input = parsed.data;
  const today = lagosToday(now);
  if (input.experiencedOn > today) {
    return {
      ok: false,
      status: 400,
      errors: { experiencedOn: "The day of your experience can't be in the future." },
    };
  }
  if (input.experiencedOn < yearBefore(today)) {
    return {
      ok: false,
      status: 400,
      errors: { experiencedOn: "Reviews are for experiences of the last 12 months." },
    };
  }
  const [business] = await db
    .select({ id: businesses.id, name: businesses.name })
    .from(businesses)
    .where(and(eq(businesses.slug, input.business.toLowerCase()), eq(businesses.status, "active")));
  if (!business) {
    return { ok: false, status: 404, errors: { business: "We couldn't find that business." } };
  }
  const [member] = await db
    .select({ role: businessMembers.role })
    .from(businessMembers)
    .where(and(eq(businessMembers.businessId, business.id), eq(businessMembers.userId, author.id)));
  if (member) {
    return {
      ok: false,
      status: 403,
      errors: { business: `You're on ${business.name}'s team, so you can't review it.` },
    };
  }
  const since = new Date(now);
  since.setUTCFullYear(since.getUTCFullYear() - 1);
  return db.transaction(async (tx): Promise<WriteResult> => {
    // The business's figures row, locked: its reviews are written one at a time, so a second
    // review by the same shopper can't slip in beside the first.
    await tx.insert(reviewStats).values({ businessId: business.id }).onConflictDoNothing();
    await tx
      .select({ businessId: reviewStats.businessId })
      .from(reviewStats)
      .where(eq(reviewStats.businessId, business.id))
      .for("update");
    const [earlier] = await tx
      .select({ createdAt: reviews.createdAt })
      .from(reviews)
      .where(
        and(
          eq(reviews.authorId, author.id),
          eq(reviews.businessId, business.id),
          gte(reviews.createdAt, since),
        ),
      )
      .orderBy(desc(reviews.createdAt))
      .limit(1);
    if (earlier) {
      const again = new Date(earlier.createdAt);
      again.setUTCFullYear(again.getUTCFullYear() + 1);
      return {
        ok: false,
        status: 409,
        errors: {
          business: `You reviewed ${business.name} on ${formatDay(lagosToday(earlier.createdAt))}: edit that review, or write a new one from ${formatDay(lagosToday(again))}.`,
        },
      };
    }
    const experience = await latestExperience(tx, {
      shopperId: author.id,
      businessId: business.id,
      since,
    });
    const id = newId("rev");
    const weight = reviewWeight(now);
    await tx.insert(reviews).values({
      id,
      businessId: business.id,
      authorId: author.id,
      stars: input.stars,
      title: input.title,
      body: input.body,
      experiencedOn: input.experiencedOn,
      experienceKind: experience?.kind ?? null,
      experienceId: experience?.id ?? null,
      weight,
      createdAt: now,
      updatedAt: now,
    });
    await countReview(tx, business.id, { stars: input.stars, weight }, 1, now);
    return { ok: true, reviewId: id, verified: experience !== null };
  });
}

export interface ReviewSummary {
  reviewCount: number;
  /** Reviews with 1, 2, 3, 4 and 5 stars. */
  distribution: [number, number, number, number, number];
  /** TrustScore now, unrounded (trust-score.ts formats it). */
  trustScore: number;
}

/** A business's review figures and TrustScore: one row, however many reviews. */
export async function reviewSummary(
  db: Executor,
  businessId: string,
  now = new Date(),
): Promise<ReviewSummary> {
  const [row] = await db.select().from(reviewStats).where(eq(reviewStats.businessId, businessId));
  const stats = row ?? {
    reviewCount: 0,
    oneStar: 0,
    twoStars: 0,
    threeStars: 0,
    fourStars: 0,
    fiveStars: 0,
    weightSum: 0,
    weightedStars: 0,
  };
  return {
    reviewCount: stats.reviewCount,
    distribution: [
      stats.oneStar,
      stats.twoStars,
      stats.threeStars,
      stats.fourStars,
      stats.fiveStars,
    ],
    trustScore: trustScore(stats, now),
  };
}

/** The figures' column counting each number of stars. */
const starCounts = {
  1: "oneStar",
  2: "twoStars",
  3: "threeStars",
  4: "fourStars",
  5: "fiveStars",
} as const;

/** Adds a published review to its business's figures (`sign` 1), or takes it out (−1). */
async function countReview(
  tx: Executor,
  businessId: string,
  review: { stars: number; weight: number },
  sign: 1 | -1,
  now: Date,
) {
  const count = starCounts[review.stars as keyof typeof starCounts];
  await tx
    .update(reviewStats)
    .set({
      reviewCount: sql`${reviewStats.reviewCount} + ${sign}`,
      [count]: sql`${reviewStats[count]} + ${sign}`,
      weightSum: sql`${reviewStats.weightSum} + ${sign * review.weight}`,
      weightedStars: sql`${reviewStats.weightedStars} + ${sign * review.stars * review.weight}`,
      updatedAt: now,
    })
    .where(eq(reviewStats.businessId, businessId));
}
