import { clsx } from "clsx";
import type { OrderStatus } from "#app/orders/orders.server.ts";

/** An order's state in words a shopper reads, with a colour that never carries meaning alone. */
export const orderStatusLabels: Record<OrderStatus, string> = {
  pending_payment: "Awaiting payment",
  paid: "Paid",
  fulfilled: "Fulfilled",
  cancelled: "Cancelled",
  refunded: "Refunded",
  replaced: "Replaced",
};

const tones: Record<OrderStatus, string> = {
  pending_payment: "bg-points-soft text-ink",
  paid: "bg-brand-soft text-brand-strong",
  fulfilled: "bg-brand-soft text-brand-strong",
  cancelled: "bg-surface-sunken text-ink-muted",
  refunded: "bg-surface-sunken text-ink",
  replaced: "bg-surface-sunken text-ink-muted",
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={clsx(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold",
        tones[status],
      )}
    >
      {orderStatusLabels[status]}
    </span>
  );
}
