import { nairaToKobo } from "#app/money.ts";
import { z } from "#app/zod.ts";
import type { SearchFilters, SearchKind, SearchSort } from "./search.server.ts";
import { ratingThresholds } from "./search-query.ts";

/**
 * The search pages' query strings, read on the server only: zod stays out of the browser
 * bundle that every page loads for the header's search box (app/search/search-query.ts).
 */

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

/** `?rating=4`: one of the rating facet's thresholds (search-query.ts), as a number. */
export const ratingParam = z
  .enum(ratingThresholds.map(String) as [string, ...string[]], {
    message: `Choose a rating of ${ratingThresholds.join(", ")} and up.`,
  })
  .transform(Number);

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
  rating: lenient(ratingParam),
  sort: lenient(z.enum(["relevance", "newest", "price-asc", "price-desc", "name", "rating"])),
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
  if (raw.rating !== undefined) filters.minRating = raw.rating;
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
