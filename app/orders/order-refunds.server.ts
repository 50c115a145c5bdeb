import { asc, eq, sql } from "drizzle-orm";
import type { Executor } from "#app/db/database.server.ts";
import { orders, refunds } from "./schema.server.ts";

/**
 * What was given back of an order (decision 027): it may be refunded in parts, after fulfilment
 * too. A refund counts against the order unless it `failed`: Paystack credits a failed refund
 * back to the merchant and the money never reached the shopper
 * (https://support.paystack.com/en/articles/2130434), so that amount may be refunded again.
 * `pending` and `needs_attention` count: the money has left and may still arrive.
 */
export const refundCounts = sql`${refunds.status} <> 'failed'`;

/** Kobo refunded of the order in the row being selected (`orders.id`), failed ones left out. */
export const refundedOfOrder =
  sql<number>`(select coalesce(sum(${refunds.amountKobo}), 0) from ${refunds} where ${refunds.orderId} = ${orders.id} and ${refundCounts})`.mapWith(
    Number,
  );

/** Kobo refunded of one order so far, failed ones left out. */
export async function refundedKobo(db: Executor, orderId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${refunds.amountKobo}), 0)`.mapWith(Number) })
    .from(refunds)
    .where(sql`${refunds.orderId} = ${orderId} and ${refundCounts}`);
  return row?.total ?? 0;
}

/** Each refund of an order, oldest first, as both order pages list them. */
export async function refundsOfOrder(db: Executor, orderId: string) {
  return db
    .select({
      amountKobo: refunds.amountKobo,
      reason: refunds.reason,
      status: refunds.status,
      createdAt: refunds.createdAt,
    })
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}
