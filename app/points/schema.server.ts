import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "../auth/schema.server.ts";
import { businesses } from "../catalog/schema.server.ts";

/**
 * The points ledger (issue 20, decision 044): one wallet across every business. Entries are only
 * ever appended; each says what it does to the shopper's points that can be spent (`available`)
 * and to those waiting for approval (`pending`), and has a cause no other entry has, so a
 * replayed event (a webhook again, a job run twice) writes nothing. The wallet row is the sum of
 * a shopper's entries, kept in the same transaction as each entry, so a balance is read in one
 * row however long the history; the database refuses a wallet below zero.
 */
export const pointsEntryKind = pgEnum("points_entry_kind", [
  /** Points that can be spent at once (a welcome bonus, a check-in). */
  "earn",
  /** Points earned that wait for approval (a paid order, during its return window). */
  "pending",
  /** Pending points becoming available. */
  "approve",
  /** Points taken back: a refund of what earned them. */
  "reverse",
  "spend",
  /**
   * Spent points given back: a checkout's points when it closes unpaid, or an order's share of
   * them when it is refunded (decision 057).
   */
  "return",
  "expire",
  /** A person at Oja corrected a wallet, with a reason. */
  "adjust",
]);

export const pointsEntries = pgTable(
  "points_entries",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: pointsEntryKind("kind").notNull(),
    availableDelta: integer("available_delta").notNull().default(0),
    pendingDelta: integer("pending_delta").notNull().default(0),
    /** What made the entry, unique: `order-line:{order}:{position}`, `approve:…`, `welcome`… */
    cause: text("cause").notNull(),
    /**
     * The cause of the entry an approval or a reversal settles: an order line's points may be
     * reversed in parts (a partial refund each) and then approved for what is left.
     */
    settles: text("settles"),
    /** The business the points were earned at (its loyalty card counts them), if any. */
    businessId: text("business_id").references(() => businesses.id, { onDelete: "set null" }),
    /** In the shopper's words, for the history ("Order OJA-7K2M9QXA at Ewa Spa"). */
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("points_entries_cause_key").on(table.cause),
    index("points_entries_user_idx").on(table.userId, table.createdAt),
    index("points_entries_settles_idx").on(table.settles),
    // The approval job reads the pending entries by age.
    index("points_entries_pending_idx").on(table.createdAt).where(sql`${table.kind} = 'pending'`),
    check(
      "points_entries_moves_points",
      sql`${table.availableDelta} <> 0 or ${table.pendingDelta} <> 0`,
    ),
  ],
);

export const pointsWallets = pgTable(
  "points_wallets",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    available: integer("available").notNull().default(0),
    pending: integer("pending").notNull().default(0),
    /** The last earning or spending: points expire 12 months after it. */
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }),
    /** The last activity whose coming expiry the shopper was warned of (once per quiet spell). */
    expiryWarnedFor: timestamp("expiry_warned_for", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("points_wallets_not_negative", sql`${table.available} >= 0 and ${table.pending} >= 0`),
  ],
);
