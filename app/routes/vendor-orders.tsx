import { ChevronRight, ClipboardList } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { requireBusinessMember } from "#app/auth/session.server.ts";
import {
  handoverLabel,
  OrderStatusBadge,
  orderStatusLabels,
} from "#app/components/order-status.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { SelectField } from "#app/components/ui/field.tsx";
import { Money } from "#app/components/ui/money.tsx";
import { NextPageLink } from "#app/components/ui/next-page-link.tsx";
import { ordersOfBusiness } from "#app/console/orders.server.ts";
import { useConsole } from "#app/console/use-console.ts";
import { services } from "#app/context.server.ts";
import { InvalidPageCursorError } from "#app/db/page-cursor.server.ts";
import { publicError } from "#app/errors.ts";
import { kobo } from "#app/money.ts";
import { orderTotalKobo } from "#app/orders/order-total.ts";
import type { OrderStatus } from "#app/orders/orders.server.ts";
import type { Route } from "./+types/vendor-orders";

/**
 * /vendor/{business}/orders: the business's orders, newest first, 20 to a page, filtered by
 * status (`?status=paid`; an unknown status shows every order). Staff and up.
 */
export function meta() {
  return [{ title: "Orders · Console · Oja" }, { name: "robots", content: "noindex" }];
}

const placedFormat = new Intl.DateTimeFormat("en-NG", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Africa/Lagos",
});

const statuses = Object.keys(orderStatusLabels) as OrderStatus[];

function readStatus(value: string | null): OrderStatus | undefined {
  return statuses.find((status) => status === value);
}

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const { membership } = await requireBusinessMember(context, request, params.business, "staff");
  const status = readStatus(url.searchParams.get("status"));
  try {
    const page = await ordersOfBusiness(services(context).db, membership.businessId, {
      status,
      after: url.searchParams.get("after") ?? undefined,
    });
    return data(
      {
        status: status ?? "",
        orders: page.items.map(({ createdAt, ...order }) => ({
          ...order,
          placed: placedFormat.format(createdAt),
        })),
        nextCursor: page.nextCursor,
      },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    if (error instanceof InvalidPageCursorError) throw publicError(400, error.message);
    throw error;
  }
}

const statusOptions = statuses.map((value) => ({
  value,
  label: orderStatusLabels[value],
}));

export default function VendorOrders({ loaderData }: Route.ComponentProps) {
  const { business } = useConsole();
  const { orders, status, nextCursor } = loaderData;
  const navigation = useNavigation();
  const base = `/vendor/${business.slug}/orders`;
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-ink">Orders</h1>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <SelectField
          label="Status"
          name="status"
          options={statusOptions}
          placeholder="All orders"
          defaultValue={status}
          key={status}
          className="w-full sm:w-56"
        />
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </Form>
      {orders.length === 0 ? (
        <EmptyState
          icon={ClipboardList}
          title={status ? "No orders with this status" : "No orders yet"}
        >
          {status
            ? "Choose another status, or all orders."
            : "Orders appear here as soon as a shopper checks out."}
        </EmptyState>
      ) : (
        <>
          <ul
            aria-label="Orders"
            aria-busy={navigation.state === "loading"}
            className="divide-y divide-line rounded-xl border border-line bg-surface"
          >
            {orders.map((order) => (
              <li key={order.number}>
                <Link
                  to={`${base}/${order.number}`}
                  className="flex items-center gap-3 px-4 py-3 hover:bg-surface-sunken"
                >
                  <div className="min-w-0 flex-1">
                    <p className="font-mono font-medium text-ink">{order.number}</p>
                    <p className="text-sm text-ink-muted">
                      {order.buyerName ?? "Deleted account"} · {order.placed} ·{" "}
                      {order.items === 1 ? "1 item" : `${order.items} items`} ·{" "}
                      {handoverLabel(order.fulfilment)}
                    </p>
                  </div>
                  <div className="flex flex-col items-end gap-1">
                    <Money kobo={kobo(orderTotalKobo(order))} className="font-semibold text-ink" />
                    <OrderStatusBadge status={order.status} refundedKobo={order.refundedKobo} />
                  </div>
                  <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
                </Link>
              </li>
            ))}
          </ul>
          <NextPageLink cursor={nextCursor} label="Older orders" />
        </>
      )}
    </div>
  );
}
