import { data, Link, redirect } from "react-router";
import { findBusinessBySlug } from "#app/catalog/catalog.server.ts";
import { SearchResults } from "#app/components/search-results.tsx";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { resultsPage, resultsStatus, termOf } from "#app/search/search-pages.server.ts";
import { parseResultsQuery } from "#app/search/search-params.server.ts";
import { searchPath } from "#app/search/search-path.ts";
import { pageMeta } from "#app/seo/meta.ts";
import type { Route } from "./+types/business-catalog-search";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { business, text } = loaderData;
  return pageMeta(matches, {
    title: `${text} at ${business.name}`,
    description: `Products of ${business.name} matching “${text}”.`,
    path: searchPath(text, `/b/${business.slug}`),
    noindex: true,
  });
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { db } = services(context);
  const business = await findBusinessBySlug(db, params.id);
  if (!business) throw notFound(url);
  const text = termOf(params.search);
  if (!text) throw redirect(`/b/${business.slug}`);
  const query = parseResultsQuery(url.searchParams);
  // Inside one business the category and city are the business's own: only price and sort
  // narrow the list.
  const filters = {
    businessId: business.id,
    minPriceKobo: query.filters.minPriceKobo,
    maxPriceKobo: query.filters.maxPriceKobo,
  };
  const page = await resultsPage(db, text, { ...query, tab: "products", filters }, ["products"]);
  const payload = { text, business: { slug: business.slug, name: business.name }, ...page };
  return data(payload, { status: resultsStatus(page) });
}

export default function BusinessCatalogSearch({ loaderData }: Route.ComponentProps) {
  const { text, business, result, cursorError } = loaderData;
  return (
    <SearchResults
      heading={
        <>
          <q>{text}</q> at {business.name}
        </>
      }
      intro={
        <p className="text-sm">
          Searching this business only.{" "}
          <Link to={searchPath(text)} className="font-semibold text-brand hover:underline">
            Search all of Oja
          </Link>
        </p>
      }
      kind="products"
      result={result}
      cursorError={cursorError}
      facets={["price"]}
      productHref={(product) => `/${product.business.slug}/products/${product.slug}`}
      emptyHint={
        <p>
          {business.name} has nothing matching that. Check the spelling, or{" "}
          <Link to={`/b/${business.slug}`} className="font-semibold text-brand hover:underline">
            see everything they sell
          </Link>
          .
        </p>
      }
    />
  );
}
