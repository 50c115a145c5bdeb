import { CalendarClock, Ticket } from "lucide-react";
import { Link } from "react-router";
import { ProductGallery } from "#app/components/product-gallery.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import { Money } from "#app/components/ui/money.tsx";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { formatNaira } from "#app/money.ts";
import { pageMeta } from "#app/seo/meta.ts";
import { findOffer, type OfferAvailability } from "#app/vouchers/marketplace.server.ts";
import { formatDay, savingPercent, validityText } from "#app/vouchers/offer-terms.ts";
import { VoucherBuyButtons } from "#app/vouchers/voucher-buy-buttons.tsx";
import type { Route } from "./+types/voucher-offer";

/**
 * /vouchers/{id}: one voucher offer (issue 19): its value, price and saving, validity, what is
 * left, fine print and business. It opens for an offer that is paused, ended, past its end or
 * sold out too (people keep links), saying so; an offer of a business that isn't shown is a 404.
 */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const offer = loaderData?.offer;
  if (!offer) return [{ title: "Voucher · Oja" }];
  return pageMeta(matches, {
    title: `${offer.title} · ${offer.business.name}`,
    description: `A ${offer.business.name} voucher worth ${formatNaira(offer.valueKobo)} for ${formatNaira(offer.priceKobo)}. ${offer.validity}.`,
    path: `/vouchers/${offer.id}`,
    image: offer.image?.url,
    noindex: offer.availability !== "on-sale",
  });
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const offer = await findOffer(services(context).db, params.id);
  if (!offer) throw notFound(new URL(request.url));
  return { offer: { ...offer, validity: validityText(offer) } };
}

const unavailable: Record<Exclude<OfferAvailability, "on-sale" | "active">, string> = {
  paused: "This offer is paused: the business isn't selling it right now.",
  ended: "This offer has ended. Vouchers already bought keep their value.",
  expired: "This offer's end date has passed, so it is no longer sold.",
  "sold-out": "Sold out: every voucher of this offer has been bought.",
};

export default function VoucherOffer({ loaderData }: Route.ComponentProps) {
  const { offer } = loaderData;
  const saving = savingPercent(offer.valueKobo, offer.priceKobo);
  // An offer without pictures of its own shows its business's cover (the card's picture).
  const gallery =
    offer.pictures.length > 0
      ? offer.pictures
      : offer.image
        ? [{ ...offer.image, alt: offer.business.name }]
        : [];
  const notice =
    offer.availability === "on-sale" || offer.availability === "active"
      ? null
      : unavailable[offer.availability];
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <nav aria-label="Breadcrumb" className="text-sm text-ink-muted">
        <Link to="/vouchers" className="hover:underline">
          Vouchers
        </Link>{" "}
        /{" "}
        <Link to={`/${offer.business.slug}`} className="hover:underline">
          {offer.business.name}
        </Link>
      </nav>
      <div className="mt-4 grid gap-8 md:grid-cols-2">
        {gallery.length > 0 ? (
          <ProductGallery images={gallery} name={offer.title} />
        ) : (
          <div className="flex aspect-[4/3] items-center justify-center rounded-card bg-surface-sunken">
            <Ticket aria-hidden="true" className="size-16 text-ink-muted" />
          </div>
        )}
        <div className="space-y-5">
          <div>
            <p className="text-sm text-ink-muted">
              <Link to={`/${offer.business.slug}`} className="font-medium hover:underline">
                {offer.business.name}
              </Link>{" "}
              · {offer.business.city} · {offer.category.name}
            </p>
            <h1 className="mt-1 text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">
              {offer.title}
            </h1>
          </div>
          <dl className="grid grid-cols-3 gap-3 rounded-card border border-line bg-surface p-4 text-center">
            <div>
              <dt className="text-xs text-ink-muted">You pay</dt>
              <dd className="text-xl font-bold text-ink">
                <Money kobo={offer.priceKobo} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-ink-muted">Worth</dt>
              <dd className="text-xl font-bold text-ink">
                <Money kobo={offer.valueKobo} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-ink-muted">You save</dt>
              <dd className="text-xl font-bold text-brand-strong">{saving}%</dd>
            </div>
          </dl>
          <ul className="space-y-2 text-sm text-ink">
            <li className="flex items-start gap-2">
              <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                {offer.validity}. After that the saving is lost, but the{" "}
                <Money kobo={offer.priceKobo} /> you paid stays as credit at {offer.business.name}.
              </span>
            </li>
            {offer.remaining !== null && offer.availability === "on-sale" ? (
              <li className="flex items-start gap-2">
                <Ticket aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <span>
                  {offer.remaining} left
                  {offer.perShopperLimit ? `; at most ${offer.perShopperLimit} per person` : ""}
                </span>
              </li>
            ) : offer.perShopperLimit ? (
              <li className="flex items-start gap-2">
                <Ticket aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <span>At most {offer.perShopperLimit} per person</span>
              </li>
            ) : null}
          </ul>
          {notice ? (
            <FormMessage tone="error">{notice}</FormMessage>
          ) : (
            <VoucherBuyButtons offer={offer} />
          )}
          {offer.description ? (
            <section aria-labelledby="offer-about" className="space-y-1">
              <h2 id="offer-about" className="font-semibold text-ink">
                What you get
              </h2>
              <p className="whitespace-pre-line text-sm text-ink">{offer.description}</p>
            </section>
          ) : null}
          {offer.finePrint ? (
            <section aria-labelledby="offer-fine-print" className="space-y-1">
              <h2 id="offer-fine-print" className="font-semibold text-ink">
                Fine print
              </h2>
              <p className="whitespace-pre-line text-sm text-ink-muted">{offer.finePrint}</p>
            </section>
          ) : null}
          {offer.validUntil && offer.availability === "on-sale" ? (
            <p className="text-xs text-ink-muted">
              On sale until {formatDay(offer.validUntil)} (Lagos time).
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
