import { ReceiptText } from "lucide-react";
import { data, Link } from "react-router";
import { requireUser } from "#app/auth/session.server.ts";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { Money } from "#app/components/ui/money.tsx";
import { StatusPill } from "#app/components/ui/status-pill.tsx";
import { services } from "#app/context.server.ts";
import { paidBillsOf } from "#app/invoices/bill-payments.server.ts";
import { formatLagosTime } from "#app/lagos-dates.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import type { Route } from "./+types/profile-invoices";

export const headers = privatePageHeaders;

/**
 * /profile/invoices: what the signed-in payer paid to businesses through invoices and pay links
 * (issue 24), newest first, with the bill's page; a payment that came too late shows as returned.
 * Nobody else's: the list is of payments made while signed in to this account.
 */
export function meta() {
  return [{ title: "Your invoices and payments · Oja" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return data({ bills: await paidBillsOf(services(context).db, user.id) });
}

export default function ProfileInvoices({ loaderData }: Route.ComponentProps) {
  const { bills } = loaderData;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:py-10">
      <div>
        <Link to="/profile" className="text-sm text-ink-muted hover:underline">
          Your account
        </Link>
        <h1 className="mt-1 text-2xl font-bold text-ink sm:text-3xl">Your invoices and payments</h1>
      </div>
      {bills.length === 0 ? (
        <EmptyState
          icon={ReceiptText}
          title="Nothing paid yet"
          action={<ButtonLink to="/profile">Back to your account</ButtonLink>}
        >
          Invoices and payment links from businesses that you pay while signed in appear here.
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {bills.map((bill) => (
            <li
              key={bill.reference}
              className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-line bg-surface p-4"
            >
              <div className="min-w-0 space-y-1">
                <Link to={bill.url} className="font-semibold text-ink break-words hover:underline">
                  {bill.title}
                </Link>
                <p className="text-sm text-ink-muted">
                  {bill.business}
                  {bill.paidAt ? ` · ${formatLagosTime(new Date(bill.paidAt))}` : null}
                </p>
              </div>
              <div className="flex flex-col items-end gap-1">
                <Money kobo={bill.amountKobo} className="font-semibold text-ink" />
                {bill.refunded ? (
                  <StatusPill label="Returned to you" tone="neutral" />
                ) : (
                  <StatusPill label="Paid" tone="good" />
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
