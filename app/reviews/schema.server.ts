import { sql } from "drizzle-orm";
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "../auth/schema.server.ts";
import { businesses } from "../catalog/schema.server.ts";
import { orders } from "../orders/schema.server.ts";

/**
 * Reviews (issue 21, decision 050). A review is the shopper's words about one experience at one
 * business; it is *verified* when it names an experience Oja itself saw (`experience_kind` and
 * `experience_id`: a paid order, a redeemed voucher, a check-in, later a paid invoice) and
 * *invited* when it came from an invitation. Text is stored as typed (plain) and escaped when
 * shown. A removed review stays, with the public reason, so the record is honest.
 */
export const experienceKind = pgEnum("review_experience_kind", [
  "order",
  "voucher",
  "check_in",
  "invoice",
]);

/**
 * `held`: moderation asked the author to edit it; hidden and out of the figures until they do.
 * `removed`: taken down by moderation. Both show their public reason (`removed_reason`).
 */
export const reviewStatus = pgEnum("review_status", ["published", "removed", "held"]);

export const reviews = pgTable(
  "reviews",
  {
    id: text("id").primaryKey(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    /** Null once the author deleted their account: the review stays, unsigned. */
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    stars: integer("stars").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** The Lagos day of the experience, as the author gave it. */
    experiencedOn: date("experienced_on", { mode: "string" }).notNull(),
    experienceKind: experienceKind("experience_kind"),
    experienceId: text("experience_id"),
    invitationId: text("invitation_id").references(() => reviewInvitations.id, {
      onDelete: "set null",
    }),
    status: reviewStatus("status").notNull().default("published"),
    /** The public reason moderation gave for removing or holding it ("removed for: …"). */
    removedReason: text("removed_reason"),
    /** The business's one public reply, editable by its managers. */
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    replyEditedAt: timestamp("reply_edited_at", { withTimezone: true }),
    repliedBy: text("replied_by").references(() => users.id, { onDelete: "set null" }),
    helpfulCount: integer("helpful_count").notNull().default(0),
    /** The weight it adds to TrustScore (trust-score.ts), fixed when it was written. */
    weight: doublePrecision("weight").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("reviews_business_idx").on(table.businessId, table.createdAt),
    index("reviews_author_idx").on(table.authorId, table.businessId, table.createdAt),
    index("reviews_helpful_idx").on(table.businessId, table.helpfulCount, table.createdAt),
    index("reviews_created_idx").on(table.createdAt),
    check("reviews_stars", sql`${table.stars} between 1 and 5`),
    check(
      "reviews_experience_whole",
      sql`(${table.experienceKind} is null) = (${table.experienceId} is null)`,
    ),
  ],
);

/**
 * A business's review figures, changed in the same transaction as each review: the count per
 * star and the two TrustScore sums, so a card or a storefront reads its score in one row.
 */
export const reviewStats = pgTable("review_stats", {
  businessId: text("business_id")
    .primaryKey()
    .references(() => businesses.id, { onDelete: "cascade" }),
  reviewCount: integer("review_count").notNull().default(0),
  oneStar: integer("one_star").notNull().default(0),
  twoStars: integer("two_stars").notNull().default(0),
  threeStars: integer("three_stars").notNull().default(0),
  fourStars: integer("four_stars").notNull().default(0),
  fiveStars: integer("five_stars").notNull().default(0),
  /** Published reviews the business has replied to (the reply rate's numerator). */
  repliedCount: integer("replied_count").notNull().default(0),
  weightSum: doublePrecision("weight_sum").notNull().default(0),
  weightedStars: doublePrecision("weighted_stars").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A business's review settings; a business without a row has the defaults. */
export const reviewSettings = pgTable("review_settings", {
  businessId: text("business_id")
    .primaryKey()
    .references(() => businesses.id, { onDelete: "cascade" }),
  /** Days after an order is fulfilled that its invitation is sent (default 7). */
  invitationDays: integer("invitation_days").notNull().default(7),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const reviewInvitationSource = pgEnum("review_invitation_source", ["order", "manual"]);

/**
 * An invitation to review a business: made for every fulfilled order (sent its business's
 * `invitation_days` later) or by a manager by hand. The email carries the only copy of the
 * token; only its hash is kept. It works once, for 30 days from sending.
 */
export const reviewInvitations = pgTable(
  "review_invitations",
  {
    id: text("id").primaryKey(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    source: reviewInvitationSource("source").notNull(),
    /** Lower-cased address it goes to. */
    email: text("email").notNull(),
    /** The customer's account, when known (always for an order's invitation). */
    shopperId: text("shopper_id").references(() => users.id, { onDelete: "set null" }),
    /** The order it is for: one invitation per order. */
    orderId: text("order_id")
      .unique()
      .references(() => orders.id, { onDelete: "set null" }),
    /** The member who sent it by hand. */
    sentBy: text("sent_by").references(() => users.id, { onDelete: "set null" }),
    sendAt: timestamp("send_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Set when sent, with the email; unique so a token finds one invitation. */
    tokenHash: text("token_hash").unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** Why it was not sent (the customer already reviewed, or the address had one recently). */
    skippedReason: text("skipped_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("review_invitations_due_idx")
      .on(table.sendAt)
      .where(sql`${table.sentAt} is null and ${table.skippedReason} is null`),
    index("review_invitations_business_idx").on(table.businessId, table.createdAt),
    index("review_invitations_email_idx").on(table.businessId, table.email, table.createdAt),
  ],
);

export const reviewFlagSource = pgEnum("review_flag_source", ["business", "shopper"]);

/** The reasons a business may flag a review, or a reader report it (PRODUCT.md, issue 21). */
export const reviewFlagReason = pgEnum("review_flag_reason", [
  "harmful",
  "personal_data",
  "advertising",
  "not_genuine",
  "wrong_business",
]);

export const reviewFlagOutcome = pgEnum("review_flag_outcome", [
  "kept",
  "removed",
  "edit_requested",
]);

/**
 * A business's flag or a reader's report on a review, waiting in the moderation queue until an
 * admin decides (keep, remove, ask the author to edit). One per account per review.
 */
export const reviewFlags = pgTable(
  "review_flags",
  {
    id: text("id").primaryKey(),
    reviewId: text("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    source: reviewFlagSource("source").notNull(),
    reason: reviewFlagReason("reason").notNull(),
    note: text("note").notNull().default(""),
    outcome: reviewFlagOutcome("outcome"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("review_flags_one_per_account").on(table.reviewId, table.reporterId),
    index("review_flags_open_idx").on(table.createdAt).where(sql`${table.outcome} is null`),
  ],
);

/** "Helpful" votes: one per account per review; `reviews.helpful_count` counts them. */
export const reviewVotes = pgTable(
  "review_votes",
  {
    reviewId: text("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.reviewId, table.userId] })],
);
