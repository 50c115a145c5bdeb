import { data, Link } from "react-router";
import { formatNigerianPhone } from "#app/auth/phone.ts";
import { requireUser } from "#app/auth/session.server.ts";
import {
  OrderClosingReason,
  OrderDispute,
  OrderHandover,
  OrderHistory,
  OrderItems,
  OrderRefunds,
  shopperRefundState,
  toOrderDetail,
} from "#app/components/order-detail.tsx";
import { OrderStatusBadge } from "#app/components/order-status.tsx";
import { StartAgainButton } from "#app/components/start-again-button.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { services } from "#app/context.server.ts";
import { pickupDetails } from "#app/delivery/areas.ts";
import { handoverSettingsFor } from "#app/delivery/settings.server.ts";
import { notFound } from "#app/errors.ts";
import { holdIsLive } from "#app/orders/checkout.server.ts";
import { orderForShopper } from "#app/orders/orders.server.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/profile-order";

export const headers = privatePageHeaders;

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

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const parsed = paramsSchema.safeParse(params);
  if (!parsed.success) throw notFound(url);
  const { db } = services(context);
  const order = await orderForShopper(db, user.id, parsed.data.number);
  if (!order) throw notFound(url);
  const pickup = pickupDetails(await handoverSettingsFor(db, order.businessId), {
    address: order.businessAddress,
    city: order.businessCity,
  });
  return data(
    {
      order: {
        ...toOrderDetail(order),
        checkoutId: order.checkoutId,
        charged: order.charged,
        // Unpaid and its time to pay ran out: it can only be started again (decision 020).
        expired:
          order.status === "pending_payment" && !(order.hold && holdIsLive(order.hold, new Date())),
        business: {
          name: order.businessName,
          slug: order.businessSlug,
          address: pickup.address,
          pickupHours: pickup.hours,
          phone: order.businessPhone ? formatNigerianPhone(order.businessPhone) : null,
        },
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
          <OrderStatusBadge status={order.status} refundedKobo={order.refundedKobo} />
        </div>
        <p className="mt-1 text-ink-muted">
          From{" "}
          <Link to={`/${order.business.slug}`} className="font-medium text-ink hover:underline">
            {order.business.name}
          </Link>
        </p>
      </div>

      {order.status === "pending_payment" && !order.expired ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-points-soft px-4 py-3">
          <p className="text-ink">This order waits for payment.</p>
          <ButtonLink to={`/checkout/${order.checkoutId}`}>Pay or cancel</ButtonLink>
        </div>
      ) : null}
      {order.expired ? (
        <div className="space-y-3 rounded-xl bg-surface-sunken px-4 py-3">
          <p className="text-ink">
            The time to pay for this order ran out, so it can't be paid any more.{" "}
            {order.charged ? (
              <>
                A payment was taken that couldn't be used for it:{" "}
                <Link
                  to={`/checkout/${order.checkoutId}`}
                  className="font-medium underline underline-offset-2"
                >
                  see what became of it
                </Link>
                .
              </>
            ) : (
              "Nothing was charged."
            )}
          </p>
          <StartAgainButton checkoutId={order.checkoutId} />
        </div>
      ) : null}
      <OrderClosingReason order={order} />
      <OrderDispute
        order={order}
        wording={{
          open: "You asked your bank to reverse this payment. The business and Oja are answering it; your bank will tell you its decision.",
          resolved: "Your bank has decided on your payment dispute.",
        }}
      />

      <OrderItems order={order} />
      <OrderRefunds order={order} refundState={shopperRefundState} />
      <OrderHandover
        order={order}
        pickup={
          <>
            {order.business.address}
            {order.business.phone ? ` · ${order.business.phone}` : ""}
            <span className="block text-sm text-ink-muted">{order.business.pickupHours}</span>
          </>
        }
      >
        {order.notes ? (
          <p className="mt-2 text-sm text-ink-muted">Your note: {order.notes}</p>
        ) : null}
      </OrderHandover>
      <OrderHistory order={order} />
    </div>
  );
}
