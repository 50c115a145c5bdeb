import { ArrowLeft } from "lucide-react";
import { Link, type MetaDescriptor } from "react-router";
import { findProductDetail, moreFromBusiness } from "#app/catalog/storefront.server.ts";
import { ProductCard } from "#app/components/product-card.tsx";
import { ProductDetailView } from "#app/components/product-detail.tsx";
import { galleryMainSizes } from "#app/components/product-gallery.tsx";
import { preloadImageLink } from "#app/components/ui/responsive-image.tsx";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import type { Brand } from "#app/layouts/custom.tsx";
import { kobo, koboToNaira } from "#app/money.ts";
import { TrustScoreLine } from "#app/reviews/trust-score-line.tsx";
import { absoluteUrl, pageMeta, publicOrigin, shortDescription } from "#app/seo/meta.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/product";

/**
 * /{business}/products/{product}: the product page, in the business's own chrome. Gallery,
 * price and saving, stock, size and quantity, add to cart (local storage, so it needs
 * JavaScript, as the spec's cart does), the description, more from the business and its reviews.
 */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { product } = loaderData;
  const origin = publicOrigin(matches);
  const path = `/${product.business.slug}/products/${product.slug}`;
  const main = product.images[0];
  const tags = pageMeta(matches, {
    title: `${product.name} · ${product.business.name}`,
    description: shortDescription(
      product.description ||
        `${product.name} from ${product.business.name}, ${product.business.city}.`,
    ),
    path,
    image: main?.url,
    type: "product",
    jsonLd: {
      "@type": "Product",
      name: product.name,
      description: product.description || undefined,
      image: product.images.map((picture) => absoluteUrl(origin, picture.url)),
      sku: product.id,
      category: product.category.name,
      offers: {
        "@type": "Offer",
        priceCurrency: "NGN",
        price: koboToNaira(kobo(product.priceKobo)).toFixed(2),
        availability:
          product.stock.kind === "out"
            ? "https://schema.org/OutOfStock"
            : "https://schema.org/InStock",
        url: absoluteUrl(origin, path),
        seller: {
          "@type": "Organization",
          name: product.business.name,
          url: absoluteUrl(origin, `/${product.business.slug}`),
        },
      },
    },
  });
  // `links` gets no loader data in React Router 8, so the main picture's preload rides here.
  if (main) {
    tags.push({ tagName: "link", ...preloadImageLink(main, galleryMainSizes) } as MetaDescriptor);
  }
  return tags;
}

const paramsSchema = z.object({
  id: z.string().trim().min(1).max(100),
  product: z.string().trim().min(1).max(200),
});

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const parsed = paramsSchema.safeParse(params);
  if (!parsed.success) throw notFound(url);
  const { db, settings } = services(context);
  const product = await findProductDetail(
    db,
    { businessSlug: parsed.data.id, productSlug: parsed.data.product },
    settings.holdLimits,
  );
  if (!product) throw notFound(url);
  const more = await moreFromBusiness(db, product.business.id, product.id);
  const brand: Brand = {
    name: product.business.name,
    slug: product.business.slug,
    color: product.business.brandColor,
    logoUrl: product.business.logoUrl,
  };
  return { product, more, brand };
}

export default function Product({ loaderData }: Route.ComponentProps) {
  const { product, more } = loaderData;
  const { business } = product;
  const reviewsHref = `/${business.slug}/reviews`;
  return (
    <div className="mx-auto max-w-5xl px-4 pt-4 pb-12">
      <div className="flex flex-wrap items-center justify-between gap-x-4">
        <nav aria-label="Breadcrumb" className="text-sm">
          <Link
            to={`/b/${business.slug}`}
            className="inline-flex min-h-11 items-center gap-1 text-ink-muted hover:text-ink hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4" /> All products from {business.name}
          </Link>
        </nav>
        <Link to={reviewsHref} className="inline-flex min-h-11 items-center hover:underline">
          <TrustScoreLine score={business.trustScore} />
        </Link>
      </div>

      <ProductDetailView product={product} />

      <section aria-labelledby="more-title" className="mt-12">
        <h2 id="more-title" className="text-xl font-bold text-ink">
          More from {business.name}
        </h2>
        {more.length === 0 ? (
          <p className="mt-3 text-ink-muted">
            This is the only product {business.name} sells on Oja for now.
          </p>
        ) : (
          <>
            <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
              {more.map((item) => (
                <li key={item.id}>
                  <ProductCard product={item} />
                </li>
              ))}
            </ul>
            <p className="mt-4">
              <Link to={`/b/${business.slug}`} className="font-semibold text-brand hover:underline">
                See everything from {business.name}
              </Link>
            </p>
          </>
        )}
      </section>

      <section aria-labelledby="reviews-title" className="mt-12">
        <h2 id="reviews-title" className="text-xl font-bold text-ink">
          Reviews of {business.name}
        </h2>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3 rounded-card border border-line bg-surface p-4">
          <TrustScoreLine score={business.trustScore} />
          {business.trustScore ? (
            <Link to={reviewsHref} className="font-semibold text-brand hover:underline">
              Read the reviews
            </Link>
          ) : (
            <Link
              to={`/evaluate/new?business=${business.slug}`}
              className="font-semibold text-brand hover:underline"
            >
              Bought here? Write the first review
            </Link>
          )}
        </div>
      </section>
    </div>
  );
}
