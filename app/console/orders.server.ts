import {
  type AnyColumn,
  and,
  asc,
  desc,
  eq,
  gte,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  sql,
} from "drizzle-orm";
import { type AuditEntry, recordAudit } from "#app/auth/audit.server.ts";
import { formatNigerianPhone } from "#app/auth/phone.ts";
import type { Database, Executor } from "#app/db/database.server.ts";
import { decodeCursor, encodeCursor, exactTime, exactTimeKey } from "#app/db/page-cursor.server.ts";
import { businesses, products, users } from "#app/db/schema.server.ts";
import { pickupDetails } from "#app/delivery/areas.ts";
import { handoverSettingsFor } from "#app/delivery/settings.server.ts";
import { queueEmail } from "#app/email/outbox.server.ts";
import { renderEmail } from "#app/email/render.ts";
import { formatNaira, kobo } from "#app/money.ts";
import {
  markFulfilled,
  type OrderChange,
  type RefundChange,
  refundOrder,
} from "#app/orders/lifecycle.server.ts";
import { refundCounts, refundedOfOrder, refundsOfOrder } from "#app/orders/order-refunds.server.ts";
import { orderPaidKobo } from "#app/orders/order-total.ts";
import type { OrderStatus } from "#app/orders/orders.server.ts";
import { checkouts, orderLines, orders, refunds } from "#app/orders/schema.server.ts";
import { lagosPeriods } from "./lagos-time.ts";

/**
 * A business's orders as its console sees them (issue 7, decision 018): the dashboard's figures,
 * the list, one order, and the two things a member does to a paid order — mark it fulfilled or
 * refund it. Every query is scoped to the business, so another business's order is not found.
 */

/** Products at or below this stock are "low" on the dashboard (0 is "sold out"). */
export const lowStockThreshold = 3;
/** How many rows each "needs attention" list shows; the count says how many there are in all. */
export const attentionListSize = 10;

const itemsCount = sql<number>`(select coalesce(sum(${orderLines.quantity}), 0)::int from ${orderLines} where ${orderLines.orderId} = ${orders.id})`;

interface Figures {
  orders: number;
  revenueKobo: number;
  refunds: number;
  refundedKobo: number;
}

/**
 * Today's and this week's figures (Lagos time, weeks from Monday). Sales are the orders *paid* in
 * the period that are still paid or fulfilled, each at what the business keeps of it (its total
 * less what was refunded of it): an order refunded in full drops out of the day it was paid.
 * Refunds are counted on the day each was made, by its own amount (a part of an order counts as
 * that part), shown beside the sales; failed ones are left out, as no money went back.
 */
export async function dashboardFigures(db: Database, businessId: string, now = new Date()) {
  const { todayStart, weekStart } = lagosPeriods(now);
  const since = (column: AnyColumn, start: Date) =>
    sql`${column} >= ${start.toISOString()}::timestamptz`;
  const sales = (start: Date) => ({
    orders: sql<number>`count(*) filter (where ${since(orders.paidAt, start)})`.mapWith(Number),
    revenueKobo:
      sql<number>`coalesce(sum(${orders.subtotalKobo} + ${orders.deliveryFeeKobo} - ${refundedOfOrder}) filter (where ${since(orders.paidAt, start)}), 0)`.mapWith(
        Number,
      ),
  });
  const given = (start: Date) => ({
    refunds: sql<number>`count(*) filter (where ${since(refunds.createdAt, start)})`.mapWith(
      Number,
    ),
    refundedKobo:
      sql<number>`coalesce(sum(${refunds.amountKobo}) filter (where ${since(refunds.createdAt, start)}), 0)`.mapWith(
        Number,
      ),
  });
  const [[sold], [returned]] = await Promise.all([
    db
      .select({ today: sales(todayStart), week: sales(weekStart) })
      .from(orders)
      .where(
        and(
          eq(orders.businessId, businessId),
          sql`${orders.status} in ('paid', 'fulfilled')`,
          since(orders.paidAt, weekStart),
        ),
      ),
    db
      .select({ today: given(todayStart), week: given(weekStart) })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(
        and(eq(orders.businessId, businessId), refundCounts, since(refunds.createdAt, weekStart)),
      ),
  ]);
  const pick = (period: "today" | "week"): Figures => ({
    orders: sold?.[period].orders ?? 0,
    revenueKobo: sold?.[period].revenueKobo ?? 0,
    refunds: returned?.[period].refunds ?? 0,
    refundedKobo: returned?.[period].refundedKobo ?? 0,
  });
  return { today: pick("today"), week: pick("week"), weekStart, todayStart };
}

/**
 * What needs a member's hand: paid orders to hand over (oldest first), stock running out. Orders
 * of vouchers hand nothing over (their codes are redeemed at the till), so they never wait here.
 */
export async function needsAttention(db: Database, businessId: string) {
  const waitingWhere = and(
    eq(orders.businessId, businessId),
    eq(orders.status, "paid"),
    eq(orders.kind, "goods"),
  );
  const lowWhere = and(
    eq(products.businessId, businessId),
    eq(products.status, "active"),
    lte(products.stock, lowStockThreshold),
  );
  const [waiting, [waitingCount], lowStock, [lowStockCount], [anything]] = await Promise.all([
    db
      .select({
        number: orders.number,
        paidAt: orders.paidAt,
        subtotalKobo: orders.subtotalKobo,
        deliveryFeeKobo: orders.deliveryFeeKobo,
        fulfilment: orders.fulfilment,
        items: itemsCount,
      })
      .from(orders)
      .where(waitingWhere)
      .orderBy(asc(orders.paidAt), asc(orders.id))
      .limit(attentionListSize),
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(waitingWhere),
    db
      .select({ id: products.id, name: products.name, slug: products.slug, stock: products.stock })
      .from(products)
      .where(lowWhere)
      .orderBy(asc(products.stock), asc(products.name))
      .limit(attentionListSize),
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(lowWhere),
    db
      .select({
        hasOrders: sql<boolean>`exists (select 1 from ${orders} where ${orders.businessId} = ${businessId})`,
        hasProducts: sql<boolean>`exists (select 1 from ${products} where ${products.businessId} = ${businessId})`,
      })
      .from(businesses)
      .where(eq(businesses.id, businessId)),
  ]);
  return {
    waiting,
    waitingCount: waitingCount?.count ?? 0,
    lowStock,
    lowStockCount: lowStockCount?.count ?? 0,
    hasOrders: anything?.hasOrders ?? false,
    hasProducts: anything?.hasProducts ?? false,
  };
}

/** How long a paid order counts as new for the console's alert. */
export const newOrderWindowMs = 24 * 60 * 60_000;

/**
 * The console's alerts: paid orders of the last day still to hand over (the newest named), and
 * orders whose payment the shopper disputed with their bank that are not resolved yet.
 */
export async function consoleAlerts(db: Database, businessId: string, now = new Date()) {
  const newWhere = and(
    eq(orders.businessId, businessId),
    eq(orders.status, "paid"),
    eq(orders.kind, "goods"),
    gte(orders.paidAt, new Date(now.getTime() - newOrderWindowMs)),
  );
  const disputedWhere = and(
    eq(orders.businessId, businessId),
    isNotNull(orders.disputedAt),
    or(isNull(orders.disputeStatus), ne(orders.disputeStatus, "resolved")),
  );
  const [[newest], [newCount], disputed] = await Promise.all([
    db
      .select({ number: orders.number, subtotalKobo: orders.subtotalKobo })
      .from(orders)
      .where(newWhere)
      .orderBy(desc(orders.paidAt), desc(orders.id))
      .limit(1),
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(newWhere),
    db
      .select({ number: orders.number, dueAt: orders.disputeDueAt })
      .from(orders)
      .where(disputedWhere)
      .orderBy(asc(orders.disputeDueAt), asc(orders.id))
      .limit(attentionListSize),
  ]);
  return {
    newPaid: newest ? { count: newCount?.count ?? 1, newest } : null,
    disputed,
  };
}

export const businessOrdersPageSize = 20;

/**
 * The business's orders, newest first, a page at a time (keyset on created_at to the
 * microsecond, then id), optionally of one status. Throws InvalidPageCursorError for a cursor
 * this list didn't make.
 */
export async function ordersOfBusiness(
  db: Database,
  businessId: string,
  options: { status?: OrderStatus; after?: string; limit?: number } = {},
) {
  const limit = options.limit ?? businessOrdersPageSize;
  const after = options.after ? decodeCursor(options.after, exactTimeKey) : null;
  const rows = await db
    .select({
      number: orders.number,
      status: orders.status,
      subtotalKobo: orders.subtotalKobo,
      deliveryFeeKobo: orders.deliveryFeeKobo,
      fulfilment: orders.fulfilment,
      createdAt: orders.createdAt,
      createdKey: exactTime(sql`${orders.createdAt}`),
      id: orders.id,
      buyerName: users.name,
      refundedKobo: refundedOfOrder,
      items: itemsCount,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.shopperId))
    .where(
      and(
        eq(orders.businessId, businessId),
        options.status ? eq(orders.status, options.status) : undefined,
        after
          ? sql`(${orders.createdAt} < ${after.key}::timestamptz
              or (${orders.createdAt} = ${after.key}::timestamptz and ${orders.id} collate "C" < ${after.id}))`
          : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), sql`${orders.id} collate "C" desc`)
    .limit(limit + 1);
  const items = rows.slice(0, limit).map(({ createdKey: _key, id: _id, ...row }) => row);
  const last = rows[limit - 1];
  return {
    items,
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdKey, last.id) : null,
  };
}

/** One order of the business by its number, with the buyer's contact, lines and refunds. */
export async function orderForBusiness(db: Database, businessId: string, number: string) {
  const [order] = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
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
      buyerName: users.name,
      contactEmail: checkouts.email,
      contactPhone: checkouts.phone,
    })
    .from(orders)
    .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .leftJoin(users, eq(users.id, orders.shopperId))
    .where(and(eq(orders.businessId, businessId), eq(orders.number, number.toUpperCase())));
  if (!order) return null;
  const [lines, orderRefunds] = await Promise.all([
    db
      .select({
        name: orderLines.productName,
        size: orderLines.size,
        unitPriceKobo: orderLines.unitPriceKobo,
        quantity: orderLines.quantity,
        position: orderLines.position,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.position)),
    refundsOfOrder(db, order.id),
  ]);
  return { ...order, lines, refunds: orderRefunds };
}

interface ConsoleActor {
  businessId: string;
  number: string;
  actorId: string;
  source: Pick<AuditEntry, "ipAddress" | "userAgent">;
  publicUrl: string;
}

/** The order of the business, locked for the rest of the transaction, with what its email needs. */
async function lockOrder(tx: Executor, businessId: string, number: string) {
  const [order] = await tx
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      fulfilment: orders.fulfilment,
      deliveryAddress: orders.deliveryAddress,
      subtotalKobo: orders.subtotalKobo,
      deliveryFeeKobo: orders.deliveryFeeKobo,
      pointsUsed: orders.pointsUsed,
      email: checkouts.email,
      businessName: businesses.name,
      businessAddress: businesses.address,
      businessCity: businesses.city,
      businessPhone: businesses.phone,
    })
    .from(orders)
    .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(and(eq(orders.businessId, businessId), eq(orders.number, number.toUpperCase())))
    .for("update", { of: orders });
  return order ?? null;
}

/**
 * A member marks a paid order fulfilled: in one transaction the order changes, the audit log
 * says who did it, and the shopper is emailed "ready for pickup" or "on its way".
 */
export async function fulfilBusinessOrder(
  db: Database,
  input: ConsoleActor,
  now = new Date(),
): Promise<OrderChange> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.businessId, input.number);
    if (!order) return { ok: false, status: 404 };
    const changed = await markFulfilled(tx, order.id, now);
    if (!changed.ok) return changed;
    await recordAudit(tx, {
      action: "order.fulfilled",
      actorId: input.actorId,
      subjectId: input.businessId,
      details: { orderId: order.id, orderNumber: order.number },
      ...input.source,
    });
    const pickup = order.fulfilment === "pickup";
    const address = order.deliveryAddress;
    const pickupAt = pickupDetails(await handoverSettingsFor(tx, input.businessId), {
      address: order.businessAddress,
      city: order.businessCity,
    });
    const content = renderEmail({
      preview: pickup
        ? `${order.businessName} has your order ready.`
        : `${order.businessName} has sent your order.`,
      heading: pickup ? "Your order is ready for pickup" : "Your order is on its way",
      paragraphs: [
        pickup
          ? `${order.businessName} has your order ${order.number} ready. Pick it up at ${pickupAt.address}${order.businessPhone ? ` (call ${formatNigerianPhone(order.businessPhone)})` : ""}. Pickup times: ${pickupAt.hours}.`
          : `${order.businessName} has sent your order ${order.number} on its way to ${address ? `${address.recipient}, ${address.line1}${address.line2 ? `, ${address.line2}` : ""}${address.area ? `, ${address.area}` : ""}, ${address.city}, ${address.state}` : "you"}.`,
        "Bring your order number with you, or show this email.",
      ],
      action: {
        label: "See your order",
        url: new URL(`/profile/orders/${order.number}`, input.publicUrl).toString(),
      },
      footer: "You get this email because you ordered on Oja.",
    });
    await queueEmail(tx, {
      to: order.email,
      subject: pickup
        ? `Your order ${order.number} is ready for pickup`
        : `Your order ${order.number} is on its way`,
      kind: "order-fulfilled",
      ...content,
    });
    return { ok: true };
  });
}

/**
 * A manager or owner refunds a paid or fulfilled order, all that is left of it or a part
 * (`amountKobo`), with a reason the shopper reads (decision 027): the order, its stock, the
 * queued refund, the audit entry and the shopper's email in one transaction. The caller then
 * sends the refund to the provider (`sendPendingRefunds`).
 */
export async function refundBusinessOrder(
  db: Database,
  input: ConsoleActor & { reason: string; amountKobo?: number },
  now = new Date(),
): Promise<RefundChange> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.businessId, input.number);
    if (!order) return { ok: false, status: 404 };
    const refunded = await refundOrder(tx, order.id, input.reason, {
      amountKobo: input.amountKobo,
      now,
    });
    if (!refunded.ok) return refunded;
    await recordAudit(tx, {
      action: "order.refunded",
      actorId: input.actorId,
      subjectId: input.businessId,
      details: {
        orderId: order.id,
        orderNumber: order.number,
        amountKobo: refunded.amountKobo,
        refundId: refunded.refundId,
        closed: refunded.closed,
      },
      ...input.source,
    });
    const amount = formatNaira(kobo(refunded.amountKobo));
    // Money goes back up to what was paid in money; points that paid the rest come back as points.
    const total = orderPaidKobo(order);
    // A paid order refunded whole is a cancellation; anything else is money back on an order
    // that stands (or was handed over).
    const cancelled = refunded.closed && order.status === "paid" && refunded.amountKobo === total;
    const what = cancelled
      ? `${order.businessName} cancelled your order ${order.number} and refunded ${amount}.`
      : `${order.businessName} refunded ${amount} of your order ${order.number}.`;
    const after = cancelled
      ? null
      : refunded.leftKobo === 0
        ? `That is everything you paid for it (${formatNaira(kobo(total))}).`
        : order.status === "paid"
          ? "The rest of your order stands: they still hand it over."
          : null;
    const content = renderEmail({
      preview: `${amount} is on its way back to you.`,
      heading:
        refunded.leftKobo === 0 ? "Your order was refunded" : "Part of your order was refunded",
      paragraphs: [
        after ? `${what} ${after}` : what,
        `Their reason: ${input.reason}`,
        "The money goes back the way you paid. Your bank may take a few working days to show it.",
      ],
      action: {
        label: "See your order",
        url: new URL(`/profile/orders/${order.number}`, input.publicUrl).toString(),
      },
      footer: "You get this email because you ordered on Oja.",
    });
    await queueEmail(tx, {
      to: order.email,
      subject:
        refunded.leftKobo === 0
          ? `Your order ${order.number} was refunded`
          : `${amount} of your order ${order.number} was refunded`,
      kind: "order-refunded",
      ...content,
    });
    return refunded;
  });
}
