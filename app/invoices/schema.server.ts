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
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "../auth/schema.server.ts";
import { businesses, products } from "../catalog/schema.server.ts";
import { timestamps } from "../db/columns.server.ts";
import {
  invoiceDiscountKinds,
  invoiceStatuses,
  payLinkAmountKinds,
  payLinkStatuses,
} from "./invoice-limits.ts";

/**
 * Invoices (issue 24, decision 058): a business bills a customer; `draft → sent → paid | void`.
 * A draft has no number and may be deleted; sending gives it the business's next number
 * (`invoice_numbers`, in the sending transaction), after which it can only be voided, so a
 * business's numbers run 1, 2, 3… without gaps. The amounts are the server's
 * (invoice-totals.ts), stored so that a paid invoice never changes under a later rule.
 * `public_id` is the 128-bit token of the customer's link, /invoices/{public_id}.
 */
export const invoiceStatus = pgEnum("invoice_status", invoiceStatuses);
export const invoiceDiscountKind = pgEnum("invoice_discount_kind", invoiceDiscountKinds);

export const invoices = pgTable(
  "invoices",
  {
    id: text("id").primaryKey(),
    publicId: text("public_id").notNull(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    /** The business's invoice number, from 1; null until sent. */
    number: integer("number"),
    status: invoiceStatus("status").notNull().default("draft"),
    customerName: text("customer_name").notNull(),
    /** Lower-case; where the invoice and its reminder go. */
    customerEmail: text("customer_email").notNull(),
    /** +234…, or null. */
    customerPhone: text("customer_phone"),
    discountKind: invoiceDiscountKind("discount_kind").notNull().default("none"),
    /** A whole percent (1–100) for `percent`, kobo for `amount`, 0 for `none`. */
    discountValue: bigint("discount_value", { mode: "number" }).notNull().default(0),
    /** VAT at `vatRatePercent` on subtotal − discount. */
    vatApplied: boolean("vat_applied").notNull().default(false),
    /** A Lagos day; overdue from the day after, while still sent. */
    dueOn: date("due_on", { mode: "string" }).notNull(),
    notes: text("notes").notNull().default(""),
    subtotalKobo: bigint("subtotal_kobo", { mode: "number" }).notNull(),
    discountKobo: bigint("discount_kobo", { mode: "number" }).notNull(),
    vatKobo: bigint("vat_kobo", { mode: "number" }).notNull(),
    totalKobo: bigint("total_kobo", { mode: "number" }).notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** The customer's first opening of the link (the console's "opened"). */
    firstViewedAt: timestamp("first_viewed_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    /** The one overdue reminder's sending. */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("invoices_public_id_key").on(table.publicId),
    uniqueIndex("invoices_business_number_key").on(table.businessId, table.number),
    index("invoices_business_created_idx").on(table.businessId, table.createdAt),
    // The reminder job's look for sent invoices past their due date.
    index("invoices_sent_due_idx")
      .on(table.dueOn)
      .where(sql`${table.status} = 'sent' and ${table.remindedAt} is null`),
    check("invoices_number_positive", sql`${table.number} is null or ${table.number} > 0`),
    // A number is given when, and only when, the invoice is sent; a draft was never sent, a sent
    // or paid one was; a voided draft keeps no number.
    check("invoices_number_when_sent", sql`(${table.number} is null) = (${table.sentAt} is null)`),
    check(
      "invoices_status_times",
      sql`(${table.status} = 'draft') = (${table.sentAt} is null and ${table.voidedAt} is null)
        and (${table.status} = 'paid') = (${table.paidAt} is not null)
        and (${table.status} = 'void') = (${table.voidedAt} is not null)`,
    ),
    check(
      "invoices_seen_after_sent",
      sql`(${table.firstViewedAt} is null or ${table.sentAt} is not null)
        and (${table.remindedAt} is null or ${table.sentAt} is not null)`,
    ),
    check(
      "invoices_discount_value",
      sql`(${table.discountKind} = 'none' and ${table.discountValue} = 0)
        or (${table.discountKind} = 'percent' and ${table.discountValue} between 1 and 100)
        or (${table.discountKind} = 'amount' and ${table.discountValue} > 0)`,
    ),
    check(
      "invoices_amounts",
      sql`${table.subtotalKobo} > 0
        and ${table.discountKobo} between 0 and ${table.subtotalKobo}
        and ${table.vatKobo} >= 0
        and (${table.vatApplied} or ${table.vatKobo} = 0)
        and ${table.totalKobo} = ${table.subtotalKobo} - ${table.discountKobo} + ${table.vatKobo}
        and ${table.totalKobo} > 0`,
    ),
    check("invoices_email_lower", sql`${table.customerEmail} = lower(${table.customerEmail})`),
  ],
);

/** An invoice's lines, in order; a catalogue product's line keeps its own copy of the words. */
export const invoiceLines = pgTable(
  "invoice_lines",
  {
    invoiceId: text("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** The catalogue product billed, if any; the line stands if the product goes. */
    productId: text("product_id").references(() => products.id, { onDelete: "set null" }),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull(),
    unitPriceKobo: bigint("unit_price_kobo", { mode: "number" }).notNull(),
    lineTotalKobo: bigint("line_total_kobo", { mode: "number" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.invoiceId, table.position] }),
    index("invoice_lines_product_idx").on(table.productId),
    check("invoice_lines_position", sql`${table.position} between 0 and 99`),
    check("invoice_lines_quantity", sql`${table.quantity} between 1 and 10000`),
    check("invoice_lines_unit_price_positive", sql`${table.unitPriceKobo} > 0`),
    check(
      "invoice_lines_total",
      sql`${table.lineTotalKobo} = ${table.quantity} * ${table.unitPriceKobo}`,
    ),
  ],
);

/**
 * Each business's last invoice number. Sending takes this row's lock in its own transaction, so
 * sends queue here and a send that fails gives its number back by rolling back.
 */
export const invoiceNumbers = pgTable(
  "invoice_numbers",
  {
    businessId: text("business_id")
      .primaryKey()
      .references(() => businesses.id, { onDelete: "cascade" }),
    lastNumber: integer("last_number").notNull(),
  },
  (table) => [check("invoice_numbers_positive", sql`${table.lastNumber} > 0`)],
);

export const payLinkAmountKind = pgEnum("pay_link_amount_kind", payLinkAmountKinds);
export const payLinkStatus = pgEnum("pay_link_status", payLinkStatuses);

/**
 * A pay link (issue 24, decision 058): a reusable /pay/{public_id} for one thing a business
 * sells over chat, at a fixed amount or one the customer enters (within an optional range),
 * until it expires, is archived, or has been paid `quantity_limit` times.
 */
export const payLinks = pgTable(
  "pay_links",
  {
    id: text("id").primaryKey(),
    publicId: text("public_id").notNull(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    description: text("description").notNull(),
    amountKind: payLinkAmountKind("amount_kind").notNull(),
    /** The amount of a fixed link. */
    amountKobo: bigint("amount_kobo", { mode: "number" }),
    /** An open link's range, each end optional. */
    minAmountKobo: bigint("min_amount_kobo", { mode: "number" }),
    maxAmountKobo: bigint("max_amount_kobo", { mode: "number" }),
    /** How many payments it takes; null for no limit. */
    quantityLimit: integer("quantity_limit"),
    paidCount: integer("paid_count").notNull().default(0),
    /** From this instant it takes no payment (the end of the Lagos day chosen). */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    status: payLinkStatus("status").notNull().default("active"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("pay_links_public_id_key").on(table.publicId),
    index("pay_links_business_created_idx").on(table.businessId, table.createdAt),
    check(
      "pay_links_amount",
      sql`(${table.amountKind} = 'fixed' and ${table.amountKobo} > 0
          and ${table.minAmountKobo} is null and ${table.maxAmountKobo} is null)
        or (${table.amountKind} = 'open' and ${table.amountKobo} is null
          and (${table.minAmountKobo} is null or ${table.minAmountKobo} > 0)
          and (${table.maxAmountKobo} is null or ${table.maxAmountKobo} > 0)
          and (${table.minAmountKobo} is null or ${table.maxAmountKobo} is null
            or ${table.minAmountKobo} <= ${table.maxAmountKobo}))`,
    ),
    check(
      "pay_links_paid_count",
      sql`${table.paidCount} >= 0
        and (${table.quantityLimit} is null
          or (${table.quantityLimit} > 0 and ${table.paidCount} <= ${table.quantityLimit}))`,
    ),
    check(
      "pay_links_archived",
      sql`(${table.status} = 'archived') = (${table.archivedAt} is not null)`,
    ),
  ],
);
