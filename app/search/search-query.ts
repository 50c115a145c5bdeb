import type { PriceRangeFacet, SearchSort } from "./search.server.ts";

/**
 * The query string of the search result pages (/search/{id}, /businesses/search/{id},
 * /b/{id}/{search}) and the links that change it. Shared by the loaders and the facet links,
 * so a link always says what the loader reads.
 *
 * Prices travel in naira, as people type and read them (`min=5000`); the server turns them into
 * kobo. `min`/`max` are inclusive bounds (the advanced form); `price=5000-20000` is one facet
 * bucket, lower bound inclusive and upper bound exclusive, as its count was made.
 */
export const sortOptions: ReadonlyArray<{ value: SearchSort; label: string }> = [
  { value: "relevance", label: "Best match" },
  { value: "newest", label: "Newest" },
  { value: "price-asc", label: "Price: low to high" },
  { value: "price-desc", label: "Price: high to low" },
  { value: "name", label: "Name A–Z" },
  { value: "rating", label: "Top rated" },
];

/**
 * The rating facet's thresholds, highest first: a business is "4★ and up" when its TrustScore
 * shows at least 4.0 (decision 053). `?rating=4` in the query string.
 */
export const ratingThresholds = [4.5, 4, 3] as const;

/** "4★ and up". */
export function ratingLabel(minRating: number): string {
  return `${minRating}★ and up`;
}

export const searchTimedOutMessage =
  "Search is taking longer than it should right now. Please try again in a moment, or narrow your search with a category or city.";

/** Fixed price buckets in kobo (upper bound exclusive): ₦5k, ₦20k, ₦50k, ₦100k. */
export const priceRanges: ReadonlyArray<Omit<PriceRangeFacet, "count">> = [
  { label: "Under ₦5,000", minKobo: 0, maxKobo: 500_000 },
  { label: "₦5,000 – ₦20,000", minKobo: 500_000, maxKobo: 2_000_000 },
  { label: "₦20,000 – ₦50,000", minKobo: 2_000_000, maxKobo: 5_000_000 },
  { label: "₦50,000 – ₦100,000", minKobo: 5_000_000, maxKobo: 10_000_000 },
  { label: "₦100,000 and above", minKobo: 10_000_000, maxKobo: null },
];

/** The `price` value of a facet bucket given in kobo, e.g. `5000-20000` or `100000-`. */
export function priceBucketParam(minKobo: number, maxKobo: number | null): string {
  return `${minKobo / 100}-${maxKobo === null ? "" : maxKobo / 100}`;
}

/**
 * The current query with some parameters set or removed (null). Every change of filters, sort
 * or tab starts again at the first page, so `after` always goes.
 */
export function withQuery(
  search: string | URLSearchParams,
  changes: Record<string, string | null>,
): string {
  const params = new URLSearchParams(search);
  params.delete("after");
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}
