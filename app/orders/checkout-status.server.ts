import type { Logger } from "pino";
import { PaymentProviderError } from "#app/payments/provider.server.ts";
import { holdIsLive } from "./checkout.server.ts";
import { verifyAndConfirm } from "./confirm.server.ts";
import { checkoutForShopper } from "./orders.server.ts";

/**
 * What became of a checkout, as its page (/checkout/{id} for goods, /voucherpay/{id} for
 * vouchers) tells it: paid, waiting for payment, expired (the time to pay ran out, decision 020)
 * or closed. Coming back from paying before the confirmation arrived, the provider is asked
 * first; when it can't be asked, the page says the payment is still being checked.
 */
export type CheckoutState = "paid" | "waiting" | "expired" | "closed";

export async function loadCheckoutStatus(
  paying: Parameters<typeof verifyAndConfirm>[0] & { log: Logger },
  shopperId: string,
  checkoutId: string,
  now = new Date(),
) {
  let found = await checkoutForShopper(paying.db, shopperId, checkoutId);
  if (!found) return null;
  let unconfirmed = false;
  const waiting = () => found?.orders.some((order) => order.status === "pending_payment");
  if (found.latestPayment?.status === "pending" && waiting()) {
    try {
      await verifyAndConfirm(paying, found.latestPayment.reference);
      found = (await checkoutForShopper(paying.db, shopperId, checkoutId)) ?? found;
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      paying.log.warn({ err: error }, "verify on the checkout page failed");
      unconfirmed = true;
    }
  }
  const state: CheckoutState = found.orders.some((order) => order.status === "pending_payment")
    ? holdIsLive(found.checkout, now)
      ? "waiting"
      : "expired"
    : found.orders.some((order) => order.paidAt !== null)
      ? "paid"
      : "closed";
  return { ...found, state, unconfirmed };
}
