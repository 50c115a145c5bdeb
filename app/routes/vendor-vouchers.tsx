import { TicketPlus } from "lucide-react";
import { Link } from "react-router";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { Money } from "#app/components/ui/money.tsx";
import { requireCatalogueManager } from "#app/console/catalogue/guard.server.ts";
import { services } from "#app/context.server.ts";
import { OfferStatusBadge } from "#app/vouchers/offer-status-badge.tsx";
import { savingPercent, validityText } from "#app/vouchers/offer-terms.ts";
import { listConsoleOffers } from "#app/vouchers/offers.server.ts";
import type { Route } from "./+types/vendor-vouchers";

/**
 * /vendor/{business}/vouchers: the business's voucher offers (issue 19), on sale first, with
 * what each has sold. Managers and owners only.
 */
export function meta() {
  return [{ title: "Vouchers · Console · Oja" }];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { business } = await requireCatalogueManager(context, request, params.business);
  return { offers: await listConsoleOffers(services(context).db, business.id) };
}

export default function VendorVouchers({ loaderData, params }: Route.ComponentProps) {
  const { offers } = loaderData;
  const base = `/vendor/${params.business}/vouchers`;
  return (
    <section aria-labelledby="vouchers-heading" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="vouchers-heading" className="text-xl font-semibold text-ink">
          Vouchers
        </h1>
        <ButtonLink to={`${base}/new`}>
          <TicketPlus aria-hidden="true" className="size-4" /> New offer
        </ButtonLink>
      </div>
      {offers.length === 0 ? (
        <EmptyState
          title="No voucher offers yet"
          icon={TicketPlus}
          action={<ButtonLink to={`${base}/new`}>Create your first offer</ButtonLink>}
        >
          Sell a treat worth more than its price (“a spa day worth ₦25,000 for ₦18,000”). Shoppers
          find it in the voucher marketplace and on your business page.
        </EmptyState>
      ) : (
        <ul
          aria-label="Voucher offers"
          className="divide-y divide-line overflow-hidden rounded-card border border-line bg-surface"
        >
          {offers.map((offer) => (
            <li key={offer.id}>
              <Link
                to={`${base}/${offer.id}`}
                className="flex flex-wrap items-center gap-3 p-3 hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-focus sm:flex-nowrap sm:gap-4"
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-ink">{offer.title}</p>
                  <p className="truncate text-sm text-ink-muted">{validityText(offer)}</p>
                </div>
                <div className="flex shrink-0 flex-wrap items-center gap-x-6 gap-y-1 text-sm">
                  <span className="text-ink">
                    <Money kobo={offer.priceKobo} className="font-semibold" />{" "}
                    <span className="text-ink-muted">
                      for <Money kobo={offer.valueKobo} /> (save{" "}
                      {savingPercent(offer.valueKobo, offer.priceKobo)}%)
                    </span>
                  </span>
                  <span className="text-ink-muted sm:w-24 sm:text-right">
                    {offer.totalQuantity === null
                      ? `${offer.soldCount} sold`
                      : `${offer.soldCount} of ${offer.totalQuantity} sold`}
                  </span>
                  <OfferStatusBadge status={offer.status} />
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
