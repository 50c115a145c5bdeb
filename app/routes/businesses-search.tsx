import { data, Link, redirect } from "react-router";
import { SearchResults } from "#app/components/search-results.tsx";
import { services } from "#app/context.server.ts";
import { resultsPage, resultsStatus, termOf } from "#app/search/search-pages.server.ts";
import { parseResultsQuery } from "#app/search/search-params.server.ts";
import { searchPath } from "#app/search/search-path.ts";
import { pageMeta } from "#app/seo/meta.ts";
import type { Route } from "./+types/businesses-search";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return pageMeta(matches, {
    title: `Businesses: ${loaderData.text}`,
    description: `Businesses on Oja matching “${loaderData.text}”.`,
    path: searchPath(loaderData.text, "/businesses/search"),
    noindex: true,
  });
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const text = termOf(params.id);
  if (!text) throw redirect("/businesses");
  const { db, searchCache } = services(context);
  const page = await resultsPage(
    db,
    text,
    parseResultsQuery(url.searchParams),
    ["businesses"],
    searchCache,
  );
  const payload = { text, ...page };
  return data(payload, { status: resultsStatus(page) });
}

export default function BusinessesSearch({ loaderData }: Route.ComponentProps) {
  const { text, result, cursorError } = loaderData;
  return (
    <SearchResults
      heading={
        <>
          Businesses matching <q>{text}</q>
        </>
      }
      intro={
        <Link to={searchPath(text)} className="text-sm font-semibold text-brand hover:underline">
          Search products too
        </Link>
      }
      kind="businesses"
      result={result}
      cursorError={cursorError}
      facets={["open", "rating", "category", "city", "price"]}
      productHref={() => searchPath(text)}
      emptyHint={
        <p>
          Check the spelling or try a shorter name. You can also{" "}
          <Link to="/businesses" className="font-semibold text-brand hover:underline">
            browse every business A–Z
          </Link>
          .
        </p>
      }
    />
  );
}
