import { CircleCheck, TimerOff, XCircle } from "lucide-react";
import { useEffect } from "react";
import { data, Link } from "react-router";
import { requireUser } from "#app/auth/session.server.ts";
import { dispatchVoucherCart } from "#app/cart/cart-store.ts";
import { ClosedPayment, WaitingHeader } from "#app/components/checkout-unpaid.tsx";
import { OrderStatusBadge } from "#app/components/order-status.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import { Money } from "#app/components/ui/money.tsx";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { kobo } from "#app/money.ts";
import { loadCheckoutStatus } from "#app/orders/checkout-status.server.ts";
import { cancelUnpaidCheckout } from "#app/orders/lifecycle.server.ts";
import { paymentServices } from "#app/orders/payment-services.server.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import { VoucherTicketList } from "#app/vouchers/voucher-ticket.tsx";
import { ownVouchersOfCheckout } from "#app/vouchers/wallet.server.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/voucher-pay";

export const headers = privatePageHeaders;

/**
 * /voucherpay/{id}: the payment of voucher checkout {id} (issue 19). Paid: the codes, each with
 * its QR, ready to show at the business (and the bought offers leave the voucher cart). Waiting:
 * pay again or cancel while the vouchers are held. Expired or closed: why, and the way back to
 * the voucher cart. Only the shopper who checked out sees it; anyone else gets 404.
 */
export function meta({ loaderData }: Route.MetaArgs) {
  const paid = loaderData?.state === "paid";
  return [
    { title: paid ? "Your vouchers · Oja" : "Voucher payment · Oja" },
    { name: "robots", content: "noindex" },
  ];
}

const paramsSchema = z.object({ id: z.string().regex(/^chk_[0-9a-z]{16}$/) });

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const parsed = paramsSchema.safeParse(params);
  if (!parsed.success) throw notFound(url);
  const paying = paymentServices(services(context));
  const found = await loadCheckoutStatus(paying, user.id, parsed.data.id);
  // A product checkout has its own page; this one is only for vouchers.
  if (found?.checkout.kind !== "vouchers") throw notFound(url);
  const { checkout, state } = found;
  return data(
    {
      state,
      checkoutId: checkout.id,
      email: checkout.email,
      totalKobo: checkout.totalKobo,
      holdExpiresAt: checkout.stockHold === "held" ? checkout.holdExpiresAt.toISOString() : null,
      wholeRefund: found.wholeRefund,
      charged: found.charged,
      unconfirmed: found.unconfirmed,
      inlineScriptUrl: paying.payments.browser.inlineScriptUrl,
      orders: found.orders.map((order) => ({
        number: order.number,
        status: order.status,
        refundedKobo: order.refundedKobo,
        business: { name: order.businessName, slug: order.businessSlug },
        subtotalKobo: order.subtotalKobo,
        closingReason: order.closingReason,
        lines: order.lines.map((line) => ({
          offerId: line.voucherOfferId,
          name: line.name,
          quantity: line.quantity,
          unitPriceKobo: line.unitPriceKobo,
        })),
      })),
      vouchers:
        state === "paid" ? await ownVouchersOfCheckout(paying.db, user.id, checkout.id) : [],
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ context, request, params, url }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const parsed = paramsSchema.safeParse(params);
  if (!parsed.success) throw notFound(url);
  const form = await request.formData();
  if (form.get("intent") !== "cancel") return data({ message: "Unknown action" }, { status: 400 });
  const result = await cancelUnpaidCheckout(services(context).db, user.id, parsed.data.id);
  if (!result.ok && result.status === 404) throw notFound(url);
  if (!result.ok) return data({ message: result.message }, { status: result.status });
  return { message: null };
}

type LoaderData = Route.ComponentProps["loaderData"];

export default function VoucherPay({ loaderData, actionData }: Route.ComponentProps) {
  const { state, orders } = loaderData;
  // Bought offers leave the voucher cart, once the page is in the browser.
  useEffect(() => {
    if (state !== "paid") return;
    for (const order of orders) {
      for (const line of order.lines) {
        if (line.offerId) dispatchVoucherCart({ type: "remove", id: line.offerId });
      }
    }
  }, [state, orders]);

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:py-10">
      {state === "paid" ? <PaidHeader data={loaderData} /> : null}
      {state === "waiting" ? (
        <WaitingHeader
          checkout={loaderData}
          title="Your vouchers wait for payment"
          held="vouchers"
        />
      ) : null}
      {state === "expired" ? <ExpiredHeader /> : null}
      {state === "closed" ? <ClosedHeader data={loaderData} /> : null}
      {actionData?.message ? <FormMessage tone="error">{actionData.message}</FormMessage> : null}
      {state === "paid" && loaderData.vouchers.length > 0 ? (
        <section aria-labelledby="codes" className="space-y-3">
          <h2 id="codes" className="text-lg font-semibold text-ink">
            Your codes
          </h2>
          <VoucherTicketList vouchers={loaderData.vouchers} />
        </section>
      ) : null}
      <section aria-labelledby="orders" className="space-y-3">
        <h2 id="orders" className="text-lg font-semibold text-ink">
          {orders.length === 1 ? "Your order" : "Your orders"}
        </h2>
        <ul className="space-y-3">
          {orders.map((order) => (
            <li
              key={order.number}
              className="space-y-2 rounded-xl border border-line bg-surface p-4"
              data-testid="voucher-order"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-semibold text-ink">
                  <Link to={`/${order.business.slug}`} className="hover:underline">
                    {order.business.name}
                  </Link>
                </h3>
                <OrderStatusBadge status={order.status} refundedKobo={order.refundedKobo} />
              </div>
              <p className="text-sm text-ink-muted">
                Order <span className="font-mono font-semibold text-ink">{order.number}</span>
              </p>
              <ul className="divide-y divide-line text-sm">
                {order.lines.map((line) => (
                  <li key={line.name} className="flex justify-between gap-3 py-2">
                    <span className="text-ink">
                      {line.quantity} × {line.name}
                    </span>
                    <Money kobo={kobo(line.unitPriceKobo * line.quantity)} className="shrink-0" />
                  </li>
                ))}
              </ul>
              {order.closingReason ? (
                <p className="text-sm text-ink-muted">{order.closingReason}</p>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <div className="flex justify-between rounded-xl bg-surface-sunken px-4 py-3 text-lg font-bold text-ink">
        <span>Total</span>
        <Money kobo={kobo(loaderData.totalKobo)} />
      </div>
    </div>
  );
}

function PaidHeader({ data }: { data: LoaderData }) {
  const count = data.vouchers.length;
  return (
    <header className="space-y-2 text-center">
      <CircleCheck aria-hidden="true" className="mx-auto size-12 text-brand" />
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">
        {count === 1 ? "Your voucher is ready" : "Your vouchers are ready"}
      </h1>
      <p className="text-ink-muted">
        Show a code (or its QR) at the business to use it. The codes are also in your receipt at{" "}
        {data.email} and always in your account.
      </p>
      <div className="flex flex-wrap justify-center gap-3 pt-2">
        <ButtonLink to="/profile/vouchers" variant="secondary">
          All your vouchers
        </ButtonLink>
        <ButtonLink to="/vouchers">More vouchers</ButtonLink>
      </div>
    </header>
  );
}

function ExpiredHeader() {
  return (
    <header className="space-y-3">
      <div className="flex items-start gap-3">
        <TimerOff aria-hidden="true" className="mt-1 size-7 shrink-0 text-ink-muted" />
        <div>
          <h1 className="text-2xl font-bold text-ink">The time to pay ran out</h1>
          <p className="mt-1 text-ink-muted">
            These vouchers were kept for you for 30 minutes and have gone back on sale, so this
            payment can't be made any more. Nothing was charged. They are still in your voucher
            cart: check out again with today's prices.
          </p>
        </div>
      </div>
      <ButtonLink to="/vouchers/cart">Back to your voucher cart</ButtonLink>
    </header>
  );
}

function ClosedHeader({ data }: { data: LoaderData }) {
  return (
    <header className="space-y-2">
      <div className="flex items-start gap-3">
        <XCircle aria-hidden="true" className="mt-1 size-7 shrink-0 text-ink-muted" />
        <div>
          <h1 className="text-2xl font-bold text-ink">This payment was not completed</h1>
          <p className="mt-1 text-ink-muted">
            <ClosedPayment checkout={data} />
          </p>
        </div>
      </div>
      <ButtonLink to="/vouchers/cart" variant="secondary">
        Back to your voucher cart
      </ButtonLink>
    </header>
  );
}
