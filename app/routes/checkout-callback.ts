import { redirect } from "react-router";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { confirmedCheckout, verifyAndConfirm } from "#app/orders/confirm.server.ts";
import { checkoutOfPayment } from "#app/orders/orders.server.ts";
import { callbackReference, paymentServices } from "#app/orders/payment-services.server.ts";
import { PaymentProviderError } from "#app/payments/provider.server.ts";
import type { Route } from "./+types/checkout-callback";

/**
 * /checkout/callback?reference=…: where the provider's own payment page sends the shopper back
 * (the path without the popup, e.g. when its script can't load). The payment is verified with
 * the provider, confirmed, and the shopper lands on the checkout's status page.
 */

export async function loader({ context, url }: Route.LoaderArgs) {
  const reference = callbackReference(url);
  if (!reference) throw notFound(url);
  const paying = paymentServices(services(context));
  const { db, log } = paying;
  try {
    const confirmation = await verifyAndConfirm(paying, reference);
    const checkoutId = confirmedCheckout(confirmation);
    if (!checkoutId) throw notFound(url);
    throw redirect(`/checkout/${checkoutId}`);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    log.warn({ err: error, reference: reference }, "verify after the provider's redirect failed");
    // The webhook or the reconciliation job will still confirm it; the status page says so.
    const checkoutId = await checkoutOfPayment(db, reference);
    if (!checkoutId) throw notFound(url);
    throw redirect(`/checkout/${checkoutId}`);
  }
}
