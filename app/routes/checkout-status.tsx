import { CircleCheck, TimerOff, XCircle } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { data, Link, redirect } from "react-router";
import { requireUser } from "#app/auth/session.server.ts";
import { dispatchCart } from "#app/cart/cart-store.ts";
import { ClosedPayment, WaitingHeader } from "#app/components/checkout-unpaid.tsx";
import { RefundList, shopperRefundState, toRefundsView } from "#app/components/order-detail.tsx";
import { OrderStatusBadge } from "#app/components/order-status.tsx";
import { StartAgainButton } from "#app/components/start-again-button.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import { Money } from "#app/components/ui/money.tsx";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import type { CustomFooter } from "#app/layouts/custom.tsx";
import { kobo } from "#app/money.ts";
import { loadCheckoutStatus } from "#app/orders/checkout-status.server.ts";
import { cancelUnpaidCheckout, startAgainFromCart } from "#app/orders/lifecycle.server.ts";
import { paymentServices } from "#app/orders/payment-services.server.ts";
import { koboPerPointSpent } from "#app/points/checkout-points.ts";
import { pointsText } from "#app/points/points-text.ts";
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

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const parsed = paramsSchema.safeParse(params);
  if (!parsed.success) throw notFound(url);
  const paying = paymentServices(services(context));
  const found = await loadCheckoutStatus(paying, user.id, parsed.data.checkoutId);
  if (!found) throw notFound(url);
  // Vouchers are paid for on their own page (issue 19); old links and the provider land here.
  if (found.checkout.kind === "vouchers") throw redirect(`/voucherpay/${found.checkout.id}`);
  const { checkout, orders, wholeRefund, state, unconfirmed } = found;
  const footer: CustomFooter = state === "paid" ? "after-payment" : "cart";
  return data(
    {
      state,
      footer,
      checkoutId: checkout.id,
      email: checkout.email,
      totalKobo: checkout.totalKobo,
      pointsUsed: checkout.pointsUsed,
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
      inlineScriptUrl: paying.payments.browser.inlineScriptUrl,
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
      {state === "waiting" ? (
        <WaitingHeader checkout={loaderData} title="Your order waits for payment" held="products" />
      ) : null}
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
      {loaderData.pointsUsed > 0 ? (
        <p
          className="rounded-xl bg-points-soft px-4 py-3 text-sm text-ink"
          data-testid="checkout-points"
        >
          {pointsNote[state](
            <>
              {pointsText(loaderData.pointsUsed)} (
              <Money kobo={kobo(loaderData.pointsUsed * koboPerPointSpent)} /> off)
            </>,
          )}
        </p>
      ) : null}
      <div className="flex justify-between rounded-xl bg-surface-sunken px-4 py-3 text-lg font-bold text-ink">
        <span>Total</span>
        <Money kobo={kobo(loaderData.totalKobo)} />
      </div>
    </div>
  );
}

/** Where the checkout's points are now (decision 057), by the checkout's state. */
const pointsNote: Record<LoaderData["state"], (points: ReactNode) => ReactNode> = {
  paid: (points) => <>You paid with {points}.</>,
  waiting: (points) => (
    <>
      Your {points} are kept for this order: cancel it, or let the time to pay run out, and they
      come back.
    </>
  ),
  expired: (points) => <>Your {points} are back with you.</>,
  closed: (points) => <>Your {points} are back with you.</>,
};

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
            <ClosedPayment checkout={loaderData} />
          </p>
        </div>
      </div>
      <ButtonLink to="/cart" variant="secondary">
        Back to your cart
      </ButtonLink>
    </header>
  );
}
