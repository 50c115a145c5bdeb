import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../auth/schema.server.ts";
import { businesses } from "../catalog/schema.server.ts";

/**
 * Business loyalty cards (issue 20, decision 049). Every shopper has a card at every business:
 * the points earned there (from the ledger) and the visits (days with a check-in or a paid
 * order). A business may add a stamp reward, "every 10th visit: a free pedicure"; staff give it
 * when the card is full, and the visits it used are kept here.
 */
export const loyaltyPrograms = pgTable(
  "loyalty_programs",
  {
    businessId: text("business_id")
      .primaryKey()
      .references(() => businesses.id, { onDelete: "cascade" }),
    /** Visits that fill the card. */
    stampsNeeded: integer("stamps_needed").notNull(),
    /** What a full card gets, in the business's words ("A free pedicure"). */
    reward: text("reward").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("loyalty_programs_stamps", sql`${table.stampsNeeded} between 2 and 50`)],
);

/** A stamp reward given at the till: the visits it used, who gave it. */
export const loyaltyRewardsGiven = pgTable(
  "loyalty_rewards_given",
  {
    id: text("id").primaryKey(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    stampsUsed: integer("stamps_used").notNull(),
    reward: text("reward").notNull(),
    givenBy: text("given_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("loyalty_rewards_given_card").on(table.businessId, table.userId)],
);
