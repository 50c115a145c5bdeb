import { Link } from "react-router";
import type { BusinessCard as BusinessCardData } from "#app/catalog/catalog.server.ts";

/** A business in a list: logo (or its initial on the brand colour), name, category and city. */
export function BusinessCard({ business }: { business: BusinessCardData }) {
  return (
    <Link
      to={`/${business.slug}`}
      className="flex h-full items-center gap-3 rounded-card border border-line bg-surface p-3 hover:border-brand focus-visible:border-brand"
    >
      <BusinessLogo business={business} size={48} />
      <span className="min-w-0">
        <span className="block truncate font-semibold text-ink">{business.name}</span>
        <span className="block truncate text-sm text-ink-muted">
          {business.category.name} · {business.city}
        </span>
        {business.tagline ? (
          <span className="mt-0.5 line-clamp-1 text-sm text-ink">{business.tagline}</span>
        ) : null}
      </span>
    </Link>
  );
}

/** The business's logo at a fixed square size, or its initial on its brand colour. */
export function BusinessLogo({
  business,
  size,
}: {
  business: Pick<BusinessCardData, "name" | "logoUrl" | "brandColor">;
  size: number;
}) {
  const style = { width: size, height: size };
  return business.logoUrl ? (
    <img
      src={business.logoUrl}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      style={style}
      className="shrink-0 rounded-lg object-cover"
    />
  ) : (
    <span
      aria-hidden="true"
      style={{ ...style, background: business.brandColor }}
      className="flex shrink-0 items-center justify-center rounded-lg font-bold text-white"
    >
      {business.name.slice(0, 1)}
    </span>
  );
}
