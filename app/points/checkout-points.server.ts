import { and, eq, isNotNull } from "drizzle-orm";
import type { Executor } from "#app/db/database.server.ts";
import { checkouts } from "#app/orders/schema.server.ts";
import { recordPoints, walletOf } from "./ledger.server.ts";

/**
 * A checkout's points in the ledger (decision 057). They are taken when the checkout is written,
 * with its stock, and follow the stock: given back once when the checkout closes unpaid (the
 * shopper cancels, the time to pay runs out, another checkout replaces it, it sold out before
 * the payment arrived), taken again if a late payment revives it, and given back in proportion
 * when an order is refunded. Each move has its own cause, so none can happen twice.
 */
interface CheckoutPoints {
  id: string;
  shopperId: string | null;
  pointsUsed: number;
}

const causes = {
  take: (checkoutId: string) => `checkout-points:${checkoutId}`,
  back: (checkoutId: string) => `checkout-points-back:${checkoutId}`,
  again: (checkoutId: string) => `checkout-points-again:${checkoutId}`,
  refund: (refundId: string) => `refund-points:${refundId}`,
};

/** Takes the checkout's points; false when the shopper no longer has them. */
export async function takeCheckoutPoints(
  tx: Executor,
  checkout: CheckoutPoints,
  now: Date,
  { again = false } = {},
): Promise<boolean> {
  if (checkout.pointsUsed <= 0 || !checkout.shopperId) return true;
  const cause = again ? causes.again(checkout.id) : causes.take(checkout.id);
  const taken = await recordPoints(
    tx,
    {
      userId: checkout.shopperId,
      kind: "spend",
      availableDelta: -checkout.pointsUsed,
      cause,
      note: "Points off an order",
    },
    now,
  );
  return taken.recorded || taken.reason === "replayed";
}

/** Gives a checkout's points back as it closes unpaid (once, whatever calls it). */
export async function returnCheckoutPoints(tx: Executor, checkout: CheckoutPoints, now: Date) {
  if (checkout.pointsUsed <= 0 || !checkout.shopperId) return;
  await recordPoints(
    tx,
    {
      userId: checkout.shopperId,
      kind: "return",
      availableDelta: checkout.pointsUsed,
      cause: causes.back(checkout.id),
      note: "Points back: the order wasn't paid",
    },
    now,
  );
}

/**
 * After a refund of an order paid partly with points: the order keeps the points of its share of
 * what the shopper still paid, and the rest come back (all of them with the last of the money).
 * `refundedBefore` and `refundedAfter` are the order's refunds in kobo without and with this one.
 */
export async function returnRefundedPoints(
  tx: Executor,
  order: { number: string; shopperId: string | null; pointsUsed: number; paidKobo: number },
  refund: { id: string; refundedBefore: number; refundedAfter: number },
  now: Date,
) {
  if (order.pointsUsed <= 0 || !order.shopperId || order.paidKobo <= 0) return;
  const kept = (refunded: number) =>
    Number(
      (BigInt(order.pointsUsed) * BigInt(Math.max(order.paidKobo - refunded, 0))) /
        BigInt(order.paidKobo),
    );
  const back = kept(refund.refundedBefore) - kept(refund.refundedAfter);
  if (back <= 0) return;
  await recordPoints(
    tx,
    {
      userId: order.shopperId,
      kind: "return",
      availableDelta: back,
      cause: causes.refund(refund.id),
      note: `Points back: refund of order ${order.number}`,
    },
    now,
  );
}

/**
 * What a shopper can spend on their next product checkout: their points, and those their open
 * checkout holds (paying for a new basket gives those back first, as startCheckout counts them).
 */
export async function spendableAtCheckout(executor: Executor, userId: string): Promise<number> {
  const [wallet, [open]] = await Promise.all([
    walletOf(executor, userId),
    executor
      .select({ pointsUsed: checkouts.pointsUsed })
      .from(checkouts)
      .where(
        and(
          eq(checkouts.shopperId, userId),
          eq(checkouts.kind, "goods"),
          isNotNull(checkouts.basketKey),
          eq(checkouts.stockHold, "held"),
        ),
      ),
  ]);
  return wallet.available + (open?.pointsUsed ?? 0);
}
