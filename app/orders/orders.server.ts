import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#app/db/database.server.ts";
import { decodeCursor, encodeCursor, exactTime, exactTimeKey } from "#app/db/page-cursor.server.ts";
import { businesses } from "#app/db/schema.server.ts";
import { refundedOfOrder, refundsOfOrder } from "./order-refunds.server.ts";
import { checkouts, orderLines, orders, payments, refunds } from "./schema.server.ts";

/**
 * What shoppers see of their orders: a checkout's confirmation, the list in /profile and one
 * order's detail. Every query is scoped to the shopper, so another person's order is simply
 * not found (404).
 */
export type OrderStatus = (typeof orders.$inferSelect)["status"];

const orderColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  checkoutId: orders.checkoutId,
  fulfilment: orders.fulfilment,
  deliveryAddress: orders.deliveryAddress,
  notes: orders.notes,
  subtotalKobo: orders.subtotalKobo,
  deliveryFeeKobo: orders.deliveryFeeKobo,
  pointsUsed: orders.pointsUsed,
  deliveryEstimate: orders.deliveryEstimate,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  fulfilledAt: orders.fulfilledAt,
  cancelledAt: orders.cancelledAt,
  refundedAt: orders.refundedAt,
  closingReason: orders.closingReason,
  disputedAt: orders.disputedAt,
  disputeStatus: orders.disputeStatus,
  disputeResolution: orders.disputeResolution,
  disputeDueAt: orders.disputeDueAt,
  businessId: orders.businessId,
  businessName: businesses.name,
  businessSlug: businesses.slug,
  businessAddress: businesses.address,
  businessCity: businesses.city,
  businessPhone: businesses.phone,
  /** What was refunded of it so far (failed refunds left out): "Partly refunded" reads it. */
  refundedKobo: refundedOfOrder,
};

async function linesOf(db: Database, orderIds: string[]) {
  if (orderIds.length === 0) return new Map<string, OrderLineView[]>();
  const rows = await db
    .select({
      orderId: orderLines.orderId,
      productId: orderLines.productId,
      voucherOfferId: orderLines.voucherOfferId,
      name: orderLines.productName,
      size: orderLines.size,
      unitPriceKobo: orderLines.unitPriceKobo,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
  const byOrder = new Map<string, OrderLineView[]>();
  for (const { orderId, ...line } of rows) {
    const list = byOrder.get(orderId) ?? [];
    list.push(line);
    byOrder.set(orderId, list);
  }
  return byOrder;
}

export interface OrderLineView {
  productId: string | null;
  /** On a voucher order: the offer the vouchers were bought from (null once it is deleted). */
  voucherOfferId: string | null;
  name: string;
  size: string | null;
  unitPriceKobo: number;
  quantity: number;
}

/** A checkout as its confirmation page shows it, or null when it isn't this shopper's. */
export async function checkoutForShopper(db: Database, shopperId: string, checkoutId: string) {
  const [checkout] = await db
    .select({
      id: checkouts.id,
      kind: checkouts.kind,
      email: checkouts.email,
      totalKobo: checkouts.totalKobo,
      pointsUsed: checkouts.pointsUsed,
      stockHold: checkouts.stockHold,
      holdExpiresAt: checkouts.holdExpiresAt,
      createdAt: checkouts.createdAt,
    })
    .from(checkouts)
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.shopperId, shopperId)));
  if (!checkout) return null;
  const [orderRows, [latestPayment], [refund]] = await Promise.all([
    db
      .select(orderColumns)
      .from(orders)
      .innerJoin(businesses, eq(businesses.id, orders.businessId))
      .where(eq(orders.checkoutId, checkoutId))
      .orderBy(asc(orders.position)),
    db
      .select({ status: payments.status, detail: payments.detail, reference: payments.reference })
      .from(payments)
      .where(eq(payments.checkoutId, checkoutId))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(1),
    // A payment refunded whole (paid twice, sold out before it arrived, or not what was asked);
    // one that isn't settled yet first, so the page never says "returned" too early.
    db
      .select({ status: refunds.status, amountKobo: refunds.amountKobo })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(and(eq(payments.checkoutId, checkoutId), sql`${refunds.orderId} is null`))
      .orderBy(sql`${refunds.status} = 'processed'`, desc(refunds.createdAt))
      .limit(1),
  ]);
  const charged = await checkoutCharged(db, checkoutId);
  const [lines, orderRefunds] = await Promise.all([
    linesOf(
      db,
      orderRows.map((order) => order.id),
    ),
    Promise.all(orderRows.map((order) => refundsOfOrder(db, order.id))),
  ]);
  return {
    checkout,
    latestPayment: latestPayment ?? null,
    wholeRefund: refund ?? null,
    charged,
    orders: orderRows.map((order, index) => ({
      ...order,
      lines: lines.get(order.id) ?? [],
      refunds: orderRefunds[index] ?? [],
    })),
  };
}

/**
 * Whether any payment of this checkout took money, so no page says "nothing was charged" to a
 * shopper who was.
 */
async function checkoutCharged(db: Database, checkoutId: string) {
  const [charged] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.checkoutId, checkoutId),
        inArray(payments.status, ["success", "mismatch", "duplicate"]),
      ),
    )
    .limit(1);
  return charged !== undefined;
}

export const ordersPageSize = 20;

/**
 * The shopper's orders, newest first, a page at a time (keyset on created_at to the microsecond,
 * then id). Throws InvalidPageCursorError for a cursor this list didn't make.
 */
export async function ordersOfShopper(
  db: Database,
  shopperId: string,
  options: { after?: string; limit?: number } = {},
) {
  const limit = options.limit ?? ordersPageSize;
  const after = options.after ? decodeCursor(options.after, exactTimeKey) : null;
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      subtotalKobo: orders.subtotalKobo,
      deliveryFeeKobo: orders.deliveryFeeKobo,
      createdAt: orders.createdAt,
      createdKey: exactTime(sql`${orders.createdAt}`),
      businessName: businesses.name,
      refundedKobo: refundedOfOrder,
      items: sql<number>`(select coalesce(sum(${orderLines.quantity}), 0)::int from ${orderLines} where ${orderLines.orderId} = ${orders.id})`,
    })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(
      and(
        eq(orders.shopperId, shopperId),
        after
          ? sql`(${orders.createdAt} < ${after.key}::timestamptz
              or (${orders.createdAt} = ${after.key}::timestamptz and ${orders.id} collate "C" < ${after.id}))`
          : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), sql`${orders.id} collate "C" desc`)
    .limit(limit + 1);
  const items = rows.slice(0, limit).map(({ createdKey: _key, ...row }) => row);
  const last = rows[limit - 1];
  return {
    items,
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdKey, last.id) : null,
  };
}

/** One order of the shopper by its number, with lines and refunds; null otherwise. */
export async function orderForShopper(db: Database, shopperId: string, number: string) {
  const [order] = await db
    .select(orderColumns)
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(and(eq(orders.number, number.toUpperCase()), eq(orders.shopperId, shopperId)));
  if (!order) return null;
  const [lines, orderRefunds, charged, [hold]] = await Promise.all([
    linesOf(db, [order.id]),
    refundsOfOrder(db, order.id),
    checkoutCharged(db, order.checkoutId),
    db
      .select({ stockHold: checkouts.stockHold, holdExpiresAt: checkouts.holdExpiresAt })
      .from(checkouts)
      .where(eq(checkouts.id, order.checkoutId)),
  ]);
  return {
    ...order,
    lines: lines.get(order.id) ?? [],
    refunds: orderRefunds,
    /** Whether a payment of its checkout took money (an unpaid order's page must not deny it). */
    charged,
    /** Where its checkout's stock is, and until when: an unpaid order is payable only while held. */
    hold: hold ?? null,
  };
}

/** The checkout a payment reference belongs to, or null. */
export async function checkoutOfPayment(db: Database, reference: string) {
  const [payment] = await db
    .select({ checkoutId: payments.checkoutId })
    .from(payments)
    .where(eq(payments.reference, reference));
  return payment?.checkoutId ?? null;
}

/** Every order of a person with its lines, contact and address, for "Download my data". */
export async function ordersForExport(db: Database, shopperId: string) {
  const rows = await db
    .select({
      ...orderColumns,
      contactEmail: checkouts.email,
      contactPhone: checkouts.phone,
    })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .where(eq(orders.shopperId, shopperId))
    .orderBy(asc(orders.createdAt), asc(orders.number));
  const lines = await linesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    number: row.number,
    business: row.businessName,
    status: row.status,
    subtotalKobo: row.subtotalKobo,
    deliveryFeeKobo: row.deliveryFeeKobo,
    pointsUsed: row.pointsUsed,
    deliveryEstimate: row.deliveryEstimate,
    fulfilment: row.fulfilment,
    deliveryAddress: row.deliveryAddress,
    notes: row.notes,
    contact: { email: row.contactEmail, phone: row.contactPhone },
    placedAt: row.createdAt,
    paidAt: row.paidAt,
    fulfilledAt: row.fulfilledAt,
    cancelledAt: row.cancelledAt,
    refundedAt: row.refundedAt,
    refundedKobo: row.refundedKobo,
    lines: (lines.get(row.id) ?? []).map(({ productId: _productId, ...line }) => line),
  }));
}

/** Whether the payment of this reference is settled for good (paid, refunded or refused). */
export async function paymentSettled(db: Database, reference: string) {
  const [payment] = await db
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.reference, reference));
  return payment !== undefined && ["success", "duplicate", "mismatch"].includes(payment.status);
}
