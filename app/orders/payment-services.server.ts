import type { AppServices } from "#app/context.server.ts";

/**
 * What checkout, confirmation and the payment jobs need from the app's services, in one shape,
 * so every route that starts or confirms a payment passes the same things.
 */
export function paymentServices({ db, payments, log, settings, emailQueued }: AppServices) {
  return {
    db,
    payments,
    log,
    emailQueued,
    publicUrl: settings.publicUrl,
    commissionRateBp: settings.commissionRateBp,
    holdLimits: settings.holdLimits,
    /** Where the provider's own payment page sends the shopper back. */
    callbackUrl: new URL("/checkout/callback", settings.publicUrl).toString(),
  };
}
