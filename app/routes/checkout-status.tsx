import { CircleCheck, Clock, Lock, TimerOff, XCircle } from "lucide-react";
import { useCallback, useEffect, useRef } from "react";
import { data, Form, Link, useFetcher, useRevalidator } from "react-router";
import { requireUser } from "#app/auth/session.server.ts";
import { dispatchCart } from "#app/cart/cart-store.ts";
import { RefundList, shopperRefundState, toRefundsView } from "#app/components/order-detail.tsx";
import { OrderStatusBadge } from "#app/components/order-status.tsx";
import { StartAgainButton } from "#app/components/start-again-button.tsx";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import { Money } from "#app/components/ui/money.tsx";
import { usePaystackPayment } from "#app/components/use-paystack-payment.ts";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import type { CustomFooter } from "#app/layouts/custom.tsx";
import { kobo } from "#app/money.ts";
import { holdIsLive, type PayAgainResult } from "#app/orders/checkout.server.ts";
import { verifyAndConfirm } from "#app/orders/confirm.server.ts";
import { cancelUnpaidCheckout, startAgainFromCart } from "#app/orders/lifecycle.server.ts";
import { checkoutForShopper } from "#app/orders/orders.server.ts";
import { paymentServices } from "#app/orders/payment-services.server.ts";
import { PaymentProviderError } from "#app/payments/provider.server.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/checkout-status";

export const headers = privatePageHeaders;

/**
 * /checkout/{checkoutId}: what became of a checkout. Paid: the confirmation, with each
 * business's order number (and the paid products leave the cart). Waiting: pay again or cancel.
 * Expired (the time to pay ran out, decision 020): it can't be paid; "Start again from my cart".
 * Cancelled, replaced or refunded: why. Only the shopper who checked out sees it; anyone else gets 404.
 * Once paid, the cart is empty: the layout's footer offers shopping on and the orders instead of
 * the way back to the cart.
 */
export function meta({ loaderData }: Route.MetaArgs) {
  const paid = loaderData?.state === "paid";
  return [
    { title: paid ? "Thank you for your order · Oja" : "Your order · Oja" },
    { name: "robots", content: "noindex" },
  ];
}

const paramsSchema = z.object({ checkoutId: z.string().regex(/^chk_[0-9a-z]{16}$/) });

type CheckoutState = "paid" | "waiting" | "expired" | "closed";

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const parsed = paramsSchema.safeParse(params);
  if (!parsed.success) throw notFound(url);
  const paying = paymentServices(services(context));
  const { db, payments, log } = paying;
  let found = await checkoutForShopper(db, user.id, parsed.data.checkoutId);
  if (!found) throw notFound(url);
  // Paystack couldn't be asked about the latest payment: the page says it is still being checked.
  let unconfirmed = false;
  // Back from paying but not confirmed yet (the webhook may be on its way): ask the provider.
  if (found.latestPayment?.status === "pending" && found.latestPayment.reference) {
    const waiting = found.orders.some((order) => order.status === "pending_payment");
    if (waiting) {
      try {
        await verifyAndConfirm(paying, found.latestPayment.reference);
        found = (await checkoutForShopper(db, user.id, parsed.data.checkoutId)) ?? found;
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        log.warn({ err: error }, "verify on the checkout page failed");
        unconfirmed = true;
      }
    }
  }
  const { checkout, orders, wholeRefund } = found;
  const state: CheckoutState = orders.some((order) => order.status === "pending_payment")
    ? holdIsLive(checkout, new Date())
      ? "waiting"
      : "expired"
    : orders.some((order) => order.paidAt !== null)
      ? "paid"
      : "closed";
  const footer: CustomFooter = state === "paid" ? "after-payment" : "cart";
  return data(
    {
      state,
      footer,
      checkoutId: checkout.id,
      email: checkout.email,
      totalKobo: checkout.totalKobo,
      holdExpiresAt: checkout.stockHold === "held" ? checkout.holdExpiresAt.toISOString() : null,
      paymentDetail: found.latestPayment?.detail ?? null,
      wholeRefund,
      charged: found.charged,
      unconfirmed,
      orders: orders.map((order) => ({
        number: order.number,
        status: order.status,
        business: { name: order.businessName, slug: order.businessSlug },
        subtotalKobo: order.subtotalKobo,
        deliveryFeeKobo: order.deliveryFeeKobo,
        deliveryEstimate: order.deliveryEstimate,
        fulfilment: order.fulfilment,
        pickupAddress: `${order.businessAddress}, ${order.businessCity}`,
        closingReason: order.closingReason,
        ...toRefundsView(order.refunds),
        lines: order.lines.map((line) => ({
          productId: line.productId,
          name: line.name,
          size: line.size,
          quantity: line.quantity,
          unitPriceKobo: line.unitPriceKobo,
        })),
      })),
      inlineScriptUrl: payments.browser.inlineScriptUrl,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ context, request, params, url }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const parsed = paramsSchema.safeParse(params);
  if (!parsed.success) throw notFound(url);
  const form = await request.formData();
  const intent = z.enum(["cancel", "start-again"]).safeParse(form.get("intent"));
  if (!intent.success) return data({ message: "Unknown action" }, { status: 400 });
  if (intent.data === "start-again") {
    const restarted = await startAgainFromCart(
      services(context).db,
      user.id,
      parsed.data.checkoutId,
    );
    if (!restarted.ok && restarted.status === 404) throw notFound(url);
    if (!restarted.ok) return data({ message: restarted.message }, { status: restarted.status });
    // The browser puts these back into the cart (it lives in local storage).
    return { message: null, restored: restarted.lines ?? [] };
  }
  const result = await cancelUnpaidCheckout(services(context).db, user.id, parsed.data.checkoutId);
  if (!result.ok && result.status === 404) throw notFound(url);
  if (!result.ok) return data({ message: result.message }, { status: result.status });
  // The page itself now says the order was not completed, and what became of any payment.
  return { message: null };
}

type LoaderData = Route.ComponentProps["loaderData"];

export default function CheckoutStatus({ loaderData, actionData }: Route.ComponentProps) {
  const { state, orders } = loaderData;
  // Paid products leave the cart, once the page is in the browser.
  useEffect(() => {
    if (state !== "paid") return;
    for (const order of orders) {
      for (const line of order.lines) {
        if (line.productId) dispatchCart({ type: "remove", id: line.productId });
      }
    }
  }, [state, orders]);

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:py-10">
      {state === "paid" ? <PaidHeader data={loaderData} /> : null}
      {state === "waiting" ? <WaitingHeader data={loaderData} /> : null}
      {state === "expired" ? <ExpiredHeader data={loaderData} /> : null}
      {state === "closed" ? <ClosedHeader data={loaderData} /> : null}
      {actionData?.message ? <FormMessage tone="error">{actionData.message}</FormMessage> : null}
      <ul className="space-y-4">
        {orders.map((order) => (
          <li
            key={order.number}
            className="space-y-3 rounded-xl border border-line bg-surface p-4 sm:p-5"
            data-testid="checkout-order"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="text-lg font-semibold text-ink">
                <Link to={`/${order.business.slug}`} className="hover:underline">
                  {order.business.name}
                </Link>
              </h2>
              <OrderStatusBadge status={order.status} refundedKobo={order.refundedKobo} />
            </div>
            <p className="text-sm text-ink-muted">
              Order <span className="font-mono font-semibold text-ink">{order.number}</span> ·{" "}
              {order.fulfilment === "delivery" ? "Delivery" : `Pickup at ${order.pickupAddress}`}
            </p>
            <ul className="divide-y divide-line text-sm">
              {order.lines.map((line) => (
                <li key={`${line.name}-${line.size}`} className="flex justify-between gap-3 py-2">
                  <span className="text-ink">
                    {line.quantity} × {line.name}
                    {line.size ? ` (${line.size})` : null}
                  </span>
                  <Money kobo={kobo(line.unitPriceKobo * line.quantity)} className="shrink-0" />
                </li>
              ))}
            </ul>
            <div className="flex justify-between border-t border-line pt-2 font-semibold text-ink">
              <span>Subtotal</span>
              <Money kobo={kobo(order.subtotalKobo)} />
            </div>
            {order.fulfilment === "delivery" && order.deliveryEstimate ? (
              <div className="flex justify-between gap-3 text-sm text-ink">
                <span>Delivery · {order.deliveryEstimate}</span>
                {order.deliveryFeeKobo === 0 ? (
                  <span>Free</span>
                ) : (
                  <Money kobo={kobo(order.deliveryFeeKobo)} />
                )}
              </div>
            ) : null}
            {order.closingReason ? (
              <p className="text-sm text-ink-muted">{order.closingReason}</p>
            ) : null}
            {order.refunds.length > 0 ? (
              <RefundList
                refunds={order.refunds}
                refundState={shopperRefundState}
                className="border-t border-line text-sm"
              />
            ) : null}
            <Link
              to={`/profile/orders/${order.number}`}
              className="inline-block text-sm font-medium text-brand-strong underline underline-offset-2"
            >
              Order details<span className="sr-only"> for {order.number}</span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="flex justify-between rounded-xl bg-surface-sunken px-4 py-3 text-lg font-bold text-ink">
        <span>Total</span>
        <Money kobo={kobo(loaderData.totalKobo)} />
      </div>
    </div>
  );
}

function PaidHeader({ data }: { data: LoaderData }) {
  const count = data.orders.filter((order) => order.status !== "cancelled").length;
  return (
    <header className="space-y-2 text-center">
      <CircleCheck aria-hidden="true" className="mx-auto size-12 text-brand" />
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">
        Thank you: your payment went through
      </h1>
      <p className="text-ink-muted">
        {count === 1 ? "Your order is" : `Your ${count} orders are`} with the{" "}
        {count === 1 ? "business" : "businesses"} now. A receipt is on its way to {data.email}.
      </p>
      <div className="flex flex-wrap justify-center gap-3 pt-2">
        <ButtonLink to="/profile/orders" variant="secondary">
          All your orders
        </ButtonLink>
        <ButtonLink to="/">Keep shopping</ButtonLink>
      </div>
    </header>
  );
}

function WaitingHeader({ data: loaderData }: { data: LoaderData }) {
  const payFetcher = useFetcher<{ result?: PayAgainResult }>();
  const revalidator = useRevalidator();
  const onNotPaid = useCallback(() => revalidator.revalidate(), [revalidator]);
  const payment = usePaystackPayment(loaderData.inlineScriptUrl, onNotPaid);
  const result = payFetcher.data?.result;
  const handled = useRef<unknown>(null);
  const { pay } = payment;
  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.ok) pay(result.payment);
    // The time to pay ran out while the page was open: show what the order can do now.
    else if (result.status === 409) revalidator.revalidate();
  }, [result, pay, revalidator]);
  const busy = payFetcher.state !== "idle" || payment.busy;
  const failure = result && !result.ok && "message" in result ? result.message : undefined;
  const holdUntil = loaderData.holdExpiresAt
    ? new Intl.DateTimeFormat("en-NG", { timeStyle: "short", timeZone: "Africa/Lagos" }).format(
        new Date(loaderData.holdExpiresAt),
      )
    : null;
  return (
    <header className="space-y-3">
      <div className="flex items-start gap-3">
        <Clock aria-hidden="true" className="mt-1 size-7 shrink-0 text-points" />
        <div>
          <h1 className="text-2xl font-bold text-ink">Your order waits for payment</h1>
          <p className="mt-1 text-ink-muted">
            {holdUntil
              ? `Its products are kept for you until ${holdUntil} (Lagos time).`
              : "Pay to send it to the businesses. Stock is checked again when you pay."}
          </p>
        </div>
      </div>
      {loaderData.unconfirmed ? (
        <p role="status" className="rounded-xl bg-points-soft px-4 py-3 text-ink">
          We're still checking your latest payment with Paystack. If money left your account, this
          page shows it as paid within a few minutes: there's no need to pay again.
        </p>
      ) : null}
      {loaderData.wholeRefund ? (
        <p className="rounded-xl bg-surface-sunken px-4 py-3 text-ink">
          An earlier payment couldn't be used for this order: <ClosedPayment data={loaderData} />
        </p>
      ) : null}
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      <div className="flex flex-wrap gap-3">
        <Button
          size="lg"
          disabled={busy}
          onClick={() =>
            payFetcher.submit(
              { intent: "pay-again", checkoutId: loaderData.checkoutId },
              { method: "post", action: "/checkout" },
            )
          }
        >
          <Lock aria-hidden="true" className="size-4" />
          {busy ? "Paying…" : "Pay "}
          {busy ? null : <Money kobo={kobo(loaderData.totalKobo)} />}
        </Button>
        <Form method="post">
          <input type="hidden" name="intent" value="cancel" />
          <Button type="submit" variant="secondary" size="lg" disabled={busy}>
            Cancel order
          </Button>
        </Form>
      </div>
    </header>
  );
}

function ExpiredHeader({ data: loaderData }: { data: LoaderData }) {
  return (
    <header className="space-y-3">
      <div className="flex items-start gap-3">
        <TimerOff aria-hidden="true" className="mt-1 size-7 shrink-0 text-ink-muted" />
        <div>
          <h1 className="text-2xl font-bold text-ink">The time to pay for this order ran out</h1>
          <p className="mt-1 text-ink-muted">
            Its products were kept for you for 30 minutes and have gone back on sale, so this order
            can't be paid any more. Nothing was charged. Start again to put them back in your cart
            and check out with today's prices and stock.
          </p>
        </div>
      </div>
      <StartAgainButton checkoutId={loaderData.checkoutId} />
    </header>
  );
}

function ClosedHeader({ data: loaderData }: { data: LoaderData }) {
  return (
    <header className="space-y-2">
      <div className="flex items-start gap-3">
        <XCircle aria-hidden="true" className="mt-1 size-7 shrink-0 text-ink-muted" />
        <div>
          <h1 className="text-2xl font-bold text-ink">This order was not completed</h1>
          <p className="mt-1 text-ink-muted">
            <ClosedPayment data={loaderData} />
          </p>
        </div>
      </div>
      <ButtonLink to="/cart" variant="secondary">
        Back to your cart
      </ButtonLink>
    </header>
  );
}

/** What became of the money of a checkout that was not completed; "nothing" only when true. */
function ClosedPayment({ data: loaderData }: { data: LoaderData }) {
  const refund = loaderData.wholeRefund;
  if (refund) {
    const amount = <Money kobo={kobo(refund.amountKobo)} />;
    if (refund.status === "processed") return <>Your payment of {amount} was returned to you.</>;
    if (refund.status === "pending")
      return <>Your payment of {amount} is on its way back to you.</>;
    return (
      <>
        Returning your payment of {amount} is taking longer than it should. Our team is on it and
        will contact you at {loaderData.email}.
      </>
    );
  }
  if (loaderData.charged) {
    return (
      <>
        A payment was taken but couldn't be used for these orders. Our team has been alerted and
        will return it to you.
      </>
    );
  }
  return <>Nothing was charged.</>;
}
