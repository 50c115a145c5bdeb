import {
  BellRing,
  ChevronRight,
  ClipboardList,
  Landmark,
  PackageOpen,
  ShieldAlert,
} from "lucide-react";
import { data, Link } from "react-router";
import { hasBusinessRole } from "#app/auth/roles.ts";
import { requireBusinessMember } from "#app/auth/session.server.ts";
import { handoverLabel } from "#app/components/order-status.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { Money } from "#app/components/ui/money.tsx";
import {
  consoleAlerts,
  dashboardFigures,
  lowStockThreshold,
  needsAttention,
} from "#app/console/orders.server.ts";
import { useConsole } from "#app/console/use-console.ts";
import { services } from "#app/context.server.ts";
import { kobo } from "#app/money.ts";
import { orderTotalKobo } from "#app/orders/order-total.ts";
import { payoutAccountOf } from "#app/payouts/accounts.server.ts";
import type { Route } from "./+types/vendor-dashboard";

/**
 * /vendor/{business}: the dashboard, for every member. Today's and this week's sales in Lagos
 * time (paid orders that weren't refunded in full, at what the business keeps of them, with the
 * refunds made beside them: decision 027), then what needs a hand:
 * paid orders to hand over, oldest first, and products running low or sold out. Above them, the
 * alerts: new paid orders of the last day, and disputed payments (decision 024).
 */
const paidFormat = new Intl.DateTimeFormat("en-NG", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Africa/Lagos",
});

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBusinessMember(context, request, params.business, "staff");
  const { db } = services(context);
  const isOwner = membership.role === "owner";
  const [figures, attention, alerts, payoutAccount] = await Promise.all([
    dashboardFigures(db, membership.businessId),
    needsAttention(db, membership.businessId),
    consoleAlerts(db, membership.businessId),
    // Only an owner can add it, so only an owner is asked to (decision 026).
    isOwner ? payoutAccountOf(db, membership.businessId) : null,
  ]);
  return data(
    {
      alerts: {
        newPaid: alerts.newPaid,
        disputed: alerts.disputed.map((order) => ({
          number: order.number,
          dueAt: order.dueAt ? paidFormat.format(order.dueAt) : null,
        })),
      },
      today: figures.today,
      week: figures.week,
      weekStarted: new Intl.DateTimeFormat("en-NG", {
        weekday: "long",
        day: "numeric",
        month: "long",
        timeZone: "Africa/Lagos",
      }).format(figures.weekStart),
      waiting: attention.waiting.map((order) => ({
        ...order,
        paidAt: order.paidAt ? paidFormat.format(order.paidAt) : "",
      })),
      waitingCount: attention.waitingCount,
      lowStock: attention.lowStock,
      lowStockCount: attention.lowStockCount,
      isNew: !attention.hasOrders && !attention.hasProducts,
      needsPayoutAccount: isOwner && payoutAccount === null,
      lowStockThreshold,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

export default function VendorDashboard({ loaderData }: Route.ComponentProps) {
  const { business, role } = useConsole();
  const base = `/vendor/${business.slug}`;
  const canEditCatalogue = hasBusinessRole(role, "manager");
  return (
    <div className="space-y-6">
      <h1 className="text-xl font-semibold text-ink">Dashboard</h1>
      <ConsoleAlerts alerts={loaderData.alerts} base={base} />
      {loaderData.needsPayoutAccount ? <PayoutAccountPrompt base={base} /> : null}
      {loaderData.isNew ? (
        <EmptyState
          icon={PackageOpen}
          title={`Welcome to ${business.name}'s console`}
          action={
            canEditCatalogue ? (
              <ButtonLink to={`${base}/products`}>Add your first product</ButtonLink>
            ) : undefined
          }
        >
          No products or orders yet. {canEditCatalogue ? "Add products" : "Once products are added"}{" "}
          and shoppers' orders, today's sales and what needs your attention show here.
        </EmptyState>
      ) : (
        <>
          <section aria-labelledby="sales-heading">
            <h2 id="sales-heading" className="sr-only">
              Sales
            </h2>
            <div className="grid gap-3 sm:grid-cols-2">
              <SalesCard title="Today" figures={loaderData.today} />
              <SalesCard title="This week" figures={loaderData.week} />
            </div>
            <p className="mt-2 text-sm text-ink-muted">
              Paid orders that weren't refunded in full, less any part refunded, in Lagos time.
              Refunds count on the day they were made. The week began on {loaderData.weekStarted}.
            </p>
          </section>
          <WaitingOrders data={loaderData} base={base} />
          <LowStock data={loaderData} base={base} canEdit={canEditCatalogue} />
        </>
      )}
    </div>
  );
}

/** New paid orders and disputed payments, each a line that opens what it is about. */
function ConsoleAlerts({ alerts, base }: { alerts: LoaderData["alerts"]; base: string }) {
  const { newPaid, disputed } = alerts;
  if (!newPaid && disputed.length === 0) return null;
  return (
    <section aria-label="Alerts" className="space-y-2">
      {newPaid ? (
        <div
          role="status"
          className="flex flex-wrap items-center gap-3 rounded-xl border border-brand bg-brand-soft px-4 py-3 text-ink"
        >
          <BellRing aria-hidden="true" className="size-5 shrink-0 text-brand-strong" />
          <p className="min-w-0 flex-1">
            <span className="font-semibold">
              {newPaid.count === 1 ? "New paid order" : `${newPaid.count} new paid orders`}
            </span>{" "}
            in the last day. Newest:{" "}
            <span className="whitespace-nowrap font-mono">{newPaid.newest.number}</span>,{" "}
            <Money kobo={kobo(newPaid.newest.subtotalKobo)} />.
          </p>
          <Link
            to={`${base}/orders/${newPaid.newest.number}`}
            className="text-sm font-medium text-brand-strong underline underline-offset-2"
          >
            Open {newPaid.newest.number}
          </Link>
        </div>
      ) : null}
      {disputed.length > 0 ? (
        <div
          role="status"
          className="flex gap-3 rounded-xl border border-danger bg-danger-soft px-4 py-3 text-ink"
        >
          <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold">
              {disputed.length === 1
                ? "A payment is disputed"
                : `${disputed.length} payments are disputed`}
            </p>
            <p className="text-sm">
              The shopper asked their bank for the money back. Hold what isn't handed over yet and
              send Oja proof of delivery or service.
            </p>
            <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {disputed.map((order) => (
                <li key={order.number}>
                  <Link
                    to={`${base}/orders/${order.number}`}
                    className="font-mono font-medium text-ink underline underline-offset-2"
                  >
                    {order.number}
                  </Link>
                  {order.dueAt ? (
                    <span className="text-ink-muted"> · answer by {order.dueAt}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
    </section>
  );
}

/** Until the owner gives a bank account, Oja pays the business by transfer: ask for one. */
function PayoutAccountPrompt({ base }: { base: string }) {
  return (
    <section
      aria-labelledby="payout-prompt-heading"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-surface px-4 py-3"
    >
      <Landmark aria-hidden="true" className="size-5 shrink-0 text-ink-muted" />
      {/* At least 15rem of text: on a phone the button goes below instead of squeezing it. */}
      <div className="min-w-0 flex-1 basis-60">
        <h2 id="payout-prompt-heading" className="font-semibold text-ink">
          Add the bank account you're paid to
        </h2>
        <p className="text-sm text-ink-muted">
          Then Paystack pays your share of each order straight to it. Until then, Oja pays you by
          transfer.
        </p>
      </div>
      <ButtonLink to={`${base}/payouts/account`} variant="secondary">
        Add bank account
      </ButtonLink>
    </section>
  );
}

function SalesCard({ title, figures }: { title: string; figures: LoaderData["today"] }) {
  return (
    <section
      aria-label={title}
      className="rounded-xl border border-line bg-surface p-4"
      data-testid={`sales-${title === "Today" ? "today" : "week"}`}
    >
      <h3 className="text-sm font-medium text-ink-muted">{title}</h3>
      <p className="mt-1 text-2xl font-bold text-ink">
        <Money kobo={kobo(figures.revenueKobo)} />
      </p>
      <p className="text-sm text-ink">
        {figures.orders === 1 ? "1 order" : `${figures.orders} orders`}
      </p>
      {figures.refunds > 0 ? (
        <p className="mt-1 text-sm text-ink-muted">
          {figures.refunds === 1 ? "1 refund" : `${figures.refunds} refunds`}:{" "}
          <Money kobo={kobo(figures.refundedKobo)} />
        </p>
      ) : null}
    </section>
  );
}

function WaitingOrders({ data: loaderData, base }: { data: LoaderData; base: string }) {
  const { waiting, waitingCount } = loaderData;
  return (
    <section
      aria-labelledby="waiting-heading"
      className="rounded-xl border border-line bg-surface p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="waiting-heading" className="text-lg font-semibold text-ink">
          To fulfil{waitingCount > 0 ? ` (${waitingCount})` : ""}
        </h2>
        <Link to={`${base}/orders?status=paid`} className="text-sm font-medium text-brand-strong">
          All paid orders
        </Link>
      </div>
      {waiting.length === 0 ? (
        <p className="mt-2 flex items-center gap-2 text-ink-muted">
          <ClipboardList aria-hidden="true" className="size-4" />
          Every paid order has been handed over.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-ink-muted">Paid and waiting, oldest first.</p>
          <ul className="mt-2 divide-y divide-line">
            {waiting.map((order) => (
              <li key={order.number}>
                <Link
                  to={`${base}/orders/${order.number}`}
                  className="-mx-2 flex items-center gap-3 rounded-lg px-2 py-2.5 hover:bg-surface-sunken"
                >
                  <span className="min-w-0 flex-1">
                    <span className="font-mono font-medium text-ink">{order.number}</span>
                    <span className="block text-sm text-ink-muted">
                      Paid {order.paidAt} · {order.items === 1 ? "1 item" : `${order.items} items`}{" "}
                      · {handoverLabel(order.fulfilment)}
                    </span>
                  </span>
                  <Money kobo={kobo(orderTotalKobo(order))} className="font-semibold text-ink" />
                  <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function LowStock({
  data: loaderData,
  base,
  canEdit,
}: {
  data: LoaderData;
  base: string;
  canEdit: boolean;
}) {
  const { lowStock, lowStockCount } = loaderData;
  return (
    <section
      aria-labelledby="stock-heading"
      className="rounded-xl border border-line bg-surface p-4"
    >
      <h2 id="stock-heading" className="text-lg font-semibold text-ink">
        Low on stock{lowStockCount > 0 ? ` (${lowStockCount})` : ""}
      </h2>
      {lowStock.length === 0 ? (
        <p className="mt-2 text-ink-muted">
          Every product on sale has more than {loaderData.lowStockThreshold} in stock.
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-line">
          {lowStock.map((product) => (
            <li key={product.id} className="flex items-center justify-between gap-3 py-2.5">
              {canEdit ? (
                <Link
                  to={`${base}/products/${product.id}`}
                  className="min-w-0 font-medium text-ink hover:underline"
                >
                  {product.name}
                </Link>
              ) : (
                <span className="min-w-0 font-medium text-ink">{product.name}</span>
              )}
              <span
                className={
                  product.stock === 0
                    ? "shrink-0 rounded-full bg-danger-soft px-2.5 py-0.5 text-xs font-semibold text-danger"
                    : "shrink-0 rounded-full bg-points-soft px-2.5 py-0.5 text-xs font-semibold text-ink"
                }
              >
                {product.stock === 0 ? "Sold out" : `${product.stock} left`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
