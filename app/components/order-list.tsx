import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { OrderStatusBadge } from "#app/components/order-status.tsx";
import { Money } from "#app/components/ui/money.tsx";
import { kobo } from "#app/money.ts";
import { orderTotalKobo } from "#app/orders/order-total.ts";
import type { OrderStatus } from "#app/orders/orders.server.ts";

export interface OrderSummary {
  number: string;
  status: OrderStatus;
  businessName: string;
  subtotalKobo: number;
  deliveryFeeKobo: number;
  /** What was refunded of it so far, failed refunds left out. */
  refundedKobo: number;
  items: number;
  /** Already formatted on the server, in Lagos time, so server and browser agree. */
  placed: string;
}

/** The shopper's orders as a list of links to their detail (/profile and /profile/orders). */
export function OrderList({ orders }: { orders: OrderSummary[] }) {
  return (
    <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
      {orders.map((order) => (
        <li key={order.number}>
          <Link
            to={`/profile/orders/${order.number}`}
            className="flex items-center gap-3 px-4 py-3 hover:bg-surface-sunken"
          >
            <div className="min-w-0 flex-1">
              <p className="font-medium text-ink">{order.businessName}</p>
              <p className="text-sm text-ink-muted">
                <span className="font-mono">{order.number}</span> · {order.placed} ·{" "}
                {order.items === 1 ? "1 item" : `${order.items} items`}
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
  );
}

const placedFormat = new Intl.DateTimeFormat("en-NG", {
  dateStyle: "medium",
  timeZone: "Africa/Lagos",
});

/** Server side: an order row as the list shows it. */
export function toOrderSummary(order: Omit<OrderSummary, "placed"> & { createdAt: Date }) {
  const { createdAt, ...rest } = order;
  return { ...rest, placed: placedFormat.format(createdAt) };
}
