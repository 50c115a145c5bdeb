import { clsx } from "clsx";
import { Ticket } from "lucide-react";
import { Link } from "react-router";
import { Money } from "#app/components/ui/money.tsx";
import { ResponsiveImage } from "#app/components/ui/responsive-image.tsx";
import type { OfferCard as OfferCardData } from "./marketplace.server.ts";
import { savingPercent, validityText } from "./offer-terms.ts";

// Two columns on a phone, three from 640 px, four from 1024 px (as the product grids).
const cardImageSizes = "(min-width: 1024px) 280px, (min-width: 640px) 33vw, 50vw";

/**
 * A voucher offer in a grid: the saving first (what a voucher is bought for), then the price
 * against the value, the business and how long it is valid. One tab stop, at its title.
 */
export function OfferCard({ offer, eager }: { offer: OfferCardData; eager?: boolean }) {
  const href = `/vouchers/${offer.id}`;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-card border border-line bg-surface">
      <Link
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        className="relative flex aspect-[4/3] items-center justify-center bg-surface-sunken"
      >
        <span className="absolute top-2 left-2 z-10 rounded-full bg-ink px-2.5 py-1 text-xs font-semibold text-surface">
          Save {savingPercent(offer.valueKobo, offer.priceKobo)}%
        </span>
        {offer.image ? (
          <ResponsiveImage
            image={offer.image}
            sizes={cardImageSizes}
            priority={eager}
            className="size-full object-cover"
          />
        ) : (
          <Ticket aria-hidden="true" className="size-10 text-ink-muted" />
        )}
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <Link
          to={`/${offer.business.slug}`}
          className="truncate text-xs text-ink-muted hover:underline"
        >
          {offer.business.name} · {offer.business.city}
        </Link>
        <h3 className="line-clamp-2 text-sm font-semibold text-ink">
          <Link to={href} className="hover:underline">
            {offer.title}
          </Link>
        </h3>
        <p className="flex flex-wrap items-baseline gap-x-2 pt-1">
          <Money kobo={offer.priceKobo} className="font-bold text-ink" />
          <span className="text-xs text-ink-muted">
            for a <Money kobo={offer.valueKobo} /> voucher
          </span>
        </p>
        <p className="mt-auto pt-1 text-xs text-ink-muted">
          {validityText(offer)}
          {offer.remaining !== null && offer.remaining <= 20 ? ` · ${offer.remaining} left` : ""}
        </p>
      </div>
    </article>
  );
}

/**
 * Offers as the product grids lay out products: two columns on a phone, three from 640 px, four
 * from 1024 px. `eagerFirst` when the grid is the page's main content (its first picture loads
 * with priority).
 */
export function OfferGrid({
  offers,
  eagerFirst = false,
  className,
}: {
  offers: OfferCardData[];
  eagerFirst?: boolean;
  className?: string;
}) {
  return (
    <ul className={clsx("grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4", className)}>
      {offers.map((offer, index) => (
        <li key={offer.id} className="min-w-0">
          <OfferCard offer={offer} eager={eagerFirst && index === 0} />
        </li>
      ))}
    </ul>
  );
}
