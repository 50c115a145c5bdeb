import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "../auth/schema.server.ts";
import { businesses, categories, images } from "../catalog/schema.server.ts";
import { timestamps } from "../db/columns.server.ts";

/**
 * The reward shop (issue 23, decision 056): what points are spent on. A platform reward
 * (`business_id` null) is run by Oja's admins and hands out codes a partner issued (airtime and
 * data PINs, partner vouchers), one code per redemption from the reward's pool; a business's
 * reward ("a free manicure for 1,500 points") hands out an Oja code its staff take at the till,
 * like a voucher's.
 */
export const rewardKind = pgEnum("reward_kind", ["airtime", "data", "partner_voucher", "business"]);
export const rewardStatus = pgEnum("reward_status", ["active", "archived"]);

export const rewards = pgTable(
  "rewards",
  {
    id: text("id").primaryKey(),
    /** The business whose reward it is; null for Oja's own (platform) rewards. */
    businessId: text("business_id").references(() => businesses.id, { onDelete: "cascade" }),
    kind: rewardKind("kind").notNull(),
    name: text("name").notNull(),
    /** What it is and how to use it, plain text. */
    description: text("description").notNull().default(""),
    /** The marketplace category it belongs to: /shop/{category} lists it. */
    categoryId: text("category_id").references(() => categories.id, { onDelete: "set null" }),
    imageId: text("image_id").references(() => images.id, { onDelete: "set null" }),
    pointsCost: integer("points_cost").notNull(),
    /**
     * How many are left; null for no limit (a business reward only). A platform reward's stock is
     * the count of its pool's codes not handed out yet, kept with the pool in one transaction.
     */
    stock: integer("stock"),
    /** How many one shopper may have in all; null for no limit. */
    perShopperLimit: integer("per_shopper_limit"),
    /** The Lagos days it can be redeemed on: from `startsOn`, through `endsOn` when set. */
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }),
    status: rewardStatus("status").notNull().default("active"),
    ...timestamps,
  },
  (table) => [
    index("rewards_business_idx").on(table.businessId, table.createdAt),
    index("rewards_status_idx").on(table.status, table.pointsCost),
    index("rewards_category_idx").on(table.categoryId),
    check("rewards_points_cost_range", sql`${table.pointsCost} between 1 and 1000000`),
    check("rewards_stock_not_negative", sql`${table.stock} is null or ${table.stock} >= 0`),
    check(
      "rewards_per_shopper_positive",
      sql`${table.perShopperLimit} is null or ${table.perShopperLimit} > 0`,
    ),
    check(
      "rewards_days_in_order",
      sql`${table.endsOn} is null or ${table.endsOn} >= ${table.startsOn}`,
    ),
    // Oja's rewards are never a business's kind and always count a pool; a business's always are.
    check(
      "rewards_kind_matches_owner",
      sql`(${table.businessId} is null) = (${table.kind} <> 'business')
        and (${table.businessId} is not null or ${table.stock} is not null)`,
    ),
  ],
);

/** A platform reward's pool: codes a partner issued, each handed out once. */
export const rewardCodes = pgTable(
  "reward_codes",
  {
    id: text("id").primaryKey(),
    rewardId: text("reward_id")
      .notNull()
      .references(() => rewards.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    /** The redemption it was handed out with; null while in the pool. */
    redemptionId: text("redemption_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("reward_codes_reward_code_key").on(table.rewardId, table.code),
    uniqueIndex("reward_codes_redemption_key").on(table.redemptionId),
    index("reward_codes_free_idx")
      .on(table.rewardId, table.createdAt)
      .where(sql`${table.redemptionId} is null`),
  ],
);

export const rewardRedemptionStatus = pgEnum("reward_redemption_status", ["issued", "used"]);

/**
 * A shopper's redemption: the points it took and the code it gave. It copies the reward's name
 * and business, so a reward edited or archived later never changes what a shopper got.
 */
export const rewardRedemptions = pgTable(
  "reward_redemptions",
  {
    id: text("id").primaryKey(),
    rewardId: text("reward_id")
      .notNull()
      .references(() => rewards.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    businessId: text("business_id").references(() => businesses.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    points: integer("points").notNull(),
    /** A partner's code (platform) or an Oja code in the vouchers' alphabet (a business's). */
    code: text("code").notNull(),
    /** The redeem form's key: one press, one redemption, however often it is sent. */
    requestKey: text("request_key").notNull(),
    /** A business reward is `used` once its staff take it; a partner's code is used elsewhere. */
    status: rewardRedemptionStatus("status").notNull().default("issued"),
    usedAt: timestamp("used_at", { withTimezone: true }),
    usedBy: text("used_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("reward_redemptions_request_key").on(table.userId, table.requestKey),
    index("reward_redemptions_user_idx").on(table.userId, table.createdAt),
    index("reward_redemptions_reward_user_idx").on(table.rewardId, table.userId),
    // Staff look a business reward's code up at the till.
    uniqueIndex("reward_redemptions_business_code_key")
      .on(table.businessId, table.code)
      .where(sql`${table.businessId} is not null`),
    check("reward_redemptions_points_positive", sql`${table.points} > 0`),
  ],
);
