import { date, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../auth/schema.server.ts";
import { businesses } from "../catalog/schema.server.ts";

/**
 * Check-ins (issue 20, decision 048): a shopper scans the QR poster a business printed from its
 * console and checks in, once per Lagos day per business, for 10 points. The visit is kept
 * (reviews will count it as an experience Oja saw; staff see a customer's visits).
 */
export const checkIns = pgTable(
  "check_ins",
  {
    id: text("id").primaryKey(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The Lagos day of the visit: one check-in per shopper, business and day. */
    day: date("day", { mode: "string" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("check_ins_once_a_day").on(table.businessId, table.userId, table.day)],
);

/**
 * The version of a business's check-in poster: its tokens are signed with it, so "print a new
 * poster" (version + 1) stops every older poster at once (a leaked photo, a poster taken down).
 */
export const checkInPosters = pgTable("check_in_posters", {
  businessId: text("business_id")
    .primaryKey()
    .references(() => businesses.id, { onDelete: "cascade" }),
  version: integer("version").notNull().default(1),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
