/**
 * What a business is owed, as entries (decision 026): each paid order is a sale (its gross, less
 * Oja's commission) and each refund an entry of its own, dated when it was made, so a month's or a
 * payout's figures are the sum of the entries in it, and an order's are the sum of its entries.
 *
 * Refunds come off the items first and the delivery fee last, and Oja's commission follows the
 * items that stay sold: refunding items gives the business back the commission on them; refunding
 * the whole order leaves Oja nothing.
 */

export interface LedgerOrder {
  subtotalKobo: number;
  deliveryFeeKobo: number;
  /** Fixed when the order was placed (decision 026). */
  commissionRateBp: number;
  commissionKobo: number;
}

export interface LedgerRefund {
  amountKobo: number;
  at: Date;
}

export interface LedgerEntry {
  kind: "sale" | "refund";
  at: Date;
  /** What the shopper paid for the order (sale entries only; 0 on a refund). */
  grossKobo: number;
  /** Oja's commission: positive on a sale, negative (given back) on a refund. */
  commissionKobo: number;
  /** Money returned to the shopper (refund entries only). */
  refundKobo: number;
  /** What the entry adds to (or takes from) the business's pay. */
  netKobo: number;
}

export interface LedgerTotals {
  grossKobo: number;
  commissionKobo: number;
  refundKobo: number;
  netKobo: number;
}

const basisPoints = 10_000;

/** The ledger lists a month's orders up to this many; the month's totals always count them all. */
export const orderLimit = 200;

/** Oja's commission once `refundedKobo` of the order has gone back to the shopper. */
export function commissionKept(order: LedgerOrder, refundedKobo: number): number {
  if (refundedKobo <= 0) return order.commissionKobo;
  const itemsKept = Math.max(0, order.subtotalKobo - refundedKobo);
  return Math.min(
    order.commissionKobo,
    Math.floor((itemsKept * order.commissionRateBp) / basisPoints),
  );
}

/** The order's sale at `paidAt`, then its refunds in the order they were made. */
export function orderEntries(
  order: LedgerOrder,
  paidAt: Date,
  refunds: readonly LedgerRefund[],
): LedgerEntry[] {
  const grossKobo = order.subtotalKobo + order.deliveryFeeKobo;
  const entries: LedgerEntry[] = [
    {
      kind: "sale",
      at: paidAt,
      grossKobo,
      commissionKobo: order.commissionKobo,
      refundKobo: 0,
      netKobo: grossKobo - order.commissionKobo,
    },
  ];
  let refunded = 0;
  for (const refund of [...refunds].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    // Zero or less: the commission on the refunded items, given back to the business.
    const commissionChange =
      commissionKept(order, refunded + refund.amountKobo) - commissionKept(order, refunded);
    refunded += refund.amountKobo;
    entries.push({
      kind: "refund",
      at: refund.at,
      grossKobo: 0,
      commissionKobo: commissionChange,
      refundKobo: refund.amountKobo,
      netKobo: -refund.amountKobo - commissionChange,
    });
  }
  return entries;
}

export function sumEntries(entries: Iterable<LedgerEntry>): LedgerTotals {
  const totals: LedgerTotals = { grossKobo: 0, commissionKobo: 0, refundKobo: 0, netKobo: 0 };
  for (const entry of entries) {
    totals.grossKobo += entry.grossKobo;
    totals.commissionKobo += entry.commissionKobo;
    totals.refundKobo += entry.refundKobo;
    totals.netKobo += entry.netKobo;
  }
  return totals;
}

const lagosOffsetMs = 60 * 60_000;
const dayMs = 24 * 60 * 60_000;

/**
 * The Lagos day (`YYYY-MM-DD`) Paystack is expected to pay out what happened at `at`: it settles
 * Nigerian businesses the next working day, so Friday's, Saturday's and Sunday's money goes out on
 * Monday. Public holidays can move it later; the console says "expected".
 */
export function expectedPayoutDay(at: Date): string {
  const local = new Date(at.getTime() + lagosOffsetMs);
  const day = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
  do {
    day.setTime(day.getTime() + dayMs);
  } while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
  return day.toISOString().slice(0, 10);
}

/** A Lagos calendar month, `YYYY-MM`, as the instants it starts and ends at. */
export function lagosMonth(month: string): { start: Date; end: Date } | null {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!match) return null;
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  if (year < 2000 || year > 2999) return null;
  return {
    start: new Date(Date.UTC(year, index, 1) - lagosOffsetMs),
    end: new Date(Date.UTC(year, index + 1, 1) - lagosOffsetMs),
  };
}

/** The Lagos month (`YYYY-MM`) that `at` falls in. */
export function lagosMonthOf(at: Date): string {
  return new Date(at.getTime() + lagosOffsetMs).toISOString().slice(0, 7);
}

/** The month (`YYYY-MM`) `offset` months after `month` (before, when negative). */
export function shiftMonth(month: string, offset: number): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, number - 1 + offset, 1)).toISOString().slice(0, 7);
}
