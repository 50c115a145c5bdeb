import { and, asc, desc, eq, gte, inArray, lte, notExists, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import {
  type BusinessCard,
  businessCardColumns,
  reviewStatsJoin,
  toBusinessCard,
} from "#app/catalog/catalog.server.ts";
import { businesses, categories, images } from "#app/catalog/schema.server.ts";
import type { Database, Executor } from "#app/db/database.server.ts";
import { users } from "#app/db/schema.server.ts";
import { reviewStats, reviews } from "#app/reviews/schema.server.ts";
import { businessFollows } from "./schema.server.ts";

/**
 * Shoppers following businesses: one row per shopper and business in `business_follows`;
 * `favourite` pins the business to the top of /b/ff. Favouriting implies following, and
 * unfollowing drops the favourite with the row. Only active businesses can be followed, and
 * only active ones are ever listed.
 */

export interface FollowState {
  following: boolean;
  favourite: boolean;
}

export const followIntents = ["follow", "unfollow", "favourite", "unfavourite"] as const;
export type FollowIntent = (typeof followIntents)[number];

const notFollowing: FollowState = { following: false, favourite: false };

async function isActiveBusiness(db: Executor, businessId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.id, businessId), eq(businesses.status, "active")))
    .limit(1);
  return Boolean(row);
}

export async function followState(
  db: Executor,
  userId: string,
  businessId: string,
): Promise<FollowState> {
  const [row] = await db
    .select({ favourite: businessFollows.favourite })
    .from(businessFollows)
    .where(and(eq(businessFollows.userId, userId), eq(businessFollows.businessId, businessId)));
  return row ? { following: true, favourite: row.favourite } : notFollowing;
}

/** Following twice keeps the first follow (its date counts for trending) and any favourite. */
export async function follow(db: Executor, userId: string, businessId: string) {
  await db.insert(businessFollows).values({ userId, businessId }).onConflictDoNothing();
}

export async function unfollow(db: Executor, userId: string, businessId: string) {
  await db
    .delete(businessFollows)
    .where(and(eq(businessFollows.userId, userId), eq(businessFollows.businessId, businessId)));
}

/** Favouriting follows first when needed; unfavouriting keeps the follow. */
export async function setFavourite(
  db: Executor,
  userId: string,
  businessId: string,
  favourite: boolean,
) {
  if (favourite) {
    await db
      .insert(businessFollows)
      .values({ userId, businessId, favourite: true })
      .onConflictDoUpdate({
        target: [businessFollows.userId, businessFollows.businessId],
        set: { favourite: true },
      });
    return;
  }
  await db
    .update(businessFollows)
    .set({ favourite: false })
    .where(and(eq(businessFollows.userId, userId), eq(businessFollows.businessId, businessId)));
}

/**
 * One follow button press, in one transaction. Returns the new state, or null when the business
 * does not exist or is not active (the caller answers 404).
 */
export async function applyFollowIntent(
  db: Database,
  userId: string,
  businessId: string,
  intent: FollowIntent,
): Promise<FollowState | null> {
  return db.transaction(async (tx) => {
    if (!(await isActiveBusiness(tx, businessId))) return null;
    switch (intent) {
      case "follow":
        await follow(tx, userId, businessId);
        break;
      case "unfollow":
        await unfollow(tx, userId, businessId);
        break;
      case "favourite":
        await setFavourite(tx, userId, businessId, true);
        break;
      case "unfavourite":
        await setFavourite(tx, userId, businessId, false);
        break;
    }
    return followState(tx, userId, businessId);
  });
}

/** The follow state of an active business, or null when there is no such active business. */
export async function followStateOfActive(
  db: Database,
  userId: string | null,
  businessId: string,
): Promise<FollowState | null> {
  if (!(await isActiveBusiness(db, businessId))) return null;
  return userId ? followState(db, userId, businessId) : notFollowing;
}

// ---------------------------------------------------------------------------------------------
// Lists

export type FollowedBusiness = BusinessCard & { favourite: boolean; followedAt: Date };

export const followedPageSize = 48;

/** A follow's time in whole microseconds, exact on both engines (a JS Date holds only ms). */
const followedMicros = sql<string>`((extract(epoch from ${businessFollows.createdAt}) * 1000000)::bigint)::text`;

/** Keyset cursor of the followed list: favourite flag, follow time (µs), business id. */
function encodeFollowCursor(row: { favourite: boolean; micros: string; id: string }) {
  return Buffer.from(JSON.stringify([row.favourite ? 1 : 0, row.micros, row.id])).toString(
    "base64url",
  );
}

export class InvalidFollowCursorError extends Error {
  constructor() {
    super("This page of your list has expired; start again from the top.");
    this.name = "InvalidFollowCursorError";
  }
}

function decodeFollowCursor(value: string) {
  try {
    const parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as unknown;
    if (Array.isArray(parsed) && parsed.length === 3) {
      const [favourite, micros, id] = parsed as unknown[];
      if (
        (favourite === 0 || favourite === 1) &&
        typeof micros === "string" &&
        /^-?\d{1,19}$/.test(micros) &&
        typeof id === "string"
      ) {
        return { favourite: favourite === 1, micros, id };
      }
    }
  } catch {
    // Falls through to the error below.
  }
  throw new InvalidFollowCursorError();
}

/**
 * The businesses a shopper follows: favourites first, then the rest, each group newest follow
 * first; keyset pages of `limit`. Suspended businesses are left out (the follow is kept, so
 * they come back if reinstated).
 */
export async function listFollowed(
  db: Database,
  userId: string,
  { after = null, limit = followedPageSize }: { after?: string | null; limit?: number } = {},
): Promise<{ items: FollowedBusiness[]; nextCursor: string | null }> {
  const cursor = after ? decodeFollowCursor(after) : null;
  // Row comparison (favourite, created_at, business_id) < cursor, in the list's own order:
  // favourite desc, created_at desc, id asc.
  const micros = sql`(extract(epoch from ${businessFollows.createdAt}) * 1000000)::bigint`;
  const afterCursor = cursor
    ? sql`(${businessFollows.favourite} < ${cursor.favourite}
        or (${businessFollows.favourite} = ${cursor.favourite}
          and (${micros} < ${cursor.micros}::bigint
            or (${micros} = ${cursor.micros}::bigint
              and ${businessFollows.businessId} collate "C" > ${cursor.id}))))`
    : undefined;
  const rows = await db
    .select({
      ...businessCardColumns,
      favourite: businessFollows.favourite,
      followedAt: businessFollows.createdAt,
      micros: followedMicros,
    })
    .from(businessFollows)
    .innerJoin(businesses, eq(businesses.id, businessFollows.businessId))
    .innerJoin(categories, eq(categories.id, businesses.categoryId))
    .leftJoin(images, eq(images.id, businesses.logoImageId))
    .leftJoin(reviewStats, reviewStatsJoin)
    .where(and(eq(businessFollows.userId, userId), eq(businesses.status, "active"), afterCursor))
    .orderBy(
      desc(businessFollows.favourite),
      desc(businessFollows.createdAt),
      sql`${businessFollows.businessId} collate "C" asc`,
    )
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => ({
      ...toBusinessCard(row),
      favourite: row.favourite,
      followedAt: row.followedAt,
    })),
    nextCursor: rows.length > limit && last ? encodeFollowCursor(last) : null,
  };
}

/**
 * "For you": active businesses in the categories of the ones the shopper follows, in the
 * shopper's city (any city when they have not said theirs), that they do not follow yet;
 * newest first.
 */
export async function suggestions(
  db: Database,
  userId: string,
  limit = 8,
): Promise<{ city: string | null; items: BusinessCard[] }> {
  const [person] = await db.select({ city: users.city }).from(users).where(eq(users.id, userId));
  const city = person?.city?.trim() || null;
  const followedCategories = db
    .selectDistinct({ categoryId: businesses.categoryId })
    .from(businessFollows)
    .innerJoin(businesses, eq(businesses.id, businessFollows.businessId))
    .where(and(eq(businessFollows.userId, userId), eq(businesses.status, "active")));
  const alreadyFollowed = db
    .select({ one: sql`1` })
    .from(businessFollows)
    .where(and(eq(businessFollows.userId, userId), eq(businessFollows.businessId, businesses.id)));
  const rows = await db
    .select(businessCardColumns)
    .from(businesses)
    .innerJoin(categories, eq(categories.id, businesses.categoryId))
    .leftJoin(images, eq(images.id, businesses.logoImageId))
    .leftJoin(reviewStats, reviewStatsJoin)
    .where(
      and(
        eq(businesses.status, "active"),
        inArray(businesses.categoryId, followedCategories),
        city ? sql`lower(${businesses.city}) = lower(${city})` : undefined,
        notExists(alreadyFollowed),
      ),
    )
    .orderBy(desc(businesses.createdAt), asc(businesses.id))
    .limit(limit);
  return { city, items: rows.map(toBusinessCard) };
}

export type TrendingBusiness = BusinessCard & { newFollowers: number; newReviews: number };

export const trendingDays = 7;

/**
 * Trending: active businesses ranked by what shoppers did about them in the last 7 days, each
 * new published review and each new follow counting one; ties to the better TrustScore (the key
 * of decision 053), then the newest business. Paid orders ("most bought", PRODUCT.md) are left
 * out until orders have an index by payment time: counting them here would read every order.
 */
export async function trending(
  db: Database,
  { now = new Date(), limit = 24 }: { now?: Date; limit?: number } = {},
): Promise<TrendingBusiness[]> {
  const since = new Date(now.getTime() - trendingDays * 24 * 60 * 60 * 1000);
  const activity = unionAll(
    db
      .select({
        businessId: businessFollows.businessId,
        follows: sql<number>`1`.as("follows"),
        reviews: sql<number>`0`.as("reviews"),
      })
      .from(businessFollows)
      .where(and(gte(businessFollows.createdAt, since), lte(businessFollows.createdAt, now))),
    // reviews_created_idx: the week's reviews, whatever their business.
    db
      .select({
        businessId: reviews.businessId,
        follows: sql<number>`0`.as("follows"),
        reviews: sql<number>`1`.as("reviews"),
      })
      .from(reviews)
      .where(
        and(
          gte(reviews.createdAt, since),
          lte(reviews.createdAt, now),
          eq(reviews.status, "published"),
        ),
      ),
  ).as("activity");
  const recent = db
    .select({
      businessId: activity.businessId,
      newFollowers: sql<number>`sum(${activity.follows})::int`.as("new_followers"),
      newReviews: sql<number>`sum(${activity.reviews})::int`.as("new_reviews"),
    })
    .from(activity)
    .groupBy(activity.businessId)
    .as("recent");
  const rows = await db
    .select({
      ...businessCardColumns,
      newFollowers: recent.newFollowers,
      newReviews: recent.newReviews,
    })
    .from(recent)
    .innerJoin(businesses, eq(businesses.id, recent.businessId))
    .innerJoin(categories, eq(categories.id, businesses.categoryId))
    .leftJoin(images, eq(images.id, businesses.logoImageId))
    .leftJoin(reviewStats, reviewStatsJoin)
    .where(eq(businesses.status, "active"))
    .orderBy(
      desc(sql`${recent.newFollowers} + ${recent.newReviews}`),
      // The TrustScore key lives only in the database (drizzle/0036).
      sql`coalesce(${businesses}.search_rating, -1) desc`,
      desc(businesses.createdAt),
      asc(businesses.id),
    )
    .limit(limit);
  return rows.map((row) => ({
    ...toBusinessCard(row),
    newFollowers: Number(row.newFollowers),
    newReviews: Number(row.newReviews),
  }));
}

/** The followed businesses for the personal-data export, whatever their status. */
export async function followsForExport(db: Database, userId: string) {
  return db
    .select({
      businessId: businesses.id,
      slug: businesses.slug,
      name: businesses.name,
      favourite: businessFollows.favourite,
      since: businessFollows.createdAt,
    })
    .from(businessFollows)
    .innerJoin(businesses, eq(businesses.id, businessFollows.businessId))
    .where(eq(businessFollows.userId, userId))
    .orderBy(asc(businessFollows.createdAt));
}
