import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Executor } from "#app/db/database.server.ts";
import { decodeCursor, encodeCursor, exactTime, exactTimeKey } from "#app/db/page-cursor.server.ts";
import { businesses, users } from "#app/db/schema.server.ts";
import { formatLagosDay } from "#app/lagos-dates.ts";
import { formatDay } from "#app/vouchers/offer-terms.ts";
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
  removedReason: string | null;
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
  status: "published" | "removed";
  removedReason: string | null;
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

function toPublic(row: PublicRow): PublicReview {
  const removed = row.status === "removed";
  return {
    id: row.id,
    author: authorName(row.authorName),
    stars: row.stars,
    title: removed ? "" : row.title,
    body: removed ? "" : row.body,
    experiencedOn: row.experiencedOn,
    verified: row.experienceKind !== null,
    invited: row.invitationId !== null,
    removedReason: removed ? (row.removedReason ?? "") : null,
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

export interface ReviewFilters {
  stars?: number | null;
  verifiedOnly?: boolean;
  after?: string | null;
  limit?: number;
}

/** A business's published reviews (and removed ones, with their reason), newest first. */
export async function reviewsOfBusiness(
  db: Executor,
  businessId: string,
  filters: ReviewFilters = {},
) {
  const limit = filters.limit ?? reviewsPageSize;
  const after = filters.after ? decodeCursor(filters.after, exactTimeKey) : null;
  const rows = await db
    .select({ ...publicColumns, createdKey: exactTime(sql`${reviews.createdAt}`) })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.authorId))
    .where(
      and(
        eq(reviews.businessId, businessId),
        filters.stars ? eq(reviews.stars, filters.stars) : undefined,
        filters.verifiedOnly ? isNotNull(reviews.experienceKind) : undefined,
        after
          ? sql`(${reviews.createdAt} < ${after.key}::timestamptz
              or (${reviews.createdAt} = ${after.key}::timestamptz and ${reviews.id} collate "C" < ${after.id}))`
          : undefined,
      ),
    )
    .orderBy(desc(reviews.createdAt), sql`${reviews.id} collate "C" desc`)
    .limit(limit + 1);
  const last = rows[limit - 1];
  return {
    items: rows.slice(0, limit).map(toPublic),
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdKey, last.id) : null,
  };
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
