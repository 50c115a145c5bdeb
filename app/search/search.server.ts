import { type SQL, sql } from "drizzle-orm";
import { type BusinessCard, mediaUrl, type ProductCard } from "#app/catalog/catalog.server.ts";
import { lagosMoment } from "#app/catalog/opening-hours.ts";
import { type Database, type Executor, queryRows } from "#app/db/database.server.ts";
import { shownTrustScore } from "#app/reviews/shown-score.ts";
import { discountedPrice, discountSaleColumn } from "#app/sales/discount-price.server.ts";
import { priceRanges, ratingThresholds } from "./search-query.ts";

/**
 * The one search path for businesses and products (issue 5): full text over the stored,
 * weighted `search_document` columns (drizzle/0004_search.sql keeps them current with triggers)
 * OR trigram similarity on names and cities for typos, then filters, facets and keyset pages.
 *
 * Every query here is raw SQL because the search columns exist only in the database (see the
 * migration); the expressions `oja_unaccent(lower(name))` and `oja_unaccent(lower(city))` must
 * match the trigram indexes there word for word.
 *
 * TrustScore (decision 053) is a filter, a facet and a sort for businesses, read from the key
 * kept on write (`businesses.search_rating`, drizzle/0036); for products it filters by the
 * seller's score. Not here, on purpose: an "open now" facet count (open now is a filter only).
 */

export type SearchKind = "businesses" | "products";
export const searchSorts = [
  "relevance",
  "newest",
  "price-asc",
  "price-desc",
  "name",
  "rating",
] as const;
export type SearchSort = (typeof searchSorts)[number];

export interface SearchFilters {
  /** Only this business (its own products, or itself): search inside one catalogue, /b/{id}/…. */
  businessId?: string;
  categorySlug?: string;
  city?: string;
  /** Inclusive bounds in kobo. For businesses: has an active product priced in the range. */
  minPriceKobo?: number;
  maxPriceKobo?: number;
  /**
   * Open at this moment in Lagos. Evaluated in SQL against `hours`, with the Lagos weekday and
   * "HH:MM" computed in JS (Intl, so no dependency on the database's time-zone data). A span whose
   * closing time is not after its opening time runs past midnight. For products it is the
   * business that must be open.
   */
  openNow?: boolean;
  /**
   * TrustScore at least this as shown (one decimal: 3.96 shows 4.0 and is "4★ and up"), one of
   * `ratingThresholds`. For products: sold by a business rated so.
   */
  minRating?: number;
}

export interface SearchInput<K extends SearchKind = SearchKind> {
  kind: K;
  text?: string;
  filters?: SearchFilters;
  /**
   * For businesses, the price sorts order by the cheapest active product ("from ₦…"); businesses
   * selling nothing come last. "rating" (Top rated) orders businesses by TrustScore, those
   * without reviews last; products have no score of their own and keep their default order.
   */
  sort?: SearchSort;
  after?: string | null;
  limit?: number;
}

export interface SearchOptions {
  /**
   * Time limit per statement of the search, in milliseconds (default 2,000), via
   * `statement_timeout`. PostgreSQL enforces it; PGlite 0.5 accepts the setting but never fires it
   * (no timer interrupts a running WebAssembly statement), so embedded installs run unlimited.
   */
  timeoutMs?: number;
  /** The moment "open now" is judged at (default: now). */
  now?: Date;
  /**
   * Tests only: runs inside the search transaction after the time limit is set, before the
   * search queries, so a test can spend the budget (e.g. `select pg_sleep(1)`).
   */
  beforeQueries?: (tx: Executor) => Promise<unknown>;
}

export type BusinessHit = BusinessCard & { createdAt: Date };

export type ProductHit = ProductCard & {
  category: { slug: string; name: string };
  createdAt: Date;
};

export interface PriceRangeFacet {
  label: string;
  minKobo: number;
  /** Exclusive; null for the open-ended top range. */
  maxKobo: number | null;
  count: number;
}

export interface SearchFacets {
  categories: Array<{ slug: string; name: string; count: number }>;
  cities: Array<{ name: string; count: number }>;
  /** Products only; always empty for businesses. */
  priceRanges: PriceRangeFacet[];
  /**
   * Businesses only (empty for products): how many are rated at least each of
   * `ratingThresholds`, highest first, every other filter applied.
   */
  ratings: Array<{ minRating: number; count: number }>;
}

export interface SearchResult<K extends SearchKind = SearchKind> {
  items: Array<K extends "businesses" ? BusinessHit : ProductHit>;
  nextCursor: string | null;
  facets: SearchFacets;
  /** The search ran out of time; items and facets are empty. Show `searchTimedOutMessage`. */
  timedOut?: boolean;
  /** The cleaned-up text that was searched for ("" when browsing). */
  text: string;
}

// Shown by the result screens in the browser, so it lives in a module the client may import.
export { searchTimedOutMessage } from "./search-query.ts";

export const defaultSearchTimeoutMs = 2_000;
export const defaultSearchLimit = 24;
export const maxSearchLimit = 48;
export const maxSearchTextLength = 100;

/** Thrown for a cursor that is malformed or belongs to another sort; answer 400 and restart. */
export class InvalidSearchCursorError extends Error {
  constructor() {
    super("This page of results has expired; please search again.");
    this.name = "InvalidSearchCursorError";
  }
}

// The buckets are labelled in the browser too, so they live in a module the client may import.
export { priceRanges, ratingThresholds } from "./search-query.ts";

// Trigram thresholds set per search so both engines use the same ones whatever their defaults.
// 0.5 lets "spaa" match the word "spa" (3 of its 5 trigrams); 0.3 lets "lagso" match "Lagos".
const wordSimilarityThreshold = 0.5;
const similarityThreshold = 0.3;
const maxWords = 8;

/**
 * Words that need not match: "spa in lagos" should not require "in" to appear anywhere. They
 * still count towards the rank.
 */
const optionalWords = new Set([
  "a",
  "an",
  "and",
  "at",
  "by",
  "for",
  "from",
  "in",
  "near",
  "of",
  "on",
  "the",
  "to",
  "with",
]);

/** Trim, collapse whitespace, cap at 100 characters (no half surrogate pair at the end). */
export function cleanSearchText(text: string | null | undefined): string {
  const collapsed = (text ?? "").replace(/\s+/gu, " ").trim();
  return Array.from(collapsed).slice(0, maxSearchTextLength).join("").trim();
}

/** Letters and digits only: what reaches to_tsquery can never be query syntax. */
function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, maxWords);
}

// ---------------------------------------------------------------------------------------------
// Cursors

/**
 * `inStock`: every order puts what can be bought before what sold out (issue 15), so a page
 * ends either among the products in stock or among the sold-out ones.
 */
type CursorKey = {
  kind: SearchKind;
  sort: SearchSort;
  text: string;
  inStock: boolean;
  key: string;
  id: string;
};

function encodeCursor(cursor: CursorKey): string {
  return Buffer.from(
    JSON.stringify([cursor.kind, cursor.sort, cursor.text, cursor.inStock, cursor.key, cursor.id]),
    "utf8",
  ).toString("base64url");
}

function parseCursor(value: string): unknown[] | null {
  try {
    const parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as unknown;
    return Array.isArray(parsed) && parsed.length === 6 ? parsed : null;
  } catch {
    return null;
  }
}

function decodeCursor(value: string, kind: SearchKind, sort: SearchSort, text: string): CursorKey {
  const parsed = parseCursor(value);
  if (parsed && parsed[0] === kind && parsed[1] === sort && parsed[2] === text) {
    const [, , , inStock, key, id] = parsed;
    if (typeof inStock === "boolean" && typeof key === "string" && typeof id === "string") {
      return { kind, sort, text, inStock, key, id };
    }
  }
  throw new InvalidSearchCursorError();
}

/**
 * The kind of results a cursor pages through, so a later page of a screen with several tabs
 * knows which one the first page showed without searching again; null for a malformed cursor.
 */
export function cursorKind(value: string): SearchKind | null {
  const kind = parseCursor(value)?.[0];
  return kind === "businesses" || kind === "products" ? kind : null;
}

// ---------------------------------------------------------------------------------------------
// Open now (the rule of app/catalog/opening-hours.ts, in SQL)

function openNowCondition(hours: SQL, now: Date): SQL {
  const { day, previousDay, time } = lagosMoment(now);
  // "HH:MM" strings compare correctly byte-wise; collate "C" keeps both engines identical.
  return sql`(exists (
      select 1 from jsonb_array_elements(${hours} -> ${day}::text) span
      where ${time}::text collate "C" >= (span ->> 0) collate "C"
        and (${time}::text collate "C" < (span ->> 1) collate "C"
             or (span ->> 1) collate "C" <= (span ->> 0) collate "C")
    ) or exists (
      select 1 from jsonb_array_elements(${hours} -> ${previousDay}::text) span
      where (span ->> 1) collate "C" <= (span ->> 0) collate "C"
        and ${time}::text collate "C" < (span ->> 1) collate "C"
    ))`;
}

// ---------------------------------------------------------------------------------------------
// The query

/** The searched row's table, document and name; `b` is always the business (itself or the seller). */
const sources: Record<SearchKind, { table: SQL; document: SQL; name: SQL }> = {
  businesses: {
    table: sql.raw("businesses"),
    document: sql.raw("b.search_document"),
    name: sql.raw("b.name"),
  },
  products: {
    table: sql.raw("products"),
    document: sql.raw("p.search_document"),
    name: sql.raw("p.name"),
  },
};

/** A product's own name as words: the expression of products_name_words_idx (drizzle/0023). */
const productNameWords = sql.raw(`to_tsvector('simple', oja_unaccent(coalesce(p.name, '')))`);

function term(word: string, prefix: boolean): SQL {
  const query = sql`plainto_tsquery('simple', oja_unaccent(${word}::text))`;
  // Appending :* to the query's own text form keeps the quoting PostgreSQL's, whatever unaccent
  // turned the word into.
  return prefix ? sql`(${query}::text || ':*')::tsquery` : query;
}

/**
 * A word with two neighbouring letters swapped back ("facail" → "facial", "lagso" → "lagos").
 * Trigrams forgive a missing or doubled letter but not a swap in a short word: it breaks three
 * of its trigrams ("facail" and "facial" share 3 of 11). Words of five letters or more only:
 * shorter ones have too many real neighbours.
 */
function transpositions(word: string): string[] {
  const letters = Array.from(word);
  if (letters.length < 5 || !/^\p{L}+$/u.test(word)) return [];
  const swapped = new Set<string>();
  for (let i = 0; i < letters.length - 1; i++) {
    const copy = [...letters];
    [copy[i], copy[i + 1]] = [copy[i + 1] as string, copy[i] as string];
    swapped.add(copy.join(""));
  }
  swapped.delete(word);
  return [...swapped];
}

interface Plan {
  kind: SearchKind;
  text: string;
  words: string[];
  filters: SearchFilters;
  sort: SearchSort;
  now: Date;
}

/**
 * Where a row's business keys are read: from the business itself, or from the copies on the
 * product (drizzle/0012_product_search_keys.sql), so a product search needs no join to its
 * business except for "open now", which reads the business's hours.
 */
const businessKeys: Record<SearchKind, { id: SQL; categoryId: SQL; city: SQL }> = {
  businesses: {
    id: sql.raw("b.id"),
    categoryId: sql.raw("b.category_id"),
    city: sql.raw("b.city"),
  },
  products: {
    id: sql.raw("p.business_id"),
    categoryId: sql.raw("p.search_category_id"),
    city: sql.raw("p.search_city"),
  },
};

/**
 * A TrustScore key at least `minRating` as shown: to one decimal, rounded half up, as
 * `formatTrustScore` shows it (3.95 shows 4.0). Written over `coalesce(key, -1)`, the expression
 * of businesses_rating_idx (drizzle/0036), so the range is read from the index; a business
 * without reviews (NULL) is never rated.
 */
function ratedAtLeast(key: SQL, minRating: number): SQL {
  return sql`coalesce(${key}, -1) >= ${minRating - 0.05}::float8`;
}

/**
 * The filters as SQL, one condition each, over `b` (businesses) or `p` (products; `b` is its
 * business, joined only when "open now" is asked).
 */
function conditions(plan: Plan) {
  const { filters } = plan;
  const keys = businessKeys[plan.kind];
  const priceBetween = (price: SQL) => {
    const parts: SQL[] = [];
    if (filters.minPriceKobo !== undefined) parts.push(sql`${price} >= ${filters.minPriceKobo}`);
    if (filters.maxPriceKobo !== undefined) parts.push(sql`${price} <= ${filters.maxPriceKobo}`);
    return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
  };
  const anyPrice = filters.minPriceKobo !== undefined || filters.maxPriceKobo !== undefined;
  return {
    // A hard condition, not a facet flag: inside one business, the facets count that business's
    // products only.
    business: filters.businessId ? sql`${keys.id} = ${filters.businessId}` : sql`true`,
    category: filters.categorySlug
      ? sql`${keys.categoryId} in (select fc.id from categories fc where fc.slug = ${filters.categorySlug})`
      : sql`true`,
    city: filters.city ? sql`lower(${keys.city}) = lower(${filters.city}::text)` : sql`true`,
    open: filters.openNow ? openNowCondition(sql.raw("b.hours"), plan.now) : sql`true`,
    rating:
      filters.minRating === undefined
        ? sql`true`
        : plan.kind === "businesses"
          ? ratedAtLeast(sql.raw("b.search_rating"), filters.minRating)
          : // The seller's score: one look-up by key per match, only when the filter is asked.
            sql`exists (select 1 from businesses rb where rb.id = p.business_id
              and ${ratedAtLeast(sql.raw("rb.search_rating"), filters.minRating)})`,
    price:
      plan.kind === "products"
        ? priceBetween(sql.raw("p.price_kobo"))
        : anyPrice
          ? // A business qualifies by any active product in the range (products_business_price_idx).
            sql`exists (select 1 from products fp where fp.business_id = b.id
              and fp.status = 'active' and ${priceBetween(sql.raw("fp.price_kobo"))})`
          : sql`true`,
  };
}

/** What the database knows of a word before the search: see `lookUpWords`. */
interface WordLookup {
  /** Unaccented, lower-case cities of active businesses that read like the word ("lagso"). */
  cities: string[];
  /** Some document has the word (as a prefix when it is the last), so no swapped letters. */
  known: boolean;
  /**
   * The words of the products' documents (search_words) that read like the word, closest first
   * (at most `maxSimilarWords`): a product whose name has one of them matches ("masage" finds
   * names with "massage"), and a business selling such a product does.
   */
  similar: string[];
  /**
   * For a word no document has (a typo): the words of the products' documents it could be, those
   * that find at least half as many products as the best of them ("spaa" → spa, spas, not
   * spark). Searched as words of their own, and they count in the rank like the word.
   */
  corrections: string[];
  /** Categories whose name has the word (as a prefix) or a correction. */
  categoryIds: string[];
  /**
   * Products only: active businesses whose name has the word or a correction (whole words), or
   * null when there are too many to list (then none counts).
   */
  businessIds: string[] | null;
  /**
   * Businesses only: the distinct names of products that have the word, a correction, or a word
   * that reads like it, so a business is found by what it sells ("jolof" finds the kitchens
   * selling jollof rice); null when there are too many to list.
   */
  soldNames: string[] | null;
}

/**
 * A match on a category's or business's name adds this to the rank: more than a product name
 * that only reads like the word or starts like it ever gets from its name's similarity and its
 * text rank together ("spa" in "Tecno Spark": 0.75 + 0.67), so the spas' services come first.
 */
const contextBoost = 1.5;
/** A business found by the products it sells adds this to its rank. */
const soldBoost = 0.5;
const maxContextIds = 2_000;
const maxCorrections = 6;
/** The trigram similarity a correction must reach: "spaa" and "spa" share 3 of 6 trigrams. */
const correctionSimilarity = 0.3;
/**
 * A correction's products are counted up to this many: past it, a reading is simply common,
 * and two common readings both stay ("half as many as the best").
 */
const maxCorrectionHits = 1_000;
/**
 * The words that read like a searched word, closest first: "spa" reads like a hundred words
 * (spar, spark, spatula…), and past the closest few dozen they only add weak matches.
 */
const maxSimilarWords = 64;

/** More names than this are not listed (a business's "sells it" boost is then left out). */
const maxListedNames = 500;

/** `%` and `_` are LIKE wildcards and `\` its escape; the typed text must match literally. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A word that stands for itself in a search: every word of a one-word search, and the words of
 * a longer one that are not optional ("in", "the"…: they never have to match).
 */
function isRequired(plan: Plan, word: string): boolean {
  return !(optionalWords.has(word) && plan.words.length > 1);
}

/**
 * Looks each word up once, before the search statement, so that statement carries the answers
 * as constants: the planner then plans each alternative with real numbers (a city subquery of
 * unknown outcome made it filter all 10,000 businesses instead of using the indexes) and leaves
 * out the ones that cannot match. The cities of active businesses are the few keys of
 * search_business_counts: a look at a few dozen rows. Whether a word is known and what reads like
 * it are asked of the distinct words (search_words, drizzle/0022_search_words.sql), tens of
 * thousands of short keys, not of the names or the documents.
 */
async function lookUpWords(tx: Executor, plan: Plan): Promise<WordLookup[]> {
  if (plan.words.length === 0) return [];
  const source = sources[plan.kind];
  const asked = plan.words.flatMap((word, i) => (isRequired(plan, word) ? [{ word, i }] : []));
  const lookups = plan.words.map(() => ({ ...emptyLookup }));
  if (asked.length === 0) return lookups;
  const columns = asked.map(({ word, i }) => {
    const last = i === plan.words.length - 1;
    const w = sql`oja_unaccent(${word}::text)`;
    // The last word is a prefix: a range of the "C"-collated primary key.
    const inWords = last
      ? sql`exists (select 1 from search_words k where k.word like ${w} || '%')`
      : sql`exists (select 1 from search_words k where k.word = ${w})`;
    // The documents are asked only when search_words has not the word (exists sub-selects run
    // only when reached): a word of a draft product, or no word at all (a typo, which the
    // index answers at once). A business search asks the businesses' documents alone, as
    // before: a word no business has ("barber", where they say "barbers") is looked up for
    // corrections even when products have it.
    const inDocuments = sql`exists (select 1 from ${source.table} known
      where known.search_document @@ ${term(word, last)})`;
    const known = plan.kind === "products" ? sql`(${inWords} or ${inDocuments})` : inDocuments;
    return sql`(select coalesce(jsonb_agg(distinct oja_unaccent(lower(k.city))), '[]'::jsonb)
        from search_business_counts k
        where oja_unaccent(lower(k.city)) % ${w}) as ${sql.raw(`cities_${i}`)},
      ${known} as ${sql.raw(`known_${i}`)},
      (select coalesce(jsonb_agg(alike.word order by alike.closeness desc, alike.word), '[]'::jsonb)
        from (select k.word, word_similarity(${w}, k.word) as closeness from search_words k
          where ${w} <% k.word
          order by closeness desc, k.word limit ${maxSimilarWords}) alike) as ${sql.raw(`similar_${i}`)}`;
  });
  const [row] = await queryRows<Row>(tx, sql`select ${sql.join(columns, sql`, `)}`);
  for (const { i } of asked) {
    lookups[i] = {
      ...emptyLookup,
      cities: (row?.[`cities_${i}`] as string[] | undefined) ?? [],
      known: row?.[`known_${i}`] !== false,
      similar: (row?.[`similar_${i}`] as string[] | undefined) ?? [],
    };
  }
  await lookUpContext(tx, plan, lookups);
  return lookups;
}

/**
 * What a typo could be, and which categories, businesses and product names each word (or its
 * correction) names: a second look-up, since corrections need the first one's `known`.
 * Candidates are the words of the products' documents close to the typo (search_words' trigram
 * index), each with how many products have it, kept with the word: a correction costs one
 * index look-up, only for words no document has.
 */
async function lookUpContext(tx: Executor, plan: Plan, lookups: WordLookup[]): Promise<void> {
  const unknown = plan.words.flatMap((word, i) =>
    lookups[i]?.known === false && Array.from(word).length >= 3 ? [{ word, i }] : [],
  );
  if (unknown.length > 0) {
    const columns = unknown.map(({ word, i }) => {
      const w = sql`oja_unaccent(${word}::text)`;
      // Two letters swapped back are a reading too ("facail" → facial): trigrams can't see it
      // (3 of 11 shared), and as a reading it counts in the rank like the word.
      const swaps = transpositions(word);
      const swapped =
        swaps.length > 0
          ? sql`union select k.word, least(k.products, ${maxCorrectionHits}) from search_words k
              where k.word in (${sql.join(
                swaps.map((swap) => sql`oja_unaccent(${swap}::text)`),
                sql`, `,
              )})`
          : sql``;
      return sql`(select coalesce(jsonb_agg(jsonb_build_array(candidate.word, candidate.hits)), '[]'::jsonb)
          from ((select k.word, least(k.products, ${maxCorrectionHits}) as hits from search_words k
            where k.word % ${w} and k.word <> ${w} and similarity(k.word, ${w}) >= ${correctionSimilarity}
            order by similarity(k.word, ${w}) desc, k.word limit ${maxCorrections}) ${swapped}) candidate
        ) as ${sql.raw(`corrections_${i}`)}`;
    });
    const [row] = await queryRows<Row>(tx, sql`select ${sql.join(columns, sql`, `)}`);
    for (const { i } of unknown) {
      const found = ((row?.[`corrections_${i}`] as Array<[string, number]> | undefined) ?? [])
        .map(([word, hits]) => ({ word, hits: Number(hits) }))
        .filter((candidate) => candidate.hits > 0);
      const best = Math.max(0, ...found.map((candidate) => candidate.hits));
      // "Much more": a reading that finds under half of what the best finds is not offered.
      (lookups[i] as WordLookup).corrections = found
        .filter((candidate) => candidate.hits * 2 >= best)
        .map((candidate) => candidate.word)
        .sort();
    }
  }

  const asked = plan.words.flatMap((word, i) => (isRequired(plan, word) ? [{ word, i }] : []));
  if (asked.length === 0) return;
  const columns = asked.map(({ word, i }) => {
    const lookup = lookups[i] as WordLookup;
    const last = i === plan.words.length - 1;
    const exact = [word, ...lookup.corrections];
    const anyExact = sql.join(
      exact.map((one) => sql`plainto_tsquery('simple', oja_unaccent(${one}::text))`),
      sql` || `,
    );
    // Categories are a handful, so a prefix is fine there ("spa" → "Spas & Wellness").
    const categoryIds = sql`(select coalesce(jsonb_agg(c.id), '[]'::jsonb) from categories c
      where to_tsvector('simple', oja_unaccent(c.name)) @@ (${term(word, last)} || ${anyExact}))`;
    // Whole words for businesses: "spa" must not boost the products of Spark Electronics. The
    // LIKE is what the trigram index answers; the tsvector then checks whole words.
    const likeAny = sql.join(
      exact.map(
        (one) => sql`oja_unaccent(lower(b.name)) like '%' || oja_unaccent(${one}::text) || '%'`,
      ),
      sql` or `,
    );
    const businessIds =
      plan.kind === "products"
        ? sql`(select case when count(*) <= ${maxContextIds}
              then coalesce(jsonb_agg(b.id), '[]'::jsonb) end from businesses b
            where b.status = 'active' and (${likeAny})
              and to_tsvector('simple', oja_unaccent(b.name)) @@ (${anyExact}))`
        : sql`null::jsonb`;
    // The names with the word, a correction or a word that reads like it, through the names'
    // words index (drizzle/0022); one past the limit is enough to know there are too many.
    const soldNames =
      plan.kind === "businesses"
        ? sql`(select case when count(*) <= ${maxListedNames}
              then coalesce(jsonb_agg(listed.name_key), '[]'::jsonb) end
            from (select n.name_key from search_product_names n
              where to_tsvector('simple', n.name_key) @@ (${term(word, last)} || ${anyExact}${
                lookup.similar.length > 0 ? sql` || ${wordsQuery(lookup.similar)}` : sql``
              })
              limit ${maxListedNames + 1}) listed)`
        : sql`null::jsonb`;
    return sql`${categoryIds} as ${sql.raw(`categories_${i}`)},
      ${businessIds} as ${sql.raw(`businesses_${i}`)},
      ${soldNames} as ${sql.raw(`sold_${i}`)}`;
  });
  const [row] = await queryRows<Row>(tx, sql`select ${sql.join(columns, sql`, `)}`);
  for (const { i } of asked) {
    const lookup = lookups[i] as WordLookup;
    lookup.categoryIds = (row?.[`categories_${i}`] as string[] | undefined) ?? [];
    lookup.businessIds = (row?.[`businesses_${i}`] as string[] | null | undefined) ?? null;
    lookup.soldNames = (row?.[`sold_${i}`] as string[] | null | undefined) ?? null;
  }
}

const emptyLookup: WordLookup = {
  cities: [],
  known: true,
  similar: [],
  corrections: [],
  categoryIds: [],
  businessIds: null,
  soldNames: null,
};

/**
 * Words of search_words (lexemes as the documents hold them) as one tsquery, any of them.
 * Quoted the way tsquery's input quotes a lexeme, so nothing in a word is query syntax.
 */
function wordsQuery(words: string[]): SQL {
  const text = words
    .map((word) => `'${word.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`)
    .join(" | ");
  return sql`${text}::tsquery`;
}

function correctionQuery(corrections: string[]): SQL {
  return sql.join(
    corrections.map((word) => sql`plainto_tsquery('simple', ${word}::text)`),
    sql` || `,
  );
}

/**
 * Many values as one array parameter (`= any(…)`): one bind value to parse and plan instead of
 * one per value (planning "kitchen"'s 432 product names, listed twice, took ~5 ms). Still a
 * constant when planned, so PostgreSQL hashes it to test each row.
 */
function textArray(values: string[]): SQL {
  const quoted = values.map(
    (value) => `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`,
  );
  return sql`${`{${quoted.join(",")}}`}::text[]`;
}

/**
 * The businesses with an active product of one of these names, one index look-up per name
 * (products_name_key_idx). Joined to the names rather than `= any(names)`: PostgreSQL estimates
 * an `any` list element by element, ~5 ms of planning for "kitchen"'s 432 names.
 */
function sellers(names: string[]): SQL {
  return sql`select sp.business_id from products sp
    join unnest(${textArray(names)}) as sold(name_key) on oja_unaccent(lower(sp.name)) = sold.name_key
    where sp.status = 'active'`;
}

/**
 * What a row gets for naming the words where a shopper means them (issue 15): for each required
 * word, `contextBoost` when the row's category or business is named by it (or by its correction),
 * and for a business `soldBoost` when it sells products named by it; averaged over the words. So
 * "spaa" puts the spas and their services above phones named Spark, whose names only read like it.
 */
function contextRank(plan: Plan, lookups: WordLookup[]): SQL {
  const required = plan.words.flatMap((word, i) =>
    isRequired(plan, word) ? [lookups[i] ?? emptyLookup] : [],
  );
  if (required.length === 0) return sql`0::float8`;
  const keys = businessKeys[plan.kind];
  const parts = required.map((lookup) => {
    const named: SQL[] = [];
    if (lookup.categoryIds.length > 0)
      named.push(sql`${keys.categoryId} = any(${textArray(lookup.categoryIds)})`);
    if (plan.kind === "products" && lookup.businessIds && lookup.businessIds.length > 0) {
      named.push(sql`${keys.id} = any(${textArray(lookup.businessIds)})`);
    }
    const boost =
      named.length === 0
        ? sql`0`
        : sql`case when ${sql.join(named, sql` or `)} then ${contextBoost}::float8 else 0 end`;
    if (plan.kind === "businesses" && lookup.soldNames && lookup.soldNames.length > 0) {
      return sql`(${boost} + case when b.id in (${sellers(lookup.soldNames)})
        then ${soldBoost}::float8 else 0 end)`;
    }
    return boost;
  });
  return sql`((${sql.join(parts, sql` + `)}) / ${required.length}::float8)`;
}

/** Every word must match (by the document, the name's trigrams or a city's); the rank of a row. */
function textMatch(plan: Plan, lookups: WordLookup[]): { match: SQL; textRank: SQL } {
  const { kind, words } = plan;
  const source = sources[kind];
  const nameKey = sql`oja_unaccent(lower(${source.name}))`;
  const required = words.flatMap((word, i) => {
    if (!isRequired(plan, word)) return [];
    const last = i === words.length - 1;
    const lookup = lookups[i] ?? emptyLookup;
    // Everything a word may be found by in the document, as one tsquery: one pass over the
    // documents' index, whatever the number of readings.
    const readings = [term(word, last)];
    if (lookup.corrections.length > 0) readings.push(correctionQuery(lookup.corrections));
    // A word the document's own term already finds ("hair" itself, "hair-colour" for "hair",
    // whose parts the documents hold as words too) adds nothing, and a weight makes the index
    // recheck every match's document (33,000 for "hair" at 300,000 products).
    const similar = lookup.similar.filter(
      (one) =>
        !one
          .split(/[^\p{L}\p{N}]+/u)
          .some((part) => (last ? part.startsWith(word) : part === word)),
    );
    if (lookup.cities.length > 0) {
      // A word that reads like a city ("lagso") matches that city in the document (weight D).
      const cities = lookup.cities.map((city) => `"${city.replaceAll('"', " ")}"`).join(" or ");
      readings.push(sql`websearch_to_tsquery('simple', ${cities}::text)`);
    }
    const swaps = transpositions(word);
    if (swaps.length > 0 && !lookup.known) {
      // Only for a word that no document has, so "trial" never finds "trail".
      readings.push(
        ...swaps.map((swap) => sql`plainto_tsquery('simple', oja_unaccent(${swap}::text))`),
      );
    }
    const alternatives = [sql`${source.document} @@ (${sql.join(readings, sql` || `)})`];
    if (kind === "products" && similar.length > 0) {
      // A product whose own name has a word that reads like this one ("masage" → massage): the
      // names' words index of drizzle/0023, the weight-A part of the document without its
      // weight. Asked of the document as weight-A lexemes, every match's document was read
      // again on the heap to check the weight.
      alternatives.push(sql`${productNameWords} @@ ${wordsQuery(similar)}`);
    }
    if (kind === "businesses" && lookup.soldNames && lookup.soldNames.length > 0) {
      // A business that sells it: its active products of those names (products_name_key_idx).
      // As an array, not `in (select …)`: an index condition on the businesses' key, so the
      // alternatives stay one bitmap of index look-ups (a sub-select there is a filter, and it
      // made PostgreSQL read all 10,000 active businesses to apply it).
      alternatives.push(sql`b.id = any(array(${sellers(lookup.soldNames)}))`);
    }
    if (kind === "businesses") {
      // Written the way the trigram index answers it (`%>`, the commutator of `<%`): given the
      // other form, PostgreSQL commutes it for the index but can't tell the index already
      // checked it, so it checked every match's name again (~2 µs a row, 6 ms for "lagso").
      alternatives.push(sql`${nameKey} %> oja_unaccent(${word}::text)`);
    }
    return [sql`(${sql.join(alternatives, sql` or `)})`];
  });
  const match = required.length === 0 ? sql`true` : sql.join(required, sql` and `);
  const anyWord = sql.join(
    words.flatMap((word, i) => {
      const corrections = lookups[i]?.corrections ?? [];
      return [
        term(word, i === words.length - 1),
        ...(corrections.length > 0 ? [correctionQuery(corrections)] : []),
      ];
    }),
    sql` || `,
  );
  // The rank is the weighted full text (A name 1.0, B 0.4, C 0.2, D 0.1) plus, for a name that
  // reads like the query, how closely (word_similarity, worked out for the ranked candidates in
  // rankedKeys), so a name match outranks a description mention and typos still rank sensibly.
  return { match, textRank: sql`ts_rank(${source.document}, ${anyWord})::float8` };
}

/**
 * Every active match, narrow: its id, what the facets group by, its sort column, one boolean per
 * filter (the page applies them all, each facet all but its own) and, for relevance, the
 * document's rank and the name key that word_similarity reads later, once per distinct name.
 * Display columns are joined for the page only.
 */
function matchedRows(plan: Plan, lookups: WordLookup[]): SQL {
  const { kind, sort } = plan;
  const where = conditions(plan);
  const match = plan.words.length > 0 ? textMatch(plan, lookups).match : sql`true`;
  const source = sources[kind];
  const relevance = sort === "relevance";
  const nameKey =
    kind === "products" ? sql.raw("p.search_name_key") : sql`oja_unaccent(lower(b.name))`;
  const context = relevance && plan.words.length > 0 ? contextRank(plan, lookups) : sql`0::float8`;
  // The text rank reads every match's document (~40 ms over "rice"'s 3,765 products on a busy
  // machine), so it is worked out for the ranked candidates only (searchStatement); how many of
  // the words the name has (or a typo's corrections) is one of what picks them when there are
  // more than `maxRanked`.
  const nameHits =
    relevance && plan.words.length > 0
      ? sql.join(
          plan.words.map((word, i) => {
            const spellings = [word, ...(lookups[i]?.corrections ?? [])].map(
              (one) => sql`${nameKey} like '%' || oja_unaccent(${one}::text) || '%'`,
            );
            return sql`(case when ${sql.join(spellings, sql` or `)} then 1 else 0 end)`;
          }),
          sql` + `,
        )
      : sql`0`;
  const sortColumns = sql`${nameHits} as name_hits,
    ${context} as context_rank,
    ${sort === "name" ? source.name : sql`null::text`} as name`;
  const flags = sql`${where.category} as category_ok, ${where.city} as city_ok,
    ${where.price} as price_ok, ${where.open} as open_ok, ${where.rating} as rating_ok`;

  if (kind === "businesses") {
    return sql`
      select b.id, true as in_stock, b.category_id, b.city, b.created_at,
        -- Its cheapest active product, kept by the triggers of drizzle/0021_search_sort_keys.sql.
        b.search_from_price as from_price,
        -- Its TrustScore, kept on write (drizzle/0036, app/reviews/trust-keys.server.ts).
        b.search_rating as rating,
        ${sortColumns}, ${flags}
      from businesses b
      where b.status = 'active' and ${where.business} and ${match}`;
  }
  return sql`
    select p.id, p.stock > 0 as in_stock, p.search_category_id as category_id,
      p.search_city as city, p.created_at,
      p.price_kobo as from_price, null::float8 as rating, ${sortColumns}, ${flags}
    from products p
    ${plan.filters.openNow ? sql`join businesses b on b.id = p.business_id` : sql``}
    where p.status = 'active' and p.search_business_active and ${where.business} and ${match}`;
}

interface SortKey {
  key: SQL;
  type: "float8" | "text" | "timestamptz" | "bigint";
  descending: boolean;
}

/**
 * The sort key over a matched row, returned as text for the cursor. Ranks are rounded so the
 * cursor round-trips exactly; names compare in the "C" collation so PGlite and PostgreSQL
 * (whose default collations can differ) page identically.
 */
function sortKey(sort: SearchSort): SortKey {
  switch (sort) {
    case "relevance":
      // `name_similarity` is word_similarity(text, name_key) for a name that reads like the
      // text, joined in per distinct name (null for the other names). The rank is rounded to 8
      // decimals, as a whole number of 1e-8, so an engine's last-bit difference in ts_rank
      // cannot reorder results and the cursor round-trips exactly; in float8, because casting
      // every match's rank to numeric costs ~1 µs a row.
      return {
        key: sql.raw("round((text_rank + context_rank + coalesce(name_similarity, 0)) * 1e8)"),
        type: "float8",
        descending: true,
      };
    // Plain columns, not computed numbers: working out a numeric key for every match cost
    // most of a browse (bench/README.md). A timestamptz's text keeps its microseconds and its
    // offset, so the cursor still round-trips exactly.
    case "newest":
      return { key: sql.raw("created_at"), type: "timestamptz", descending: true };
    case "price-asc":
      // Businesses selling nothing sort after every price.
      return {
        key: sql.raw("coalesce(from_price, 9223372036854775807)"),
        type: "bigint",
        descending: false,
      };
    case "price-desc":
      return { key: sql.raw("coalesce(from_price, -1)"), type: "bigint", descending: true };
    case "name":
      return {
        key: sql.raw(`(oja_unaccent(lower(name)) || ' ' || name) collate "C"`),
        type: "text",
        descending: false,
      };
    case "rating":
      // Businesses without reviews after every score, as the price sorts put those selling
      // nothing last.
      return { key: sql.raw("coalesce(rating, -1)"), type: "float8", descending: true };
  }
}

/**
 * The same keys over the tables themselves, for a browse read in index order: each expression
 * matches an index (drizzle/0007, drizzle/0011) word for word and gives the same value and text
 * as `sortKey` over the matches, so cursors are the same whichever way a page was read. Null
 * where no index serves the sort (relevance).
 */
function tableSortKey(kind: SearchKind, sort: SearchSort): SortKey | null {
  const row = kind === "products" ? "p" : "b";
  switch (sort) {
    case "newest":
      return { key: sql.raw(`${row}.created_at`), type: "timestamptz", descending: true };
    case "name":
      return {
        key: sql.raw(`(oja_unaccent(lower(${row}.name)) || ' ' || ${row}.name) collate "C"`),
        type: "text",
        descending: false,
      };
    case "price-asc":
    case "price-desc":
      if (kind === "products") {
        return { key: sql.raw("p.price_kobo"), type: "bigint", descending: sort === "price-desc" };
      }
      // A business's cheapest active product, kept on write (drizzle/0021_search_sort_keys.sql);
      // the same coalesce as `sortKey`, so businesses selling nothing come last either way.
      return sort === "price-asc"
        ? {
            key: sql.raw("coalesce(b.search_from_price, 9223372036854775807)"),
            type: "bigint",
            descending: false,
          }
        : { key: sql.raw("coalesce(b.search_from_price, -1)"), type: "bigint", descending: true };
    case "rating":
      // businesses_rating_idx (drizzle/0036); products never sort by rating (see `search`).
      return kind === "businesses"
        ? { key: sql.raw("coalesce(b.search_rating, -1)"), type: "float8", descending: true }
        : null;
    case "relevance":
      return null;
  }
}

/** What a cursor's key may look like for each key type, checked before it meets its cast. */
const cursorKeyPatterns: Record<SortKey["type"], RegExp> = {
  // Whole numbers (a rounded rank) or a TrustScore as PostgreSQL prints a float8 ("4.25", "-1").
  float8: /^-?\d{1,17}(\.\d{1,17})?(e[+-]?\d{1,3})?$/,
  bigint: /^-?\d{1,19}$/,
  timestamptz: /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2}){0,2}|Z)?$/,
  text: /^[\s\S]*$/,
};

/** Rows after the cursor in the order `in stock first, key direction, id collate "C"`. */
function afterCursor(
  order: SortKey,
  inStock: SQL,
  key: SQL,
  id: SQL,
  cursor: CursorKey | null,
): SQL {
  if (!cursor) return sql``;
  const cast = sql.raw(order.type);
  const collation = order.type === "text" ? sql.raw(` collate "C"`) : sql.raw("");
  const value = sql`${cursor.key}::${cast}${collation}`;
  const stock = sql`${cursor.inStock}::boolean`;
  const after = order.descending
    ? sql`(${key} < ${value} or (${key} = ${value} and ${id} collate "C" > ${cursor.id}))`
    : sql`(${key} > ${value} or (${key} = ${value} and ${id} collate "C" > ${cursor.id}))`;
  return sql`and (${inStock} < ${stock} or (${inStock} = ${stock} and ${after}))`;
}

/**
 * How a price filter meets the buckets of `priceRanges`: the buckets it covers whole (their kept
 * counts apply as they are) and the inclusive kobo ranges it cuts out of the others (counted
 * live). Without a filter every bucket is covered.
 */
function bucketCoverage(filters: SearchFilters) {
  const min = filters.minPriceKobo ?? Number.NEGATIVE_INFINITY;
  const max = filters.maxPriceKobo ?? Number.POSITIVE_INFINITY;
  const covered: number[] = [];
  const partial: Array<{ from: number; to: number | null }> = [];
  priceRanges.forEach((range, i) => {
    const last = range.maxKobo === null ? Number.POSITIVE_INFINITY : range.maxKobo - 1;
    const from = Math.max(range.minKobo, min);
    const to = Math.min(last, max);
    if (from > to) return;
    if (from === range.minKobo && to === last) covered.push(i);
    else partial.push({ from, to: Number.isFinite(to) ? to : null });
  });
  return { covered, partial };
}

/**
 * Facet counts of a browse (no words, no "open now", not inside one business) from the counts
 * the triggers of drizzle/0011_search_facet_counts.sql keep: a few dozen rows instead of every
 * match. A price filter that cuts a bucket counts just that cut live, through the price index.
 * Null when the search needs its matches counted.
 */
function countedFacets(plan: Plan): SQL | null {
  const { kind, filters } = plan;
  if (plan.words.length > 0 || filters.openNow || filters.businessId) return null;
  // The kept product counts know nothing of the sellers' scores.
  if (kind === "products" && filters.minRating !== undefined) return null;
  const category = filters.categorySlug ? sql`c.slug = ${filters.categorySlug}` : sql`true`;
  const city = filters.city ? sql`lower(k.city) = lower(${filters.city}::text)` : sql`true`;
  if (kind === "businesses") {
    if (filters.minPriceKobo !== undefined || filters.maxPriceKobo !== undefined) return null;
    const where = conditions(plan);
    const ratings = ratingFacetCounts(sql`${where.category} and ${where.city}`);
    if (filters.minRating !== undefined) {
      // The kept counts know no scores either: the businesses rated so are counted live, a
      // range of businesses_rating_idx (which carries their category and city).
      const rated = sql`businesses b join categories c on c.id = b.category_id
        where b.status = 'active' and ${where.rating}`;
      return sql`
        select 'category' as facet, c.slug as value, c.name as label, count(*)::int as count
          from ${rated} and ${where.city} group by c.slug, c.name
        union all
        select 'city', b.city, b.city, count(*)::int from ${rated} and ${where.category}
          group by b.city
        union all ${ratings}`;
    }
    const counts = sql`search_business_counts k join categories c on c.id = k.category_id`;
    return sql`
      select 'category' as facet, c.slug as value, c.name as label, sum(k.count)::int as count
        from ${counts} where ${city} group by c.slug, c.name
      union all
      select 'city', k.city, k.city, sum(k.count)::int from ${counts}
        where ${category} group by k.city
      union all ${ratings}`;
  }
  const { covered, partial } = bucketCoverage(filters);
  const keptRows = sql`select category_id, city, count from search_product_counts
    where ${
      covered.length > 0
        ? sql`price_bucket in (${sql.join(
            covered.map((i) => sql`${i}`),
            sql`, `,
          )})`
        : sql`false`
    }`;
  const cuts = partial.map(({ from, to }) =>
    to === null ? sql`p.price_kobo >= ${from}` : sql`p.price_kobo between ${from} and ${to}`,
  );
  // The category and city facets apply the price filter; the price facet does not, so it reads
  // the kept counts alone.
  const priced =
    cuts.length === 0
      ? keptRows
      : sql`${keptRows}
        union all
        select p.search_category_id, p.search_city, count(*)::int from products p
          where p.status = 'active' and p.search_business_active
            and (${sql.join(cuts, sql` or `)})
          group by p.search_category_id, p.search_city`;
  const inPrice = sql`priced k join categories c on c.id = k.category_id`;
  const counts = sql`search_product_counts k join categories c on c.id = k.category_id`;
  return sql`
    with priced as materialized (${priced})
    select 'category' as facet, c.slug as value, c.name as label, sum(k.count)::int as count
      from ${inPrice} where ${city} group by c.slug, c.name
    union all
    select 'city', k.city, k.city, sum(k.count)::int from ${inPrice}
      where ${category} group by k.city
    union all
    select 'price', k.price_bucket::text, '', sum(k.count)::int from ${counts}
      where ${category} and ${city} group by k.price_bucket`;
}

/**
 * The rating facet of a browse: how many active businesses (passing `others`, over `b`) are rated
 * at least each threshold, each a range of businesses_rating_idx.
 */
function ratingFacetCounts(others: SQL): SQL {
  return sql.join(
    ratingThresholds.map(
      (minRating) => sql`select 'rating', ${String(minRating)}::text, '', (
          select count(*)::int from businesses b
          where b.status = 'active' and ${ratedAtLeast(sql.raw("b.search_rating"), minRating)}
            and ${others})`,
    ),
    sql` union all `,
  );
}

/** The display columns of a page of ids (`page`: id, in_stock, sort_key, sort_key_text). */
function pageItems(kind: SearchKind): SQL {
  if (kind === "businesses") {
    // The review figures give the card its TrustScore, worked out exactly for the moment of
    // the search (the key above may be a day old): one join, no query per card.
    return sql`select page.in_stock, page.sort_key, page.sort_key_text, b.id, b.slug, b.name,
        b.tagline, b.city,
        b.brand_color, b.created_at, c.slug as category_slug, c.name as category_name,
        logo.path as logo_path, rs.review_count, rs.weight_sum, rs.weighted_stars
      from page
      join businesses b on b.id = page.id
      join categories c on c.id = b.category_id
      left join images logo on logo.id = b.logo_image_id
      left join review_stats rs on rs.business_id = b.id`;
  }
  // A live discount sale's price is shown, as on every card (decision 055); the price sort and
  // filter stay on the usual price, which the search's keys are built from.
  const sale = discountSaleColumn(sql.raw("p.id"), sql.raw("p.business_id"));
  return sql`select page.in_stock, page.sort_key, page.sort_key_text, p.id, p.slug, p.name,
      p.price_kobo, ${sale} as discount_sale,
      p.compare_at_kobo, p.sizes, p.stock, p.created_at, b.id as business_id,
      b.slug as business_slug, b.name as business_name, b.city, c.slug as category_slug,
      c.name as category_name, img.path as image_path, img.width as image_width,
      img.height as image_height
    from page
    join products p on p.id = page.id
    join businesses b on b.id = p.business_id
    join categories c on c.id = b.category_id
    left join product_images pi on pi.product_id = p.id and pi.position = 0
    left join images img on img.id = pi.image_id`;
}

/**
 * At most this many matches of a relevance search get the full rank (decision 034): the text
 * rank reads each one's document, and the name's similarity to the text is worked out for them
 * only. Chosen in stock first, then by the context of decision 022 (known without the document),
 * the number of words (or corrections) in the name, newest, id; the others follow them by their
 * context, then id. A search with fewer matches ranks them all, exactly as before.
 */
export const maxRanked = 500;

/**
 * `page` for relevance: the page after the cursor in the order of `sortKey("relevance")`. The
 * others than the candidates take -100 for their text rank and no name similarity: below every
 * candidate (a rank is a few units at most), in a key that is still a function of the row and
 * the search, so keyset pages stay exact. Every candidate therefore comes before every other
 * match (the candidates are the first in stock, and an in-stock match outside them means 500
 * in stock before it), so a page is read from the candidates, and from the others only when
 * the candidates after the cursor don't fill it: a first page sorts 500 rows, not every match.
 */
function rankedPage(
  plan: Plan,
  lookups: WordLookup[],
  cursor: CursorKey | null,
  limit: number,
): SQL {
  const { textRank } = textMatch(plan, lookups);
  const products = plan.kind === "products";
  const table = sql.raw(products ? "products p on p.id" : "businesses b on b.id");
  const nameKey = sql.raw(products ? "p.search_name_key" : "oja_unaccent(lower(b.name))");
  // Only a name that reads like the text (word_similarity at least the threshold of `<%`, 0.5)
  // adds its similarity; below it a name does not read like the query.
  const readsLike = sql`oja_unaccent(${plan.words.join(" ")}::text)`;
  const order = sortKey("relevance");
  const after = afterCursor(order, sql.raw("in_stock"), sql.raw("sort_key"), sql.raw("id"), cursor);
  const pageOf = (rows: SQL) => sql`
      select id, in_stock, sort_key from ${rows}
      where true ${after}
      order by in_stock desc, sort_key desc, id collate "C" asc
      limit ${limit + 1}`;
  // The matches that pass every filter, read where needed rather than copied into a CTE of
  // their own (referenced twice, it would be materialized: every match copied once more).
  const matches = sql`(select id, in_stock, created_at, name_hits, context_rank from matched
      where category_ok and city_ok and price_ok and open_ok and rating_ok) matches`;
  return sql`candidates as materialized (
      select top.id, top.in_stock, top.context_rank, ${textRank} as text_rank,
        case when ${readsLike} <% ${nameKey}
          then word_similarity(${readsLike}, ${nameKey})::float8 end as name_similarity
      from (
        select id, in_stock, context_rank from ${matches}
        order by in_stock desc, context_rank desc, name_hits desc, created_at desc,
          id collate "C" asc
        limit ${maxRanked}
      ) top join ${table} = top.id
    ),
    candidate_page as materialized (${pageOf(sql`(select id, in_stock, ${order.key} as sort_key from candidates) ranked`)}),
    other_page as (${pageOf(sql`(
        select id, in_stock, round((-100 + context_rank) * 1e8) as sort_key from ${matches}
        where (select count(*) from candidate_page) <= ${limit}
          and id not in (select id from candidates)) others`)}),
    page as (
      select id, in_stock, sort_key, sort_key::text as sort_key_text from (
        select * from candidate_page union all select * from other_page) both_pages
      order by in_stock desc, sort_key desc, id collate "C" asc
      limit ${limit + 1}
    ),`;
}

/**
 * The one statement of a search: the page and the facets, as two JSON values.
 *
 * A browse whose facets are counted ahead (countedFacets) and whose sort an index serves reads
 * its page straight from that index: ~25 rows whatever the catalogue's size. Anything else works
 * out its matches once (materialized, narrow) and reads them for the page and every facet.
 */
function searchStatement(
  plan: Plan,
  lookups: WordLookup[],
  cursor: CursorKey | null,
  limit: number,
): SQL {
  const { kind } = plan;
  const counted = countedFacets(plan);
  const indexed = counted ? tableSortKey(kind, plan.sort) : null;
  if (counted && indexed) {
    const where = conditions(plan);
    const direction = sql.raw(indexed.descending ? "desc" : "asc");
    const id = sql.raw(kind === "products" ? "p.id" : "b.id");
    // Served by the in-stock-first indexes of drizzle/0013 (products; a business never sells out).
    const inStock = sql.raw(kind === "products" ? "(p.stock > 0)" : "true");
    const from =
      kind === "products"
        ? sql`products p where p.status = 'active' and p.search_business_active`
        : sql`businesses b where b.status = 'active'`;
    return sql`
      with page as (
        select ${id} as id, ${inStock} as in_stock, ${indexed.key} as sort_key,
          ${indexed.key}::text as sort_key_text
        from ${from} and ${where.category} and ${where.city} and ${where.price}
          and ${where.rating}
          ${afterCursor(indexed, inStock, indexed.key, id, cursor)}
        order by ${kind === "products" ? sql`${inStock} desc, ` : sql``}${indexed.key} ${direction},
          ${id} collate "C" asc
        limit ${limit + 1}
      ),
      items as (${pageItems(kind)}),
      facets as (${counted})
      ${selectResult(direction)}`;
  }

  const order = sortKey(plan.sort);
  const direction = sql.raw(order.descending ? "desc" : "asc");
  const relevance = plan.sort === "relevance";
  const products = kind === "products";
  return sql`
    with matched as materialized (${matchedRows(plan, lookups)}),
    -- Every facet in one pass, each counting the matches that pass every filter but its own;
    -- grouped first on all the keys at once (one hash table, not one per facet).
    counted as materialized (
      select category_id, city, ${products ? sql`bucket` : sql`null::smallint`} as bucket,
        grouping(category_id) as no_category,
        grouping(city) as no_city,
        coalesce(sum(n) filter (where city_ok and price_ok and open_ok and rating_ok), 0)::int
          as for_category,
        coalesce(sum(n) filter (where category_ok and price_ok and open_ok and rating_ok), 0)::int
          as for_city,
        coalesce(sum(n) filter (where category_ok and city_ok and open_ok and rating_ok), 0)::int
          as for_price
      from (
        select category_id, city, ${products ? sql`oja_price_bucket(from_price)` : sql`null::smallint`} as bucket,
          category_ok, city_ok, price_ok, open_ok, rating_ok, count(*) as n
        from matched group by 1, 2, 3, 4, 5, 6, 7, 8
      ) m
      group by grouping sets ((category_id), (city)${products ? sql`, (bucket)` : sql``})
    ),
    ${
      relevance
        ? rankedPage(plan, lookups, cursor, limit)
        : sql`page as (
      select id, in_stock, sort_key, sort_key::text as sort_key_text from (
        select matched.id, matched.in_stock, ${order.key} as sort_key from matched
        where category_ok and city_ok and price_ok and open_ok and rating_ok) keyed
      where true ${afterCursor(order, sql.raw("in_stock"), sql.raw("sort_key"), sql.raw("id"), cursor)}
      order by in_stock desc, sort_key ${direction}, id collate "C" asc
      limit ${limit + 1}
    ),`
    }
    items as (${pageItems(kind)}),
    facets as (
      select 'category' as facet, c.slug as value, c.name as label, f.for_category as count
        from counted f join categories c on c.id = f.category_id
        where f.no_category = 0 and f.for_category > 0
      union all
      select 'city', city, city, for_city from counted where no_city = 0 and for_city > 0
      union all
      select 'price', bucket::text, '', for_price from counted
        where no_category = 1 and no_city = 1 and for_price > 0
      ${
        products
          ? sql``
          : sql`union all
      -- How many of the matches passing every other filter are rated at least each threshold.
      select 'rating', t.value, '', count(m.id)::int
        from (values ${sql.join(
          ratingThresholds.map(
            (minRating) => sql`(${String(minRating)}::text, ${minRating - 0.05}::float8)`,
          ),
          sql`, `,
        )}) t(value, least_key)
        left join matched m on coalesce(m.rating, -1) >= t.least_key
          and m.category_ok and m.city_ok and m.price_ok and m.open_ok
        group by t.value`
      }
    )
    ${selectResult(direction)}`;
}

function selectResult(direction: SQL): SQL {
  return sql`select
      (select coalesce(jsonb_agg(to_jsonb(items) order by items.in_stock desc,
        items.sort_key ${direction},
        items.id collate "C" asc), '[]'::jsonb) from items) as items,
      (select coalesce(jsonb_agg(to_jsonb(facets)), '[]'::jsonb) from facets) as facets`;
}

type Row = Record<string, unknown>;

function isTimeout(error: unknown): boolean {
  // Drizzle wraps driver errors; the SQLSTATE sits on the cause (node-postgres and PGlite alike).
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === "57014") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Code-unit order, the same everywhere (localeCompare would depend on the machine's ICU). */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function emptyFacets(): SearchFacets {
  return { categories: [], cities: [], priceRanges: [], ratings: [] };
}

function toBusinessHit(row: Row): BusinessHit {
  return {
    id: row.id as string,
    slug: row.slug as string,
    name: row.name as string,
    tagline: row.tagline as string,
    city: row.city as string,
    brandColor: row.brand_color as string,
    logoUrl: row.logo_path ? mediaUrl(row.logo_path as string) : null,
    category: { slug: row.category_slug as string, name: row.category_name as string },
    trustScore: shownTrustScore({
      reviewCount: row.review_count == null ? null : Number(row.review_count),
      weightSum: row.weight_sum == null ? null : Number(row.weight_sum),
      weightedStars: row.weighted_stars == null ? null : Number(row.weighted_stars),
    }),
    createdAt: new Date(row.created_at as string | Date),
  };
}

function toProductHit(row: Row): ProductHit {
  const name = row.name as string;
  const { priceKobo, compareAtKobo, sale } = discountedPrice(
    {
      priceKobo: row.price_kobo as number | string,
      compareAtKobo: (row.compare_at_kobo ?? null) as number | string | null,
    },
    row.discount_sale,
  );
  return {
    id: row.id as string,
    slug: row.slug as string,
    name,
    priceKobo,
    compareAtKobo,
    saleEnds: sale?.endsLabel ?? null,
    sizes: row.sizes as string[],
    inStock: Number(row.stock) > 0,
    image: row.image_path
      ? {
          url: mediaUrl(row.image_path as string),
          width: Number(row.image_width ?? 800),
          height: Number(row.image_height ?? 800),
          alt: name,
        }
      : null,
    business: {
      id: row.business_id as string,
      slug: row.business_slug as string,
      name: row.business_name as string,
      city: row.city as string,
    },
    category: { slug: row.category_slug as string, name: row.category_name as string },
    createdAt: new Date(row.created_at as string | Date),
  };
}

async function setLimits(tx: Executor, timeoutMs: number, indexedReads = false) {
  // set_config(…, true) is SET LOCAL with bind parameters: it ends with the transaction.
  // Parallel workers cost more than they save on a search's reads (they start in ~ms on a busy
  // machine), and PGlite has none: one plan shape on both engines.
  // work_mem 16 MB: the facets group every match, and PostgreSQL, guessing a group per match,
  // sorted 33,000 matches ("hair", 300,000 products: 28 ms) rather than hash them in a table
  // that would not fit the default 4 MB; the real groups are a few dozen.
  // JIT off: with seq scans priced out (below) any plan that still holds one costs ~1e10, far
  // over jit_above_cost, and PostgreSQL spent ~130 ms compiling a statement that runs in 1 ms.
  // indexedReads (search()): its statements are built to be read through indexes, but the
  // planner prices the trigram and text operators as cheap as an equality and guesses that a
  // word it has no statistics for is in 1 row of 300, so it would rather filter a whole table
  // ('masage' known? 94 ms reading 100,000 products; 'spa' over 10,000 businesses ~50 ms
  // instead of ~6 ms through the indexes).
  await tx.execute(sql`select
    set_config('statement_timeout', ${`${timeoutMs}ms`}, true),
    set_config('pg_trgm.word_similarity_threshold', ${String(wordSimilarityThreshold)}, true),
    set_config('pg_trgm.similarity_threshold', ${String(similarityThreshold)}, true),
    set_config('max_parallel_workers_per_gather', '0', true),
    set_config('jit', 'off', true),
    set_config('work_mem', '16MB', true)
    ${indexedReads ? sql`, set_config('enable_seqscan', 'off', true)` : sql``}`);
}

function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return defaultSearchLimit;
  return Math.min(maxSearchLimit, Math.max(1, Math.floor(limit)));
}

function checkedTimeout(timeoutMs: number | undefined): number {
  const value = timeoutMs ?? defaultSearchTimeoutMs;
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(`timeoutMs must be a positive whole number, got ${value}`);
  }
  return value;
}

export async function search<K extends SearchKind>(
  db: Database,
  input: SearchInput<K>,
  options: SearchOptions = {},
): Promise<SearchResult<K>> {
  // Kinds and sorts usually come from a URL: refuse anything else rather than build odd SQL.
  if (!Object.hasOwn(sources, input.kind))
    throw new RangeError(`unknown search kind ${input.kind}`);
  if (input.sort && !searchSorts.includes(input.sort)) {
    throw new RangeError(`unknown search sort ${input.sort}`);
  }
  const text = cleanSearchText(input.text);
  const words = searchWords(text);
  const requestedSort = input.sort ?? "relevance";
  // Without words there is nothing to be relevant to: browsing shows the newest first. A product
  // has no TrustScore of its own: "Top rated" (chosen on the businesses' tab, kept by the link
  // to the products' tab) leaves products in their default order.
  const chosen: SearchSort =
    requestedSort === "rating" && input.kind === "products" ? "relevance" : requestedSort;
  const sort: SearchSort = chosen === "relevance" && words.length === 0 ? "newest" : chosen;
  const limit = clampLimit(input.limit);
  const timeoutMs = checkedTimeout(options.timeoutMs);
  const cursor = input.after ? decodeCursor(input.after, input.kind, requestedSort, text) : null;
  // A forged key would otherwise reach its cast and fail as a server error.
  if (cursor && !cursorKeyPatterns[sortKey(sort).type].test(cursor.key)) {
    throw new InvalidSearchCursorError();
  }
  const plan: Plan = {
    kind: input.kind,
    text,
    words,
    filters: input.filters ?? {},
    sort,
    now: options.now ?? new Date(),
  };

  try {
    return await db.transaction(async (tx) => {
      await setLimits(tx, timeoutMs, true);
      if (options.beforeQueries) await options.beforeQueries(tx);
      const lookups = await lookUpWords(tx, plan);
      const [result] = await queryRows<{ items: Row[]; facets: Row[] }>(
        tx,
        searchStatement(plan, lookups, cursor, limit),
      );
      const rows = result?.items ?? [];
      const facetRows = result?.facets ?? [];

      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      const nextCursor =
        rows.length > limit && last
          ? encodeCursor({
              kind: input.kind,
              sort: requestedSort,
              text,
              inStock: last.in_stock !== false,
              key: last.sort_key_text as string,
              id: last.id as string,
            })
          : null;

      const facets: SearchFacets = {
        categories: facetRows
          .filter((row) => row.facet === "category")
          .map((row) => ({
            slug: row.value as string,
            name: row.label as string,
            count: Number(row.count),
          }))
          .sort((a, b) => b.count - a.count || compareText(a.slug, b.slug)),
        cities: facetRows
          .filter((row) => row.facet === "city")
          .map((row) => ({ name: row.value as string, count: Number(row.count) }))
          .sort((a, b) => b.count - a.count || compareText(a.name, b.name)),
        priceRanges: facetRows
          .filter((row) => row.facet === "price" && Number(row.count) > 0)
          .map((row) => ({
            ...(priceRanges[Number(row.value)] as Omit<PriceRangeFacet, "count">),
            count: Number(row.count),
          }))
          .sort((a, b) => a.minKobo - b.minKobo),
        ratings: facetRows
          .filter((row) => row.facet === "rating")
          .map((row) => ({ minRating: Number(row.value), count: Number(row.count) }))
          .sort((a, b) => b.minRating - a.minRating),
      };

      const items = page.map((row) =>
        input.kind === "businesses" ? toBusinessHit(row) : toProductHit(row),
      ) as SearchResult<K>["items"];
      return { items, nextCursor, facets, text };
    });
  } catch (error) {
    if (isTimeout(error)) {
      return { items: [], nextCursor: null, facets: emptyFacets(), timedOut: true, text };
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Suggestions

export interface Suggestion {
  kind: "category" | "business" | "product";
  label: string;
  /** A second line: the city of a business, the business selling a product. */
  detail: string | null;
  href: string;
}

/**
 * Header autocomplete: names that have a word starting with the typed text (strongest), then
 * names that read like it (trigram, for typos), across categories, businesses and products.
 * One suggestion per product name, so ten shops selling "Jollof Rice & Chicken" take one line.
 */
export async function suggest(
  db: Database,
  text: string,
  limit = 8,
  options: Pick<SearchOptions, "timeoutMs"> = {},
): Promise<Suggestion[]> {
  const cleaned = cleanSearchText(text).toLowerCase();
  if (!cleaned) return [];
  const count = Math.min(20, Math.max(1, Math.floor(limit)));
  const timeoutMs = checkedTimeout(options.timeoutMs ?? 1_000);
  const q = sql`oja_unaccent(${cleaned}::text)`;
  // " " + name so the prefix may start any word; the trigram index serves this LIKE.
  const wordPrefix = sql`('% ' || ${likeEscape(cleaned)}::text || '%')`;
  const score = (key: SQL) =>
    sql`(case when ${key} like oja_unaccent(${`${likeEscape(cleaned)}%`}::text) then 3
      when (' ' || ${key}) like oja_unaccent(${wordPrefix}) then 2 else 0 end
      + word_similarity(${q}, ${key}))::numeric(12, 8)`;
  // The plain substring LIKE is what the trigram index answers; the word-start LIKE then
  // rechecks those few rows. One or two letters make no trigram, so they match the start of
  // the name only, through the prefix indexes of drizzle/0008_name_prefix_indexes.sql.
  const short = cleaned.length < 3;
  const startsWord = (key: SQL) =>
    short
      ? sql`${key} like oja_unaccent(${`${likeEscape(cleaned)}%`}::text)`
      : sql`(${key} like oja_unaccent(${`%${likeEscape(cleaned)}%`}::text)
          and (' ' || ${key}) like oja_unaccent(${wordPrefix}))`;
  // A name that only reads like the text (typos) scores its similarity alone, under 1, and a
  // name with a word starting with the text at least 2: the ones that read like it are looked
  // for only when fewer than `count` of a kind start a word. "bar" starts words of 822
  // businesses and 822 product names, and reads like 4,744 names ("(bag)", "tuber"): scoring
  // and looking up a product for each of those cost ~240 ms, for suggestions never shown.
  const readsLike = (key: SQL) => (short ? sql`false` : sql`${q} <% ${key}`);
  // Two letters swapped back ("facail" → facial), which trigrams can't see, as search does.
  const swaps = transpositions(cleaned);

  const businessKey = sql.raw("oja_unaccent(lower(b.name))");
  const nameKey = sql.raw("n.name_key");
  const categoryKey = sql.raw("oja_unaccent(lower(c.name))");
  // A product name is offered by the first of its active products (in id order) whose business
  // is active: the names are matched in search_product_names, a few rows, instead of in every
  // product (drizzle/0011_search_facet_counts.sql).
  const firstProduct = (name: SQL) => sql`
      select p.id, p.name, p.slug, b.name as business_name, b.slug as business_slug
      from products p join businesses b on b.id = p.business_id
      where oja_unaccent(lower(p.name)) = ${name} and p.status = 'active' and b.status = 'active'
      order by p.id collate "C" limit 1`;
  const query = sql`
    with
    -- Each business's key worked out once (unaccent is most of a row's cost), then scored.
    business_words as materialized (
      select b.id, b.name, b.city, b.slug, ${businessKey} as key from businesses b
      where b.status = 'active' and ${startsWord(businessKey)}),
    business_matches as (
      select id, name, city, slug, key from business_words
      union all
      select b.id, b.name, b.city, b.slug, ${businessKey} from businesses b
      where (select count(*) from business_words) < ${count}
        and b.status = 'active' and ${readsLike(businessKey)}
        and b.id not in (select id from business_words)),
    name_words as materialized (
      select n.name_key from search_product_names n where ${startsWord(nameKey)}),
    -- Enough names starting a word that have a product to show, or also those reading like it.
    enough_names as (
      select count(*) >= ${count} as enough from (
        select 1 from name_words w where exists (${firstProduct(sql.raw("w.name_key"))})
        limit ${count}) shown),
    -- A name reads like the text when one of its words does (search_words, drizzle/0022): the
    -- words are a few thousand short keys, and each name scores its closest word's similarity,
    -- so the names ("massage" is in 2,177) need no trigram work of their own.
    alike_words as (
      (select k.word, word_similarity(${q}, k.word) as closeness from search_words k
        where not (select enough from enough_names) and ${readsLike(sql.raw("k.word"))}
        order by closeness desc, k.word limit ${maxSimilarWords})
      ${
        swaps.length > 0
          ? sql`union
            select k.word, word_similarity(${q}, k.word) from search_words k
            where not (select enough from enough_names) and k.word in (${sql.join(
              swaps.map((swap) => sql`oja_unaccent(${swap}::text)`),
              sql`, `,
            )})`
          : sql``
      }),
    name_matches as (
      select name_key, ${score(sql.raw("name_key"))} as score from name_words
      union all
      select n.name_key, max(a.closeness)::numeric(12, 8) from alike_words a
        join search_product_names n on to_tsvector('simple', n.name_key)
          @@ ('''' || replace(a.word, '''', '''''') || '''')::tsquery
      where n.name_key not in (select name_key from name_words)
      group by n.name_key),
    -- The best names first, then a product for each of a few times as many as are shown
    -- (a name may have none): a product is looked up for ~32 names, not every match.
    best_names as (
      select name_key, score from name_matches
      order by score desc, name_key collate "C" limit ${count * 4})
    select * from (
      (select 'category' as kind, c.name as label, null as detail, '/shop/' || c.slug as href,
          c.id, ${score(categoryKey)} as score, 0 as kind_order
        from categories c where ${startsWord(categoryKey)} or ${readsLike(categoryKey)}
        order by score desc, c.id collate "C" limit ${count})
      union all
      (select 'business', m.name, m.city, '/' || m.slug, m.id, ${score(sql.raw("m.key"))}, 1
        from business_matches m
        order by 6 desc, m.id collate "C" limit ${count})
      union all
      (select 'product', first.name, first.business_name,
          '/' || first.business_slug || '/products/' || first.slug, first.id, names.score, 2
        from best_names names
        cross join lateral (${firstProduct(sql.raw("names.name_key"))}) first
        order by names.score desc, first.id collate "C" limit ${count})
    ) suggestions
    order by score desc, kind_order, label collate "C", id collate "C"
    limit ${count}`;

  try {
    return await db.transaction(async (tx) => {
      await setLimits(tx, timeoutMs);
      const rows = await queryRows<Row>(tx, query);
      return rows.map((row) => ({
        kind: row.kind as Suggestion["kind"],
        label: row.label as string,
        detail: (row.detail as string | null) ?? null,
        href: row.href as string,
      }));
    });
  } catch (error) {
    // Autocomplete is a nicety: out of time means no suggestions, not an error page.
    if (isTimeout(error)) return [];
    throw error;
  }
}
