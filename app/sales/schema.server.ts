import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { users } from "../auth/schema.server.ts";
import { businesses, collections, products } from "../catalog/schema.server.ts";

/**
 * Every price a product has had, from when (issue 22, decision 054): written by a trigger on
 * `products` (migration 0037), so no path that changes a price can forget it. A flash sale's
 * price must be below the lowest of the last 30 days, and that lowest is the sale's "was" price.
 */
export const productPrices = pgTable(
  "product_prices",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    priceKobo: bigint("price_kobo", { mode: "number" }).notNull(),
    /** The price holds from here until the product's next row. */
    fromAt: timestamp("from_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("product_prices_product_idx").on(table.productId, table.fromAt)],
);

/**
 * A flash sale (issue 22, decision 054): `units` of one product (and size) at `salePriceKobo`
 * between `startsAt` and `endsAt`. The units are taken off the product's stock when the sale is
 * made, and what is left unsold goes back once the sale is closed (`closedAt`). `wasPriceKobo`
 * is the product's lowest price of the 30 days before the sale was made: the only "was" shown.
 */
export const flashSales = pgTable(
  "flash_sales",
  {
    id: text("id").primaryKey(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size"),
    units: integer("units").notNull(),
    salePriceKobo: bigint("sale_price_kobo", { mode: "number" }).notNull(),
    wasPriceKobo: bigint("was_price_kobo", { mode: "number" }).notNull(),
    perShopperLimit: integer("per_shopper_limit").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Called off by the business before it started. */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** When the units left unsold went back to the product's stock. */
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (table) => [
    index("flash_sales_product_idx").on(table.productId, table.endsAt),
    index("flash_sales_business_idx").on(table.businessId, table.startsAt),
    index("flash_sales_open_idx").on(table.endsAt).where(sql`${table.closedAt} is null`),
    check("flash_sales_units_positive", sql`${table.units} > 0`),
    check(
      "flash_sales_price_below_was",
      sql`${table.salePriceKobo} > 0 and ${table.salePriceKobo} < ${table.wasPriceKobo}`,
    ),
    check("flash_sales_limit_positive", sql`${table.perShopperLimit} > 0`),
    check("flash_sales_ends_after_start", sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

export const flashHoldStatus = pgEnum("flash_hold_status", ["held", "sold", "released"]);

/**
 * Units of a flash sale a shopper holds for 10 minutes, then pays for or lets go. A hold counts
 * against the sale while it is `sold`, or `held` and not yet expired: a lapsed hold gives its
 * units back by the clock alone, with nothing to run.
 */
export const flashHolds = pgTable(
  "flash_holds",
  {
    id: text("id").primaryKey(),
    saleId: text("sale_id")
      .notNull()
      .references(() => flashSales.id, { onDelete: "cascade" }),
    shopperId: text("shopper_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    status: flashHoldStatus("status").notNull().default("held"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("flash_holds_sale_idx").on(table.saleId, table.status, table.expiresAt),
    index("flash_holds_shopper_idx").on(table.shopperId, table.saleId),
    check("flash_holds_quantity_positive", sql`${table.quantity} > 0`),
  ],
);

export const discountKind = pgEnum("discount_kind", ["percent", "amount"]);

/**
 * A discount sale (issue 22, decision 055): a business's event taking a percentage or an amount
 * off a chosen set of products (`discount_sale_products`) or off a collection, as it is while the
 * sale runs, between two instants. The price it gives is worked out by the database function
 * `oja_discount_sale` (migration 0038), the one rule behind cards, product pages, search and
 * checkout: never below the business's floor (`businesses.sale_floor_percent`) nor below ₦0.01.
 */
export const discountSales = pgTable(
  "discount_sales",
  {
    id: text("id").primaryKey(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    kind: discountKind("kind").notNull(),
    /** 1–90 when `kind` is percent. */
    percentOff: integer("percent_off"),
    /** Kobo off each unit when `kind` is amount. */
    amountOffKobo: bigint("amount_off_kobo", { mode: "number" }),
    /** Set when the sale is a collection's; else its products are listed. */
    collectionId: text("collection_id").references(() => collections.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Called off or ended early by the business. */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (table) => [
    index("discount_sales_business_idx").on(table.businessId, table.endsAt),
    check(
      "discount_sales_amount",
      sql`(${table.kind} = 'percent' and ${table.percentOff} between 1 and 90 and ${table.amountOffKobo} is null) or (${table.kind} = 'amount' and ${table.amountOffKobo} > 0 and ${table.percentOff} is null)`,
    ),
    check("discount_sales_ends_after_start", sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/** The products a discount sale takes its amount off (when it is not a collection's). */
export const discountSaleProducts = pgTable(
  "discount_sale_products",
  {
    saleId: text("sale_id")
      .notNull()
      .references(() => discountSales.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.saleId, table.productId] }),
    index("discount_sale_products_product_idx").on(table.productId),
  ],
);
