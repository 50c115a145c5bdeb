import { data, Link, redirect } from "react-router";
import { listCategories } from "#app/catalog/catalog.server.ts";
import { SearchResults } from "#app/components/search-results.tsx";
import { services } from "#app/context.server.ts";
import { resultsPage, resultsStatus, termOf } from "#app/search/search-pages.server.ts";
import { parseResultsQuery } from "#app/search/search-params.server.ts";
import { searchPath } from "#app/search/search-query.ts";
import { pageMeta } from "#app/seo/meta.ts";
import type { Route } from "./+types/search-results";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return pageMeta(matches, {
    title: `Search: ${loaderData.text}`,
    description: `Businesses and products on Oja matching “${loaderData.text}”.`,
    path: searchPath(loaderData.text),
    noindex: true,
  });
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const text = termOf(params.id);
  // "/search/%20" has nothing to search for: the form asks for a term.
  if (!text) throw redirect("/search/ff");
  const { db, searchCache } = services(context);
  const page = await resultsPage(
    db,
    text,
    parseResultsQuery(url.searchParams),
    undefined,
    searchCache,
  );
  // Suggestions for an empty page: the categories to browse instead.
  const empty = page.result !== null && page.result.items.length === 0 && !page.result.timedOut;
  const categories = empty ? await listCategories(db) : [];
  const payload = { text, ...page, categories };
  return data(payload, { status: resultsStatus(page) });
}

export default function SearchResultsScreen({ loaderData }: Route.ComponentProps) {
  const { text, kind, result, cursorError, categories } = loaderData;
  return (
    <SearchResults
      heading={
        <>
          Results for <q>{text}</q>
        </>
      }
      kind={kind}
      tabs
      result={result}
      cursorError={cursorError}
      facets={["open", "category", "city", "price"]}
      productHref={(product) => `${searchPath(text)}/${encodeURIComponent(product.id)}`}
      emptyHint={
        <>
          <p>Check the spelling, try fewer or more general words, or browse a category.</p>
          {categories.length > 0 ? (
            <ul className="mt-4 flex flex-wrap justify-center gap-2">
              {categories.map((category) => (
                <li key={category.id}>
                  <Link
                    to={`/shop/${category.slug}`}
                    className="inline-flex min-h-9 items-center rounded-full border border-line px-3 text-sm font-medium text-ink hover:border-brand hover:text-brand"
                  >
                    {category.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <p className="mt-3">
            <Link to="/search/ff" className="font-semibold text-brand hover:underline">
              Try the advanced search
            </Link>
          </p>
        </>
      }
    />
  );
}
