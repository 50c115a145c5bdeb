import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { users } from "#app/auth/schema.server.ts";
import { lagosToday } from "#app/console/lagos-time.ts";
import type { Database } from "#app/db/database.server.ts";
import { exactTime, exactTimeKey } from "#app/db/page-cursor.server.ts";
import { reviewStats } from "#app/reviews/schema.server.ts";
import { discountSaleListingsById } from "#app/sales/discounts.server.ts";
import { flashSaleListings, type SaleListing } from "#app/sales/flash.server.ts";
import { type BusinessHit, search } from "#app/search/search.server.ts";
import {
  newestOffersSql,
  type OfferCard,
  offerCardsById,
} from "#app/vouchers/marketplace.server.ts";
import {
  type BusinessCard,
  businessCardColumns,
  type ProductCard,
  productCardColumns,
  productCardImageJoin,
  reviewStatsJoin,
  toBusinessCard,
  toProductCard,
} from "./catalog.server.ts";
import { businesses, categories, images, productImages, products } from "./schema.server.ts";

/**
 * The queries of the feeds and curated pages: the latest listings (/ll), the gifting hub
 * (/shop/friends), the spa landing page (/spas) and the home page's "new near you". Shop by
 * category (/shop/{id}) goes through `search()` and only needs `findCategory` here.
 *
 * Vouchers, flash sales and discount sales have no tables yet; the latest feed gains them as
 * kinds of entry when they arrive.
 */

export const defaultFeedLimit = 20;

// ---------------------------------------------------------------------------------------------
// Relative ages

const relativeTime = new Intl.RelativeTimeFormat("en-NG", { numeric: "auto" });
const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/**
 * "2 days ago", "yesterday", "just now". Computed on the server with one `now` per request, so
 * the page and the pages appended later agree and hydration never sees another clock.
 */
export function timeAgo(date: Date, now: Date): string {
  const seconds = Math.max(0, Math.round((now.getTime() - date.getTime()) / 1000));
  for (const [unit, size] of units) {
    if (seconds >= size) return relativeTime.format(-Math.floor(seconds / size), unit);
  }
  return "just now";
}

/** Can be bought now: lists put these before sold-out products (issue 15). */
const inStock = sql<boolean>`(${products.stock} > 0)`;

// ---------------------------------------------------------------------------------------------
// Cursors over (created_at, id), newest first

/** Thrown for a malformed `?after=`; answer 400 and start again from the newest. */
export class InvalidFeedCursorError extends Error {
  constructor() {
    super("This page of the list has expired; start again from the newest.");
    this.name = "InvalidFeedCursorError";
  }
}

interface FeedCursor {
  /** created_at to the microsecond, UTC, as PostgreSQL printed it: round-trips exactly. */
  at: string;
  id: string;
  /** Lists that put sold-out products last (gift ideas) keep the row's stock here. */
  inStock?: boolean;
}

const cursorId = /^[a-z]{3}_[0-9a-z]{1,40}$/;

function encodeFeedCursor(cursor: FeedCursor): string {
  const fields =
    cursor.inStock === undefined ? [cursor.at, cursor.id] : [cursor.at, cursor.id, cursor.inStock];
  return Buffer.from(JSON.stringify(fields), "utf8").toString("base64url");
}

export function decodeFeedCursor(value: string): FeedCursor {
  try {
    const parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as unknown;
    if (Array.isArray(parsed) && (parsed.length === 2 || parsed.length === 3)) {
      const [at, id, inStock] = parsed as unknown[];
      if (
        (inStock === undefined || typeof inStock === "boolean") &&
        typeof at === "string" &&
        typeof id === "string" &&
        exactTimeKey.test(at) &&
        !Number.isNaN(Date.parse(at)) &&
        cursorId.test(id)
      ) {
        return inStock === undefined ? { at, id } : { at, id, inStock };
      }
    }
  } catch {
    // Falls through to the error below.
  }
  throw new InvalidFeedCursorError();
}

/** Rows strictly after the cursor in (created_at desc, id desc) order; ids compare as "C". */
function olderThan(createdAt: SQL, id: SQL, cursor: FeedCursor | null): SQL {
  if (!cursor) return sql`true`;
  return sql`(${createdAt} < ${cursor.at}::timestamptz
    or (${createdAt} = ${cursor.at}::timestamptz and ${id} collate "C" < ${cursor.id}))`;
}

function clamp(limit: number | undefined, max = 48): number {
  if (limit === undefined || !Number.isFinite(limit)) return defaultFeedLimit;
  return Math.min(max, Math.max(1, Math.floor(limit)));
}

type Row = Record<string, unknown>;

async function rowsOf(db: Database, query: SQL): Promise<Row[]> {
  // execute() is typed per engine; both engines answer with `rows`.
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

// ---------------------------------------------------------------------------------------------
// /ll: the latest listings

export type FeedEntry =
  | { kind: "business"; id: string; createdAt: string; age: string; business: BusinessCard }
  | { kind: "product"; id: string; createdAt: string; age: string; product: ProductCard }
  | { kind: "voucher"; id: string; createdAt: string; age: string; offer: OfferCard }
  | { kind: "sale"; id: string; createdAt: string; age: string; sale: SaleListing };

export interface FeedPage<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * Newest active businesses, products, vouchers on sale and sales not over (flash and discount,
 * issue 22), merged newest first. One `union all` of keyset scans (each takes at most limit + 1
 * rows after the cursor) orders the page; the cards are then read for that page's ids only. Ids
 * carry their kind's prefix, so (created_at, id) is unique across the kinds and every entry
 * appears on exactly one page.
 */
export async function latestListings(
  db: Database,
  options: { after?: string | null; limit?: number; now?: Date } = {},
): Promise<FeedPage<FeedEntry>> {
  const limit = clamp(options.limit);
  const cursor = options.after ? decodeFeedCursor(options.after) : null;
  const now = options.now ?? new Date();
  const keyed = await rowsOf(
    db,
    sql`select kind, id, at from (
      (select 'business' as kind, b.id, b.created_at, ${exactTime(sql.raw("b.created_at"))} as at
        from businesses b
        where b.status = 'active' and ${olderThan(sql.raw("b.created_at"), sql.raw("b.id"), cursor)}
        order by b.created_at desc, b.id collate "C" desc limit ${limit + 1})
      union all
      (select 'product', p.id, p.created_at, ${exactTime(sql.raw("p.created_at"))}
        from products p join businesses b on b.id = p.business_id
        where p.status = 'active' and b.status = 'active'
          and ${olderThan(sql.raw("p.created_at"), sql.raw("p.id"), cursor)}
        order by p.created_at desc, p.id collate "C" desc limit ${limit + 1})
      union all
      (${newestOffersSql(
        lagosToday(now),
        olderThan(sql.raw("o.created_at"), sql.raw("o.id"), cursor),
        limit + 1,
      )})
      union all
      (select 'flash', f.id, f.created_at, ${exactTime(sql.raw("f.created_at"))}
        from flash_sales f
        join products p on p.id = f.product_id
        join businesses b on b.id = f.business_id
        where f.cancelled_at is null and f.ends_at > ${now.toISOString()}::timestamptz
          and p.status = 'active' and b.status = 'active'
          and ${olderThan(sql.raw("f.created_at"), sql.raw("f.id"), cursor)}
        order by f.created_at desc, f.id collate "C" desc limit ${limit + 1})
      union all
      (select 'discount', d.id, d.created_at, ${exactTime(sql.raw("d.created_at"))}
        from discount_sales d join businesses b on b.id = d.business_id
        where d.cancelled_at is null and d.ends_at > ${now.toISOString()}::timestamptz
          and b.status = 'active'
          and ${olderThan(sql.raw("d.created_at"), sql.raw("d.id"), cursor)}
        order by d.created_at desc, d.id collate "C" desc limit ${limit + 1})
    ) entries
    order by created_at desc, id collate "C" desc
    limit ${limit + 1}`,
  );
  const page = keyed.slice(0, limit);
  const ids = (kind: string) =>
    page.filter((row) => row.kind === kind).map((row) => row.id as string);
  const [businessCards, productCards, offerCards, flashSales, discountSales] = await Promise.all([
    businessCardsById(db, ids("business")),
    productCardsById(db, ids("product")),
    offerCardsById(db, ids("voucher")),
    flashSaleListings(db, ids("flash"), now),
    discountSaleListingsById(db, ids("discount"), now),
  ]);
  const sales = new Map([...flashSales, ...discountSales].map((sale) => [sale.id, sale]));
  const items: FeedEntry[] = [];
  for (const row of page) {
    const id = row.id as string;
    const at = row.at as string;
    const base = { id, createdAt: at, age: timeAgo(new Date(at), now) };
    if (row.kind === "business") {
      const business = businessCards.get(id);
      if (business) items.push({ ...base, kind: "business", business });
    } else if (row.kind === "product") {
      const product = productCards.get(id);
      if (product) items.push({ ...base, kind: "product", product });
    } else if (row.kind === "voucher") {
      const offer = offerCards.get(id);
      if (offer) items.push({ ...base, kind: "voucher", offer });
    } else {
      const sale = sales.get(id);
      if (sale) items.push({ ...base, kind: "sale", sale });
    }
  }
  const last = page[page.length - 1];
  return {
    items,
    nextCursor:
      keyed.length > limit && last
        ? encodeFeedCursor({ at: last.at as string, id: last.id as string })
        : null,
  };
}

async function businessCardsById(db: Database, ids: string[]) {
  if (ids.length === 0) return new Map<string, BusinessCard>();
  const rows = await db
    .select(businessCardColumns)
    .from(businesses)
    .innerJoin(categories, eq(categories.id, businesses.categoryId))
    .leftJoin(images, eq(images.id, businesses.logoImageId))
    .leftJoin(reviewStats, reviewStatsJoin)
    .where(inArray(businesses.id, ids));
  return new Map(rows.map((row) => [row.id, toBusinessCard(row)]));
}

async function productCardsById(db: Database, ids: string[]) {
  if (ids.length === 0) return new Map<string, ProductCard>();
  const rows = await db
    .select(productCardColumns)
    .from(products)
    .innerJoin(businesses, eq(businesses.id, products.businessId))
    .leftJoin(productImages, productCardImageJoin)
    .leftJoin(images, eq(images.id, productImages.imageId))
    .where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, toProductCard(row)]));
}

// ---------------------------------------------------------------------------------------------
// /shop/{id}

export async function findCategory(db: Database, slug: string) {
  const [row] = await db
    .select({
      id: categories.id,
      slug: categories.slug,
      name: categories.name,
      description: categories.description,
    })
    .from(categories)
    .where(eq(categories.slug, slug.toLowerCase()))
    .limit(1);
  return row;
}

// ---------------------------------------------------------------------------------------------
// /shop/friends

/**
 * The tag that makes a product gift-able. Only the tag counts: a spa or beauty product is not a
 * gift idea by its category alone (a pedicure voucher may be; a tub of relaxer rarely is), so
 * businesses choose what they offer as gifts.
 */
export const giftTag = "gift-idea";

/**
 * Active, gift-tagged products of active businesses, newest first with sold-out ones last
 * (issue 15), keyset paged.
 */
export async function giftIdeas(
  db: Database,
  options: { after?: string | null; limit?: number } = {},
): Promise<FeedPage<ProductCard>> {
  const limit = clamp(options.limit, 48);
  const cursor = options.after ? decodeFeedCursor(options.after) : null;
  const rows = await db
    .select({ ...productCardColumns, at: exactTime(sql`${products.createdAt}`).mapWith(String) })
    .from(products)
    .innerJoin(businesses, eq(businesses.id, products.businessId))
    .leftJoin(productImages, productCardImageJoin)
    .leftJoin(images, eq(images.id, productImages.imageId))
    .where(
      and(
        eq(products.status, "active"),
        eq(businesses.status, "active"),
        sql`${products.tags} @> ${JSON.stringify([giftTag])}::jsonb`,
        cursor
          ? sql`(${inStock} < ${cursor.inStock ?? true}::boolean
              or (${inStock} = ${cursor.inStock ?? true}::boolean
                and ${olderThan(sql`${products.createdAt}`, sql`${products.id}`, cursor)}))`
          : undefined,
      ),
    )
    .orderBy(desc(inStock), desc(products.createdAt), sql`${products.id} collate "C" desc`)
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toProductCard),
    nextCursor:
      rows.length > limit && last
        ? encodeFeedCursor({ at: last.at, id: last.id, inStock: last.stock > 0 })
        : null,
  };
}

// ---------------------------------------------------------------------------------------------
// /spas

export const spaCategorySlug = "spas-wellness";
/** Tags that make a spa product a "package" on /spas, strongest first. */
export const spaPackageTags = ["package", "couples", "massage"] as const;

export type SpaBusiness = BusinessHit & { openNow: boolean };

export interface SpaLanding {
  category: { slug: string; name: string; description: string } | null;
  /** Open now first, then the rest; newest first within each. */
  businesses: SpaBusiness[];
  /** More spas than shown: link to the full list. */
  moreBusinesses: boolean;
  packages: ProductCard[];
  cities: Array<{ name: string; count: number }>;
}

/**
 * The spa landing page: spas open at `now` first (the search's own "open now" filter), then the
 * others; packages and massages, one per spa so a single spa never fills the row; and the cities
 * that have spas, for the city picker. There is no order data yet, so "popular" cannot mean
 * most bought: packages rank by tag (package, couples, massage), then newest, with sold-out
 * ones after every package that can be bought.
 */
export async function spaLanding(
  db: Database,
  options: { city?: string | null; now?: Date; limit?: number } = {},
): Promise<SpaLanding> {
  const limit = clamp(options.limit ?? 12, 24);
  const now = options.now ?? new Date();
  const filters = { categorySlug: spaCategorySlug, city: options.city ?? undefined };
  const [category, open, all, packages] = await Promise.all([
    findCategory(db, spaCategorySlug),
    search(db, { kind: "businesses", filters: { ...filters, openNow: true }, limit }, { now }),
    search(db, { kind: "businesses", filters, limit: limit + 1 }, { now }),
    spaPackages(db, options.city ?? null, 8),
  ]);
  const openIds = new Set(open.items.map((business) => business.id));
  const merged: SpaBusiness[] = [
    ...open.items.map((business) => ({ ...business, openNow: true })),
    ...all.items
      .filter((business) => !openIds.has(business.id))
      .map((business) => ({ ...business, openNow: false })),
  ];
  return {
    category: category
      ? { slug: category.slug, name: category.name, description: category.description }
      : null,
    businesses: merged.slice(0, limit),
    moreBusinesses: merged.length > limit || all.nextCursor !== null,
    packages,
    cities: all.facets.cities,
  };
}

async function spaPackages(db: Database, city: string | null, limit: number) {
  const rank = sql<number>`case
    when ${products.tags} @> '["package"]'::jsonb then 0
    when ${products.tags} @> '["couples"]'::jsonb then 1
    else 2 end`;
  const rows = await db
    .selectDistinctOn([products.businessId], {
      ...productCardColumns,
      rank,
      createdAt: products.createdAt,
    })
    .from(products)
    .innerJoin(businesses, eq(businesses.id, products.businessId))
    .innerJoin(categories, eq(categories.id, businesses.categoryId))
    .leftJoin(productImages, productCardImageJoin)
    .leftJoin(images, eq(images.id, productImages.imageId))
    .where(
      and(
        eq(products.status, "active"),
        eq(businesses.status, "active"),
        eq(categories.slug, spaCategorySlug),
        sql`${products.tags} ?| array[${sql.join(
          spaPackageTags.map((tag) => sql`${tag}`),
          sql`, `,
        )}]::text[]`,
        city ? sql`lower(${businesses.city}) = lower(${city}::text)` : undefined,
      ),
    )
    .orderBy(products.businessId, desc(inStock), rank, desc(products.createdAt), asc(products.id));
  return rows
    .sort(
      (a, b) =>
        Number(b.stock > 0) - Number(a.stock > 0) ||
        a.rank - b.rank ||
        b.createdAt.getTime() - a.createdAt.getTime() ||
        (a.id < b.id ? -1 : 1),
    )
    .slice(0, limit)
    .map(toProductCard);
}

// ---------------------------------------------------------------------------------------------
// The home page

/** The city saved on the shopper's account, if any. */
export async function savedCity(db: Database, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db.select({ city: users.city }).from(users).where(eq(users.id, userId));
  const city = row?.city?.trim();
  return city ? city : null;
}

/**
 * The city of `newBusinessesNear` and `topRatedNear` as SQL: the one given, or the shopper's
 * saved city read inside the query, so the home page needs no round trip first.
 */
function nearCity(options: { city?: string | null; userId?: string | null }): SQL | null {
  return options.city !== undefined
    ? options.city === null
      ? null
      : sql`${options.city}::text`
    : options.userId
      ? sql`(select nullif(trim(u.city), '') from users u where u.id = ${options.userId})`
      : null;
}

/**
 * The best-rated active businesses of a city (all cities when null) by the TrustScore key kept
 * on write (decision 053), read from businesses_rating_idx; businesses without reviews never.
 */
export async function topRatedNear(
  db: Database,
  options: { city?: string | null; userId?: string | null; limit: number },
): Promise<BusinessCard[]> {
  const city = nearCity(options);
  const key = sql`coalesce(${businesses}.search_rating, -1)`;
  const rows = await db
    .select(businessCardColumns)
    .from(businesses)
    .innerJoin(categories, eq(categories.id, businesses.categoryId))
    .leftJoin(images, eq(images.id, businesses.logoImageId))
    .leftJoin(reviewStats, reviewStatsJoin)
    .where(
      and(
        eq(businesses.status, "active"),
        sql`${key} >= 0`,
        city ? sql`(${city} is null or lower(${businesses.city}) = lower(${city}))` : undefined,
      ),
    )
    .orderBy(sql`${key} desc`, sql`${businesses.id} collate "C"`)
    .limit(options.limit);
  return rows.map(toBusinessCard);
}

/**
 * The newest active businesses of a city (all cities when null). `userId` without `city` reads
 * the shopper's saved city inside the same query, so the home page needs no round trip first.
 */
export async function newBusinessesNear(
  db: Database,
  options: { city?: string | null; userId?: string | null; limit: number },
): Promise<BusinessCard[]> {
  const city = nearCity(options);
  const rows = await db
    .select(businessCardColumns)
    .from(businesses)
    .innerJoin(categories, eq(categories.id, businesses.categoryId))
    .leftJoin(images, eq(images.id, businesses.logoImageId))
    .leftJoin(reviewStats, reviewStatsJoin)
    .where(
      and(
        eq(businesses.status, "active"),
        city ? sql`(${city} is null or lower(${businesses.city}) = lower(${city}))` : undefined,
      ),
    )
    .orderBy(desc(businesses.createdAt), asc(businesses.id))
    .limit(options.limit);
  return rows.map(toBusinessCard);
}
