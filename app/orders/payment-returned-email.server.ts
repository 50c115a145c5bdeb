import { asc, eq } from "drizzle-orm";
import type { Executor } from "#app/db/database.server.ts";
import { businesses } from "#app/db/schema.server.ts";
import { queueEmail } from "#app/email/outbox.server.ts";
import { renderEmail } from "#app/email/render.ts";
import { formatNaira, kobo } from "#app/money.ts";
import { orders } from "./schema.server.ts";

/**
 * The email that tells a shopper a payment is going back to them, queued in the transaction that
 * decided the refund (decision 020): a payment that arrived after the time to pay ran out and
 * the products sold out, or one for orders that were already paid, replaced or closed.
 */
export type ReturnedPaymentCause = "sold_out" | "already_paid" | "closed";

const explanations: Record<ReturnedPaymentCause, (numbers: string) => string> = {
  sold_out: (numbers) =>
    `Your payment arrived after the time to pay for ${numbers} had run out, and some of the products sold out meanwhile. We couldn't keep the order, so nothing was bought.`,
  already_paid: (numbers) =>
    `${numbers} had already been paid by another payment (two tabs or two payment windows, perhaps), so this second payment is returned. You are charged once.`,
  closed: (numbers) =>
    `${numbers} had already been closed (you started again, changed your cart or cancelled) when this payment arrived, so nothing was bought with it.`,
};

export async function queuePaymentReturned(
  tx: Executor,
  publicUrl: string,
  payment: { to: string; checkoutId: string; amountKobo: number; cause: ReturnedPaymentCause },
) {
  const rows = await tx
    .select({ number: orders.number, business: businesses.name })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(eq(orders.checkoutId, payment.checkoutId))
    .orderBy(asc(orders.position));
  const numbers = rows.map((row) => row.number).join(", ");
  const amount = formatNaira(kobo(payment.amountKobo));
  const content = renderEmail({
    preview: `${amount} is on its way back to you.`,
    heading: "Your payment is being returned",
    paragraphs: [
      explanations[payment.cause](rows.length === 1 ? `Order ${numbers}` : `Orders ${numbers}`),
      `We have asked Paystack to return ${amount} to the card or account you paid with. Banks usually take 3 to 10 working days to show it.`,
      payment.cause === "already_paid"
        ? ""
        : "Your products may still be available: start again from your cart to check out at today's prices and stock.",
    ],
    action: { label: "See your orders", url: new URL("/profile/orders", publicUrl).toString() },
    footer: "You get this email because you paid on Oja.",
  });
  await queueEmail(tx, {
    to: payment.to,
    subject: `Your Oja payment of ${amount} is being returned`,
    kind: "payment-returned",
    ...content,
  });
}
