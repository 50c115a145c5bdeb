import { services } from "#app/context.server.ts";
import {
  confirmPayment,
  markRefundProcessed,
  verifyAndConfirm,
} from "#app/orders/confirm.server.ts";
import { paymentServices } from "#app/orders/payment-services.server.ts";
import { PaymentProviderError } from "#app/payments/provider.server.ts";
import type { Route } from "./+types/api-paystack-webhook";

/**
 * POST /api/payments/paystack/webhook: Paystack (or the simulator) tells Oja about a charge or
 * a refund. Only a body signed with the secret key is believed (401 otherwise, nothing changed);
 * a charge goes through the same idempotent confirmation as the browser's callback. Answering 2xx
 * stops the provider's retries, so an event Oja doesn't use is acknowledged too.
 */
export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ context, request }: Route.ActionArgs) {
  const { db, payments, log } = services(context);
  if (request.method !== "POST") return loader();
  const body = await request.text();
  if (!payments.verifyWebhookSignature(body, request.headers.get("x-paystack-signature"))) {
    log.warn("payment webhook refused: missing or wrong signature");
    return new Response("Invalid signature", { status: 401 });
  }
  let event: ReturnType<typeof payments.parseWebhookEvent>;
  try {
    event = payments.parseWebhookEvent(body);
  } catch (error) {
    log.warn({ err: error }, "payment webhook refused: unreadable event");
    return new Response("Unreadable event", { status: 400 });
  }
  const confirmContext = paymentServices(services(context));
  const { data } = event;
  if (event.event === "charge.success") {
    const outcome =
      data.amountKobo !== undefined && data.currency !== undefined
        ? await confirmPayment(confirmContext, {
            reference: data.reference,
            status: "success",
            amountKobo: data.amountKobo,
            currency: data.currency,
            paidAt: typeof data.paid_at === "string" ? new Date(data.paid_at) : null,
            channel: typeof data.channel === "string" ? data.channel : null,
            providerId: data.id === undefined ? null : String(data.id),
            gatewayResponse:
              typeof data.gateway_response === "string" ? data.gateway_response : "Approved",
          })
        : await verifyAndConfirm(confirmContext, data.reference).catch((error: unknown) => {
            if (error instanceof PaymentProviderError) return { kind: "retry" as const };
            throw error;
          });
    // Unknown to us now may be known after the provider's retry; a failed verify also retries.
    if (outcome.kind === "retry") return new Response("Try again later", { status: 503 });
    log.info({ reference: data.reference, outcome: outcome.kind }, "payment webhook handled");
  } else if (event.event === "refund.processed") {
    const refundId = data.id === undefined ? null : String(data.id);
    await markRefundProcessed(db, { reference: data.reference, providerRefundId: refundId });
  }
  return new Response(null, { status: 200 });
}
