import { clsx } from "clsx";
import { Check, Clock, SearchX, X } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useLocation, useSubmit } from "react-router";
import { useHydrated } from "#app/hooks/use-hydrated.ts";
import { formatNaira, nairaToKobo } from "#app/money.ts";
import type { BusinessHit, ProductHit, SearchResult } from "#app/search/search.server.ts";
import {
  priceBucketParam,
  priceRanges,
  ratingLabel,
  searchTimedOutMessage,
  sortOptions,
  withQuery,
} from "#app/search/search-query.ts";
import { BusinessCard } from "./business-card.tsx";
import { ProductCard } from "./product-card.tsx";
import { ButtonLink, buttonClass } from "./ui/button.tsx";
import { EmptyState } from "./ui/empty-state.tsx";
import { NextPageLink } from "./ui/next-page-link.tsx";

/**
 * The one results screen behind /search/{id}, /businesses/search/{id} and /b/{id}/{search}:
 * tabs, facet links with counts, the sort, the items and "Show more". Every control is a link
 * or a GET form, so it all works before JavaScript loads and every state has its own URL.
 */

export type FacetGroup = "category" | "city" | "price" | "open" | "rating";

export interface SearchResultsProps {
  heading: ReactNode;
  /** Under the heading, e.g. the business searched in. */
  intro?: ReactNode;
  kind: "products" | "businesses";
  /** Offer the Products / Businesses / Vouchers tabs (global search only). */
  tabs?: boolean;
  result: SearchResult | null;
  /** A stale or forged `?after=` cursor: its message, with a link back to the first page. */
  cursorError: string | null;
  facets: readonly FacetGroup[];
  /** Where a product of the results opens. */
  productHref: (product: ProductHit) => string;
  /** What to offer when nothing matched. */
  emptyHint?: ReactNode;
}

const resultTabs = {
  products: "Products",
  businesses: "Businesses",
  vouchers: "Vouchers",
} as const;

/**
 * The global search's tabs (/search/{id}): products, businesses and vouchers of one term, each a
 * link that keeps the term and the filters and starts again at the first page; then the term's
 * rewards, which live in the reward shop's own search (its filters aren't these).
 */
export function ResultTabs({ current }: { current: keyof typeof resultTabs }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  // The term's segment as the address has it (already encoded): /search/{id} → the shop's search.
  const rewardsHref = location.pathname.replace(/^\/search\//i, "/rewardShop/search/");
  return (
    <nav aria-label="Result types" className="mt-5 border-b border-line">
      <ul className="-mb-px flex overflow-x-auto sm:gap-1">
        {(Object.keys(resultTabs) as Array<keyof typeof resultTabs>).map((tab) => (
          <li key={tab}>
            <Link
              to={withQuery(params, { tab })}
              aria-current={tab === current ? "page" : undefined}
              className={clsx(
                "inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-semibold whitespace-nowrap sm:px-4",
                tab === current
                  ? "border-brand text-brand"
                  : "border-transparent text-ink-muted hover:text-ink",
              )}
            >
              {resultTabs[tab]}
            </Link>
          </li>
        ))}
        <li>
          <Link
            to={rewardsHref}
            className="inline-flex min-h-11 items-center border-b-2 border-transparent px-3 text-sm font-semibold whitespace-nowrap text-ink-muted hover:text-ink sm:px-4"
          >
            Rewards
          </Link>
        </li>
      </ul>
    </nav>
  );
}

export function SearchResults(props: SearchResultsProps) {
  const { kind, result, cursorError, tabs } = props;
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const active = activeFilters(params);
  const items = result?.items ?? [];

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">
        {props.heading}
      </h1>
      {props.intro ? <div className="mt-1 text-ink-muted">{props.intro}</div> : null}

      {tabs ? <ResultTabs current={kind} /> : null}

      <div className="mt-5 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8">
        <Filters {...props} params={params} active={active} />

        <section aria-labelledby="results-title" className="mt-5 min-w-0 lg:mt-0">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="results-title" className="text-sm font-medium text-ink-muted">
              {kind === "products" ? "Products" : "Businesses"}
            </h2>
            <SortForm params={params} kind={kind} />
          </div>

          {cursorError ? (
            <div role="alert" className="mt-4">
              <EmptyState
                icon={SearchX}
                title={cursorError}
                action={
                  <ButtonLink to={`${location.pathname}${withQuery(params, {})}`}>
                    Back to the first page
                  </ButtonLink>
                }
              />
            </div>
          ) : result?.timedOut ? (
            <div role="alert" className="mt-4">
              <EmptyState icon={Clock} title="Search timed out">
                {searchTimedOutMessage}
              </EmptyState>
            </div>
          ) : items.length === 0 ? (
            <div className="mt-4">
              <EmptyState
                icon={SearchX}
                title={
                  active.length > 0 ? "Nothing matches these filters" : "No matches for your search"
                }
                action={
                  active.length > 0 ? (
                    <ButtonLink to={`${location.pathname}${clearFilters(params)}`}>
                      Clear all filters
                    </ButtonLink>
                  ) : (
                    <ButtonLink to="/b" variant="secondary">
                      Browse businesses
                    </ButtonLink>
                  )
                }
              >
                {props.emptyHint}
              </EmptyState>
            </div>
          ) : kind === "products" ? (
            <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
              {(items as ProductHit[]).map((product, index) => (
                <li key={product.id}>
                  <ProductCard
                    product={product}
                    href={props.productHref(product)}
                    eager={index === 0 && !params.has("after")}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
              {(items as BusinessHit[]).map((business) => (
                <li key={business.id}>
                  <BusinessCard business={business} />
                </li>
              ))}
            </ul>
          )}
          <NextPageLink cursor={result?.nextCursor ?? null} />
        </section>
      </div>
    </div>
  );
}

/** The filters the query string holds, as removable chips. */
function activeFilters(params: URLSearchParams) {
  const chips: Array<{ label: string; remove: Record<string, null> }> = [];
  const min = params.get("min");
  const max = params.get("max");
  if (min || max) {
    const money = (naira: string) => formatAmount(naira);
    chips.push({
      label:
        min && max
          ? `${money(min)} – ${money(max)}`
          : min
            ? `From ${money(min)}`
            : `Up to ${money(max ?? "")}`,
      remove: { min: null, max: null },
    });
  }
  if (params.get("open")) chips.push({ label: "Open now", remove: { open: null } });
  const rating = Number(params.get("rating"));
  if (rating > 0) chips.push({ label: ratingLabel(rating), remove: { rating: null } });
  return chips.concat(
    ["category", "city", "price"]
      .filter((name) => params.get(name))
      .map((name) => ({ label: params.get(name) ?? "", remove: { [name]: null } })),
  );
}

function formatAmount(naira: string): string {
  const value = Number(naira.replace(/[\s,₦]/g, ""));
  return Number.isFinite(value) && value >= 0 ? formatNaira(nairaToKobo(value)) : naira;
}

function clearFilters(params: URLSearchParams) {
  return withQuery(params, {
    category: null,
    city: null,
    price: null,
    min: null,
    max: null,
    open: null,
    rating: null,
  });
}

function Filters({
  result,
  facets,
  params,
  active,
  kind,
}: SearchResultsProps & { params: URLSearchParams; active: ReturnType<typeof activeFilters> }) {
  const location = useLocation();
  const facetData = result?.facets;
  const category = params.get("category");
  const city = params.get("city");
  const price = params.get("price");
  const hasCustomPrice = Boolean(params.get("min") || params.get("max"));
  const rating = params.get("rating");
  // Counted for businesses; on the products' tab a chosen rating (the sellers') stays removable.
  const ratingOptions = (facetData?.ratings ?? []).filter(
    (option) => option.count > 0 || String(option.minRating) === rating,
  );
  if (rating && !ratingOptions.some((option) => String(option.minRating) === rating)) {
    ratingOptions.push({ minRating: Number(rating), count: 0 });
  }

  const categories = facetData?.categories ?? [];
  const cities = facetData?.cities ?? [];
  // A chosen value stays visible (and removable) even when nothing matches it any more.
  const categoryOptions =
    category && !categories.some((c) => c.slug === category)
      ? [{ slug: category, name: category, count: 0 }, ...categories]
      : categories;
  const cityOptions =
    city && !cities.some((c) => c.name.toLowerCase() === city.toLowerCase())
      ? [{ name: city, count: 0 }, ...cities]
      : cities;

  // Businesses have no price buckets of their own; a bucket chosen on the products tab stays
  // visible there so it can be removed.
  const ranges = kind === "products" ? (facetData?.priceRanges ?? []) : [];
  const priceOptions: Array<{ value: string; label: string; count?: number }> = ranges.map(
    (range) => ({
      value: priceBucketParam(range.minKobo, range.maxKobo),
      label: range.label,
      count: range.count,
    }),
  );
  if (price && !priceOptions.some((option) => option.value === price)) {
    const known = priceRanges.find((r) => priceBucketParam(r.minKobo, r.maxKobo) === price);
    priceOptions.unshift({ value: price, label: known?.label ?? `₦${price}`, count: 0 });
  }

  return (
    <section aria-labelledby="filters-title" className="min-w-0">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="filters-title" className="text-base font-bold text-ink">
          Filters
        </h2>
        {active.length > 0 ? (
          <Link
            to={`${location.pathname}${clearFilters(params)}`}
            className="text-sm font-semibold text-brand hover:underline"
          >
            Clear all
          </Link>
        ) : null}
      </div>

      {facets.includes("open") ? (
        <FacetList title="Opening hours">
          <FacetLink
            to={withQuery(params, { open: params.get("open") ? null : "1" })}
            selected={Boolean(params.get("open"))}
            label="Open now"
          />
        </FacetList>
      ) : null}

      {facets.includes("rating") && ratingOptions.length > 0 ? (
        <FacetList title="TrustScore">
          {ratingOptions.map((option) => {
            const selected = String(option.minRating) === rating;
            return (
              <FacetLink
                key={option.minRating}
                to={withQuery(params, { rating: selected ? null : String(option.minRating) })}
                selected={selected}
                label={ratingLabel(option.minRating)}
                count={kind === "businesses" ? option.count : undefined}
              />
            );
          })}
        </FacetList>
      ) : null}

      {facets.includes("category") && categoryOptions.length > 0 ? (
        <FacetList title="Category">
          {categoryOptions.map((option) => (
            <FacetLink
              key={option.slug}
              to={withQuery(params, { category: option.slug === category ? null : option.slug })}
              selected={option.slug === category}
              label={option.name}
              count={option.count}
            />
          ))}
        </FacetList>
      ) : null}

      {facets.includes("city") && cityOptions.length > 0 ? (
        <FacetList title="City">
          {cityOptions.map((option) => {
            const selected = option.name.toLowerCase() === city?.toLowerCase();
            return (
              <FacetLink
                key={option.name}
                to={withQuery(params, { city: selected ? null : option.name })}
                selected={selected}
                label={option.name}
                count={option.count}
              />
            );
          })}
        </FacetList>
      ) : null}

      {facets.includes("price") && (hasCustomPrice || price || priceOptions.length > 0) ? (
        <FacetList title="Price">
          {hasCustomPrice ? (
            <FacetLink
              to={withQuery(params, { min: null, max: null })}
              selected
              label={active.find((chip) => "min" in chip.remove)?.label ?? "Your price range"}
            />
          ) : null}
          {priceOptions.map((range) => {
            const selected = range.value === price;
            return (
              <FacetLink
                key={range.value}
                to={withQuery(params, {
                  price: selected ? null : range.value,
                  min: null,
                  max: null,
                })}
                selected={selected}
                label={range.label}
                count={range.count}
              />
            );
          })}
        </FacetList>
      ) : null}
    </section>
  );
}

function FacetList({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mt-3 lg:mt-5">
      <h3 className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{title}</h3>
      {/* One scrolling row on phones, a column beside the results on wide screens. */}
      <ul className="-mx-4 mt-1.5 flex gap-2 overflow-x-auto px-4 pb-1 lg:mx-0 lg:flex-col lg:gap-0.5 lg:overflow-visible lg:px-0">
        {children}
      </ul>
    </div>
  );
}

function FacetLink({
  to,
  selected,
  label,
  count,
}: {
  to: string;
  selected: boolean;
  label: string;
  count?: number;
}) {
  return (
    <li className="shrink-0">
      <Link
        to={to}
        replace
        preventScrollReset
        aria-current={selected ? "true" : undefined}
        className={clsx(
          "relative flex min-h-9 items-center gap-2 rounded-full border px-3 text-sm whitespace-nowrap lg:rounded-lg lg:border-transparent lg:px-2",
          selected
            ? "border-brand bg-brand-soft font-semibold text-brand-strong"
            : "border-line bg-surface text-ink hover:border-brand lg:bg-transparent lg:hover:bg-surface-sunken",
        )}
      >
        <span
          aria-hidden="true"
          className={clsx(
            "hidden size-4 shrink-0 items-center justify-center rounded border lg:flex",
            selected ? "border-brand bg-brand text-on-brand" : "border-line",
          )}
        >
          {selected ? <Check className="size-3" /> : null}
        </span>
        {selected ? <X aria-hidden="true" className="size-3.5 lg:hidden" /> : null}
        <span className="lg:flex-1 lg:truncate">{label}</span>
        {selected ? <span className="sr-only">(selected; choose to remove)</span> : null}
        {count !== undefined ? (
          <span className="text-xs text-ink-muted tabular-nums">
            <span className="sr-only">, </span>
            {count}
            <span className="sr-only"> results</span>
          </span>
        ) : null}
      </Link>
    </li>
  );
}

/** A GET form so sorting works without JavaScript; with it, choosing submits at once. */
function SortForm({ params, kind }: { params: URLSearchParams; kind: "products" | "businesses" }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const kept = [...params.entries()].filter(([name]) => name !== "sort" && name !== "after");
  const current = params.get("sort") ?? "relevance";
  return (
    <Form method="get" replace preventScrollReset className="flex items-center gap-2">
      {kept.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="search-sort" className="text-sm text-ink-muted">
        Sort by
      </label>
      <select
        id="search-sort"
        name="sort"
        defaultValue={current}
        key={current}
        onChange={(event) =>
          submit(event.currentTarget.form, { replace: true, preventScrollReset: true })
        }
        className="min-h-9 rounded-lg border border-line bg-surface px-2 text-sm text-ink"
      >
        {sortOptions
          // A product has no TrustScore of its own.
          .filter((option) => kind === "businesses" || option.value !== "rating")
          .map((option) => (
            <option key={option.value} value={option.value}>
              {kind === "businesses" && option.value.startsWith("price")
                ? option.label.replace("Price", "Lowest price")
                : option.label}
            </option>
          ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className={buttonClass("secondary", "sm")}>
          Sort
        </button>
      )}
    </Form>
  );
}
