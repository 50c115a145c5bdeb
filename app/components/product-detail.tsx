import { Store } from "lucide-react";
import { Link } from "react-router";
import type { ProductDetail } from "#app/catalog/storefront.server.ts";
import { type Kobo, kobo, koboToNaira } from "#app/money.ts";
import { BusinessLogo } from "./business-card.tsx";
import { ProductGallery } from "./product-gallery.tsx";
import { ProductPurchase } from "./product-purchase.tsx";
import { Money } from "./ui/money.tsx";

/**
 * The heart of a product page: gallery, name, price and saving, stock, size, quantity, add to
 * cart, description and who sells it. The product's own page shows it in the business's chrome;
 * a product opened from search results shows it under a way back to the results.
 */
export function ProductDetailView({ product }: { product: ProductDetail }) {
  const { business } = product;
  const priceKobo = kobo(product.priceKobo);
  const compareAtKobo = product.compareAtKobo === null ? null : kobo(product.compareAtKobo);
  const saving: Kobo | null =
    compareAtKobo !== null && compareAtKobo > priceKobo ? kobo(compareAtKobo - priceKobo) : null;
  return (
    <div className="mt-2 grid gap-6 md:grid-cols-2 md:gap-10">
      <ProductGallery images={product.images} name={product.name} />

      <div className="min-w-0 space-y-5">
        <div>
          <h1 className="text-2xl font-bold text-ink sm:text-3xl">{product.name}</h1>
          <p className="mt-1 text-sm text-ink-muted">
            {product.category.name} · {business.city}
          </p>
        </div>
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <Money kobo={priceKobo} className="text-2xl font-extrabold text-ink" />
          {compareAtKobo !== null ? (
            <s className="text-ink-muted">
              <span className="sr-only">was </span>
              <Money kobo={compareAtKobo} />
            </s>
          ) : null}
          {saving !== null ? (
            <span className="rounded-full bg-brand/10 px-2.5 py-0.5 text-sm font-semibold text-brand">
              Save <Money kobo={saving} />
            </span>
          ) : null}
        </div>
        {product.discountSale ? (
          <p className="text-sm text-ink-muted">
            <Link
              to={`/discountsales/${product.discountSale.id}`}
              className="font-semibold text-brand hover:underline"
            >
              On sale
            </Link>{" "}
            · {product.discountSale.endsLabel}
          </p>
        ) : null}

        <ProductPurchase
          product={{
            id: product.id,
            slug: product.slug,
            name: product.name,
            amount: koboToNaira(priceKobo),
            sizes: product.sizes,
            stock: product.stock,
            image: product.images[0]?.url ?? null,
            business: { id: business.id, slug: business.slug, name: business.name },
          }}
        />

        {product.description ? (
          <section aria-labelledby="description-title" className="border-t border-line pt-5">
            <h2 id="description-title" className="font-semibold text-ink">
              Description
            </h2>
            <p className="mt-2 whitespace-pre-line text-ink">{product.description}</p>
          </section>
        ) : null}

        <Link
          to={`/b/${business.slug}`}
          className="flex items-center gap-3 rounded-card border border-line bg-surface p-3 hover:border-brand"
        >
          <BusinessLogo
            business={{
              name: business.name,
              logoUrl: business.logoUrl,
              brandColor: business.brandColor,
            }}
            size={44}
          />
          <span className="min-w-0">
            <span className="block text-xs text-ink-muted">Sold by</span>
            <span className="block truncate font-semibold text-ink">{business.name}</span>
          </span>
          <Store aria-hidden="true" className="ml-auto size-5 shrink-0 text-ink-muted" />
        </Link>
      </div>
    </div>
  );
}
