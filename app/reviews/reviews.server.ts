import { and, desc, eq, gt, gte, inArray, isNull, sql } from "drizzle-orm";
import type { FieldErrors } from "#app/auth/forms.ts";
import { fieldErrors } from "#app/auth/forms.ts";
import { lagosToday } from "#app/console/lagos-time.ts";
import type { Database, Executor } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { businesses, businessMembers } from "#app/db/schema.server.ts";
import { orders } from "#app/orders/schema.server.ts";
import { formatDay } from "#app/vouchers/offer-terms.ts";
import { z } from "#app/zod.ts";
import { latestExperience } from "./experiences.server.ts";
import { reviewLimits } from "./review-limits.ts";
import { reviewInvitations, reviewStats, reviews } from "./schema.server.ts";
import { reviewsChanged } from "./trust-keys.server.ts";
import { formatTrustScore, halfStars, reviewWeight, trustScore } from "./trust-score.ts";

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

/** What an edit may change: everything but the business. */
const editSchema = reviewSchema.omit({ business: true });

export type WriteResult =
  | { ok: true; reviewId: string; verified: boolean }
  | { ok: false; status: 400 | 403 | 404 | 409; errors: FieldErrors };

/** What is wrong with the day of an experience (ahead, or over a year back), if anything. */
function experienceDayProblem(day: string, now: Date): string | null {
  const today = lagosToday(now);
  if (day > today) return "The day of your experience can't be in the future.";
  if (day < yearBefore(today)) return "Reviews are for experiences of the last 12 months.";
  return null;
}

/** The days an experience may have been on (for the date pickers): a year back to today. */
export function reviewDayBounds(now: Date) {
  const today = lagosToday(now);
  return { today, earliest: yearBefore(today) };
}

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
  /** The invitation it answers (invitations.server.ts found it for this author): used up here. */
  invitationId?: string,
): Promise<WriteResult> {
  const parsed = reviewSchema.safeParse(form);
  if (!parsed.success) return { ok: false, status: 400, errors: fieldErrors(parsed.error) };
  const input = parsed.data;
  const dayProblem = experienceDayProblem(input.experiencedOn, now);
  if (dayProblem) return { ok: false, status: 400, errors: { experiencedOn: dayProblem } };
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
    if (invitationId && !(await spendInvitation(tx, invitationId, business.id, now))) {
      return {
        ok: false,
        status: 409,
        errors: { form: "This invitation was used already or has expired." },
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
      invitationId: invitationId ?? null,
      weight,
      createdAt: now,
      updatedAt: now,
    });
    await countReview(tx, business.id, { stars: input.stars, weight }, 1, now);
    return { ok: true, reviewId: id, verified: experience !== null };
  });
}

/** Marks an unused, unexpired invitation of the business used; false when it can't be. */
async function spendInvitation(tx: Executor, invitationId: string, businessId: string, now: Date) {
  const used = await tx
    .update(reviewInvitations)
    .set({ usedAt: now })
    .where(
      and(
        eq(reviewInvitations.id, invitationId),
        eq(reviewInvitations.businessId, businessId),
        isNull(reviewInvitations.usedAt),
        gt(reviewInvitations.expiresAt, now),
      ),
    )
    .returning({ id: reviewInvitations.id });
  return used.length === 1;
}

export interface ReviewSummary {
  reviewCount: number;
  /** Reviews with 1, 2, 3, 4 and 5 stars. */
  distribution: [number, number, number, number, number];
  /** TrustScore now, unrounded. */
  trustScore: number;
  /** As shown: one decimal ("4.3") and to the nearest half star (4.5). */
  scoreText: string;
  scoreStars: number;
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
    ...shownScore(trustScore(stats, now)),
  };
}

function shownScore(score: number) {
  return { trustScore: score, scoreText: formatTrustScore(score), scoreStars: halfStars(score) };
}

/** The figures' column counting each number of stars. */
const starCounts = {
  1: "oneStar",
  2: "twoStars",
  3: "threeStars",
  4: "fourStars",
  5: "fiveStars",
} as const;

/**
 * Adds a published review to its business's figures (`sign` 1), or takes it out (−1): written,
 * deleted, removed or held by moderation, republished by its author's edit. A review with the
 * business's reply counts in the replied count too (the reply rate), so taking a replied review
 * out takes its reply with it.
 */
export async function countReview(
  tx: Executor,
  businessId: string,
  review: { stars: number; weight: number; reply?: string | null },
  sign: 1 | -1,
  now: Date,
) {
  const count = starCounts[review.stars as keyof typeof starCounts];
  const replied = review.reply != null ? sign : 0;
  await tx
    .update(reviewStats)
    .set({
      reviewCount: sql`${reviewStats.reviewCount} + ${sign}`,
      [count]: sql`${reviewStats[count]} + ${sign}`,
      repliedCount: sql`${reviewStats.repliedCount} + ${replied}`,
      weightSum: sql`${reviewStats.weightSum} + ${sign * review.weight}`,
      weightedStars: sql`${reviewStats.weightedStars} + ${sign * review.stars * review.weight}`,
      updatedAt: now,
    })
    .where(eq(reviewStats.businessId, businessId));
  await reviewsChanged(tx, businessId, now);
}

/** A published review got its business's first reply (replies.server.ts): the reply rate follows. */
export async function countFirstReply(tx: Executor, businessId: string, now: Date) {
  await tx
    .update(reviewStats)
    .set({ repliedCount: sql`${reviewStats.repliedCount} + 1`, updatedAt: now })
    .where(eq(reviewStats.businessId, businessId));
}

/**
 * A review locked for a change that may move its business's figures: the figures row first, then
 * the review, the order every writer of reviews takes, so two changes never wait on each other
 * in a circle. Null when there is no such review.
 */
export async function lockReview(tx: Executor, reviewId: string) {
  const [found] = await tx
    .select({ businessId: reviews.businessId })
    .from(reviews)
    .where(eq(reviews.id, reviewId));
  if (!found) return null;
  await tx
    .select({ businessId: reviewStats.businessId })
    .from(reviewStats)
    .where(eq(reviewStats.businessId, found.businessId))
    .for("update");
  const [locked] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for("update");
  return locked ?? null;
}

/** The shopper's reviews, newest first, with their businesses and where each stands. */
export async function reviewsOfAuthor(db: Executor, authorId: string) {
  const rows = await db
    .select({
      id: reviews.id,
      business: { name: businesses.name, slug: businesses.slug },
      stars: reviews.stars,
      title: reviews.title,
      body: reviews.body,
      experiencedOn: reviews.experiencedOn,
      experienceKind: reviews.experienceKind,
      invitationId: reviews.invitationId,
      status: reviews.status,
      removedReason: reviews.removedReason,
      reply: reviews.reply,
      repliedAt: reviews.repliedAt,
      replyEditedAt: reviews.replyEditedAt,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
    })
    .from(reviews)
    .innerJoin(businesses, eq(businesses.id, reviews.businessId))
    .where(eq(reviews.authorId, authorId))
    .orderBy(desc(reviews.createdAt));
  return rows.map(({ experienceKind, invitationId, ...row }) => ({
    ...row,
    verified: experienceKind !== null,
    invited: invitationId !== null,
  }));
}

/** The author's own review, locked with its business's figures; null for anyone else. */
async function ownReview(tx: Executor, authorId: string, reviewId: string) {
  const locked = await lockReview(tx, reviewId);
  return locked?.authorId === authorId ? locked : null;
}

export type ChangeResult =
  | { ok: true; republished: boolean }
  | { ok: false; status: 400 | 404 | 409; errors: FieldErrors };

/**
 * The author changes their review's stars, title, text or day; it keeps its weight (the moment
 * it was written), and its business's figures follow the stars. Anyone else's review is a 404;
 * a review removed by moderation can't be changed; one held for an edit is published again.
 */
export async function editReview(
  db: Database,
  author: { id: string },
  reviewId: string,
  form: Record<string, unknown>,
  now = new Date(),
): Promise<ChangeResult> {
  const parsed = editSchema.safeParse(form);
  if (!parsed.success) return { ok: false, status: 400, errors: fieldErrors(parsed.error) };
  const input = parsed.data;
  const dayProblem = experienceDayProblem(input.experiencedOn, now);
  if (dayProblem) return { ok: false, status: 400, errors: { experiencedOn: dayProblem } };
  return db.transaction(async (tx): Promise<ChangeResult> => {
    const review = await ownReview(tx, author.id, reviewId);
    if (!review) return { ok: false, status: 404, errors: { form: "No such review of yours." } };
    if (review.status === "removed") {
      return {
        ok: false,
        status: 409,
        errors: { form: "This review was removed by moderation and can't be changed." },
      };
    }
    // A review moderation held for its author's edit is published again by that edit, and
    // counted again (decision 052).
    const republished = review.status === "held";
    await tx
      .update(reviews)
      .set({
        ...input,
        ...(republished ? { status: "published" as const, removedReason: null } : {}),
        updatedAt: now,
      })
      .where(eq(reviews.id, reviewId));
    if (republished) {
      await countReview(tx, review.businessId, { ...review, stars: input.stars }, 1, now);
    } else if (input.stars !== review.stars) {
      await countReview(tx, review.businessId, review, -1, now);
      await countReview(tx, review.businessId, { ...review, stars: input.stars }, 1, now);
    }
    return { ok: true, republished };
  });
}

/** The author deletes their review; its business's figures no longer count it. */
export async function deleteReview(
  db: Database,
  author: { id: string },
  reviewId: string,
  now = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const review = await ownReview(tx, author.id, reviewId);
    if (!review) return false;
    await tx.delete(reviews).where(eq(reviews.id, reviewId));
    if (review.status === "published") await countReview(tx, review.businessId, review, -1, now);
    return true;
  });
}

/**
 * The business a shopper is about to review (/evaluate/new), if it is open on Oja, and whether
 * Oja saw an experience of theirs there this past year (the review will be verified).
 */
export async function reviewTarget(
  db: Database,
  slug: string,
  shopperId: string,
  now = new Date(),
) {
  const [business] = await db
    .select({ id: businesses.id, name: businesses.name, slug: businesses.slug })
    .from(businesses)
    .where(and(eq(businesses.slug, slug.toLowerCase()), eq(businesses.status, "active")));
  if (!business) return null;
  const since = new Date(now);
  since.setUTCFullYear(since.getUTCFullYear() - 1);
  const experience = await latestExperience(db, { shopperId, businessId: business.id, since });
  return { name: business.name, slug: business.slug, verifiable: experience !== null };
}

/**
 * Businesses where Oja saw the shopper buy this past year, newest first (/evaluate offers them
 * first: their reviews will be verified).
 */
export async function recentlyExperienced(db: Executor, shopperId: string, now = new Date()) {
  const since = new Date(now);
  since.setUTCFullYear(since.getUTCFullYear() - 1);
  return db
    .select({ slug: businesses.slug, name: businesses.name })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(
      and(
        eq(orders.shopperId, shopperId),
        inArray(orders.status, ["paid", "fulfilled"]),
        gte(orders.paidAt, since),
        eq(businesses.status, "active"),
      ),
    )
    .groupBy(businesses.slug, businesses.name)
    .orderBy(desc(sql`max(${orders.paidAt})`))
    .limit(6);
}
