import { SearchX, Ticket } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { listCategories } from "#app/catalog/catalog.server.ts";
import { ResultTabs, SearchResults } from "#app/components/search-results.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { NextPageLink } from "#app/components/ui/next-page-link.tsx";
import { services } from "#app/context.server.ts";
import type { Database } from "#app/db/database.server.ts";
import { liveFlashSales } from "#app/sales/flash.server.ts";
import { SaleTiles } from "#app/sales/sale-tiles.tsx";
import { resultsPage, resultsStatus, termOf } from "#app/search/search-pages.server.ts";
import { parseResultsQuery } from "#app/search/search-params.server.ts";
import { searchPath } from "#app/search/search-path.ts";
import { pageMeta } from "#app/seo/meta.ts";
import { InvalidOfferSearchPageError, searchOffers } from "#app/vouchers/marketplace.server.ts";
import { OfferGrid } from "#app/vouchers/offer-card.tsx";
import type { Route } from "./+types/search-results";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return pageMeta(matches, {
    title: `Search: ${loaderData.text}`,
    description: `Businesses, products and vouchers on Oja matching “${loaderData.text}”.`,
    path: searchPath(loaderData.text),
    noindex: true,
  });
}

/** The vouchers tab: the offers on sale matching the term (decision 043). */
async function voucherResults(db: Database, text: string, after: string | null) {
  try {
    const page = await searchOffers(db, text, { after });
    return { text, kind: "vouchers" as const, vouchers: page, cursorError: null };
  } catch (error) {
    if (!(error instanceof InvalidOfferSearchPageError)) throw error;
    return { text, kind: "vouchers" as const, vouchers: null, cursorError: error.message };
  }
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const text = termOf(params.id);
  // "/search/%20" has nothing to search for: the form asks for a term.
  if (!text) throw redirect("/search/ff");
  const { db, searchCache } = services(context);
  if (url.searchParams.get("tab") === "vouchers") {
    const found = await voucherResults(db, text, url.searchParams.get("after"));
    return data(found, { status: found.vouchers ? 200 : 400 });
  }
  const query = parseResultsQuery(url.searchParams);
  const [page, flashSales] = await Promise.all([
    resultsPage(db, text, query, undefined, searchCache),
    // The flash sales on now of products named like the search, above its first page.
    url.searchParams.has("after")
      ? []
      : liveFlashSales(db, { limit: 4, words: text.split(/\s+/).slice(0, 6) }),
  ]);
  // Suggestions for an empty page: the categories to browse instead.
  const empty = page.result !== null && page.result.items.length === 0 && !page.result.timedOut;
  const categories = empty ? await listCategories(db) : [];
  const payload = { text, ...page, vouchers: null, categories, flashSales };
  return data(payload, { status: resultsStatus(page) });
}

export default function SearchResultsScreen({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "vouchers") return <VoucherResults data={loaderData} />;
  const { text, kind, result, cursorError, categories, flashSales } = loaderData;
  return (
    <SearchResults
      heading={
        <>
          Results for <q>{text}</q>
        </>
      }
      intro={
        flashSales.length > 0 ? (
          <section aria-labelledby="flash-title" className="mt-4">
            <h2 id="flash-title" className="mb-2 font-semibold text-ink">
              Flash sales on now
            </h2>
            <SaleTiles sales={flashSales} />
          </section>
        ) : undefined
      }
      kind={kind}
      tabs
      result={result}
      cursorError={cursorError}
      facets={["open", "rating", "category", "city", "price"]}
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

function VoucherResults({
  data: { text, vouchers, cursorError },
}: {
  data: Extract<Route.ComponentProps["loaderData"], { kind: "vouchers" }>;
}) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">
        Results for <q>{text}</q>
      </h1>
      <ResultTabs current="vouchers" />
      <section aria-labelledby="results-title" className="mt-5">
        <h2 id="results-title" className="text-sm font-medium text-ink-muted">
          Vouchers on sale
        </h2>
        {cursorError ? (
          <div role="alert" className="mt-4">
            <EmptyState
              icon={SearchX}
              title={cursorError}
              action={<ButtonLink to={`${searchPath(text)}?tab=vouchers`}>First page</ButtonLink>}
            />
          </div>
        ) : vouchers && vouchers.items.length > 0 ? (
          <>
            <OfferGrid offers={vouchers.items} className="mt-4" />
            <NextPageLink cursor={vouchers.nextCursor} label="Show more vouchers" />
          </>
        ) : (
          <div className="mt-4">
            <EmptyState
              icon={Ticket}
              title="No vouchers on sale match"
              action={<ButtonLink to="/vouchers">Every voucher</ButtonLink>}
            >
              Try other words, or browse every voucher on sale.
            </EmptyState>
          </div>
        )}
      </section>
    </div>
  );
}
