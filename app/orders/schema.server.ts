import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
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
import { invoices, payLinks } from "../invoices/schema.server.ts";
import { flashHolds } from "../sales/schema.server.ts";
import { voucherOffers } from "../vouchers/schema.server.ts";

/**
 * Checkout and orders (decision 013). A checkout is what a shopper pays in one payment: one order
 * per business, all paid together. Stock is held for the whole checkout while it waits for
 * payment, and payments are attempts to pay it; at most one of them ever succeeds for good (a
 * second success is refunded).
 */
export const orderStatus = pgEnum("order_status", [
  "pending_payment",
  "paid",
  "fulfilled",
  "cancelled",
  "refunded",
  /** Closed unpaid because the shopper paid for a changed basket instead (decision 020). */
  "replaced",
]);

/** Where the checkout's stock is: taken off the shelf for it, put back, or sold to it. */
export const stockHold = pgEnum("stock_hold", ["held", "released", "sold"]);

export const paymentStatus = pgEnum("payment_status", [
  "pending",
  "success",
  "failed",
  "abandoned",
  /** The provider reported a different amount or currency than was asked: never honoured. */
  "mismatch",
  /** Paid after another payment had already paid the checkout: refunded. */
  "duplicate",
]);

export const fulfilmentMethod = pgEnum("fulfilment_method", ["delivery", "pickup"]);

/**
 * What a checkout sells: goods from the product cart (delivered or picked up), or vouchers from
 * the voucher cart (issued as codes when paid, decision 040). A shopper has at most one open
 * checkout of each kind, so paying for vouchers never replaces a product checkout.
 */
export const checkoutKind = pgEnum("checkout_kind", ["goods", "vouchers"]);

export interface DeliveryAddress {
  recipient: string;
  phone: string;
  line1: string;
  line2: string;
  /** The area or neighbourhood within the city, when the shopper gave one (decision 021). */
  area?: string;
  city: string;
  state: string;
}

export const checkouts = pgTable(
  "checkouts",
  {
    id: text("id").primaryKey(),
    // Orders are kept when an account is deleted (the businesses' records); the shopper is then
    // unknown.
    shopperId: text("shopper_id").references(() => users.id, { onDelete: "set null" }),
    kind: checkoutKind("kind").notNull().default("goods"),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    totalKobo: bigint("total_kobo", { mode: "number" }).notNull(),
    currency: text("currency").notNull().default("NGN"),
    stockHold: stockHold("stock_hold").notNull().default("held"),
    /** Until when held stock is kept for this checkout (30 minutes from the latest payment start). */
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }).notNull(),
    /**
     * The fingerprint of the basket this checkout pays for (lines as repriced, fulfilment,
     * notes, address, contact) while it is the shopper's open checkout; null once another
     * replaced it or it was closed. A second Pay with the same fingerprint resumes it
     * (decision 020).
     */
    basketKey: text("basket_key"),
    /**
     * The contact email normalised (lower case, without a +tag): with the account, who the
     * "shopper" is whose open checkouts and held stock are bounded (decision 030). Null on
     * checkouts made before it.
     */
    emailKey: text("email_key"),
    /** The address the checkout was started from (TRUST_PROXY-aware), bounded like the shopper. */
    clientAddress: text("client_address"),
    /** When the hold was renewed by paying again; a hold is renewed at most once (decision 030). */
    holdRenewedAt: timestamp("hold_renewed_at", { withTimezone: true }),
    /**
     * Points the shopper spent on it (decision 057): 100 kobo off each, taken from the ledger with
     * the stock and given back with it when the checkout closes unpaid. `totalKobo` is after them.
     */
    pointsUsed: integer("points_used").notNull().default(0),
    ...timestamps,
  },
  (table) => [
    index("checkouts_shopper_idx").on(table.shopperId, table.createdAt),
    // One open basket per shopper and kind: two Pay presses at once can never both write orders.
    uniqueIndex("checkouts_open_basket_key")
      .on(table.shopperId, table.kind)
      .where(sql`${table.basketKey} is not null`),
    // The reservation job looks only at held stock.
    index("checkouts_held_idx").on(table.holdExpiresAt).where(sql`${table.stockHold} = 'held'`),
    // A shopper's (and an address's) holds are counted at every checkout (decision 030).
    index("checkouts_held_email_idx").on(table.emailKey).where(sql`${table.stockHold} = 'held'`),
    index("checkouts_held_address_idx")
      .on(table.clientAddress)
      .where(sql`${table.stockHold} = 'held'`),
    check("checkouts_total_positive", sql`${table.totalKobo} > 0`),
    check("checkouts_points_used_not_negative", sql`${table.pointsUsed} >= 0`),
  ],
);

export const orders = pgTable(
  "orders",
  {
    id: text("id").primaryKey(),
    /** What the shopper and the business quote: `OJA-` and eight letters or digits. */
    number: text("number").notNull(),
    checkoutId: text("checkout_id")
      .notNull()
      .references(() => checkouts.id),
    shopperId: text("shopper_id").references(() => users.id, { onDelete: "set null" }),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id),
    /** Its place in the checkout: the order in which its business came into the cart. */
    position: integer("position").notNull().default(0),
    status: orderStatus("status").notNull().default("pending_payment"),
    /** As its checkout's: a vouchers order has no fulfilment (its vouchers are its handover). */
    kind: checkoutKind("kind").notNull().default("goods"),
    fulfilment: fulfilmentMethod("fulfilment"),
    /** Where to deliver; null for pickup. */
    deliveryAddress: jsonb("delivery_address").$type<DeliveryAddress>(),
    notes: text("notes").notNull().default(""),
    subtotalKobo: bigint("subtotal_kobo", { mode: "number" }).notNull(),
    /**
     * What delivery cost, as quoted when the order was placed (0 for pickup or free delivery);
     * later changes to the business's delivery settings never touch it.
     */
    deliveryFeeKobo: bigint("delivery_fee_kobo", { mode: "number" }).notNull().default(0),
    /** The delivery estimate the shopper was promised ("Same day"); null for pickup. */
    deliveryEstimate: text("delivery_estimate"),
    /**
     * Oja's commission on this order, fixed when it was placed (decision 026): the rate from
     * settings, in basis points, applied to the items (never to delivery), rounded down to a kobo.
     * The business's share of the payment is the rest: subtotal + delivery fee − commission.
     */
    commissionRateBp: integer("commission_rate_bp").notNull().default(0),
    commissionKobo: bigint("commission_kobo", { mode: "number" }).notNull().default(0),
    /**
     * The Paystack subaccount the business's share was split to when the order was placed; null:
     * the business had none, and Oja owes it the share from the main account.
     */
    payoutSubaccount: text("payout_subaccount"),
    /**
     * The checkout's points that paid for part of this order (decision 057), 100 kobo each: the
     * shopper paid subtotal + delivery fee − points × 100 in money. Oja bears them: the business's
     * share is unchanged, paid by Oja (such an order has no subaccount split).
     */
    pointsUsed: integer("points_used").notNull().default(0),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    fulfilledAt: timestamp("fulfilled_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    /** Why it was cancelled or refunded, in words the shopper can read. */
    closingReason: text("closing_reason"),
    /**
     * The shopper disputed the payment with their bank (a chargeback): when Paystack first told
     * us, its dispute status and, once closed, its resolution (decision 024). Null: no dispute.
     */
    disputedAt: timestamp("disputed_at", { withTimezone: true }),
    disputeStatus: text("dispute_status"),
    disputeResolution: text("dispute_resolution"),
    /** When the business must answer the dispute on Paystack's dashboard. */
    disputeDueAt: timestamp("dispute_due_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("orders_number_key").on(table.number),
    index("orders_checkout_idx").on(table.checkoutId),
    index("orders_shopper_idx").on(table.shopperId, table.createdAt),
    index("orders_business_status_idx").on(table.businessId, table.status, table.createdAt),
    // The review invitations job looks for orders fulfilled in its window (issue 21).
    index("orders_fulfilled_idx").on(table.fulfilledAt).where(sql`${table.status} = 'fulfilled'`),
    check(
      "orders_address_when_delivered",
      sql`(${table.fulfilment} = 'delivery') = (${table.deliveryAddress} is not null)`,
    ),
    check(
      "orders_fulfilment_of_goods",
      sql`(${table.kind} = 'goods') = (${table.fulfilment} is not null)`,
    ),
    check(
      "orders_commission_within_items",
      sql`${table.commissionKobo} >= 0 and ${table.commissionKobo} <= ${table.subtotalKobo} and ${table.commissionRateBp} between 0 and 10000`,
    ),
    check(
      "orders_points_within_total",
      sql`${table.pointsUsed} >= 0 and ${table.pointsUsed}::bigint * 100 < ${table.subtotalKobo} + ${table.deliveryFeeKobo}`,
    ),
    check(
      "orders_delivery_fee_when_delivered",
      sql`${table.deliveryFeeKobo} >= 0 and (${table.fulfilment} = 'delivery' or ${table.deliveryFeeKobo} = 0)`,
    ),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    // The product may be deleted later; the line keeps what was bought.
    productId: text("product_id").references(() => products.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    size: text("size"),
    unitPriceKobo: bigint("unit_price_kobo", { mode: "number" }).notNull(),
    quantity: integer("quantity").notNull(),
    /**
     * A voucher line: the offer, and its terms as they were when the shopper checked out (value
     * and validity), which the vouchers issued on payment copy (decision 040). Null on goods.
     */
    voucherOfferId: text("voucher_offer_id").references(() => voucherOffers.id, {
      onDelete: "set null",
    }),
    voucherValueKobo: bigint("voucher_value_kobo", { mode: "number" }),
    voucherValidDays: integer("voucher_valid_days"),
    voucherValidUntil: date("voucher_valid_until", { mode: "string" }),
    /**
     * A flash sale line: the shopper's hold, whose units come from the sale (not the product's
     * stock) and whose price is the sale's while the hold lasts (decision 054).
     */
    flashHoldId: text("flash_hold_id").references(() => flashHolds.id, { onDelete: "set null" }),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.position] }),
    index("order_lines_product_idx").on(table.productId),
    index("order_lines_voucher_offer_idx")
      .on(table.voucherOfferId)
      .where(sql`${table.voucherOfferId} is not null`),
    check(
      "order_lines_voucher_terms",
      sql`${table.voucherValueKobo} is null or (${table.voucherValueKobo} > ${table.unitPriceKobo} and (${table.voucherValidDays} is null) <> (${table.voucherValidUntil} is null))`,
    ),
    check("order_lines_quantity_positive", sql`${table.quantity} > 0`),
    check("order_lines_price_positive", sql`${table.unitPriceKobo} > 0`),
  ],
);

export const payments = pgTable(
  "payments",
  {
    id: text("id").primaryKey(),
    /**
     * What the payment pays for: a checkout's orders, an invoice, or one payment through a pay
     * link (decision 060); exactly one of the three.
     */
    checkoutId: text("checkout_id").references(() => checkouts.id),
    invoiceId: text("invoice_id").references(() => invoices.id),
    payLinkId: text("pay_link_id").references(() => payLinks.id),
    /**
     * Who pays an invoice or a pay link (a checkout has its own email): the receipt's address, the
     * phone the business may call, and the signed-in payer who earns the points and sees it in
     * /profile/invoices.
     */
    payerEmail: text("payer_email"),
    payerPhone: text("payer_phone"),
    payerId: text("payer_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * A bill's share for Oja, fixed when its payment starts as an order's is (decision 026): the
     * rate, the commission, and the business's subaccount the rest was split to (null: Oja pays
     * the business by transfer). A checkout's are on its orders.
     */
    commissionRateBp: integer("commission_rate_bp"),
    commissionKobo: bigint("commission_kobo", { mode: "number" }),
    payoutSubaccount: text("payout_subaccount"),
    provider: text("provider").notNull().default("paystack"),
    /** Unique per attempt, sent to the provider: letters, digits, "-", ".", "=". */
    reference: text("reference").notNull(),
    amountKobo: bigint("amount_kobo", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    status: paymentStatus("status").notNull().default("pending"),
    accessCode: text("access_code"),
    authorizationUrl: text("authorization_url"),
    /** The provider's own id of the transaction, once verified. */
    providerTransactionId: text("provider_transaction_id"),
    channel: text("channel"),
    /** What the provider said last (gateway response, or why it was not honoured). */
    detail: text("detail"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** How many times reconciliation asked the provider about it, and when it may ask next. */
    verifyAttempts: integer("verify_attempts").notNull().default(0),
    nextVerifyAt: timestamp("next_verify_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("payments_reference_key").on(table.reference),
    index("payments_checkout_idx").on(table.checkoutId),
    index("payments_invoice_idx").on(table.invoiceId),
    index("payments_pay_link_idx").on(table.payLinkId, table.createdAt),
    index("payments_payer_idx").on(table.payerId, table.createdAt),
    check(
      "payments_pays_for_one",
      sql`num_nonnulls(${table.checkoutId}, ${table.invoiceId}, ${table.payLinkId}) = 1`,
    ),
    check(
      "payments_payer_of_bill",
      sql`(${table.checkoutId} is null) = (${table.payerEmail} is not null)
        and (${table.checkoutId} is null or (${table.payerPhone} is null and ${table.payerId} is null))`,
    ),
    check(
      "payments_bill_commission",
      sql`(${table.checkoutId} is null) = (${table.commissionKobo} is not null)
        and (${table.commissionKobo} is null) = (${table.commissionRateBp} is null)
        and (${table.commissionKobo} is null or ${table.commissionKobo} between 0 and ${table.amountKobo})
        and (${table.checkoutId} is null or ${table.payoutSubaccount} is null)`,
    ),
    index("payments_pending_idx").on(table.createdAt).where(sql`${table.status} = 'pending'`),
    check("payments_amount_positive", sql`${table.amountKobo} > 0`),
  ],
);

/**
 * A refund's state, as Paystack's refund events and `GET /refund/:id` tell it: `pending` until it
 * reaches the shopper (`processed`); `failed` and `needs_attention` (Paystack's `needs-attention`)
 * need a person: the money has not gone back.
 */
export const refundStatus = pgEnum("refund_status", [
  "pending",
  "processed",
  "failed",
  "needs_attention",
]);

/** Money sent back through the provider: all or part of an order, or a whole duplicate payment. */
export const refunds = pgTable(
  "refunds",
  {
    id: text("id").primaryKey(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id),
    /** The order refunded; null when a duplicate payment is refunded whole. */
    orderId: text("order_id").references(() => orders.id),
    amountKobo: bigint("amount_kobo", { mode: "number" }).notNull(),
    status: refundStatus("status").notNull().default("pending"),
    providerRefundId: text("provider_refund_id"),
    /**
     * The processor's reference of the refund (`refund_reference` in Paystack's refund events);
     * it comes with the events, never with a refund id, so later events of this refund match it.
     */
    providerReference: text("provider_reference"),
    /** When the provider was last asked about it (`GET /refund/:id`), so each is polled in turn. */
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    /** When an instance took it to send to the provider; a stale claim may be taken again. */
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    reason: text("reason").notNull(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index("refunds_payment_idx").on(table.paymentId),
    // An order may be refunded in parts (decision 027); a duplicate payment is refunded once.
    index("refunds_order_idx").on(table.orderId),
    uniqueIndex("refunds_duplicate_key").on(table.paymentId).where(sql`${table.orderId} is null`),
    check("refunds_amount_positive", sql`${table.amountKobo} > 0`),
  ],
);
