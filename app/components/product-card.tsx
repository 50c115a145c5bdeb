import { clsx } from "clsx";
import { Link } from "react-router";
import type { ProductCard as ProductCardData } from "#app/catalog/catalog.server.ts";
import { koboToNaira } from "#app/money.ts";
import { AddToCartButton } from "./add-to-cart-button.tsx";
import { Money } from "./ui/money.tsx";
import { ResponsiveImage } from "./ui/responsive-image.tsx";

/** "Sold out" on a product's picture or beside its name: dark on light, readable on any photo. */
export function SoldOutBadge({ className }: { className?: string }) {
  return (
    <span
      className={clsx(
        "inline-flex items-center rounded-full bg-ink px-2.5 py-1 text-xs font-semibold text-surface",
        className,
      )}
    >
      Sold out
    </span>
  );
}

// The card's width in the product grids: two columns on a phone, three from 640 px, four from
// 1024 px inside the 6xl page (at most about 270 px).
const cardImageSizes = "(min-width: 1024px) 280px, (min-width: 640px) 33vw, 50vw";

/**
 * A product in a grid. The picture and the name open the product: its own page, or `href` when
 * the grid wants another way in (search results open /search/{term}/{product}, which keeps the
 * way back to the results). The picture's link is hidden from screen readers and the tab order,
 * so each card is one stop, at its name.
 */
export function ProductCard({
  product,
  eager,
  href = `/${product.business.slug}/products/${product.slug}`,
}: {
  product: ProductCardData;
  eager?: boolean;
  href?: string;
}) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-card border border-line bg-surface">
      <Link
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        className="relative block aspect-square bg-surface-sunken"
      >
        {product.inStock ? null : <SoldOutBadge className="absolute top-2 left-2 z-10" />}
        {product.image ? (
          <ResponsiveImage
            image={product.image}
            sizes={cardImageSizes}
            priority={eager}
            className="size-full object-cover"
          />
        ) : null}
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <Link
          to={`/${product.business.slug}`}
          className="truncate text-xs text-ink-muted hover:underline"
        >
          {product.business.name} · {product.business.city}
        </Link>
        <h3 className="line-clamp-2 text-sm font-semibold text-ink">
          <Link to={href} className="hover:underline">
            {product.name}
          </Link>
        </h3>
        <p className="mt-auto flex flex-wrap items-baseline gap-x-2 pt-1">
          <Money kobo={product.priceKobo} className="font-bold text-ink" />
          {product.compareAtKobo ? (
            <s className="text-xs text-ink-muted">
              <span className="sr-only">was </span>
              <Money kobo={product.compareAtKobo} />
            </s>
          ) : null}
        </p>
        {product.saleEnds ? (
          <p className="text-xs font-medium text-brand">{product.saleEnds}</p>
        ) : null}
        <div className="pt-2">
          <AddToCartButton
            label={product.name}
            sizes={product.sizes}
            soldOut={!product.inStock}
            product={{
              id: product.id,
              amount: koboToNaira(product.priceKobo),
              businessId: product.business.id,
              size: null,
              name: product.name,
              sizes: product.sizes,
              image: product.image?.url ?? null,
              businessName: product.business.name,
              businessSlug: product.business.slug,
              productSlug: product.slug,
            }}
          />
        </div>
      </div>
    </article>
  );
}
