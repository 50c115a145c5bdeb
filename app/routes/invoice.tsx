import { isbot } from "isbot";
import { CircleAlert, CircleCheck, Clock, X } from "lucide-react";
import type { CSSProperties } from "react";
import { Link } from "react-router";
import { currentUser } from "#app/auth/session.server.ts";
import { BusinessLogo } from "#app/components/business-card.tsx";
import { Button, ButtonLink, buttonClass } from "#app/components/ui/button.tsx";
import { Money } from "#app/components/ui/money.tsx";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { vatRatePercent } from "#app/invoices/invoice-limits.ts";
import {
  discountLabel,
  type InvoiceStateLine,
  invoiceStateLine,
} from "#app/invoices/invoice-view.ts";
import { markViewed, publicInvoice } from "#app/invoices/invoices.server.ts";
import { formatLagosDay } from "#app/lagos-dates.ts";
import { formatNaira, kobo } from "#app/money.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import { formatDay } from "#app/vouchers/offer-terms.ts";
import type { Route } from "./+types/invoice";

/**
 * /invoices/{id}: an invoice from a business to its customer (issue 24, decisions 058 and 059):
 * the business's brand, the lines, the totals, the due date, the state and, while it can be
 * paid, "Pay" (a link to /pay/{id}); a print view and a PDF. Whoever has the link sees it, signed
 * in or not, so it is never indexed nor kept by any cache, and shows nothing beyond the invoice.
 * A draft, an unknown link or one too long to be a link is the 404 page.
 */
export const headers = privatePageHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  const invoice = loaderData?.invoice;
  return [
    {
      title: invoice
        ? `Invoice ${invoice.label} from ${invoice.business.name} · Oja`
        : "Invoice · Oja",
    },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, params, request, url }: Route.LoaderArgs) {
  const { db, settings } = services(context);
  const now = new Date();
  const invoice = await publicInvoice(db, params.id, now);
  if (!invoice) throw notFound(url);
  // "Opened" is the customer's first look: not the business checking its own link, nor a chat
  // app's link preview fetching it when the business pastes it in.
  if (!isbot(request.headers.get("user-agent"))) {
    await markViewed(db, params.id, now, currentUser(context)?.id ?? null);
  }
  return {
    invoice,
    publicId: params.id,
    /** Printed on paper, where the Pay button isn't. */
    payUrl: new URL(`/pay/${params.id}`, settings.publicUrl).toString(),
  };
}

const badgeTones: Record<InvoiceStateLine["tone"], string> = {
  good: "border-positive text-positive",
  bad: "border-danger bg-danger-soft text-danger",
  neutral: "border-line bg-surface-sunken text-ink",
};

function StateBadge({ state }: { state: InvoiceStateLine }) {
  const Icon =
    state.stamp === "PAID"
      ? CircleCheck
      : state.stamp === "OVERDUE"
        ? CircleAlert
        : state.stamp === "VOID"
          ? X
          : Clock;
  return (
    <p
      className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-semibold ${badgeTones[state.tone]}`}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {state.text}
    </p>
  );
}

const cell = "py-3 align-top";
const numberCell = `${cell} whitespace-nowrap pl-4 text-right tabular-nums sm:pl-6`;

export default function InvoicePage({ loaderData }: Route.ComponentProps) {
  const { invoice, publicId, payUrl } = loaderData;
  const { business } = invoice;
  const state = invoiceStateLine(invoice);
  // The business's colour for its accent and its Pay button (kept at 4.5:1 with white text).
  const brandStyle = {
    "--brand": business.brandColor,
    "--brand-strong": `color-mix(in srgb, ${business.brandColor} 80%, black)`,
  } as CSSProperties;
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-3 py-4 sm:px-4 sm:py-8 print:max-w-none print:p-0">
      <article
        data-print-document
        aria-labelledby="invoice-title"
        style={brandStyle}
        className="overflow-hidden rounded-card border border-line bg-surface print:overflow-visible print:rounded-none print:border-0"
      >
        <div aria-hidden="true" className="h-2 bg-brand print:hidden" />
        <div className="space-y-6 p-4 sm:p-8 print:space-y-5 print:p-0">
          <header className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
            <Link
              to={`/${business.slug}`}
              className="flex min-w-0 items-center gap-3 rounded-lg text-ink hover:underline"
            >
              <span className={business.logoUrl ? undefined : "print:hidden"}>
                <BusinessLogo business={business} size={48} />
              </span>
              <span className="min-w-0 text-lg font-bold wrap-anywhere">{business.name}</span>
            </Link>
            <h1 id="invoice-title" className="text-xl font-bold text-ink sm:text-2xl">
              Invoice <span className="whitespace-nowrap">{invoice.label}</span>
            </h1>
          </header>

          <section
            aria-label="Amount and state"
            className="flex flex-wrap items-end justify-between gap-4 rounded-card bg-surface-muted p-4 sm:p-5 print:bg-transparent print:p-0"
          >
            <div className="space-y-2">
              <p className="text-sm text-ink-muted">{invoice.payable ? "Amount due" : "Total"}</p>
              <p className="text-3xl font-bold text-ink tabular-nums">
                <Money kobo={invoice.totalKobo} />
              </p>
              <StateBadge state={state} />
            </div>
            {invoice.payable ? (
              <ButtonLink
                to={`/pay/${publicId}`}
                size="lg"
                className="w-full sm:w-auto print:hidden"
              >
                Pay {formatNaira(invoice.totalKobo)}
              </ButtonLink>
            ) : null}
          </section>

          <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-[2fr_1fr_1fr]">
            <div className="col-span-2 min-w-0 sm:col-span-1">
              <dt className="font-semibold text-ink-muted">Billed to</dt>
              <dd className="mt-1 font-semibold wrap-anywhere text-ink">{invoice.customerName}</dd>
              <dd className="break-all text-ink">{invoice.customerEmail}</dd>
            </div>
            <div>
              <dt className="font-semibold text-ink-muted">Issued</dt>
              <dd className="mt-1 text-ink">
                {invoice.sentAt ? formatLagosDay(invoice.sentAt) : null}
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-ink-muted">Due</dt>
              <dd className="mt-1 text-ink">{formatDay(invoice.dueOn)}</dd>
            </div>
          </dl>

          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">What invoice {invoice.label} is for</caption>
            <thead>
              <tr className="border-b-2 border-ink text-left text-ink-muted">
                <th scope="col" className="w-full pb-2 font-semibold">
                  Description
                </th>
                <th
                  scope="col"
                  className="hidden pb-2 pl-4 text-right font-semibold sm:table-cell sm:pl-6"
                >
                  Qty
                </th>
                <th
                  scope="col"
                  className="hidden pb-2 pl-4 text-right font-semibold sm:table-cell sm:pl-6"
                >
                  Unit price
                </th>
                <th scope="col" className="pb-2 pl-4 text-right font-semibold sm:pl-6">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {invoice.lines.map((line) => (
                <tr key={line.position} className="border-b border-line break-inside-avoid">
                  <td className={`${cell} wrap-anywhere text-ink`}>
                    {line.description}
                    {/* On a phone the quantity and unit price sit under the description. */}
                    <span className="block text-ink-muted tabular-nums sm:hidden">
                      {line.quantity} × {formatNaira(line.unitPriceKobo)}
                    </span>
                  </td>
                  <td className={`${numberCell} hidden text-ink sm:table-cell`}>{line.quantity}</td>
                  <td className={`${numberCell} hidden text-ink sm:table-cell`}>
                    <Money kobo={line.unitPriceKobo} />
                  </td>
                  <td className={`${numberCell} text-ink`}>
                    <Money kobo={line.lineTotalKobo} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>

          <dl className="ml-auto max-w-xs space-y-2 text-sm break-inside-avoid">
            <div className="flex justify-between gap-6">
              <dt className="text-ink-muted">Subtotal</dt>
              <dd className="text-ink tabular-nums">
                <Money kobo={invoice.subtotalKobo} />
              </dd>
            </div>
            {invoice.discountKobo > 0 ? (
              <div className="flex justify-between gap-6">
                <dt className="text-ink-muted">{discountLabel(invoice)}</dt>
                <dd className="text-ink tabular-nums">
                  {formatNaira(kobo(-invoice.discountKobo))}
                </dd>
              </div>
            ) : null}
            {invoice.vatApplied ? (
              <div className="flex justify-between gap-6">
                <dt className="text-ink-muted">VAT {vatRatePercent}%</dt>
                <dd className="text-ink tabular-nums">
                  <Money kobo={invoice.vatKobo} />
                </dd>
              </div>
            ) : null}
            <div className="flex justify-between gap-6 border-t-2 border-ink pt-2 text-base font-bold text-ink">
              <dt>Total</dt>
              <dd className="tabular-nums">
                <Money kobo={invoice.totalKobo} />
              </dd>
            </div>
          </dl>

          {invoice.notes.trim() ? (
            <section
              aria-labelledby="invoice-notes"
              className="space-y-1 text-sm break-inside-avoid"
            >
              <h2 id="invoice-notes" className="font-semibold text-ink-muted">
                Notes
              </h2>
              <p className="whitespace-pre-line wrap-anywhere text-ink">{invoice.notes}</p>
            </section>
          ) : null}

          {invoice.payable ? (
            <p className="hidden text-sm text-ink print:block">
              Pay online: <span className="break-all">{payUrl}</span>
            </p>
          ) : null}
        </div>
      </article>

      <div className="flex flex-wrap gap-3 print:hidden">
        <a href={`/invoices/${publicId}/pdf`} download className={buttonClass("secondary", "md")}>
          Download PDF
        </a>
        <Button variant="secondary" onClick={() => window.print()}>
          Print
        </Button>
      </div>
      <p className="text-sm text-ink-muted print:hidden">
        Sent to you by {business.name} through Oja. Anyone with this link can see this invoice.
      </p>
    </div>
  );
}
