import { sql } from "drizzle-orm";
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { users } from "../auth/schema.server.ts";
import { businesses } from "../catalog/schema.server.ts";

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

export const reviewStatus = pgEnum("review_status", ["published", "removed"]);

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
    invitationId: text("invitation_id"),
    status: reviewStatus("status").notNull().default("published"),
    removedReason: text("removed_reason"),
    helpfulCount: integer("helpful_count").notNull().default(0),
    /** The weight it adds to TrustScore (trust-score.ts), fixed when it was written. */
    weight: doublePrecision("weight").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("reviews_business_idx").on(table.businessId, table.createdAt),
    index("reviews_author_idx").on(table.authorId, table.businessId, table.createdAt),
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
  weightSum: doublePrecision("weight_sum").notNull().default(0),
  weightedStars: doublePrecision("weighted_stars").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
