import { and, asc, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import type { ImageData } from "#app/components/ui/responsive-image.tsx";
import type { Database } from "#app/db/database.server.ts";
import { decodeCursor, encodeCursor, type Page } from "#app/db/page-cursor.server.ts";
import type { Kobo } from "#app/money.ts";
import {
  defaultHoldLimits,
  type HoldLimits,
  type PublicStock,
  publicStock,
} from "#app/orders/hold-limits.ts";
import { reviewStats } from "#app/reviews/schema.server.ts";
import { type ShownTrustScore, shownTrustScore } from "#app/reviews/shown-score.ts";
import { discountedPrice, discountSaleColumn } from "#app/sales/discount-price.server.ts";
import {
  mediaUrl,
  type ProductCard,
  productCardColumns,
  productCardImageJoin,
  reviewStatsJoin,
  toProductCard,
} from "./catalog.server.ts";
import {
  businesses,
  categories,
  collectionProducts,
  collections,
  images,
  productImages,
  products,
} from "./schema.server.ts";

/**
 * The data of a business's own shop: the storefront (/b/{slug}), one collection of it
 * (/b/{slug}/collection/{collection}) and the product page (/{slug}/products/{product}). Only
 * active businesses and active products are ever returned; anything else reads as "not found".
 */
export const storefrontPageSize = 24;

export interface CollectionLink {
  slug: string;
  name: string;
}

/**
 * A business's collections in its own order, leaving out those without an active product: a
 * link to an empty page helps nobody.
 */
export async function listCollections(db: Database, businessId: string): Promise<CollectionLink[]> {
  return db
    .select({ slug: collections.slug, name: collections.name })
    .from(collections)
    .where(
      and(
        eq(collections.businessId, businessId),
        sql`exists (
          select 1 from ${collectionProducts}
          join ${products} on ${products.id} = ${collectionProducts.productId}
          where ${collectionProducts.collectionId} = ${collections.id}
            and ${products.status} = 'active'
        )`,
      ),
    )
    .orderBy(asc(collections.position), asc(collections.name));
}

// Microseconds since the epoch, exact on both engines (extract returns numeric since PG 14):
// a cursor holding a JS Date would drop the microseconds Postgres keeps and repeat products.
const createdKey = sql<string>`(extract(epoch from ${products.createdAt}) * 1000000)::bigint`;
const idInC = sql`${products.id} collate "C"`;
// What can be bought comes before what sold out, in every list of a business (issue 15).
const inStock = sql<boolean>`(${products.stock} > 0)`;

/** A cursor key with the row's stock in front: "1:…" in stock, "0:…" sold out. */
function stockKey(inStockNow: boolean, key: string): string {
  return `${inStockNow ? 1 : 0}:${key}`;
}

/** Rows after a cursor in the order (in stock first, then `after`'s own order). */
function afterStock(cursorInStock: boolean, after: SQL): SQL {
  return sql`(${inStock} < ${cursorInStock}::boolean
    or (${inStock} = ${cursorInStock}::boolean and ${after}))`;
}

function productList(db: Database) {
  return db
    .select({ ...productCardColumns, createdKey: sql<string>`${createdKey}::text` })
    .from(products)
    .innerJoin(businesses, eq(businesses.id, products.businessId))
    .leftJoin(productImages, productCardImageJoin)
    .leftJoin(images, eq(images.id, productImages.imageId));
}

function activeProductsOf(businessId: string): SQL | undefined {
  return and(
    eq(products.businessId, businessId),
    eq(products.status, "active"),
    eq(businesses.status, "active"),
  );
}

/**
 * The storefront's products, newest first with sold-out ones last, a page at a time (keyset on
 * in stock, created_at, id).
 */
export async function storefrontProducts(
  db: Database,
  businessId: string,
  { after, limit = storefrontPageSize }: { after?: string | null; limit?: number } = {},
): Promise<Page<ProductCard>> {
  const cursor = after ? decodeCursor(after, /^[01]:-?\d{1,18}$/) : null;
  const [cursorStock, cursorKey] = cursor ? [cursor.key.startsWith("1"), cursor.key.slice(2)] : [];
  const rows = await productList(db)
    .where(
      and(
        activeProductsOf(businessId),
        cursor
          ? afterStock(
              cursorStock as boolean,
              sql`(${createdKey} < ${cursorKey}::bigint
              or (${createdKey} = ${cursorKey}::bigint and ${idInC} > ${cursor.id}))`,
            )
          : undefined,
      ),
    )
    .orderBy(desc(inStock), desc(products.createdAt), asc(idInC))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toProductCard),
    nextCursor:
      rows.length > limit && last
        ? encodeCursor(stockKey(last.stock > 0, last.createdKey), last.id)
        : null,
  };
}

export interface CollectionPage extends Page<ProductCard> {
  collection: { slug: string; name: string; description: string };
}

/**
 * One collection of a business by slug (any case), its active products in the collection's own
 * order (`collection_products.position`) with sold-out ones last, a page at a time. Undefined
 * for an unknown collection.
 */
export async function collectionPage(
  db: Database,
  businessId: string,
  collectionSlug: string,
  { after, limit = storefrontPageSize }: { after?: string | null; limit?: number } = {},
): Promise<CollectionPage | undefined> {
  const [collection] = await db
    .select({
      id: collections.id,
      slug: collections.slug,
      name: collections.name,
      description: collections.description,
    })
    .from(collections)
    .where(
      and(
        eq(collections.businessId, businessId),
        sql`lower(${collections.slug}) = ${collectionSlug.toLowerCase()}`,
      ),
    )
    .limit(1);
  if (!collection) return undefined;
  const cursor = after ? decodeCursor(after, /^[01]:-?\d{1,9}$/) : null;
  const [cursorStock, cursorKey] = cursor ? [cursor.key.startsWith("1"), cursor.key.slice(2)] : [];
  const position = collectionProducts.position;
  const rows = await db
    .select({ ...productCardColumns, position })
    .from(collectionProducts)
    .innerJoin(products, eq(products.id, collectionProducts.productId))
    .innerJoin(businesses, eq(businesses.id, products.businessId))
    .leftJoin(productImages, productCardImageJoin)
    .leftJoin(images, eq(images.id, productImages.imageId))
    .where(
      and(
        eq(collectionProducts.collectionId, collection.id),
        activeProductsOf(businessId),
        cursor
          ? afterStock(
              cursorStock as boolean,
              sql`(${position} > ${Number(cursorKey)}
              or (${position} = ${Number(cursorKey)} and ${idInC} > ${cursor.id}))`,
            )
          : undefined,
      ),
    )
    .orderBy(desc(inStock), asc(position), asc(idInC))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    collection: {
      slug: collection.slug,
      name: collection.name,
      description: collection.description,
    },
    items: page.map(toProductCard),
    nextCursor:
      rows.length > limit && last
        ? encodeCursor(stockKey(last.stock > 0, String(last.position)), last.id)
        : null,
  };
}

export interface ProductDetail {
  id: string;
  slug: string;
  name: string;
  description: string;
  /** What a shopper pays now: a live discount sale's price when one lowers it (decision 055). */
  priceKobo: Kobo;
  /** The "was" price: the usual price during a discount sale, else the business's compare-at. */
  compareAtKobo: Kobo | null;
  /** The discount sale lowering the price now: its page and when it ends. */
  discountSale: { id: string; endsLabel: string } | null;
  sizes: string[];
  /** What the page may tell anyone: the exact count only when low (decision 030). */
  stock: PublicStock;
  /** Every picture in position order; the first is the main one. */
  images: ImageData[];
  business: {
    id: string;
    slug: string;
    name: string;
    city: string;
    brandColor: string;
    logoUrl: string | null;
    /** The business's TrustScore as shown (decision 053); null: no reviews yet. */
    trustScore: ShownTrustScore | null;
  };
  category: { slug: string; name: string };
}

/**
 * An active product of an active business, by its id or by both slugs in any case, with its
 * pictures in order. A product of another business under this business's slug is not found.
 */
export async function findProductDetail(
  db: Database,
  product: { businessSlug: string; productSlug: string } | { id: string },
  limits: Pick<HoldLimits, "exactStockUpTo"> = defaultHoldLimits,
): Promise<ProductDetail | undefined> {
  const [row] = await db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      description: products.description,
      priceKobo: products.priceKobo,
      compareAtKobo: products.compareAtKobo,
      sizes: products.sizes,
      stock: products.stock,
      businessId: businesses.id,
      businessSlug: businesses.slug,
      businessName: businesses.name,
      businessCity: businesses.city,
      brandColor: businesses.brandColor,
      logoPath: images.path,
      categorySlug: categories.slug,
      categoryName: categories.name,
      reviewCount: reviewStats.reviewCount,
      weightSum: reviewStats.weightSum,
      weightedStars: reviewStats.weightedStars,
      discountSale: discountSaleColumn(products.id, products.businessId),
    })
    .from(products)
    .innerJoin(businesses, eq(businesses.id, products.businessId))
    .innerJoin(categories, eq(categories.id, businesses.categoryId))
    .leftJoin(images, eq(images.id, businesses.logoImageId))
    .leftJoin(reviewStats, reviewStatsJoin)
    .where(
      and(
        ...("id" in product
          ? [eq(products.id, product.id)]
          : [
              eq(businesses.slug, product.businessSlug.toLowerCase()),
              eq(products.slug, product.productSlug.toLowerCase()),
            ]),
        eq(businesses.status, "active"),
        eq(products.status, "active"),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  const { priceKobo, compareAtKobo, sale } = discountedPrice(row, row.discountSale);
  const pictures = await db
    .select({ path: images.path, width: images.width, height: images.height, alt: images.alt })
    .from(productImages)
    .innerJoin(images, eq(images.id, productImages.imageId))
    .where(eq(productImages.productId, row.id))
    .orderBy(asc(productImages.position), asc(sql`${images.id} collate "C"`));
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    priceKobo,
    compareAtKobo,
    discountSale: sale ? { id: sale.id, endsLabel: sale.endsLabel } : null,
    sizes: row.sizes,
    stock: publicStock(row.stock, limits),
    images: pictures.map((picture) => ({
      url: mediaUrl(picture.path),
      width: picture.width,
      height: picture.height,
      alt: picture.alt || row.name,
    })),
    business: {
      id: row.businessId,
      slug: row.businessSlug,
      name: row.businessName,
      city: row.businessCity,
      brandColor: row.brandColor,
      logoUrl: row.logoPath ? mediaUrl(row.logoPath) : null,
      trustScore: shownTrustScore(row),
    },
    category: { slug: row.categorySlug, name: row.categoryName },
  };
}

/** Other active products of the business, in stock first, then newest. */
export async function moreFromBusiness(
  db: Database,
  businessId: string,
  exceptProductId: string,
  limit = 4,
): Promise<ProductCard[]> {
  const rows = await productList(db)
    .where(and(activeProductsOf(businessId), ne(products.id, exceptProductId)))
    .orderBy(sql`${products.stock} > 0 desc`, desc(products.createdAt), asc(idInC))
    .limit(limit);
  return rows.map(toProductCard);
}
