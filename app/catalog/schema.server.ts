import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "../auth/schema.server.ts";
import { timestamps } from "../db/columns.server.ts";

/** Opening hours per weekday, each a list of [opens, closes] in 24-hour "HH:MM", Lagos time. */
export type OpeningHours = Record<
  "mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun",
  Array<[string, string]>
>;

export const businessStatus = pgEnum("business_status", [
  "pending",
  "active",
  "suspended",
  "rejected",
]);
export const productStatus = pgEnum("product_status", ["draft", "active", "archived"]);

export const categories = pgTable("categories", {
  id: text("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  position: integer("position").notNull().default(0),
});

/** A stored image; `path` is the storage key of the original, relative to the media root. */
export const images = pgTable("images", {
  id: text("id").primaryKey(),
  path: text("path").notNull().unique(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  alt: text("alt").notNull().default(""),
  /**
   * The business a picture was uploaded for: only that business may attach it (issue 16). Null
   * for a business application's pictures, stored before its business row. No foreign key:
   * businesses already point at images (logo, cover).
   */
  businessId: text("business_id"),
  createdAt: timestamps.createdAt,
});

export const businesses = pgTable(
  "businesses",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    tagline: text("tagline").notNull().default(""),
    description: text("description").notNull().default(""),
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id),
    city: text("city").notNull(),
    address: text("address").notNull(),
    phone: text("phone").notNull().default(""),
    email: text("email").notNull().default(""),
    brandColor: text("brand_color").notNull().default("#0b7a4b"),
    logoImageId: text("logo_image_id").references(() => images.id),
    coverImageId: text("cover_image_id").references(() => images.id),
    hours: jsonb("hours").$type<OpeningHours>().notNull(),
    status: businessStatus("status").notNull().default("pending"),
    /** Who applied to list it on /vendor (issue 7); null for businesses made otherwise. */
    applicantId: text("applicant_id").references((): AnyPgColumn => users.id, {
      onDelete: "set null",
    }),
    /** The admin's last decision about it: when, by whom, and the reason given to the applicant. */
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: text("reviewed_by"),
    reviewNote: text("review_note"),
    /**
     * The business's floor for discount sales (issue 22, decision 055): no discount sale takes a
     * product below this percentage of its usual price.
     */
    saleFloorPercent: integer("sale_floor_percent").notNull().default(0),
    ...timestamps,
  },
  (table) => [
    check("businesses_sale_floor_percent", sql`${table.saleFloorPercent} between 0 and 95`),
    // Slugs are stored lower-case so that the case-insensitive route match finds one business.
    uniqueIndex("businesses_slug_key").on(table.slug),
    check("businesses_slug_lower", sql`${table.slug} = lower(${table.slug})`),
    check("businesses_brand_color_hex", sql`${table.brandColor} ~ '^#[0-9a-fA-F]{6}$'`),
    index("businesses_status_category_idx").on(table.status, table.categoryId),
    index("businesses_status_city_idx").on(table.status, table.city),
    // "Newest first" lists: the home page, /b, /ll.
    index("businesses_status_created_idx").on(table.status, table.createdAt),
    index("businesses_applicant_idx").on(table.applicantId),
  ],
);

export const products = pgTable(
  "products",
  {
    id: text("id").primaryKey(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    // Money is integer kobo. bigint keeps room for any price; JS numbers hold it exactly
    // up to ₦90 trillion.
    priceKobo: bigint("price_kobo", { mode: "number" }).notNull(),
    compareAtKobo: bigint("compare_at_kobo", { mode: "number" }),
    sizes: jsonb("sizes").$type<string[]>().notNull().default([]),
    stock: integer("stock").notNull().default(0),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    status: productStatus("status").notNull().default("draft"),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("products_business_slug_key").on(table.businessId, table.slug),
    index("products_business_status_idx").on(table.businessId, table.status),
    index("products_status_created_idx").on(table.status, table.createdAt),
    check("products_price_positive", sql`${table.priceKobo} > 0`),
    check(
      "products_compare_at_above_price",
      sql`${table.compareAtKobo} is null or ${table.compareAtKobo} > ${table.priceKobo}`,
    ),
    check("products_stock_not_negative", sql`${table.stock} >= 0`),
  ],
);

export const productImages = pgTable(
  "product_images",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    imageId: text("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.productId, table.imageId] })],
);

export const collections = pgTable(
  "collections",
  {
    id: text("id").primaryKey(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (table) => [uniqueIndex("collections_business_slug_key").on(table.businessId, table.slug)],
);

export const collectionProducts = pgTable(
  "collection_products",
  {
    collectionId: text("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.collectionId, table.productId] }),
    index("collection_products_product_idx").on(table.productId),
  ],
);

export const partnershipStatus = pgEnum("partnership_status", ["proposed", "active", "ended"]);

/**
 * A cross-promotion: `businessId` presents `partnerId` on /{business}/partners/{partner} with
 * the partner's offer. Proposed and accepted on /collab and in the vendor console (later issues);
 * only `active` ones are public.
 */
export const partnerships = pgTable(
  "partnerships",
  {
    id: text("id").primaryKey(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    partnerId: text("partner_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    offerTitle: text("offer_title").notNull(),
    offerDetails: text("offer_details").notNull().default(""),
    /** Shown to shoppers at the partner's till, e.g. "OJA-FRIENDS". Not a secret. */
    offerCode: text("offer_code").notNull().default(""),
    status: partnershipStatus("status").notNull().default("proposed"),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("partnerships_pair_key").on(table.businessId, table.partnerId),
    index("partnerships_partner_idx").on(table.partnerId),
    check("partnerships_not_self", sql`${table.businessId} <> ${table.partnerId}`),
  ],
);
