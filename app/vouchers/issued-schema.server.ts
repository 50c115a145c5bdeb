import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
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
import { businesses } from "../catalog/schema.server.ts";
import { timestamps } from "../db/columns.server.ts";
import { orders } from "../orders/schema.server.ts";
import { voucherOffers } from "./schema.server.ts";

/**
 * Vouchers bought (decision 040): one row per voucher, issued when its order is paid, with the
 * terms copied from the order line (never read from the offer again). Kept apart from the offers'
 * file because it hangs off orders, which themselves refer to offers.
 */
export const voucherStatus = pgEnum("voucher_status", [
  "active",
  "redeemed",
  "expired",
  "refunded",
]);

export const vouchers = pgTable(
  "vouchers",
  {
    id: text("id").primaryKey(),
    /** What staff type or scan: 16 characters of `voucher-code.ts`'s alphabet, unguessable. */
    code: text("code").notNull(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id),
    /** The order line it was bought on, and which of that line's quantity it is (1…n). */
    linePosition: integer("line_position").notNull(),
    serial: integer("serial").notNull(),
    offerId: text("offer_id").references(() => voucherOffers.id, { onDelete: "set null" }),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id),
    /** The offer's title when bought: what the voucher is for. */
    title: text("title").notNull(),
    /** Who holds it now: the buyer, or the friend who claimed it as a gift. */
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    valueKobo: bigint("value_kobo", { mode: "number" }).notNull(),
    /** What was paid for it: what stays redeemable as credit after it expires. */
    priceKobo: bigint("price_kobo", { mode: "number" }).notNull(),
    /** What is left of its value to redeem. */
    balanceKobo: bigint("balance_kobo", { mode: "number" }).notNull(),
    /** The last day it can be redeemed at its full value (Lagos). */
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    status: voucherStatus("status").notNull().default("active"),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    /** When its holder was told it ends in a week (once: decision 041). */
    endWarnedAt: timestamp("end_warned_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("vouchers_code_key").on(table.code),
    // Issuing is repeated safely: a line's nth voucher exists once.
    uniqueIndex("vouchers_order_line_serial_key").on(
      table.orderId,
      table.linePosition,
      table.serial,
    ),
    index("vouchers_owner_idx").on(table.ownerId, table.issuedAt),
    index("vouchers_business_idx").on(table.businessId, table.issuedAt),
    // The expiry job reads the active vouchers by their last day.
    index("vouchers_active_end_idx").on(table.validUntil).where(sql`${table.status} = 'active'`),
    check(
      "vouchers_price_below_value",
      sql`${table.priceKobo} > 0 and ${table.priceKobo} < ${table.valueKobo}`,
    ),
    check(
      "vouchers_balance_within_value",
      sql`${table.balanceKobo} >= 0 and ${table.balanceKobo} <= ${table.valueKobo}`,
    ),
  ],
);

/**
 * A use of a voucher at its business (decision 041): who on the staff redeemed how much, when.
 * `requestKey` is the redeem form's own key: pressing "Redeem" twice (a double tap, a retried
 * request) records one redemption.
 */
export const voucherRedemptions = pgTable(
  "voucher_redemptions",
  {
    id: text("id").primaryKey(),
    voucherId: text("voucher_id")
      .notNull()
      .references(() => vouchers.id),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id),
    amountKobo: bigint("amount_kobo", { mode: "number" }).notNull(),
    /** Used after the voucher's end date: taken from the credit of the price paid. */
    fromCredit: boolean("from_credit").notNull().default(false),
    staffId: text("staff_id").references(() => users.id, { onDelete: "set null" }),
    requestKey: text("request_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("voucher_redemptions_request_key").on(table.voucherId, table.requestKey),
    index("voucher_redemptions_business_idx").on(table.businessId, table.createdAt),
    check("voucher_redemptions_amount_positive", sql`${table.amountKobo} > 0`),
  ],
);

/**
 * A voucher sent as a gift (decision 042): `scheduled` until its delivery day (Lagos), `sent`
 * when the email went out, `claimed` when the friend put it in their account; `cancelled` when
 * the giver took it back before it was sent. The link in the email carries `token`.
 */
export const voucherGiftStatus = pgEnum("voucher_gift_status", [
  "scheduled",
  "sent",
  "claimed",
  "cancelled",
]);

export const voucherGifts = pgTable(
  "voucher_gifts",
  {
    id: text("id").primaryKey(),
    voucherId: text("voucher_id")
      .notNull()
      .references(() => vouchers.id),
    giverId: text("giver_id").references(() => users.id, { onDelete: "set null" }),
    /** What the giver signs the gift with: their first name when it was sent. */
    giverName: text("giver_name").notNull(),
    recipientName: text("recipient_name").notNull(),
    recipientEmail: text("recipient_email").notNull(),
    message: text("message").notNull().default(""),
    /** The Lagos day the email goes out. */
    deliverOn: date("deliver_on", { mode: "string" }).notNull(),
    /** The unguessable part of /vouchergift/{token}. */
    token: text("token").notNull(),
    status: voucherGiftStatus("status").notNull().default("scheduled"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    claimedBy: text("claimed_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("voucher_gifts_token_key").on(table.token),
    // A voucher is on its way to one friend at a time.
    uniqueIndex("voucher_gifts_open_key")
      .on(table.voucherId)
      .where(sql`${table.status} in ('scheduled', 'sent')`),
    index("voucher_gifts_due_idx").on(table.deliverOn).where(sql`${table.status} = 'scheduled'`),
  ],
);
