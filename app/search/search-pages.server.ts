import type { Database } from "#app/db/database.server.ts";
import { timedSearch } from "#app/metrics/metrics.server.ts";
import type { BriefCache } from "./brief-cache.server.ts";
import {
  cleanSearchText,
  cursorKind,
  InvalidSearchCursorError,
  type ProductHit,
  type SearchKind,
  type SearchResult,
  type Suggestion,
  search,
  suggest,
} from "./search.server.ts";
import type { ResultsQuery } from "./search-params.server.ts";

/**
 * What the search screens read besides search() itself: the result page's one search (with its
 * default tab and its cursor errors), the product opened from the results, and the cities of
 * the advanced form.
 */

/** The term of /search/{id}: React Router has decoded it already; cleaned like every search. */
export function termOf(param: string | undefined): string {
  return cleanSearchText(param);
}

export type ResultsPage =
  | { kind: SearchKind; result: SearchResult; cursorError: null }
  | { kind: SearchKind; result: null; cursorError: string };

/**
 * One search for a result page. Without `?tab=` the page shows products when there are any and
 * businesses otherwise; a later page (`?after=`) pages through the kind its cursor was made for,
 * so "Show more" links need not carry the tab and no second search decides it again.
 *
 * With a cache, a first page is kept a few seconds (brief-cache.server.ts): a popular word asked
 * by many at once is searched once. Later pages are rarer and each cursor is its own key.
 */
export async function resultsPage(
  db: Database,
  text: string,
  query: ResultsQuery,
  kinds: readonly SearchKind[] = ["products", "businesses"],
  cache?: BriefCache,
): Promise<ResultsPage> {
  if (cache && !query.after) {
    const key = `results:${JSON.stringify([text, kinds, query.tab ?? null, query.sort ?? null, query.filters ?? {}])}`;
    return cache.get(key, () => resultsPage(db, text, query, kinds), {
      revive: reviveDates<ResultsPage>,
      keep: (page) => resultsStatus(page) === 200,
    });
  }
  const { filters, sort, after } = query;
  const [primary = "products", fallback = primary] = kinds;
  let kind: SearchKind = query.tab && kinds.includes(query.tab) ? query.tab : primary;
  try {
    if (!query.tab && fallback !== primary) {
      if (!after) {
        const first = await timedSearch("results", () =>
          search(db, { kind: primary, text, filters, sort }),
        );
        if (first.items.length > 0 || first.timedOut) {
          return { kind: primary, result: first, cursorError: null };
        }
        kind = fallback;
      } else {
        const paged = cursorKind(after);
        // A cursor of another kind or none is refused by search() below like any stale one.
        if (paged && kinds.includes(paged)) kind = paged;
      }
    }
    const result = await timedSearch("results", () =>
      search(db, { kind, text, filters, sort, after }),
    );
    return { kind, result, cursorError: null };
  } catch (error) {
    if (error instanceof InvalidSearchCursorError) {
      return { kind, result: null, cursorError: error.message };
    }
    throw error;
  }
}

/**
 * The status a result page answers with: 400 for a cursor it can't read, 503 for a search that
 * ran out of time (the shopper sees "Search timed out"; neither the brief cache nor the page
 * cache keeps a 503, so the next asker searches again), else 200.
 */
export function resultsStatus(page: ResultsPage): 200 | 400 | 503 {
  if (page.result === null) return 400;
  return page.result.timedOut ? 503 : 200;
}

/**
 * "Similar products": what the search finds for the product's own name in its category, then
 * the category's newest, never the product itself; at most `limit`.
 */
export async function similarProducts(
  db: Database,
  product: { id: string; name: string; category: { slug: string } },
  limit = 8,
): Promise<ProductHit[]> {
  const filters = { categorySlug: product.category.slug };
  const [byName, byCategory] = await Promise.all([
    // Any one word of the name is enough: the last word (usually the kind of thing) is the
    // likeliest to be shared.
    search(db, {
      kind: "products",
      text: product.name.split(/\s+/).at(-1) ?? "",
      filters,
      limit: limit + 1,
    }),
    search(db, { kind: "products", filters, sort: "newest", limit: limit + 1 }),
  ]);
  const seen = new Set([product.id]);
  const similar: ProductHit[] = [];
  for (const hit of [...byName.items, ...byCategory.items] as ProductHit[]) {
    if (seen.has(hit.id)) continue;
    seen.add(hit.id);
    similar.push(hit);
    if (similar.length === limit) break;
  }
  return similar;
}

/** JSON from the cache back into results: their `createdAt` dates came back as strings. */
function reviveDates<T>(json: string): T {
  return JSON.parse(json, (key, value) =>
    key === "createdAt" && typeof value === "string" ? new Date(value) : value,
  ) as T;
}

/**
 * The header autocomplete's suggestions, kept a few seconds per cleaned text: people typing the
 * same popular prefix ("jol", "mas") ask for the same answer many times a second.
 */
export function cachedSuggestions(
  db: Database,
  cache: BriefCache,
  text: string,
  limit: number,
): Promise<Suggestion[]> {
  const cleaned = cleanSearchText(text).toLowerCase();
  if (!cleaned) return Promise.resolve([]);
  return cache.get(`suggest:${limit}:${cleaned}`, () =>
    timedSearch("suggest", () => suggest(db, cleaned, limit)),
  );
}
