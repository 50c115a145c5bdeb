import { Link } from "react-router";
import type { BusinessCard as BusinessCardData } from "#app/catalog/catalog.server.ts";
import { TrustScoreLine } from "#app/reviews/trust-score-line.tsx";
import { ResponsiveImage } from "./ui/responsive-image.tsx";

/**
 * A business in a list: logo (or its initial on the brand colour), name, category and city, its
 * TrustScore (or "No reviews yet") and tagline.
 */
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
        <span className="block">
          <TrustScoreLine score={business.trustScore} />
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
    // The span holds the square whatever the original's shape; the picture fills it.
    <span style={style} className="block shrink-0 overflow-hidden rounded-lg">
      <ResponsiveImage
        image={{ url: business.logoUrl, width: size, height: size, alt: "" }}
        sizes={`${size}px`}
        className="size-full object-cover"
      />
    </span>
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
