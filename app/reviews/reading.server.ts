import { and, desc, eq, gt, gte, isNotNull, sql } from "drizzle-orm";
import type { Executor } from "#app/db/database.server.ts";
import { decodeCursor, encodeCursor, exactTime, exactTimeKey } from "#app/db/page-cursor.server.ts";
import { businesses, users } from "#app/db/schema.server.ts";
import { formatLagosDay } from "#app/lagos-dates.ts";
import { formatDay } from "#app/vouchers/offer-terms.ts";
import { helpfulWindowDays } from "./review-limits.ts";
import { reviews } from "./schema.server.ts";

/**
 * Reading reviews (issue 21): a business's reviews a page at a time, newest first, filtered by
 * stars and "verified only", and one review by its id. Authors show by first name and initial;
 * a removed review shows the public reason instead of its words.
 */
export const reviewsPageSize = 20;

export interface PublicReview {
  id: string;
  author: string;
  stars: number;
  title: string;
  body: string;
  experiencedOn: string;
  verified: boolean;
  invited: boolean;
  /**
   * Why moderation hid its words, as readers see it ("Removed by Oja's moderators for: …"), or
   * null for a published review.
   */
  hiddenBecause: string | null;
  /** The business's reply, with its date as shown ("26 Nov 2026", "· edited"). */
  reply: { body: string; dated: string } | null;
  helpfulCount: number;
  createdAt: Date;
  /** Who and when, as readers see it: "Ada O. · experience on 20 Nov 2026 · written 26 Nov 2026". */
  byline: string;
}

const publicColumns = {
  id: reviews.id,
  authorName: users.name,
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
  helpfulCount: reviews.helpfulCount,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
};

type PublicRow = {
  id: string;
  authorName: string | null;
  stars: number;
  title: string;
  body: string;
  experiencedOn: string;
  experienceKind: string | null;
  invitationId: string | null;
  status: "published" | "removed" | "held";
  removedReason: string | null;
  reply: string | null;
  repliedAt: Date | null;
  replyEditedAt: Date | null;
  helpfulCount: number;
  createdAt: Date;
  updatedAt: Date;
};

/** "Ada O.", or "A former Oja shopper" once the author's account is gone. */
function authorName(name: string | null): string {
  if (!name) return "A former Oja shopper";
  const [first = "", ...rest] = name.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${last[0]?.toUpperCase()}.` : first;
}

/** What readers see in place of a review moderation took down or held for its author's edit. */
export function moderationNotice(
  status: PublicRow["status"],
  reason: string | null,
): string | null {
  if (status === "removed") return `Removed by Oja's moderators for: ${reason ?? ""}`;
  if (status === "held") return `Held until its author edits it, for: ${reason ?? ""}`;
  return null;
}

function toPublic(row: PublicRow): PublicReview {
  const hiddenBecause = moderationNotice(row.status, row.removedReason);
  const removed = hiddenBecause !== null;
  return {
    id: row.id,
    author: authorName(row.authorName),
    stars: row.stars,
    title: removed ? "" : row.title,
    body: removed ? "" : row.body,
    experiencedOn: row.experiencedOn,
    verified: row.experienceKind !== null,
    invited: row.invitationId !== null,
    hiddenBecause,
    reply:
      row.reply !== null && row.repliedAt !== null && !removed
        ? {
            body: row.reply,
            dated: `${formatLagosDay(row.repliedAt)}${row.replyEditedAt ? " · edited" : ""}`,
          }
        : null,
    helpfulCount: row.helpfulCount,
    createdAt: row.createdAt,
    byline: [
      authorName(row.authorName),
      `experience on ${formatDay(row.experiencedOn)}`,
      `written ${formatLagosDay(row.createdAt)}`,
      ...(row.updatedAt.getTime() !== row.createdAt.getTime() ? ["edited"] : []),
    ].join(" · "),
  };
}

export type ReviewSort = "newest" | "helpful";

export interface ReviewFilters {
  stars?: number | null;
  verifiedOnly?: boolean;
  /** Newest first (default), or most helpful first (ties newest first). */
  sort?: ReviewSort;
  after?: string | null;
  limit?: number;
}

/** A most-helpful cursor's key: the votes, then the exact time ("12|2026-…Z"). */
const helpfulKey = /^\d{1,9}\|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * A business's reviews (removed and held ones show only their reason), newest or most helpful
 * first, a page at a time (keyset: the last row's sort key and id).
 */
export async function reviewsOfBusiness(
  db: Executor,
  businessId: string,
  filters: ReviewFilters = {},
) {
  const limit = filters.limit ?? reviewsPageSize;
  const helpful = filters.sort === "helpful";
  const after = filters.after
    ? decodeCursor(filters.after, helpful ? helpfulKey : exactTimeKey)
    : null;
  const id = sql`${reviews.id} collate "C"`;
  const rows = await db
    .select({ ...publicColumns, createdKey: exactTime(sql`${reviews.createdAt}`) })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.authorId))
    .where(
      and(
        eq(reviews.businessId, businessId),
        filters.stars ? eq(reviews.stars, filters.stars) : undefined,
        filters.verifiedOnly ? isNotNull(reviews.experienceKind) : undefined,
        after ? afterCursor(after, helpful) : undefined,
      ),
    )
    .orderBy(
      ...(helpful ? [desc(reviews.helpfulCount)] : []),
      desc(reviews.createdAt),
      sql`${id} desc`,
    )
    .limit(limit + 1);
  const last = rows[limit - 1];
  const lastKey = last && (helpful ? `${last.helpfulCount}|${last.createdKey}` : last.createdKey);
  return {
    items: rows.slice(0, limit).map(toPublic),
    nextCursor: rows.length > limit && last && lastKey ? encodeCursor(lastKey, last.id) : null,
  };
}

/** The rows after a cursor's (every sort key descends, so one row comparison says it). */
function afterCursor(after: { key: string; id: string }, helpful: boolean) {
  const id = sql`${reviews.id} collate "C"`;
  if (!helpful) {
    return sql`(${reviews.createdAt}, ${id}) < (${after.key}::timestamptz, ${after.id})`;
  }
  const [votes = "0", time = ""] = after.key.split("|");
  return sql`(${reviews.helpfulCount}, ${reviews.createdAt}, ${id})
    < (${Number(votes)}::integer, ${time}::timestamptz, ${after.id})`;
}

/** One review with its business, for /reviews/{id}; null when there is none. */
export async function reviewById(db: Executor, id: string) {
  const [row] = await db
    .select({
      ...publicColumns,
      business: { name: businesses.name, slug: businesses.slug },
    })
    .from(reviews)
    .innerJoin(businesses, eq(businesses.id, reviews.businessId))
    .leftJoin(users, eq(users.id, reviews.authorId))
    .where(and(eq(reviews.id, id), eq(businesses.status, "active")));
  if (!row) return null;
  return { ...toPublic(row), business: row.business };
}

/**
 * Oja's latest published reviews across open businesses (a page at a time), or the most helpful
 * of the last 90 days (one page), each with its business: the /reviews hub.
 */
export async function latestReviews(
  db: Executor,
  options: { sort?: ReviewSort; after?: string | null; limit?: number; now?: Date } = {},
) {
  const limit = options.limit ?? reviewsPageSize;
  const helpful = options.sort === "helpful";
  const after = options.after && !helpful ? decodeCursor(options.after, exactTimeKey) : null;
  const since = new Date((options.now ?? new Date()).getTime() - helpfulWindowDays * 86_400_000);
  const rows = await db
    .select({
      ...publicColumns,
      createdKey: exactTime(sql`${reviews.createdAt}`),
      business: { name: businesses.name, slug: businesses.slug },
    })
    .from(reviews)
    .innerJoin(businesses, eq(businesses.id, reviews.businessId))
    .leftJoin(users, eq(users.id, reviews.authorId))
    .where(
      and(
        eq(reviews.status, "published"),
        eq(businesses.status, "active"),
        helpful ? gt(reviews.helpfulCount, 0) : undefined,
        helpful ? gte(reviews.createdAt, since) : undefined,
        after ? afterCursor(after, false) : undefined,
      ),
    )
    .orderBy(
      ...(helpful ? [desc(reviews.helpfulCount)] : []),
      desc(reviews.createdAt),
      sql`${reviews.id} collate "C" desc`,
    )
    .limit(limit + 1);
  const last = rows[limit - 1];
  return {
    items: rows.slice(0, limit).map((row) => ({ ...toPublic(row), business: row.business })),
    nextCursor:
      !helpful && rows.length > limit && last ? encodeCursor(last.createdKey, last.id) : null,
  };
}
