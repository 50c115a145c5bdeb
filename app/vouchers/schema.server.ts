import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
} from "drizzle-orm/pg-core";
import { businesses, images } from "../catalog/schema.server.ts";
import { timestamps } from "../db/columns.server.ts";

/**
 * Voucher offers (issue 19): what a business sells as a voucher, "a spa day worth ₦25,000 for
 * ₦18,000". An offer is the listing; the vouchers bought from it (a later step of the issue) copy
 * its value, price and validity when they are sold, so editing an offer never changes a voucher
 * already sold.
 */
export const voucherOfferStatus = pgEnum("voucher_offer_status", ["active", "paused", "ended"]);

export const voucherOffers = pgTable(
  "voucher_offers",
  {
    id: text("id").primaryKey(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** What the voucher is worth at the business, and what a shopper pays for it (kobo). */
    valueKobo: bigint("value_kobo", { mode: "number" }).notNull(),
    priceKobo: bigint("price_kobo", { mode: "number" }).notNull(),
    /**
     * Validity: either this many days after purchase, or until the end of this date (Lagos).
     * Exactly one of the two is set.
     */
    validDays: integer("valid_days"),
    validUntil: date("valid_until", { mode: "string" }),
    /** How many may be sold in all (null: no limit), and how many have been. */
    totalQuantity: integer("total_quantity"),
    soldCount: integer("sold_count").notNull().default(0),
    /** How many one shopper may buy (null: no limit). */
    perShopperLimit: integer("per_shopper_limit"),
    finePrint: text("fine_print").notNull().default(""),
    status: voucherOfferStatus("status").notNull().default("active"),
    ...timestamps,
  },
  (table) => [
    index("voucher_offers_business_idx").on(table.businessId, table.createdAt),
    index("voucher_offers_status_created_idx").on(table.status, table.createdAt),
    check("voucher_offers_price_positive", sql`${table.priceKobo} > 0`),
    check("voucher_offers_price_below_value", sql`${table.priceKobo} < ${table.valueKobo}`),
    check(
      "voucher_offers_one_validity",
      sql`(${table.validDays} is null) <> (${table.validUntil} is null)`,
    ),
    check(
      "voucher_offers_valid_days_range",
      sql`${table.validDays} is null or ${table.validDays} between 1 and 1095`,
    ),
    check(
      "voucher_offers_quantity",
      sql`${table.soldCount} >= 0 and (${table.totalQuantity} is null or ${table.soldCount} <= ${table.totalQuantity})`,
    ),
    check(
      "voucher_offers_per_shopper_positive",
      sql`${table.perShopperLimit} is null or ${table.perShopperLimit} > 0`,
    ),
  ],
);

export const voucherOfferImages = pgTable(
  "voucher_offer_images",
  {
    offerId: text("offer_id")
      .notNull()
      .references(() => voucherOffers.id, { onDelete: "cascade" }),
    imageId: text("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.offerId, table.imageId] })],
);
