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

/** How an order reaches the shopper, in one word: a vouchers order has no handover (issue 19). */
export function handoverLabel(fulfilment: "delivery" | "pickup" | null): string {
  if (fulfilment === null) return "Vouchers";
  return fulfilment === "delivery" ? "Delivery" : "Pickup";
}

const tones: Record<OrderStatus, string> = {
  pending_payment: "bg-points-soft text-ink",
  paid: "bg-brand-soft text-brand-strong",
  fulfilled: "bg-brand-soft text-brand-strong",
  cancelled: "bg-surface-sunken text-ink-muted",
  refunded: "bg-surface-sunken text-ink",
  replaced: "bg-surface-sunken text-ink-muted",
};

const badge = "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold";

/**
 * The order's state; `refundedKobo` (what was refunded of it, failed refunds left out) adds
 * "Partly refunded" to an order that stands while some of its money went back (decision 027).
 */
export function OrderStatusBadge({
  status,
  refundedKobo = 0,
}: {
  status: OrderStatus;
  refundedKobo?: number;
}) {
  const part = refundedKobo > 0 && status !== "refunded";
  return (
    <span className="inline-flex flex-wrap gap-1">
      <span className={clsx(badge, tones[status])}>{orderStatusLabels[status]}</span>
      {part ? (
        <span className={clsx(badge, "bg-surface-sunken text-ink")}>Partly refunded</span>
      ) : null}
    </span>
  );
}
