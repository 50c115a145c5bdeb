import { aliasedTable, and, asc, count, desc, eq, exists, inArray, sql } from "drizzle-orm";
import type { Database } from "#app/db/database.server.ts";
import type { Kobo } from "#app/money.ts";
import { reviewStats } from "#app/reviews/schema.server.ts";
import { type ShownTrustScore, shownTrustScore } from "#app/reviews/shown-score.ts";
import { discountedPrice, discountSaleColumn } from "#app/sales/discount-price.server.ts";
import { businesses, categories, images, productImages, products } from "./schema.server.ts";

/** Public URL of a stored image; images live under /media (local disk by default). */
export function mediaUrl(path: string): string {
  return `/media/${path}`;
}

export interface ProductCard {
  id: string;
  slug: string;
  name: string;
  /** What a shopper pays now: a live discount sale's price when one lowers it (decision 055). */
  priceKobo: Kobo;
  /** The "was" price: the usual price during a discount sale, else the business's compare-at. */
  compareAtKobo: Kobo | null;
  /** "Sale ends 30 Nov 2026, 23:59" while a discount sale lowers the price. */
  saleEnds: string | null;
  sizes: string[];
  inStock: boolean;
  image: { url: string; width: number; height: number; alt: string } | null;
  business: { id: string; slug: string; name: string; city: string };
}

/** What every list of businesses shows per business (cards on /, /b, search, follows…). */
export interface BusinessCard {
  id: string;
  slug: string;
  name: string;
  tagline: string;
  city: string;
  brandColor: string;
  logoUrl: string | null;
  category: { slug: string; name: string };
  /** Its TrustScore as shown (decision 053); null: no reviews yet. */
  trustScore: ShownTrustScore | null;
}

/**
 * The columns behind a BusinessCard, for `db.select(businessCardColumns)` on
 * `businesses ⋈ categories ⟕ images (logo) ⟕ review_stats` (`reviewStatsJoin`): the score is
 * read in the query that lists the businesses, never one query per card; `toBusinessCard` turns
 * a row into the card.
 */
export const businessCardColumns = {
  id: businesses.id,
  slug: businesses.slug,
  name: businesses.name,
  tagline: businesses.tagline,
  city: businesses.city,
  brandColor: businesses.brandColor,
  logoPath: images.path,
  categorySlug: categories.slug,
  categoryName: categories.name,
  reviewCount: reviewStats.reviewCount,
  weightSum: reviewStats.weightSum,
  weightedStars: reviewStats.weightedStars,
};

/** The left join that brings a business's review figures to `businessCardColumns`. */
export const reviewStatsJoin = eq(reviewStats.businessId, businesses.id);

export function toBusinessCard(row: {
  id: string;
  slug: string;
  name: string;
  tagline: string;
  city: string;
  brandColor: string;
  logoPath: string | null;
  categorySlug: string;
  categoryName: string;
  reviewCount: number | null;
  weightSum: number | null;
  weightedStars: number | null;
}): BusinessCard {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    tagline: row.tagline,
    city: row.city,
    brandColor: row.brandColor,
    logoUrl: row.logoPath ? mediaUrl(row.logoPath) : null,
    category: { slug: row.categorySlug, name: row.categoryName },
    trustScore: shownTrustScore(row),
  };
}

/**
 * The columns behind a ProductCard, for `db.select(productCardColumns)` on
 * `products ⋈ businesses` with `productCardImageJoin` (the first image, position 0);
 * `toProductCard` turns a row into the card.
 */
export const productCardColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  priceKobo: products.priceKobo,
  compareAtKobo: products.compareAtKobo,
  sizes: products.sizes,
  stock: products.stock,
  imagePath: images.path,
  imageWidth: images.width,
  imageHeight: images.height,
  businessId: businesses.id,
  businessSlug: businesses.slug,
  businessName: businesses.name,
  businessCity: businesses.city,
  discountSale: discountSaleColumn(products.id, products.businessId),
};

export const productCardImageJoin = and(
  eq(productImages.productId, products.id),
  eq(productImages.position, 0),
);

export function toProductCard(row: {
  id: string;
  slug: string;
  name: string;
  priceKobo: number;
  compareAtKobo: number | null;
  sizes: string[];
  stock: number;
  imagePath: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
  businessId: string;
  businessSlug: string;
  businessName: string;
  businessCity: string;
  /** `discountSaleColumn`'s value. */
  discountSale: unknown;
}): ProductCard {
  const { priceKobo, compareAtKobo, sale } = discountedPrice(row, row.discountSale);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    priceKobo,
    compareAtKobo,
    saleEnds: sale?.endsLabel ?? null,
    sizes: row.sizes,
    inStock: row.stock > 0,
    image: row.imagePath
      ? {
          url: mediaUrl(row.imagePath),
          width: row.imageWidth ?? 800,
          height: row.imageHeight ?? 800,
          alt: row.name,
        }
      : null,
    business: {
      id: row.businessId,
      slug: row.businessSlug,
      name: row.businessName,
      city: row.businessCity,
    },
  };
}

/**
 * A spread of active products for the home page: the best-stocked product of each of the newest
 * businesses that sell something, so one shop never fills the grid. Two small queries: the
 * businesses first (a sort over active businesses only), then one product each among theirs,
 * never a pass over every product on Oja.
 */
export async function featuredProducts(db: Database, limit: number): Promise<ProductCard[]> {
  const newest = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(
      and(
        eq(businesses.status, "active"),
        exists(
          db
            .select({ one: sql`1` })
            .from(products)
            .where(and(eq(products.businessId, businesses.id), eq(products.status, "active"))),
        ),
      ),
    )
    .orderBy(desc(businesses.createdAt), asc(businesses.id))
    .limit(limit);
  const order = newest.map((row) => row.id);
  if (order.length === 0) return [];
  const rows = await db
    .selectDistinctOn([products.businessId], productCardColumns)
    .from(products)
    .innerJoin(businesses, eq(businesses.id, products.businessId))
    .leftJoin(productImages, productCardImageJoin)
    .leftJoin(images, eq(images.id, productImages.imageId))
    .where(and(inArray(products.businessId, order), eq(products.status, "active")))
    .orderBy(products.businessId, desc(products.stock), asc(products.id));
  return (
    rows
      // A business whose every product sold out still shows one, after those that can be bought.
      .sort(
        (a, b) =>
          Number(b.stock > 0) - Number(a.stock > 0) ||
          order.indexOf(a.businessId) - order.indexOf(b.businessId),
      )
      .map(toProductCard)
  );
}

export async function listCategories(db: Database) {
  return db
    .select({ id: categories.id, slug: categories.slug, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name));
}

/** The cities with an active business, A–Z, with how many: every city picker and filter. */
export async function activeCities(db: Database): Promise<Array<{ name: string; count: number }>> {
  const rows = await db
    .select({ name: businesses.city, count: count() })
    .from(businesses)
    .where(eq(businesses.status, "active"))
    .groupBy(businesses.city)
    .orderBy(asc(businesses.city));
  return rows.map((row) => ({ name: row.name, count: Number(row.count) }));
}

export async function newestBusinesses(db: Database, limit: number): Promise<BusinessCard[]> {
  const rows = await db
    .select(businessCardColumns)
    .from(businesses)
    .innerJoin(categories, eq(categories.id, businesses.categoryId))
    .leftJoin(images, eq(images.id, businesses.logoImageId))
    .leftJoin(reviewStats, reviewStatsJoin)
    .where(eq(businesses.status, "active"))
    .orderBy(desc(businesses.createdAt), asc(businesses.id))
    .limit(limit);
  return rows.map(toBusinessCard);
}

const cover = aliasedTable(images, "cover");

/**
 * An active business's public profile by its slug (case-insensitive), or undefined: what its
 * own pages show (/{slug} and its sections, /business/{slug}, the storefront /b/{slug}).
 */
export async function businessProfile(db: Database, slug: string) {
  const [row] = await db
    .select({
      ...businessCardColumns,
      description: businesses.description,
      address: businesses.address,
      phone: businesses.phone,
      email: businesses.email,
      hours: businesses.hours,
      createdAt: businesses.createdAt,
      coverPath: cover.path,
      coverWidth: cover.width,
      coverHeight: cover.height,
      coverAlt: cover.alt,
    })
    .from(businesses)
    .innerJoin(categories, eq(categories.id, businesses.categoryId))
    .leftJoin(images, eq(images.id, businesses.logoImageId))
    .leftJoin(cover, eq(cover.id, businesses.coverImageId))
    .leftJoin(reviewStats, reviewStatsJoin)
    .where(and(eq(businesses.slug, slug.toLowerCase()), eq(businesses.status, "active")))
    .limit(1);
  if (!row) return undefined;
  return {
    ...toBusinessCard(row),
    description: row.description,
    address: row.address,
    phone: row.phone,
    email: row.email,
    hours: row.hours,
    createdAt: row.createdAt,
    cover: row.coverPath
      ? {
          url: mediaUrl(row.coverPath),
          width: row.coverWidth ?? 1200,
          height: row.coverHeight ?? 600,
          alt: row.coverAlt ?? "",
        }
      : null,
  };
}

export type BusinessProfile = NonNullable<Awaited<ReturnType<typeof businessProfile>>>;

/** An active business by its slug (case-insensitive), with what its pages show in the header. */
export async function findBusinessBySlug(db: Database, slug: string) {
  const [row] = await db
    .select({
      id: businesses.id,
      slug: businesses.slug,
      name: businesses.name,
      brandColor: businesses.brandColor,
      logoPath: images.path,
    })
    .from(businesses)
    .leftJoin(images, eq(images.id, businesses.logoImageId))
    .where(and(eq(businesses.slug, slug.toLowerCase()), eq(businesses.status, "active")))
    .limit(1);
  return row;
}

/** An active product of a business by its slug (case-insensitive). */
export async function findProductBySlug(db: Database, businessId: string, slug: string) {
  const [row] = await db
    .select({ id: products.id, slug: products.slug, name: products.name })
    .from(products)
    .where(
      and(
        eq(products.businessId, businessId),
        eq(products.slug, slug.toLowerCase()),
        eq(products.status, "active"),
      ),
    )
    .limit(1);
  return row;
}
