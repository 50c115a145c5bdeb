import { sql } from "drizzle-orm";
import { bigint, check, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { businesses } from "../catalog/schema.server.ts";
import { timestamps } from "../db/columns.server.ts";

/**
 * How a business hands its orders over (issue 15, decision 021): where and when shoppers pick
 * up, the places it delivers to with a fee and an estimate each, and the order size from which
 * delivery is free. A business without a row picks up at its own address during opening hours
 * and does not deliver.
 */
export const deliverySettings = pgTable(
  "delivery_settings",
  {
    businessId: text("business_id")
      .primaryKey()
      .references(() => businesses.id, { onDelete: "cascade" }),
    /** Where orders are collected; empty: the business's own address. */
    pickupAddress: text("pickup_address").notNull().default(""),
    /** When orders can be collected, in the business's words; empty: during opening hours. */
    pickupHours: text("pickup_hours").notNull().default(""),
    /** Delivery is free for an order whose items cost at least this; null: never free. */
    freeDeliveryFromKobo: bigint("free_delivery_from_kobo", { mode: "number" }),
    ...timestamps,
  },
  (table) => [
    check(
      "delivery_settings_free_from_positive",
      sql`${table.freeDeliveryFromKobo} is null or ${table.freeDeliveryFromKobo} > 0`,
    ),
  ],
);

/**
 * A place the business delivers to: a whole city (`area` empty) or a named area within it, with
 * its fee (kobo, 0 for free) and an estimate shoppers read ("Same day", "1–2 days").
 */
export const deliveryAreas = pgTable(
  "delivery_areas",
  {
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    city: text("city").notNull(),
    area: text("area").notNull().default(""),
    feeKobo: bigint("fee_kobo", { mode: "number" }).notNull(),
    estimate: text("estimate").notNull(),
  },
  (table) => [
    // Also the index for reading one business's areas.
    primaryKey({ columns: [table.businessId, table.position] }),
    check("delivery_areas_fee_not_negative", sql`${table.feeKobo} >= 0`),
  ],
);
