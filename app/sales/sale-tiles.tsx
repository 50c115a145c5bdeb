import { Link } from "react-router";
import { ResponsiveImage } from "#app/components/ui/responsive-image.tsx";
import type { SaleListing } from "./flash.server.ts";

/**
 * Sales as a row of tiles (the home page's flash sales, search's): the picture, the name that
 * opens the sale, who sells it, and the server's summary of price, end and units left. The
 * countdown itself is on the sale's page: these pages are cached for everyone for a minute,
 * and a ticking number from a cached page would run ahead of the truth.
 */
export function SaleTiles({ sales }: { sales: SaleListing[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {sales.map((sale) => (
        <li
          key={sale.id}
          className="flex gap-3 rounded-card border border-line bg-surface p-3 hover:border-brand"
        >
          <span className="size-16 shrink-0 overflow-hidden rounded-lg bg-surface-sunken">
            {sale.image ? (
              <ResponsiveImage image={sale.image} sizes="64px" className="size-full object-cover" />
            ) : null}
          </span>
          <div className="min-w-0">
            <Link to={sale.href} className="line-clamp-2 font-semibold text-ink hover:underline">
              {sale.name}
            </Link>
            <p className="truncate text-sm text-ink-muted">
              {sale.business.name} · {sale.business.city}
            </p>
            <p className="text-sm text-ink">{sale.summary}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
