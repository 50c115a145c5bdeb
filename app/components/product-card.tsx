import { Link } from "react-router";
import type { ProductCard as ProductCardData } from "#app/catalog/catalog.server.ts";
import { koboToNaira } from "#app/money.ts";
import { AddToCartButton } from "./add-to-cart-button.tsx";
import { Money } from "./ui/money.tsx";

export function ProductCard({ product, eager }: { product: ProductCardData; eager?: boolean }) {
  const href = `/${product.business.slug}/products/${product.slug}`;
  return (
    <article className="flex flex-col overflow-hidden rounded-card border border-line bg-surface">
      <Link to={href} className="block aspect-square bg-surface-sunken">
        {product.image ? (
          <img
            src={product.image.url}
            alt={product.image.alt}
            width={product.image.width}
            height={product.image.height}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
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
        <p className="mt-auto flex items-baseline gap-2 pt-1">
          <Money kobo={product.priceKobo} className="font-bold text-ink" />
          {product.compareAtKobo ? (
            <s className="text-xs text-ink-muted">
              <span className="sr-only">was </span>
              <Money kobo={product.compareAtKobo} />
            </s>
          ) : null}
        </p>
        <div className="pt-2">
          <AddToCartButton
            label={product.name}
            product={{
              id: product.id,
              amount: koboToNaira(product.priceKobo),
              businessId: product.business.id,
              size: product.sizes[0] ?? null,
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
