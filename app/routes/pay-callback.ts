import { redirect } from "react-router";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { billOfPayment } from "#app/invoices/bill-payments.server.ts";
import { verifyAndConfirm } from "#app/orders/confirm.server.ts";
import { callbackReference, paymentServices } from "#app/orders/payment-services.server.ts";
import { PaymentProviderError } from "#app/payments/provider.server.ts";
import type { Route } from "./+types/pay-callback";

/**
 * /pay/callback?reference=…: where the provider's own payment page sends the payer of an invoice
 * or pay link back (the path without the popup). The payment is verified and confirmed, and the
 * payer lands on the bill's page, which says what became of it.
 */

export async function loader({ context, url }: Route.LoaderArgs) {
  const reference = callbackReference(url);
  if (!reference) throw notFound(url);
  const paying = paymentServices(services(context));
  const publicId = await billOfPayment(paying.db, reference);
  if (!publicId) throw notFound(url);
  try {
    await verifyAndConfirm(paying, reference);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    // The webhook or the reconciliation job will still confirm it; the page says so.
    paying.log.warn({ err: error, reference: reference }, "verify after the redirect failed");
  }
  throw redirect(`/pay/${publicId}?${new URLSearchParams({ payment: reference })}`);
}
