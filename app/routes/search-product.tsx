import { ArrowLeft, ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { findProductDetail } from "#app/catalog/storefront.server.ts";
import { ProductCard } from "#app/components/product-card.tsx";
import { ProductDetailView } from "#app/components/product-detail.tsx";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { similarProducts, termOf } from "#app/search/search-pages.server.ts";
import { searchPath } from "#app/search/search-path.ts";
import { pageMeta, shortDescription } from "#app/seo/meta.ts";
import type { Route } from "./+types/search-product";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { product } = loaderData;
  return pageMeta(matches, {
    title: `${product.name} · ${product.business.name}`,
    description: shortDescription(
      product.description ||
        `${product.name} from ${product.business.name} in ${product.business.city}.`,
    ),
    // The product's own page is the one address search engines should know.
    path: `/${product.business.slug}/products/${product.slug}`,
    image: product.images[0]?.url ?? null,
    type: "product",
  });
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { db, settings } = services(context);
  const text = termOf(params.id);
  const product = text
    ? await findProductDetail(db, { id: params.prod }, settings.holdLimits)
    : undefined;
  if (!product) throw notFound(url);
  const similar = await similarProducts(db, product);
  return { text, product, similar };
}

export default function SearchProduct({ loaderData }: Route.ComponentProps) {
  const { text, product, similar } = loaderData;
  const resultsHref = searchPath(text);
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <Link
        to={resultsHref}
        className="inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-brand hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to results for “{text}”
      </Link>

      <div className="mt-3">
        <ProductDetailView product={product} />
      </div>
      <p className="mt-4">
        <Link
          to={`/${product.business.slug}/products/${product.slug}`}
          className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand hover:underline"
        >
          Full product page <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </p>

      <section aria-labelledby="similar-title" className="mt-12">
        <h2 id="similar-title" className="text-xl font-bold text-ink">
          Similar products
        </h2>
        {similar.length === 0 ? (
          <p className="mt-4 rounded-card bg-surface p-6 text-ink-muted">
            Nothing similar yet.{" "}
            <Link to={`/shop/${product.category.slug}`} className="font-semibold text-brand">
              Browse {product.category.name}
            </Link>
          </p>
        ) : (
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {similar.map((hit) => (
              <li key={hit.id}>
                <ProductCard product={hit} href={`${resultsHref}/${encodeURIComponent(hit.id)}`} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
