import { clsx } from "clsx";
import { ChevronLeft, ChevronRight, Landmark, WalletCards } from "lucide-react";
import type { ReactNode } from "react";
import { data, Link } from "react-router";
import { hasBusinessRole } from "#app/auth/roles.ts";
import { requireBusinessMember } from "#app/auth/session.server.ts";
import { OrderStatusBadge } from "#app/components/order-status.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { Money } from "#app/components/ui/money.tsx";
import { useConsole } from "#app/console/use-console.ts";
import { services } from "#app/context.server.ts";
import { publicError } from "#app/errors.ts";
import { kobo } from "#app/money.ts";
import { payoutAccountOf } from "#app/payouts/accounts.server.ts";
import { accountLabel } from "#app/payouts/banks.ts";
import { businessLedger } from "#app/payouts/ledger.server.ts";
import {
  type LedgerTotals,
  lagosMonth,
  lagosMonthOf,
  orderLimit,
  shiftMonth,
} from "#app/payouts/ledger.ts";
import type { Route } from "./+types/vendor-payouts";

/**
 * /vendor/{business}/payouts: what the business is owed, one Lagos month at a time (`?month=
 * 2026-11`, this month when absent): the month's totals, each expected payout day, and each paid
 * order's gross, Oja's commission, refunds and net (decision 026). Managers and owners; only the
 * owner may change the bank account it is paid to.
 */
export function meta() {
  return [{ title: "Payouts · Console · Oja" }, { name: "robots", content: "noindex" }];
}

const paidFormat = new Intl.DateTimeFormat("en-NG", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Africa/Lagos",
});
const dayFormat = new Intl.DateTimeFormat("en-NG", {
  weekday: "short",
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});
const monthFormat = new Intl.DateTimeFormat("en-NG", {
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

function monthName(month: string) {
  return monthFormat.format(new Date(`${month}-01T00:00:00Z`));
}

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const { membership } = await requireBusinessMember(context, request, params.business, "manager");
  const now = new Date();
  const thisMonth = lagosMonthOf(now);
  const month = url.searchParams.get("month") ?? thisMonth;
  const period = lagosMonth(month);
  if (!period) throw publicError(400, "Choose a month such as 2026-11.");
  if (month > thisMonth) throw publicError(404, "That month hasn't started yet.");
  const { db } = services(context);
  const [ledger, account] = await Promise.all([
    businessLedger(db, membership.businessId, period),
    payoutAccountOf(db, membership.businessId),
  ]);
  const previous = shiftMonth(month, -1);
  const next = shiftMonth(month, 1);
  return data(
    {
      month,
      monthName: monthName(month),
      previous: { month: previous, name: monthName(previous) },
      next: month < thisMonth ? { month: next, name: monthName(next) } : null,
      account: account ? accountLabel(account) : null,
      totals: ledger.month,
      paidOrders: ledger.paidOrders,
      payouts: ledger.payouts.map((payout) => ({
        ...payout,
        dayName: dayFormat.format(new Date(`${payout.day}T00:00:00Z`)),
        expected: payout.day > now.toISOString().slice(0, 10),
      })),
      orders: ledger.orders.map(({ paidAt, ...order }) => ({
        ...order,
        paid: paidFormat.format(paidAt),
      })),
      bills: ledger.bills.map(({ paidAt, ...bill }) => ({
        ...bill,
        paid: paidFormat.format(paidAt),
      })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

export default function VendorPayouts({ loaderData }: Route.ComponentProps) {
  const { business, role } = useConsole();
  const base = `/vendor/${business.slug}`;
  const { totals, payouts, orders } = loaderData;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-ink">Payouts</h1>
        <MonthSwitcher data={loaderData} base={`${base}/payouts`} />
      </div>
      <PayoutAccount
        account={loaderData.account}
        canChange={hasBusinessRole(role, "owner")}
        base={base}
      />
      {orders.length === 0 && payouts.length === 0 ? (
        <EmptyState icon={WalletCards} title={`No sales in ${loaderData.monthName}`}>
          Paid orders and refunds show here with Oja's commission and what you are owed.
        </EmptyState>
      ) : (
        <>
          <section aria-labelledby="month-heading">
            <h2 id="month-heading" className="text-lg font-semibold text-ink">
              {loaderData.monthName}
            </h2>
            <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
              <Figure label="Sales" kobo={totals.grossKobo} />
              <Figure label="Oja's commission" kobo={totals.commissionKobo} />
              <Figure label="Refunds" kobo={totals.refundKobo} />
              <Figure label="Your net" kobo={totals.netKobo} strong />
            </dl>
            <p className="mt-2 text-sm text-ink-muted">
              Sales and refunds made in {loaderData.monthName}, Lagos time. Oja's commission is on
              items only; the delivery fee is all yours, and a refund gives back the commission on
              the items it returns.
            </p>
          </section>
          <PayoutDays payouts={payouts} />
          <OrderLedger data={loaderData} base={base} />
          {loaderData.bills.length > 0 ? <BillLedger bills={loaderData.bills} base={base} /> : null}
        </>
      )}
    </div>
  );
}

function MonthSwitcher({ data: loaderData, base }: { data: LoaderData; base: string }) {
  const link =
    "inline-flex min-h-11 items-center gap-1 rounded-lg px-3 text-sm font-medium text-brand-strong hover:bg-surface-sunken";
  return (
    <nav aria-label="Months" className="flex items-center gap-1">
      <Link to={`${base}?month=${loaderData.previous.month}`} className={link}>
        <ChevronLeft aria-hidden="true" className="size-4" />
        <span className="sr-only">Earlier month: </span>
        {loaderData.previous.name}
      </Link>
      {loaderData.next ? (
        <Link to={`${base}?month=${loaderData.next.month}`} className={link}>
          <span className="sr-only">Later month: </span>
          {loaderData.next.name}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      ) : null}
    </nav>
  );
}

function PayoutAccount({
  account,
  canChange,
  base,
}: {
  account: LoaderData["account"];
  canChange: boolean;
  base: string;
}) {
  return (
    <section
      aria-label="Where you are paid"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-surface px-4 py-3"
    >
      <Landmark aria-hidden="true" className="size-5 shrink-0 text-ink-muted" />
      <p className="min-w-0 flex-1 basis-60 text-ink">
        {account ? (
          <>
            Paystack pays your share to <span className="font-semibold">{account}</span> the next
            working day.
          </>
        ) : (
          <>
            <span className="font-semibold">No bank account yet.</span> Oja holds your share and
            pays it by bank transfer until {canChange ? "you add" : "the owner adds"} one.
          </>
        )}
      </p>
      {canChange ? (
        <Link
          to={`${base}/payouts/account`}
          className="text-sm font-medium text-brand-strong underline underline-offset-2"
        >
          {account ? "Change bank account" : "Add your bank account"}
        </Link>
      ) : null}
    </section>
  );
}

function Figure({ label, kobo: value, strong }: { label: string; kobo: number; strong?: boolean }) {
  return (
    <div className="rounded-xl border border-line bg-surface p-4">
      <dt className="text-sm font-medium text-ink-muted">{label}</dt>
      <dd
        className={
          strong ? "mt-1 text-2xl font-bold text-ink" : "mt-1 text-xl font-semibold text-ink"
        }
      >
        <Money kobo={kobo(value)} />
      </dd>
    </div>
  );
}

/** The four amounts of a ledger row, in the order of their columns. */
const amountColumns = [
  { label: "Sales", amount: (totals: LedgerTotals) => totals.grossKobo },
  { label: "Commission", amount: (totals: LedgerTotals) => totals.commissionKobo },
  { label: "Refunds", amount: (totals: LedgerTotals) => totals.refundKobo },
  { label: "Net", amount: (totals: LedgerTotals) => totals.netKobo },
];

function AmountCells({ totals }: { totals: LedgerTotals }) {
  return amountColumns.map(({ label, amount }) => (
    <td
      key={label}
      className={clsx(
        "whitespace-nowrap px-3 py-2 text-right tabular-nums",
        label === "Net" && "font-semibold",
      )}
    >
      <Money kobo={kobo(amount(totals))} />
    </td>
  ));
}

const tableClass = "w-full min-w-[40rem] text-sm text-ink";
const headClass =
  "border-b border-line bg-surface-sunken text-left text-xs font-semibold text-ink-muted";

/** A ledger's table: its own leading columns, then the amounts; one row per entry. */
function LedgerTable({ headings, children }: { headings: string[]; children: ReactNode }) {
  return (
    <div className="mt-3 overflow-x-auto rounded-xl border border-line bg-surface">
      <table className={tableClass}>
        <thead className={headClass}>
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="px-3 py-2">
                {heading}
              </th>
            ))}
            {amountColumns.map(({ label }) => (
              <th key={label} scope="col" className="px-3 py-2 text-right">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </div>
  );
}

/** Oja's commission on a sale, and who pays the business its share. */
function ShareNote({ rateBp, viaSubaccount }: { rateBp: number; viaSubaccount: boolean }) {
  return (
    <span className="block text-xs">
      {(rateBp / 100).toLocaleString("en-NG")}% commission ·{" "}
      {viaSubaccount ? "Paystack" : "Oja pays"}
    </span>
  );
}

function PayoutDays({ payouts }: { payouts: LoaderData["payouts"] }) {
  return (
    <section aria-labelledby="payouts-heading">
      <h2 id="payouts-heading" className="text-lg font-semibold text-ink">
        By payout
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Paystack settles the next working day; public holidays can move a payout later.
      </p>
      <LedgerTable headings={["Payout day", "Paid by", "Orders"]}>
        {payouts.map((payout) => (
          <tr key={`${payout.day} ${payout.viaSubaccount}`}>
            <th scope="row" className="whitespace-nowrap px-3 py-2 text-left font-medium">
              {payout.dayName}
              {payout.expected ? (
                <span className="block text-xs font-normal text-ink-muted">expected</span>
              ) : null}
            </th>
            <td className="px-3 py-2">{payout.viaSubaccount ? "Paystack" : "Oja, by transfer"}</td>
            <td className="whitespace-nowrap px-3 py-2">
              {payout.orders}
              {payout.bills > 0 ? ` · ${payout.bills} by invoice or link` : ""}
              {payout.refunds > 0
                ? ` · ${payout.refunds === 1 ? "1 refund" : `${payout.refunds} refunds`}`
                : ""}
            </td>
            <AmountCells totals={payout.totals} />
          </tr>
        ))}
      </LedgerTable>
    </section>
  );
}

function OrderLedger({ data: loaderData, base }: { data: LoaderData; base: string }) {
  const { orders, paidOrders } = loaderData;
  return (
    <section aria-labelledby="orders-heading">
      <h2 id="orders-heading" className="text-lg font-semibold text-ink">
        By order
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Orders paid in {loaderData.monthName}, with every refund made on them so far.
        {paidOrders > orders.length
          ? ` Showing the latest ${orderLimit} of ${paidOrders}; the month's figures above count them all.`
          : ""}
      </p>
      {orders.length === 0 ? (
        <p className="mt-3 text-sm text-ink">
          No orders were paid this month; the payouts above are refunds of earlier orders.
        </p>
      ) : (
        <LedgerTable headings={["Order", "Paid"]}>
          {orders.map((order) => (
            <tr key={order.number}>
              <th scope="row" className="px-3 py-2 text-left font-normal">
                <Link
                  to={`${base}/orders/${order.number}`}
                  className="font-mono font-medium text-ink underline underline-offset-2"
                >
                  {order.number}
                </Link>
                <span className="mt-1 flex flex-wrap gap-1">
                  <OrderStatusBadge status={order.status} refundedKobo={order.totals.refundKobo} />
                  {order.disputed ? (
                    <span className="rounded-full bg-danger-soft px-2 text-xs font-medium text-ink">
                      Disputed
                    </span>
                  ) : null}
                </span>
              </th>
              <td className="px-3 py-2 text-ink-muted">
                <span className="whitespace-nowrap">{order.paid}</span>
                <ShareNote rateBp={order.commissionRateBp} viaSubaccount={order.viaSubaccount} />
              </td>
              <AmountCells totals={order.totals} />
            </tr>
          ))}
        </LedgerTable>
      )}
    </section>
  );
}

/** The month's paid invoices and pay links: sales like orders, in the same figures. */
function BillLedger({ bills, base }: { bills: LoaderData["bills"]; base: string }) {
  return (
    <section aria-labelledby="bills-heading">
      <h2 id="bills-heading" className="text-lg font-semibold text-ink">
        Invoices and pay links
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Paid in this month through your <Link to={`${base}/invoices`}>invoices</Link> and{" "}
        <Link to={`${base}/pay-links`}>pay links</Link>, counted in the figures above.
      </p>
      <LedgerTable headings={["Paid for", "Paid"]}>
        {bills.map((bill) => (
          <tr key={bill.reference}>
            <th scope="row" className="px-3 py-2 text-left font-medium text-ink">
              {bill.title}
            </th>
            <td className="px-3 py-2 text-ink-muted">
              <span className="whitespace-nowrap">{bill.paid}</span>
              <ShareNote rateBp={bill.commissionRateBp} viaSubaccount={bill.viaSubaccount} />
            </td>
            <AmountCells totals={bill.totals} />
          </tr>
        ))}
      </LedgerTable>
    </section>
  );
}
