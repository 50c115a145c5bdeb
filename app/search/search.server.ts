import { type SQL, sql } from "drizzle-orm";
import { type BusinessCard, mediaUrl, type ProductCard } from "#app/catalog/catalog.server.ts";
import { lagosMoment } from "#app/catalog/opening-hours.ts";
import { type Database, type Executor, queryRows } from "#app/db/database.server.ts";
import { kobo } from "#app/money.ts";
import { priceRanges } from "./search-query.ts";

/**
 * The one search path for businesses and products (issue 5): full text over the stored,
 * weighted `search_document` columns (drizzle/0004_search.sql keeps them current with triggers)
 * OR trigram similarity on names and cities for typos, then filters, facets and keyset pages.
 *
 * Every query here is raw SQL because the search columns exist only in the database (see the
 * migration); the expressions `oja_unaccent(lower(name))` and `oja_unaccent(lower(city))` must
 * match the trigram indexes there word for word.
 *
 * Not here yet, on purpose: a rating filter/facet (there is no review data to rate with) and an
 * "open now" facet count (open now is a filter only). Vouchers and rewards tabs come with their
 * tables.
 */

export type SearchKind = "businesses" | "products";
export const searchSorts = ["relevance", "newest", "price-asc", "price-desc", "name"] as const;
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
}

export interface SearchInput<K extends SearchKind = SearchKind> {
  kind: K;
  text?: string;
  filters?: SearchFilters;
  /**
   * For businesses, the price sorts order by the cheapest active product ("from ₦…"); businesses
   * selling nothing come last.
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
export { priceRanges } from "./search-query.ts";

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

type CursorKey = { sort: SearchSort; text: string; key: string; id: string };

function encodeCursor(cursor: CursorKey): string {
  return Buffer.from(
    JSON.stringify([cursor.sort, cursor.text, cursor.key, cursor.id]),
    "utf8",
  ).toString("base64url");
}

function decodeCursor(value: string, sort: SearchSort, text: string): CursorKey {
  try {
    const parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as unknown;
    if (Array.isArray(parsed) && parsed.length === 4 && parsed[0] === sort && parsed[1] === text) {
      const [, , key, id] = parsed as unknown[];
      if (typeof key === "string" && typeof id === "string") return { sort, text, key, id };
    }
  } catch {
    // Falls through to the error below.
  }
  throw new InvalidSearchCursorError();
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

/** The searched row's document and name; `b` is always the business (itself or the seller). */
const sources: Record<SearchKind, { document: SQL; name: SQL }> = {
  businesses: { document: sql.raw("b.search_document"), name: sql.raw("b.name") },
  products: { document: sql.raw("p.search_document"), name: sql.raw("p.name") },
};

function term(word: string, prefix: boolean): SQL {
  const query = sql`plainto_tsquery('simple', oja_unaccent(${word}::text))`;
  // Appending :* to the query's own text form keeps the quoting PostgreSQL's, whatever unaccent
  // turned the word into.
  return prefix ? sql`(${query}::text || ':*')::tsquery` : query;
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
 * Every active candidate with its rank and one boolean per filter, so the items query can apply
 * them all and each facet can apply all but its own (facets show what choosing another value
 * would give).
 */
function matchedRows(plan: Plan): SQL {
  const { kind, words, filters } = plan;
  const source = sources[kind];
  const nameKey = sql`oja_unaccent(lower(${source.name}))`;
  const wordMatches = words.map((word, i) => {
    const last = i === words.length - 1;
    // A word that reads like a city ("lagso") matches that city in the document (weight D).
    // The few active cities are looked up once per word through the city trigram index, so the
    // candidates still come from the document and name indexes instead of a scan.
    const nearCities = sql`(select case when count(*) > 0 then websearch_to_tsquery('simple',
        string_agg('"' || near.city_key || '"', ' or ')) end
      from (select distinct oja_unaccent(lower(nb.city)) as city_key from businesses nb
        where nb.status = 'active'
          and oja_unaccent(lower(nb.city)) % oja_unaccent(${word}::text)) near)`;
    const alternatives = [
      sql`${source.document} @@ ${term(word, last)}`,
      sql`oja_unaccent(${word}::text) <% ${nameKey}`,
      sql`${source.document} @@ ${nearCities}`,
    ];
    return { optional: optionalWords.has(word) && words.length > 1, alternatives };
  });
  const required = wordMatches.filter((word) => !word.optional);
  const textMatch =
    required.length === 0
      ? sql`true`
      : sql.join(
          required.map((word) => sql`(${sql.join(word.alternatives, sql` or `)})`),
          sql` and `,
        );

  let rank: SQL = sql`0::float8`;
  if (words.length > 0) {
    const anyWord = sql.join(
      words.map((word, i) => term(word, i === words.length - 1)),
      sql` || `,
    );
    const phrase = words.join(" ");
    // Weighted full text (A name 1.0, B 0.4, C 0.2, D 0.1) plus how closely the name reads like
    // the query, so a name match outranks a description mention and typos still rank sensibly.
    rank = sql`(ts_rank(${source.document}, ${anyWord})::float8
      + word_similarity(oja_unaccent(${phrase}::text), ${nameKey})::float8)`;
  }

  const priceCondition = (price: SQL) => {
    const parts: SQL[] = [];
    if (filters.minPriceKobo !== undefined) parts.push(sql`${price} >= ${filters.minPriceKobo}`);
    if (filters.maxPriceKobo !== undefined) parts.push(sql`${price} <= ${filters.maxPriceKobo}`);
    return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
  };

  // A hard condition in the WHERE clause, not a facet flag: inside one business, the facets
  // count that business's products only.
  const businessOk = filters.businessId ? sql`b.id = ${filters.businessId}` : sql`true`;
  const categoryOk = filters.categorySlug ? sql`c.slug = ${filters.categorySlug}` : sql`true`;
  const cityOk = filters.city ? sql`lower(b.city) = lower(${filters.city}::text)` : sql`true`;
  const openOk = filters.openNow ? openNowCondition(sql.raw("b.hours"), plan.now) : sql`true`;
  const anyPrice = filters.minPriceKobo !== undefined || filters.maxPriceKobo !== undefined;

  if (kind === "businesses") {
    const priceOk = anyPrice
      ? sql`exists (select 1 from products fp where fp.business_id = b.id
          and fp.status = 'active' and ${priceCondition(sql.raw("fp.price_kobo"))})`
      : sql`true`;
    return sql`
      select b.id, b.slug, b.name, b.tagline, b.city, b.brand_color, b.created_at,
        b.logo_image_id, c.slug as category_slug, c.name as category_name,
        ${
          // Only the price sorts need each business's cheapest product.
          plan.sort === "price-asc" || plan.sort === "price-desc"
            ? sql`(select min(mp.price_kobo) from products mp
                where mp.business_id = b.id and mp.status = 'active')`
            : sql`null::bigint`
        } as from_price,
        ${rank} as rank,
        ${categoryOk} as category_ok, ${cityOk} as city_ok, ${priceOk} as price_ok,
        ${openOk} as open_ok
      from businesses b
      join categories c on c.id = b.category_id
      where b.status = 'active' and ${businessOk} and ${textMatch}`;
  }
  return sql`
    select p.id, p.slug, p.name, p.price_kobo, p.compare_at_kobo, p.sizes, p.stock, p.created_at,
      b.id as business_id, b.slug as business_slug, b.name as business_name, b.city,
      c.slug as category_slug, c.name as category_name, p.price_kobo as from_price,
      ${rank} as rank,
      ${categoryOk} as category_ok, ${cityOk} as city_ok,
      ${priceCondition(sql.raw("p.price_kobo"))} as price_ok, ${openOk} as open_ok
    from products p
    join businesses b on b.id = p.business_id
    join categories c on c.id = b.category_id
    where p.status = 'active' and b.status = 'active' and ${businessOk} and ${textMatch}`;
}

/**
 * The sort key as one comparable value per sort, returned as text for the cursor. Ranks are
 * rounded to numeric so the cursor round-trips exactly; names compare in the "C" collation so
 * PGlite and PostgreSQL (whose default collations can differ) page identically.
 */
function sortKey(sort: SearchSort): {
  key: SQL;
  type: "numeric" | "text" | "timestamptz" | "bigint";
  descending: boolean;
} {
  switch (sort) {
    case "relevance":
      return { key: sql.raw("round(rank::numeric, 8)"), type: "numeric", descending: true };
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
  }
}

/** What a cursor's key may look like for each key type, checked before it meets its cast. */
const cursorKeyPatterns: Record<ReturnType<typeof sortKey>["type"], RegExp> = {
  numeric: /^-?\d+(\.\d+)?$/,
  bigint: /^-?\d{1,19}$/,
  timestamptz: /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2}){0,2}|Z)?$/,
  text: /^[\s\S]*$/,
};

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
  return { categories: [], cities: [], priceRanges: [] };
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
    createdAt: new Date(row.created_at as string | Date),
  };
}

function toProductHit(row: Row): ProductHit {
  const name = row.name as string;
  return {
    id: row.id as string,
    slug: row.slug as string,
    name,
    priceKobo: kobo(Number(row.price_kobo)),
    compareAtKobo: row.compare_at_kobo == null ? null : kobo(Number(row.compare_at_kobo)),
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

async function setLimits(tx: Executor, timeoutMs: number) {
  // set_config(…, true) is SET LOCAL with bind parameters: it ends with the transaction.
  await tx.execute(sql`select
    set_config('statement_timeout', ${`${timeoutMs}ms`}, true),
    set_config('pg_trgm.word_similarity_threshold', ${String(wordSimilarityThreshold)}, true),
    set_config('pg_trgm.similarity_threshold', ${String(similarityThreshold)}, true)`);
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
  // Without words there is nothing to be relevant to: browsing shows the newest first.
  const sort: SearchSort =
    requestedSort === "relevance" && words.length === 0 ? "newest" : requestedSort;
  const limit = clampLimit(input.limit);
  const timeoutMs = checkedTimeout(options.timeoutMs);
  const cursor = input.after ? decodeCursor(input.after, requestedSort, text) : null;
  const plan: Plan = {
    kind: input.kind,
    text,
    words,
    filters: input.filters ?? {},
    sort,
    now: options.now ?? new Date(),
  };

  const matched = matchedRows(plan);
  const order = sortKey(sort);
  // A forged key would otherwise reach its cast and fail as a server error.
  if (cursor && !cursorKeyPatterns[order.type].test(cursor.key)) {
    throw new InvalidSearchCursorError();
  }
  const cast = sql.raw(order.type);
  const keyCollation = order.type === "text" ? sql.raw(` collate "C"`) : sql.raw("");
  const after = cursor
    ? order.descending
      ? sql`and (sort_key < ${cursor.key}::${cast}${keyCollation}
          or (sort_key = ${cursor.key}::${cast}${keyCollation} and id collate "C" > ${cursor.id}))`
      : sql`and (sort_key > ${cursor.key}::${cast}${keyCollation}
          or (sort_key = ${cursor.key}::${cast}${keyCollation} and id collate "C" > ${cursor.id}))`
    : sql``;
  const direction = sql.raw(order.descending ? "desc" : "asc");
  // One statement per search: the matches are worked out once (materialized) and read by the
  // page and by every facet, instead of once per query.
  const items =
    input.kind === "businesses"
      ? sql`select page.*, logo.path as logo_path from page
          left join images logo on logo.id = page.logo_image_id`
      : sql`select page.*, img.path as image_path, img.width as image_width,
            img.height as image_height
          from page
          left join product_images pi on pi.product_id = page.id and pi.position = 0
          left join images img on img.id = pi.image_id`;
  // Each price range's index in `priceRanges`, in one pass over the matches.
  const bucket = sql.join(
    [
      sql`case`,
      ...priceRanges.map(
        (range, i) =>
          sql`when from_price >= ${range.minKobo}
            ${range.maxKobo === null ? sql`` : sql`and from_price < ${range.maxKobo}`} then ${i}`,
      ),
      sql`end`,
    ],
    sql` `,
  );
  const facets = sql`
    select 'category' as facet, category_slug as value, category_name as label, count(*)::int as count
      from matched where city_ok and price_ok and open_ok group by category_slug, category_name
    union all
    select 'city', city, city, count(*)::int from matched
      where category_ok and price_ok and open_ok group by city
    ${
      input.kind === "products"
        ? sql`union all
          select 'price', bucket::text, '', count(*)::int
          from (select ${bucket} as bucket from matched
            where category_ok and city_ok and open_ok) priced
          where bucket is not null group by bucket`
        : sql``
    }`;
  const searchQuery = sql`
    with matched as materialized (${matched}),
    keyed as (
      select matched.*, ${order.key} as sort_key from matched
      where category_ok and city_ok and price_ok and open_ok
    ),
    page as (
      select keyed.*, sort_key::text as sort_key_text from keyed
      where true ${after}
      order by sort_key ${direction}, id collate "C" asc
      limit ${limit + 1}
    ),
    -- Pictures are joined for the page only, not for every match.
    items as (${items}),
    facets as (${facets})
    select
      (select coalesce(jsonb_agg(to_jsonb(items) order by items.sort_key ${direction},
        items.id collate "C" asc), '[]'::jsonb) from items) as items,
      (select coalesce(jsonb_agg(to_jsonb(facets)), '[]'::jsonb) from facets) as facets`;

  try {
    return await db.transaction(async (tx) => {
      await setLimits(tx, timeoutMs);
      if (options.beforeQueries) await options.beforeQueries(tx);
      const [result] = await queryRows<{ items: Row[]; facets: Row[] }>(tx, searchQuery);
      const rows = result?.items ?? [];
      const facetRows = result?.facets ?? [];

      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      const nextCursor =
        rows.length > limit && last
          ? encodeCursor({
              sort: requestedSort,
              text,
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

/** `%` and `_` are LIKE wildcards and `\` its escape; the typed text must match literally. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
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
  const matches = (key: SQL) =>
    short
      ? sql`${key} like oja_unaccent(${`${likeEscape(cleaned)}%`}::text)`
      : sql`((${key} like oja_unaccent(${`%${likeEscape(cleaned)}%`}::text)
          and (' ' || ${key}) like oja_unaccent(${wordPrefix}))
        or ${q} <% ${key})`;

  const businessKey = sql.raw("oja_unaccent(lower(b.name))");
  const productKey = sql.raw("oja_unaccent(lower(p.name))");
  const categoryKey = sql.raw("oja_unaccent(lower(c.name))");
  const query = sql`
    select * from (
      (select 'category' as kind, c.name as label, null as detail, '/shop/' || c.slug as href,
          c.id, ${score(categoryKey)} as score, 0 as kind_order
        from categories c where ${matches(categoryKey)}
        order by score desc, c.id collate "C" limit ${count})
      union all
      (select 'business', b.name, b.city, '/' || b.slug, b.id, ${score(businessKey)}, 1
        from businesses b where b.status = 'active' and ${matches(businessKey)}
        order by 6 desc, b.id collate "C" limit ${count})
      union all
      (select * from (
        select distinct on (oja_unaccent(lower(p.name)))
          'product' as kind, p.name as label, b.name as detail,
          '/' || b.slug || '/products/' || p.slug as href, p.id, ${score(productKey)} as score,
          2 as kind_order
        from products p join businesses b on b.id = p.business_id
        where p.status = 'active' and b.status = 'active' and ${matches(productKey)}
        order by oja_unaccent(lower(p.name)), p.id collate "C") one_per_name
       order by score desc, id collate "C" limit ${count})
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
