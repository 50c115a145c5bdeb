import { services } from "#app/context.server.ts";
import {
  applyRefundEvent,
  confirmPayment,
  recordDispute,
  verifyAndConfirm,
} from "#app/orders/confirm.server.ts";
import { paymentServices } from "#app/orders/payment-services.server.ts";
import { PaymentProviderError } from "#app/payments/provider.server.ts";
import type { Route } from "./+types/api-paystack-webhook";

/**
 * POST /api/payments/paystack/webhook: Paystack (or the simulator) tells Oja about a charge, a
 * refund or a dispute. Only a body signed with the secret key is believed (401 otherwise, nothing
 * changed). Every signed event is answered 200, also one Oja doesn't use or can't read: any other
 * answer only makes Paystack send it again for days (decision 024), and what it would have told is
 * also found by reconciliation (verify, `GET /refund/:id`). A charge goes through the same
 * idempotent confirmation as the browser's callback.
 */
export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ context, request }: Route.ActionArgs) {
  const { payments, log } = services(context);
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
    log.error({ err: error }, "a signed payment webhook could not be read; acknowledged");
    return new Response(null, { status: 200 });
  }
  const confirmContext = paymentServices(services(context));
  const { data } = event;
  if (!data.reference) {
    log.info({ event: event.event }, "payment webhook without a transaction: acknowledged");
    return new Response(null, { status: 200 });
  }
  if (event.event === "charge.success") {
    const outcome =
      data.amountKobo !== undefined && data.currency !== undefined
        ? await confirmPayment(confirmContext, {
            reference: data.reference,
            status: "success",
            amountKobo: data.amountKobo,
            requestedAmountKobo: data.requestedAmountKobo ?? null,
            currency: data.currency,
            paidAt: typeof data.paid_at === "string" ? new Date(data.paid_at) : null,
            channel: typeof data.channel === "string" ? data.channel : null,
            providerId: data.id === undefined ? null : String(data.id),
            gatewayResponse:
              typeof data.gateway_response === "string" ? data.gateway_response : "Approved",
          })
        : await verifyAndConfirm(confirmContext, data.reference).catch((error: unknown) => {
            // Reconciliation verifies the payment again later.
            if (error instanceof PaymentProviderError) return { kind: "verify_failed" as const };
            throw error;
          });
    log.info({ reference: data.reference, outcome: outcome.kind }, "payment webhook handled");
  } else if (event.event.startsWith("refund.")) {
    const outcome = await applyRefundEvent(confirmContext, {
      reference: data.reference,
      status: data.status ?? event.event.slice("refund.".length),
      amountKobo: data.amountKobo,
      refundReference: data.refundReference,
    });
    log.info({ reference: data.reference, event: event.event, outcome }, "refund webhook handled");
  } else if (event.event.startsWith("charge.dispute.")) {
    await recordDispute(confirmContext, {
      event: event.event,
      reference: data.reference,
      status: data.status,
      resolution: typeof data.resolution === "string" ? data.resolution : null,
      dueAt: dateOf(data.dueAt),
    });
  }
  return new Response(null, { status: 200 });
}

function dateOf(value: unknown): Date | null {
  if (typeof value !== "string") return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
