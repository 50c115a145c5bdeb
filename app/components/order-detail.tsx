import { clsx } from "clsx";
import { MapPin, ShieldAlert, Store, Ticket } from "lucide-react";
import type { ReactNode } from "react";
import { formatNigerianPhone } from "#app/auth/phone.ts";
import { handoverLabel } from "#app/components/order-status.tsx";
import { Money } from "#app/components/ui/money.tsx";
import { SectionCard } from "#app/components/ui/section-card.tsx";
import { kobo } from "#app/money.ts";
import { orderPaidKobo, orderTotalKobo } from "#app/orders/order-total.ts";
import type { DeliveryAddress, orders, refunds } from "#app/orders/schema.server.ts";
import { koboPerPointSpent } from "#app/points/checkout-points.ts";
import { pointsText } from "#app/points/points-text.ts";

/**
 * One order's page, as the shopper (/profile/orders/{number}) and the business
 * (/vendor/{business}/orders/{number}) both read it: its lines and total, how it is handed over,
 * and its history. What only one of them sees stays in its route.
 */

interface OrderLine {
  name: string;
  size: string | null;
  unitPriceKobo: number;
  quantity: number;
}

type OrderSource<Line extends OrderLine> = Pick<
  typeof orders.$inferSelect,
  | "number"
  | "status"
  | "fulfilment"
  | "deliveryAddress"
  | "notes"
  | "subtotalKobo"
  | "deliveryFeeKobo"
  | "pointsUsed"
  | "deliveryEstimate"
  | "closingReason"
  | "createdAt"
  | "paidAt"
  | "fulfilledAt"
  | "cancelledAt"
  | "refundedAt"
> &
  Partial<
    Pick<
      typeof orders.$inferSelect,
      "disputedAt" | "disputeStatus" | "disputeResolution" | "disputeDueAt"
    >
  > & {
    lines: Line[];
    refunds: Array<
      Pick<typeof refunds.$inferSelect, "status" | "amountKobo" | "reason" | "createdAt">
    >;
  };

const timeFormat = new Intl.DateTimeFormat("en-NG", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Africa/Lagos",
});

type RefundRow = Pick<
  typeof refunds.$inferSelect,
  "status" | "amountKobo" | "reason" | "createdAt"
>;

/**
 * Server side: an order's refunds with their times in Lagos time, and what they gave back so far
 * (failed refunds never reached the shopper and don't count: decision 027).
 */
export function toRefundsView(rows: RefundRow[]) {
  return {
    refunds: rows.map((refund) => ({
      amountKobo: refund.amountKobo,
      reason: refund.reason,
      status: refund.status,
      at: timeFormat.format(refund.createdAt),
    })),
    refundedKobo: rows
      .filter((refund) => refund.status !== "failed")
      .reduce((sum, refund) => sum + refund.amountKobo, 0),
  };
}

/**
 * Server side: what both pages show of an order, with phone numbers as people write them and the
 * history's times already in Lagos time, so server and browser agree.
 */
export function toOrderDetail<Line extends OrderLine>(order: OrderSource<Line>) {
  const when = (date: Date | null) => (date ? timeFormat.format(date) : null);
  return {
    number: order.number,
    status: order.status,
    fulfilment: order.fulfilment,
    deliveryAddress: order.deliveryAddress
      ? { ...order.deliveryAddress, phone: formatNigerianPhone(order.deliveryAddress.phone) }
      : null,
    notes: order.notes,
    subtotalKobo: order.subtotalKobo,
    deliveryFeeKobo: order.deliveryFeeKobo,
    pointsUsed: order.pointsUsed,
    deliveryEstimate: order.deliveryEstimate,
    closingReason: order.closingReason,
    ...toRefundsView(order.refunds),
    dispute: order.disputedAt
      ? {
          open: order.disputeStatus !== "resolved",
          status: order.disputeStatus ?? null,
          resolution: order.disputeResolution ?? null,
          dueAt: when(order.disputeDueAt ?? null),
        }
      : null,
    lines: order.lines,
    history: [
      { label: "Placed", at: when(order.createdAt) },
      { label: "Paid", at: when(order.paidAt) },
      { label: "Fulfilled", at: when(order.fulfilledAt) },
      {
        label: order.status === "replaced" ? "Replaced" : "Cancelled",
        at: when(order.cancelledAt),
      },
      { label: "Refunded", at: when(order.refundedAt) },
    ].filter((step): step is { label: string; at: string } => step.at !== null),
  };
}

type OrderDetail = ReturnType<typeof toOrderDetail<OrderLine>>;
type RefundStatus = (typeof refunds.$inferSelect)["status"];

/** Why the order was closed (cancelled or refunded), in the words of whoever closed it. */
export function OrderClosingReason({ order }: { order: Pick<OrderDetail, "closingReason"> }) {
  if (!order.closingReason) return null;
  return <p className="rounded-xl bg-surface-sunken px-4 py-3 text-ink">{order.closingReason}</p>;
}

/** A refund's state as the shopper reads it, on their order page and their checkout's page. */
export const shopperRefundState: Record<RefundStatus, string> = {
  pending: "on its way to you",
  processed: "returned to you",
  failed: "delayed; our team is on it and will contact you",
  needs_attention: "delayed; our team is on it and will contact you",
};

/**
 * Each refund of the order (decision 027): its amount, when, its state worded for the reader by
 * `refundState`, and the reason given; then how much of the total went back, and, for the
 * business, what is left to refund.
 */
export function OrderRefunds({
  order,
  refundState,
  showLeft = false,
}: {
  order: Pick<
    OrderDetail,
    "refunds" | "refundedKobo" | "subtotalKobo" | "deliveryFeeKobo" | "pointsUsed"
  >;
  refundState: Record<RefundStatus, string>;
  showLeft?: boolean;
}) {
  if (order.refunds.length === 0) return null;
  // Refunds give back money, up to what was paid in money (points come back as points).
  const total = orderPaidKobo(order);
  return (
    <SectionCard headingId="refunds-heading" title="Refunds">
      <RefundList refunds={order.refunds} refundState={refundState} className="mt-2" />
      <dl className="space-y-1 border-t border-line pt-2 text-ink">
        <div className="flex justify-between gap-3">
          <dt>Refunded</dt>
          <dd>
            <Money kobo={kobo(order.refundedKobo)} /> of <Money kobo={kobo(total)} />
          </dd>
        </div>
        {showLeft ? (
          <div className="flex justify-between gap-3 font-semibold">
            <dt>Left to refund</dt>
            <dd>
              <Money kobo={kobo(total - order.refundedKobo)} />
            </dd>
          </div>
        ) : null}
      </dl>
    </SectionCard>
  );
}

/** The refunds themselves: amount, state in the reader's words, when, and the reason given. */
export function RefundList({
  refunds,
  refundState,
  className,
}: {
  refunds: ReturnType<typeof toRefundsView>["refunds"];
  refundState: Record<RefundStatus, string>;
  className?: string;
}) {
  return (
    <ul className={clsx("divide-y divide-line", className)}>
      {refunds.map((refund, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: refunds are only ever added, oldest first
        <li key={index} className="py-2">
          <p className="flex flex-wrap justify-between gap-x-3 text-ink">
            <span>
              Refund of <Money kobo={kobo(refund.amountKobo)} className="font-medium" />:{" "}
              {refundState[refund.status]}
            </span>
            <span className="text-sm text-ink-muted">{refund.at}</span>
          </p>
          <p className="text-sm text-ink-muted">Reason: {refund.reason}</p>
        </li>
      ))}
    </ul>
  );
}

/**
 * A payment dispute (a chargeback the shopper asked their bank for), worded for the reader:
 * `open` while the bank decides, `resolved` once it did (decision 024).
 */
export function OrderDispute({
  order,
  wording,
}: {
  order: Pick<OrderDetail, "dispute">;
  wording: { open: ReactNode; resolved: ReactNode };
}) {
  const { dispute } = order;
  if (!dispute) return null;
  return (
    <div
      role="status"
      className="flex gap-3 rounded-xl border border-danger bg-danger-soft px-4 py-3 text-ink"
    >
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
      <div className="space-y-1">
        <p className="font-semibold">
          {dispute.open ? "This payment is disputed" : "The payment dispute is closed"}
        </p>
        <p>{dispute.open ? wording.open : wording.resolved}</p>
        {dispute.open && dispute.dueAt ? (
          <p className="text-sm text-ink-muted">Answer due by {dispute.dueAt} (Lagos time).</p>
        ) : null}
        {!dispute.open && dispute.resolution ? (
          <p className="text-sm text-ink-muted">Outcome: {disputeOutcome(dispute.resolution)}</p>
        ) : null}
      </div>
    </div>
  );
}

/** Paystack's dispute resolutions in plain words. */
function disputeOutcome(resolution: string): string {
  const words: Record<string, string> = {
    "merchant-accepted": "the business accepted it, and the money went back to the shopper",
    "auto-accepted": "it was accepted, and the money went back to the shopper",
    declined: "the bank sided with the business",
  };
  return words[resolution] ?? resolution.replaceAll("-", " ");
}

/** What was bought, at what price, the delivery fee as quoted, and the total. */
export function OrderItems({
  order,
}: {
  order: Pick<
    OrderDetail,
    "lines" | "subtotalKobo" | "deliveryFeeKobo" | "pointsUsed" | "deliveryEstimate" | "fulfilment"
  >;
}) {
  // Orders placed before delivery was priced (decision 021) have no estimate and no fee line.
  const deliveryLine = order.fulfilment === "delivery" && order.deliveryEstimate !== null;
  return (
    <SectionCard headingId="items-heading" title="Items">
      <ul className="mt-2 divide-y divide-line">
        {order.lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a placed order's lines never change or move
          <li key={index} className="flex justify-between gap-3 py-2">
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
      {deliveryLine ? (
        <dl className="space-y-1 border-t border-line pt-2 text-ink">
          <div className="flex justify-between gap-3">
            <dt>Subtotal</dt>
            <dd>
              <Money kobo={kobo(order.subtotalKobo)} />
            </dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt>
              Delivery
              <span className="block text-sm text-ink-muted">{order.deliveryEstimate}</span>
            </dt>
            <dd>
              {order.deliveryFeeKobo === 0 ? "Free" : <Money kobo={kobo(order.deliveryFeeKobo)} />}
            </dd>
          </div>
        </dl>
      ) : null}
      <div className="mt-2 flex justify-between border-t border-line pt-2 font-bold text-ink">
        <span>Total</span>
        <Money kobo={kobo(orderTotalKobo(order))} />
      </div>
      {order.pointsUsed > 0 ? (
        // Decision 057: the shopper paid part with Oja points, which Oja pays the business for.
        <dl className="mt-1 space-y-1 text-sm text-ink-muted">
          <div className="flex justify-between gap-3">
            <dt>Paid with {pointsText(order.pointsUsed)}</dt>
            <dd>
              −<Money kobo={kobo(order.pointsUsed * koboPerPointSpent)} />
            </dd>
          </div>
          <div className="flex justify-between gap-3 font-semibold text-ink">
            <dt>Paid in money</dt>
            <dd>
              <Money kobo={kobo(orderPaidKobo(order))} />
            </dd>
          </div>
        </dl>
      ) : null}
    </SectionCard>
  );
}

/**
 * How the order reaches the shopper: the delivery address, or `pickup` (where it is collected,
 * in the reader's words), or for vouchers their codes; `children` say what the shopper noted.
 */
export function OrderHandover({
  order,
  pickup,
  children,
}: {
  order: Pick<OrderDetail, "fulfilment" | "deliveryAddress">;
  pickup: ReactNode;
  children: ReactNode;
}) {
  return (
    <SectionCard headingId="handover-heading" title={handoverLabel(order.fulfilment)}>
      {order.fulfilment === null ? (
        <p className="mt-2 flex gap-2 text-ink">
          <Ticket aria-hidden="true" className="mt-1 size-4 shrink-0 text-ink-muted" />
          <span>
            Nothing to hand over: the shopper got a code for each voucher when they paid, and shows
            it at the business to use it.
          </span>
        </p>
      ) : order.fulfilment === "delivery" && order.deliveryAddress ? (
        <DeliveryAddressLine address={order.deliveryAddress} />
      ) : (
        <p className="mt-2 flex gap-2 text-ink">
          <Store aria-hidden="true" className="mt-1 size-4 shrink-0 text-ink-muted" />
          <span>{pickup}</span>
        </p>
      )}
      {children}
    </SectionCard>
  );
}

/** The delivery address on one line. */
function DeliveryAddressLine({ address }: { address: DeliveryAddress }) {
  return (
    <p className="mt-2 flex gap-2 text-ink">
      <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0 text-ink-muted" />
      <span>
        {address.recipient}, {address.line1}
        {address.line2 ? `, ${address.line2}` : ""}
        {address.area ? `, ${address.area}` : ""}, {address.city}, {address.state} · {address.phone}
      </span>
    </p>
  );
}

/** When the order was placed, paid, fulfilled, cancelled or refunded. */
export function OrderHistory({ order }: { order: Pick<OrderDetail, "history"> }) {
  return (
    <SectionCard headingId="history-heading" title="History">
      <ol className="mt-2 space-y-1 text-sm">
        {order.history.map((step) => (
          <li key={step.label} className="flex justify-between gap-3">
            <span className="text-ink">{step.label}</span>
            <span className="text-ink-muted">{step.at}</span>
          </li>
        ))}
      </ol>
    </SectionCard>
  );
}
