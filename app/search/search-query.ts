import { nairaToKobo } from "#app/money.ts";
import { z } from "#app/zod.ts";
import type { PriceRangeFacet, SearchFilters, SearchKind, SearchSort } from "./search.server.ts";

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
];

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

/** ₦100,000,000: far above any price in the catalogue, low enough that kobo stay exact. */
export const maxNaira = 100_000_000;

/** Naira as typed: digits with up to 2 decimals; thousands separators and ₦ are allowed. */
export const nairaAmount = z
  .string()
  .transform((value) => value.replace(/[\s,₦]/g, ""))
  .pipe(z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, "Enter an amount in naira, e.g. 5000."))
  .transform(Number)
  .pipe(z.number().max(maxNaira, "Enter an amount up to ₦100,000,000."));

/** A blank field is "not given", not zero. */
const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const lenient = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToUndefined, schema.optional()).catch(undefined);

const bucket = z
  .string()
  .regex(/^\d{1,9}-\d{0,9}$/)
  .transform((value) => {
    const [low = "0", high = ""] = value.split("-");
    return { minKobo: nairaToKobo(Number(low)), maxKobo: high ? nairaToKobo(Number(high)) : null };
  });

/**
 * Result pages read their query leniently: a value they cannot use is ignored, so an edited or
 * outdated link still shows results. Only `after` is strict (a stale cursor answers 400).
 */
export const resultsQuerySchema = z.object({
  tab: lenient(z.enum(["products", "businesses"])),
  category: lenient(
    z
      .string()
      .trim()
      .max(60)
      .regex(/^[a-z0-9-]+$/),
  ),
  city: lenient(z.string().trim().max(60)),
  min: lenient(nairaAmount),
  max: lenient(nairaAmount),
  price: lenient(bucket),
  open: lenient(z.enum(["1", "on", "true"])),
  sort: lenient(z.enum(["relevance", "newest", "price-asc", "price-desc", "name"])),
  after: lenient(z.string().max(1000)),
});

export interface ResultsQuery {
  tab: SearchKind | undefined;
  filters: SearchFilters;
  sort: SearchSort;
  after: string | null;
}

export function parseResultsQuery(params: URLSearchParams): ResultsQuery {
  const raw = resultsQuerySchema.parse(Object.fromEntries(params));
  const mins = [raw.min === undefined ? undefined : nairaToKobo(raw.min), raw.price?.minKobo];
  // The bucket's upper bound is exclusive; search() takes inclusive kobo.
  const maxes = [
    raw.max === undefined ? undefined : nairaToKobo(raw.max),
    raw.price?.maxKobo == null ? undefined : raw.price.maxKobo - 1,
  ];
  const minPriceKobo = maxOf(mins);
  const maxPriceKobo = minOf(maxes);
  const filters: SearchFilters = {};
  if (raw.category) filters.categorySlug = raw.category;
  if (raw.city) filters.city = raw.city;
  if (minPriceKobo !== undefined) filters.minPriceKobo = minPriceKobo;
  if (maxPriceKobo !== undefined) filters.maxPriceKobo = maxPriceKobo;
  if (raw.open) filters.openNow = true;
  return { tab: raw.tab, filters, sort: raw.sort ?? "relevance", after: raw.after ?? null };
}

function maxOf(values: Array<number | undefined>) {
  const given = values.filter((v): v is number => v !== undefined);
  return given.length ? Math.max(...given) : undefined;
}

function minOf(values: Array<number | undefined>) {
  const given = values.filter((v): v is number => v !== undefined);
  return given.length ? Math.min(...given) : undefined;
}

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

/** The path segment of a search term: /search/{term}. */
export function searchPath(term: string, base = "/search"): string {
  return `${base}/${encodeURIComponent(term)}`;
}
