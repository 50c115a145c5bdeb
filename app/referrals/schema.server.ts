import { index, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../auth/schema.server.ts";
import { checkouts } from "../orders/schema.server.ts";

/**
 * Referrals (issue 20, decision 047). Each shopper has one code, made when they first look for
 * it; a friend who signs up with it carries it on their account (users.referred_by_code). When
 * the friend's first order is paid the referral is decided, once: qualified (500 points to each
 * side), held for a person at Oja to review, or refused, with the reason kept.
 */
export const referralCodes = pgTable("referral_codes", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Upper case, e.g. `ADA-7K2MQ`: the friend's sign-up form keeps it as typed, upper-cased. */
  code: text("code").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const referralStatus = pgEnum("referral_status", ["qualified", "held", "refused"]);

export const referrals = pgTable(
  "referrals",
  {
    /** One referral per friend account: decided at their first paid order. */
    friendId: text("friend_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    referrerId: text("referrer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The friend's mailbox key (app/auth/mailbox.ts): one person is referred once. */
    friendMailbox: text("friend_mailbox").notNull(),
    /** The checkout whose payment decided it; its refund in full takes the points back. */
    checkoutId: text("checkout_id").references(() => checkouts.id, { onDelete: "set null" }),
    status: referralStatus("status").notNull(),
    /** Why it was held or refused, in words the referrer may read. */
    reason: text("reason").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When a person at Oja decided a held referral, and who. */
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    index("referrals_referrer_idx").on(table.referrerId, table.createdAt),
    index("referrals_friend_mailbox_idx").on(table.friendMailbox),
    index("referrals_checkout_idx").on(table.checkoutId),
  ],
);
