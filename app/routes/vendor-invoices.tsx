import { ChevronRight, FilePlus2, FileText } from "lucide-react";
import { data, Link, useNavigation } from "react-router";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import { Money } from "#app/components/ui/money.tsx";
import { NextPageLink } from "#app/components/ui/next-page-link.tsx";
import { requireCatalogueManager } from "#app/console/catalogue/guard.server.ts";
import { services } from "#app/context.server.ts";
import { InvalidPageCursorError } from "#app/db/page-cursor.server.ts";
import { publicError } from "#app/errors.ts";
import { InvoiceStateBadge } from "#app/invoices/invoice-badges.tsx";
import { invoiceNumberLabel } from "#app/invoices/invoice-state.ts";
import { invoicesPage } from "#app/invoices/invoices.server.ts";
import { formatLagosTime } from "#app/lagos-dates.ts";
import { formatDay } from "#app/vouchers/offer-terms.ts";
import type { Route } from "./+types/vendor-invoices";

/**
 * /vendor/{business}/invoices: the business's invoices (issue 24, decision 058), newest first,
 * 20 to a page: number (once sent) or draft, customer, total, due date, state, and when it was
 * sent, first opened and paid. Managers and owners only: staff don't bill.
 */
export function meta() {
  return [{ title: "Invoices · Console · Oja" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const { business } = await requireCatalogueManager(context, request, params.business);
  try {
    const page = await invoicesPage(services(context).db, business.id, {
      after: url.searchParams.get("after") ?? undefined,
    });
    return data(
      {
        invoices: page.items.map((invoice) => ({
          id: invoice.id,
          label: invoice.number === null ? "Draft" : invoiceNumberLabel(invoice.number),
          customerName: invoice.customerName,
          totalKobo: invoice.totalKobo,
          due: formatDay(invoice.dueOn),
          state: invoice.state,
          sent: invoice.sentAt ? formatLagosTime(invoice.sentAt) : null,
          opened: invoice.firstViewedAt ? formatLagosTime(invoice.firstViewedAt) : null,
          paid: invoice.paidAt ? formatLagosTime(invoice.paidAt) : null,
        })),
        nextCursor: page.nextCursor,
        deleted: url.searchParams.has("deleted"),
      },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    if (error instanceof InvalidPageCursorError) throw publicError(400, error.message);
    throw error;
  }
}

export default function VendorInvoices({ loaderData, params }: Route.ComponentProps) {
  const { invoices, nextCursor, deleted } = loaderData;
  const navigation = useNavigation();
  const base = `/vendor/${params.business}/invoices`;
  return (
    <section aria-labelledby="invoices-heading" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="invoices-heading" className="text-xl font-semibold text-ink">
          Invoices
        </h1>
        <ButtonLink to={`${base}/new`}>
          <FilePlus2 aria-hidden="true" className="size-4" /> New invoice
        </ButtonLink>
      </div>
      {deleted ? <FormMessage tone="success">The draft is deleted.</FormMessage> : null}
      {invoices.length === 0 ? (
        <EmptyState
          title="No invoices yet"
          icon={FileText}
          action={<ButtonLink to={`${base}/new`}>Write your first invoice</ButtonLink>}
        >
          Bill a customer for work or goods: they get an email with a link to see the invoice and
          pay it online, no Oja account needed.
        </EmptyState>
      ) : (
        <>
          <ul
            aria-label="Invoices"
            aria-busy={navigation.state === "loading"}
            className="divide-y divide-line overflow-hidden rounded-card border border-line bg-surface"
          >
            {invoices.map((invoice) => (
              <li key={invoice.id}>
                <Link
                  to={`${base}/${invoice.id}`}
                  className="flex items-center gap-3 p-3 hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-focus sm:px-4"
                >
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium text-ink">
                      <span className="font-mono">{invoice.label}</span> · {invoice.customerName}
                    </p>
                    <p className="text-sm text-ink-muted">
                      Due {invoice.due}
                      {invoice.sent ? ` · Sent ${invoice.sent}` : ""}
                      {invoice.opened ? ` · Opened ${invoice.opened}` : ""}
                      {invoice.paid ? ` · Paid ${invoice.paid}` : ""}
                    </p>
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-1">
                    <Money kobo={invoice.totalKobo} className="font-semibold text-ink" />
                    <InvoiceStateBadge state={invoice.state} />
                  </div>
                  <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
                </Link>
              </li>
            ))}
          </ul>
          <NextPageLink cursor={nextCursor} label="Older invoices" />
        </>
      )}
    </section>
  );
}
