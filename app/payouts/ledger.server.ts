import { and, desc, eq, gte, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import type { Executor } from "#app/db/database.server.ts";
import { refundCounts } from "#app/orders/order-refunds.server.ts";
import { orders, refunds } from "#app/orders/schema.server.ts";
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

export interface LedgerPayout {
  /** `YYYY-MM-DD`, Lagos. */
  day: string;
  viaSubaccount: boolean;
  orders: number;
  refunds: number;
  totals: LedgerTotals;
}

export interface BusinessLedger {
  month: LedgerTotals;
  /** The month's paid orders, newest first, at most `orderLimit`. */
  orders: LedgerOrderRow[];
  /** How many orders were paid in the month, shown or not. */
  paidOrders: number;
  payouts: LedgerPayout[];
}

export async function businessLedger(
  db: Executor,
  businessId: string,
  period: { start: Date; end: Date },
): Promise<BusinessLedger> {
  const within = (column: typeof orders.paidAt | typeof refunds.createdAt) =>
    and(gte(column, period.start), lt(column, period.end));
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

  const inPeriod = (at: Date) => at >= period.start && at < period.end;
  const monthEntries: LedgerEntry[] = [];
  const payouts = new Map<string, LedgerPayout & { entries: LedgerEntry[] }>();
  const orderRows: LedgerOrderRow[] = [];
  let paidOrders = 0;

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
    for (const entry of entries) {
      if (!inPeriod(entry.at)) continue;
      monthEntries.push(entry);
      const day = expectedPayoutDay(entry.at);
      const key = `${day} ${viaSubaccount}`;
      const payout = payouts.get(key) ?? {
        day,
        viaSubaccount,
        orders: 0,
        refunds: 0,
        totals: sumEntries([]),
        entries: [],
      };
      payout.entries.push(entry);
      if (entry.kind === "sale") payout.orders += 1;
      else payout.refunds += 1;
      payouts.set(key, payout);
    }
  }

  return {
    month: sumEntries(monthEntries),
    orders: orderRows,
    paidOrders,
    payouts: [...payouts.values()]
      .map(({ entries, ...payout }) => ({ ...payout, totals: sumEntries(entries) }))
      .sort(
        (a, b) => b.day.localeCompare(a.day) || Number(b.viaSubaccount) - Number(a.viaSubaccount),
      ),
  };
}
