import { and, desc, eq, gte, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import type { Executor } from "#app/db/database.server.ts";
import { invoiceNumberLabel } from "#app/invoices/invoice-state.ts";
import { invoices, payLinks } from "#app/invoices/schema.server.ts";
import { refundCounts } from "#app/orders/order-refunds.server.ts";
import { orders, payments, refunds } from "#app/orders/schema.server.ts";
import {
  expectedPayoutDay,
  type LedgerEntry,
  type LedgerTotals,
  orderEntries,
  orderLimit,
  sumEntries,
} from "./ledger.ts";

/**
 * The console's ledger of one business for one Lagos month (decision 026): every paid order of
 * the month with its gross, commission, refunds and net to date, and the month's entries (sales
 * and refunds made in it) gathered by the day Paystack is expected to pay them out.
 */
export interface LedgerOrderRow {
  number: string;
  status: (typeof orders.$inferSelect)["status"];
  paidAt: Date;
  disputed: boolean;
  /** Split to the business's Paystack subaccount; false: Oja owes it from the main account. */
  viaSubaccount: boolean;
  commissionRateBp: number;
  totals: LedgerTotals;
}

/** A payment of one of the business's invoices or pay links (decision 060), as the ledger lists it. */
export interface LedgerBillRow {
  reference: string;
  /** "Invoice INV-0007", or the pay link's description. */
  title: string;
  paidAt: Date;
  viaSubaccount: boolean;
  commissionRateBp: number;
  totals: LedgerTotals;
}

export interface LedgerPayout {
  /** `YYYY-MM-DD`, Lagos. */
  day: string;
  viaSubaccount: boolean;
  orders: number;
  /** Payments of invoices and pay links. */
  bills: number;
  refunds: number;
  totals: LedgerTotals;
}

export interface BusinessLedger {
  month: LedgerTotals;
  /** The month's paid orders, newest first, at most `orderLimit`. */
  orders: LedgerOrderRow[];
  /** How many orders were paid in the month, shown or not. */
  paidOrders: number;
  /** The month's paid invoices and pay links, newest first, at most `orderLimit`. */
  bills: LedgerBillRow[];
  payouts: LedgerPayout[];
}

export async function businessLedger(
  db: Executor,
  businessId: string,
  period: { start: Date; end: Date },
): Promise<BusinessLedger> {
  const within = (
    column: typeof orders.paidAt | typeof refunds.createdAt | typeof payments.paidAt,
  ) => and(gte(column, period.start), lt(column, period.end));
  const refundedInPeriod = db
    .select({ id: refunds.orderId })
    .from(refunds)
    .where(and(eq(refunds.orderId, orders.id), refundCounts, within(refunds.createdAt)));

  // Orders paid in the month, and older ones with a refund in it: each needs all its refunds,
  // because what a refund gives back of the commission depends on the refunds before it.
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      paidAt: orders.paidAt,
      disputedAt: orders.disputedAt,
      subtotalKobo: orders.subtotalKobo,
      deliveryFeeKobo: orders.deliveryFeeKobo,
      commissionRateBp: orders.commissionRateBp,
      commissionKobo: orders.commissionKobo,
      payoutSubaccount: orders.payoutSubaccount,
    })
    .from(orders)
    .where(
      and(
        eq(orders.businessId, businessId),
        isNotNull(orders.paidAt),
        or(within(orders.paidAt), sql`exists (${refundedInPeriod})`),
      ),
    )
    .orderBy(desc(orders.paidAt), desc(orders.id));

  const refundRows =
    rows.length === 0
      ? []
      : await db
          .select({
            orderId: refunds.orderId,
            amountKobo: refunds.amountKobo,
            at: refunds.createdAt,
          })
          .from(refunds)
          .where(
            and(
              inArray(
                refunds.orderId,
                rows.map((row) => row.id),
              ),
              refundCounts,
            ),
          );
  const refundsByOrder = Map.groupBy(refundRows, (refund) => refund.orderId);

  // Invoices and pay links paid in the month (decision 060): a sale each, never refunded in
  // part (only a payment that came too late is returned, and it was never a sale).
  const billRows = await db
    .select({
      reference: payments.reference,
      paidAt: payments.paidAt,
      amountKobo: payments.amountKobo,
      commissionRateBp: payments.commissionRateBp,
      commissionKobo: payments.commissionKobo,
      payoutSubaccount: payments.payoutSubaccount,
      invoiceNumber: invoices.number,
      linkDescription: payLinks.description,
    })
    .from(payments)
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    .leftJoin(payLinks, eq(payLinks.id, payments.payLinkId))
    .where(
      and(
        eq(payments.status, "success"),
        or(eq(invoices.businessId, businessId), eq(payLinks.businessId, businessId)),
        within(payments.paidAt),
      ),
    )
    .orderBy(desc(payments.paidAt), desc(payments.id));

  const inPeriod = (at: Date) => at >= period.start && at < period.end;
  const monthEntries: LedgerEntry[] = [];
  const payouts = new Map<string, LedgerPayout & { entries: LedgerEntry[] }>();
  const orderRows: LedgerOrderRow[] = [];
  let paidOrders = 0;

  /** Adds an order's or a bill's entries of the month to the month and its payouts. */
  const addEntries = (entries: LedgerEntry[], viaSubaccount: boolean, what: "orders" | "bills") => {
    for (const entry of entries) {
      if (!inPeriod(entry.at)) continue;
      monthEntries.push(entry);
      const day = expectedPayoutDay(entry.at);
      const key = `${day} ${viaSubaccount}`;
      const payout = payouts.get(key) ?? {
        day,
        viaSubaccount,
        orders: 0,
        bills: 0,
        refunds: 0,
        totals: sumEntries([]),
        entries: [],
      };
      payout.entries.push(entry);
      if (entry.kind === "sale") payout[what] += 1;
      else payout.refunds += 1;
      payouts.set(key, payout);
    }
  };

  const bills: LedgerBillRow[] = [];
  for (const row of billRows) {
    const paidAt = row.paidAt as Date;
    const entries = orderEntries(
      {
        subtotalKobo: row.amountKobo,
        deliveryFeeKobo: 0,
        commissionRateBp: row.commissionRateBp ?? 0,
        commissionKobo: row.commissionKobo ?? 0,
      },
      paidAt,
      [],
    );
    const viaSubaccount = row.payoutSubaccount !== null;
    addEntries(entries, viaSubaccount, "bills");
    if (bills.length < orderLimit) {
      bills.push({
        reference: row.reference,
        title:
          row.invoiceNumber !== null
            ? `Invoice ${invoiceNumberLabel(row.invoiceNumber)}`
            : (row.linkDescription ?? ""),
        paidAt,
        viaSubaccount,
        commissionRateBp: row.commissionRateBp ?? 0,
        totals: sumEntries(entries),
      });
    }
  }

  for (const row of rows) {
    // isNotNull above: every row was paid.
    const paidAt = row.paidAt as Date;
    const entries = orderEntries(row, paidAt, refundsByOrder.get(row.id) ?? []);
    const viaSubaccount = row.payoutSubaccount !== null;
    if (inPeriod(paidAt)) {
      paidOrders += 1;
      if (orderRows.length < orderLimit) {
        orderRows.push({
          number: row.number,
          status: row.status,
          paidAt,
          disputed: row.disputedAt !== null,
          viaSubaccount,
          commissionRateBp: row.commissionRateBp,
          totals: sumEntries(entries),
        });
      }
    }
    addEntries(entries, viaSubaccount, "orders");
  }

  return {
    month: sumEntries(monthEntries),
    orders: orderRows,
    paidOrders,
    bills,
    payouts: [...payouts.values()]
      .map(({ entries, ...payout }) => ({ ...payout, totals: sumEntries(entries) }))
      .sort(
        (a, b) => b.day.localeCompare(a.day) || Number(b.viaSubaccount) - Number(a.viaSubaccount),
      ),
  };
}
