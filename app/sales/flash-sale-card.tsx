import { Package, Zap } from "lucide-react";
import { Link } from "react-router";
import { Money } from "#app/components/ui/money.tsx";
import { ResponsiveImage } from "#app/components/ui/responsive-image.tsx";
import { formatLagosTime } from "#app/lagos-dates.ts";
import { formatNaira } from "#app/money.ts";
import type { FlashSaleView } from "./flash.server.ts";

const cardImageSizes = "(min-width: 1024px) 280px, (min-width: 640px) 33vw, 50vw";

export type FlashSaleCardData = Pick<
  FlashSaleView,
  "id" | "product" | "size" | "left" | "units" | "salePriceKobo" | "wasPriceKobo" | "state"
> & { startsAt: Date | string; endsAt: Date | string };

/**
 * A flash sale in a grid (issue 22): the saving, the sale price against the "was" price, and
 * when it ends or starts as a Lagos time (a card has no ticking clock: its page has). One tab
 * stop, at its title.
 */
export function FlashSaleCard({ sale }: { sale: FlashSaleCardData }) {
  const href = `/flash/${sale.id}`;
  const saving = Math.round(100 - (sale.salePriceKobo / sale.wasPriceKobo) * 100);
  const when =
    sale.state === "scheduled"
      ? `Starts ${formatLagosTime(new Date(sale.startsAt))}`
      : `Until ${formatLagosTime(new Date(sale.endsAt))}`;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-card border border-line bg-surface">
      <Link
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        className="relative flex aspect-square items-center justify-center bg-surface-sunken"
      >
        <span className="absolute top-2 left-2 z-10 inline-flex items-center gap-1 rounded-full bg-danger px-2.5 py-1 text-xs font-semibold text-surface">
          <Zap aria-hidden="true" className="size-3" /> {saving}% off
        </span>
        {sale.product.image ? (
          <ResponsiveImage
            image={sale.product.image}
            sizes={cardImageSizes}
            className="size-full object-cover"
          />
        ) : (
          <Package aria-hidden="true" className="size-10 text-ink-muted" />
        )}
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="line-clamp-2 text-sm font-semibold text-ink">
          <Link to={href} className="hover:underline">
            {sale.product.name}
            {sale.size ? ` · size ${sale.size}` : ""}
          </Link>
        </h3>
        <p className="flex flex-wrap items-baseline gap-x-2 pt-1">
          <Money kobo={sale.salePriceKobo} className="font-bold text-ink" />
          <span className="text-xs text-ink-muted">
            was <s>{formatNaira(sale.wasPriceKobo)}</s>
          </span>
        </p>
        <p className="mt-auto pt-1 text-xs text-ink-muted">
          {when}
          {sale.state === "sold_out" ? " · sold out" : ` · ${sale.left} of ${sale.units} left`}
        </p>
      </div>
    </article>
  );
}
