import { Store } from "lucide-react";
import { data, Link } from "react-router";
import { formatNigerianPhone } from "#app/auth/phone.ts";
import { requireUser } from "#app/auth/session.server.ts";
import { DeliveryAddressLine } from "#app/components/delivery-address.tsx";
import { OrderStatusBadge } from "#app/components/order-status.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { Money } from "#app/components/ui/money.tsx";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { kobo } from "#app/money.ts";
import { orderForShopper } from "#app/orders/orders.server.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/profile-order";

/**
 * /profile/orders/{number}: one order of the signed-in shopper: what was bought at what price,
 * how it reaches them, and what happened to it when. Another shopper's number is a 404.
 */
export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? `Order ${loaderData.order.number} · Oja` : "Order · Oja" },
    { name: "robots", content: "noindex" },
  ];
}

const paramsSchema = z.object({ number: z.string().regex(/^oja-[0-9a-z]{8}$/i) });

const timeFormat = new Intl.DateTimeFormat("en-NG", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Africa/Lagos",
});

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const parsed = paramsSchema.safeParse(params);
  if (!parsed.success) throw notFound(url);
  const order = await orderForShopper(services(context).db, user.id, parsed.data.number);
  if (!order) throw notFound(url);
  const when = (date: Date | null) => (date ? timeFormat.format(date) : null);
  return data(
    {
      order: {
        number: order.number,
        status: order.status,
        checkoutId: order.checkoutId,
        business: {
          name: order.businessName,
          slug: order.businessSlug,
          address: `${order.businessAddress}, ${order.businessCity}`,
          phone: order.businessPhone,
        },
        fulfilment: order.fulfilment,
        deliveryAddress: order.deliveryAddress
          ? { ...order.deliveryAddress, phone: formatNigerianPhone(order.deliveryAddress.phone) }
          : null,
        notes: order.notes,
        subtotalKobo: order.subtotalKobo,
        closingReason: order.closingReason,
        refund: order.refund,
        lines: order.lines,
        history: [
          { label: "Placed", at: when(order.createdAt) },
          { label: "Paid", at: when(order.paidAt) },
          { label: "Fulfilled", at: when(order.fulfilledAt) },
          { label: "Cancelled", at: when(order.cancelledAt) },
          { label: "Refunded", at: when(order.refundedAt) },
        ].filter((step): step is { label: string; at: string } => step.at !== null),
      },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function ProfileOrder({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:py-10">
      <div>
        <Link to="/profile/orders" className="text-sm text-ink-muted hover:underline">
          Your orders
        </Link>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold text-ink sm:text-3xl">
            Order <span className="font-mono">{order.number}</span>
          </h1>
          <OrderStatusBadge status={order.status} />
        </div>
        <p className="mt-1 text-ink-muted">
          From{" "}
          <Link to={`/${order.business.slug}`} className="font-medium text-ink hover:underline">
            {order.business.name}
          </Link>
        </p>
      </div>

      {order.status === "pending_payment" ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-points-soft px-4 py-3">
          <p className="text-ink">This order waits for payment.</p>
          <ButtonLink to={`/checkout/${order.checkoutId}`}>Pay or cancel</ButtonLink>
        </div>
      ) : null}
      {order.closingReason ? (
        <p className="rounded-xl bg-surface-sunken px-4 py-3 text-ink">
          {order.closingReason}
          {order.refund ? (
            <>
              {" "}
              Refund of <Money kobo={kobo(order.refund.amountKobo)} />:{" "}
              {order.refund.status === "processed" ? "returned to you" : "on its way to you"}.
            </>
          ) : null}
        </p>
      ) : null}

      <section
        aria-labelledby="items-heading"
        className="rounded-xl border border-line bg-surface p-4"
      >
        <h2 id="items-heading" className="text-lg font-semibold text-ink">
          Items
        </h2>
        <ul className="mt-2 divide-y divide-line">
          {order.lines.map((line) => (
            <li key={`${line.name}-${line.size}`} className="flex justify-between gap-3 py-2">
              <span className="text-ink">
                {line.quantity} × {line.name}
                {line.size ? <span className="text-ink-muted"> · Size {line.size}</span> : null}
                <span className="block text-sm text-ink-muted">
                  <Money kobo={kobo(line.unitPriceKobo)} /> each
                </span>
              </span>
              <Money kobo={kobo(line.unitPriceKobo * line.quantity)} className="font-medium" />
            </li>
          ))}
        </ul>
        <div className="mt-2 flex justify-between border-t border-line pt-2 font-bold text-ink">
          <span>Total</span>
          <Money kobo={kobo(order.subtotalKobo)} />
        </div>
      </section>

      <section
        aria-labelledby="handover-heading"
        className="rounded-xl border border-line bg-surface p-4"
      >
        <h2 id="handover-heading" className="text-lg font-semibold text-ink">
          {order.fulfilment === "delivery" ? "Delivery" : "Pickup"}
        </h2>
        {order.fulfilment === "delivery" && order.deliveryAddress ? (
          <DeliveryAddressLine address={order.deliveryAddress} />
        ) : (
          <p className="mt-2 flex gap-2 text-ink">
            <Store aria-hidden="true" className="mt-1 size-4 shrink-0 text-ink-muted" />
            <span>
              {order.business.address}
              {order.business.phone ? ` · ${order.business.phone}` : ""}
            </span>
          </p>
        )}
        {order.notes ? (
          <p className="mt-2 text-sm text-ink-muted">Your note: {order.notes}</p>
        ) : null}
      </section>

      <section
        aria-labelledby="history-heading"
        className="rounded-xl border border-line bg-surface p-4"
      >
        <h2 id="history-heading" className="text-lg font-semibold text-ink">
          History
        </h2>
        <ol className="mt-2 space-y-1 text-sm">
          {order.history.map((step) => (
            <li key={step.label} className="flex justify-between gap-3">
              <span className="text-ink">{step.label}</span>
              <span className="text-ink-muted">{step.at}</span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
