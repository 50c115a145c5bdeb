import type { AppServices } from "#app/context.server.ts";
import { rateLimitRules, retryAfterText } from "#app/security/rate-limit.server.ts";
import { z } from "#app/zod.ts";

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

/**
 * Pay and pay again take stock (or vouchers) off sale: each press counts against the shopper's
 * and the address's limits (decision 030). Null when allowed; refused, nothing is written.
 */
export async function checkoutStartLimited(
  { rateLimits }: Pick<AppServices, "rateLimits">,
  user: { id: string },
  address: string | null,
) {
  for (const [rule, key] of [
    [rateLimitRules.checkoutStartPerShopper, user.id],
    [rateLimitRules.checkoutStartPerIp, address ?? "unknown"],
  ] as const) {
    const verdict = await rateLimits.hit(rule, key);
    if (!verdict.allowed) {
      return {
        ok: false as const,
        status: 429 as const,
        message: `Too many payments started. ${retryAfterText(verdict.retryAfterSeconds)}`,
      };
    }
  }
  return null;
}

/** A payment's reference as a page or the provider's redirect hands it back. */
export const paymentReference = z.string().trim().min(1).max(100);

/**
 * The reference of the provider's redirect back to Oja: `?reference=…`, or Paystack's older
 * `?trxref=…`; null when neither is a reference.
 */
export function callbackReference(url: URL): string | null {
  const parsed = paymentReference.safeParse(
    url.searchParams.get("reference") ?? url.searchParams.get("trxref"),
  );
  return parsed.success ? parsed.data : null;
}
