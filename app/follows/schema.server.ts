import { boolean, index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { users } from "../auth/schema.server.ts";
import { businesses } from "../catalog/schema.server.ts";
import { timestamps } from "../db/columns.server.ts";

/**
 * A shopper following a business (its news shows on /b/ff); `favourite` pins it to the top of
 * the shopper's list. One row per shopper and business.
 */
export const businessFollows = pgTable(
  "business_follows",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    favourite: boolean("favourite").notNull().default(false),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.businessId] }),
    // Trending counts new follows per business over the last days.
    index("business_follows_business_created_idx").on(table.businessId, table.createdAt),
  ],
);
