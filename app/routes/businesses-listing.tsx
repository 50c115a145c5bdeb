import { ChevronDown, SearchX, SlidersHorizontal } from "lucide-react";
import { Form, Link, useLocation } from "react-router";
import { listCategories } from "#app/catalog/catalog.server.ts";
import { BusinessCard } from "#app/components/business-card.tsx";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { SelectField } from "#app/components/ui/field.tsx";
import { FilterChip } from "#app/components/ui/filter-chip.tsx";
import { NextPageLink } from "#app/components/ui/next-page-link.tsx";
import { services } from "#app/context.server.ts";
import { publicError } from "#app/errors.ts";
import { blankToUndefined, listingQuery } from "#app/listing-query.ts";
import {
  InvalidSearchCursorError,
  search,
  searchTimedOutMessage,
} from "#app/search/search.server.ts";
import { ratingParam } from "#app/search/search-params.server.ts";
import { ratingLabel } from "#app/search/search-query.ts";
import { pageMeta } from "#app/seo/meta.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/businesses-listing";

/**
 * /b: every active business, filtered by category, city, TrustScore and "open now", newest
 * first, by name or top rated, in keyset pages. Browsing is search() without text, so the
 * filters, the facet counts and the paging are the search page's own. A "has vouchers" filter
 * is still to come.
 */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const filtered = Boolean(
    loaderData &&
      (loaderData.filters.category ||
        loaderData.filters.city ||
        loaderData.filters.open ||
        loaderData.filters.rating ||
        loaderData.filters.after),
  );
  return pageMeta(matches, {
    title: "Businesses",
    description:
      "Spas, salons, restaurants, gyms and shops across Nigeria: filter by category, city, TrustScore and what's open now.",
    path: "/b",
    noindex: filtered,
  });
}

const sorts = ["newest", "name", "rating"] as const;

const listingSchema = z.object({
  category: z
    .string()
    .max(100, "That category name is too long.")
    .optional()
    .transform(blankToUndefined),
  city: z.string().max(100, "That city name is too long.").optional().transform(blankToUndefined),
  open: z
    .enum(["1", "on", "true"], { message: "Open now is either on (1) or left out." })
    .optional(),
  rating: z.preprocess(blankToUndefined, ratingParam.optional()),
  sort: z.enum(sorts, { message: "Sort by newest, name or top rated." }).optional(),
  after: z.string().max(1000).optional().transform(blankToUndefined),
});

export async function loader({ context, url }: Route.LoaderArgs) {
  const { category, city, open, rating, sort = "newest", after } = listingQuery(listingSchema, url);
  const { db } = services(context);
  try {
    const [categories, result] = await Promise.all([
      listCategories(db),
      search(db, {
        kind: "businesses",
        filters: { categorySlug: category, city, openNow: Boolean(open), minRating: rating },
        sort,
        after: after ?? null,
      }),
    ]);
    const counts = new Map(result.facets.categories.map((facet) => [facet.slug, facet.count]));
    const cities = result.facets.cities.map((facet) => ({ name: facet.name, count: facet.count }));
    if (city && !cities.some((option) => option.name.toLowerCase() === city.toLowerCase())) {
      cities.push({ name: city, count: 0 });
    }
    return {
      filters: {
        category: category ?? "",
        city: city ?? "",
        open: Boolean(open),
        rating: rating === undefined ? "" : String(rating),
        sort,
        after,
      },
      ratings: result.facets.ratings.map((facet) => ({
        value: String(facet.minRating),
        label: `${ratingLabel(facet.minRating)} (${facet.count})`,
      })),
      categories: categories.map((option) => ({
        slug: option.slug,
        name: option.name,
        count: counts.get(option.slug) ?? 0,
      })),
      cities: cities.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
      items: result.items.map(({ createdAt: _, ...card }) => card),
      nextCursor: result.nextCursor,
      // The component may not import from search.server.ts: the message travels as data.
      timedOutMessage: result.timedOut ? searchTimedOutMessage : null,
    };
  } catch (error) {
    if (error instanceof InvalidSearchCursorError) throw publicError(400, error.message);
    throw error;
  }
}

export default function BusinessesListing({ loaderData }: Route.ComponentProps) {
  const { filters, categories, cities, ratings, items, nextCursor, timedOutMessage } = loaderData;
  const location = useLocation();
  const chosenCategory = categories.find((option) => option.slug === filters.category);
  const activeCount = [filters.category, filters.city, filters.rating, filters.open].filter(
    Boolean,
  ).length;
  const anyFilter = activeCount > 0;
  const without = (name: string) => {
    const search = new URLSearchParams(location.search);
    search.delete(name);
    search.delete("after");
    const query = search.toString();
    return query ? `/b?${query}` : "/b";
  };
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink">Businesses</h1>
        <p className="text-sm">
          <Link to="/businesses" className="font-semibold text-brand underline">
            A–Z directory
          </Link>
          <span className="text-ink-muted"> · </span>
          <Link to="/business/tt" className="font-semibold text-brand underline">
            Trending
          </Link>
        </p>
      </div>

      {/*
       * On a phone the filters fold away under one "Filters" line with how many are in use (the
       * chips below name them); from 640 px they are always shown: the folded content is made
       * visible again and the line hidden. A plain <details>, so it works before JavaScript.
       */}
      <details className="group mt-6 rounded-card border border-line bg-surface sm:[&::details-content]:[content-visibility:visible]">
        <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-2 px-4 font-semibold text-ink sm:hidden [&::-webkit-details-marker]:hidden">
          <span className="inline-flex items-center gap-2">
            <SlidersHorizontal aria-hidden="true" className="size-4" /> Filters
            {activeCount > 0 ? (
              <span className="rounded-full bg-brand px-2 text-xs leading-5 text-on-brand">
                {activeCount}
              </span>
            ) : null}
          </span>
          <ChevronDown
            aria-hidden="true"
            className="size-5 transition-transform group-open:rotate-180"
          />
        </summary>
        <Form
          method="get"
          action="/b"
          aria-label="Filter businesses"
          className="grid gap-3 p-4 pt-0 sm:grid-cols-2 sm:pt-4 lg:grid-cols-[1fr_1fr_1fr_auto_1fr_auto] lg:items-end"
        >
          <SelectField
            label="Category"
            name="category"
            defaultValue={filters.category}
            placeholder="All categories"
            options={categories.map((option) => ({
              value: option.slug,
              label: `${option.name} (${option.count})`,
            }))}
          />
          <SelectField
            label="City"
            name="city"
            defaultValue={filters.city}
            placeholder="All cities"
            options={cities.map((option) => ({
              value: option.name,
              label: `${option.name} (${option.count})`,
            }))}
          />
          <SelectField
            label="TrustScore"
            name="rating"
            defaultValue={filters.rating}
            placeholder="Any rating"
            options={ratings}
          />
          <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-ink">
            <input
              type="checkbox"
              name="open"
              value="1"
              defaultChecked={filters.open}
              className="size-5 accent-brand"
            />
            Open now
          </label>
          <SelectField
            label="Sort"
            name="sort"
            defaultValue={filters.sort}
            options={[
              { value: "newest", label: "Newest first" },
              { value: "name", label: "Name A–Z" },
              { value: "rating", label: "Top rated" },
            ]}
          />
          <Button type="submit" variant="primary">
            Show businesses
          </Button>
        </Form>
      </details>

      {anyFilter ? (
        <ul aria-label="Filters in use" className="mt-4 flex flex-wrap gap-2">
          {chosenCategory ? (
            <FilterChip to={without("category")} label={chosenCategory.name} />
          ) : filters.category ? (
            <FilterChip to={without("category")} label={filters.category} />
          ) : null}
          {filters.city ? <FilterChip to={without("city")} label={filters.city} /> : null}
          {filters.rating ? (
            <FilterChip to={without("rating")} label={ratingLabel(Number(filters.rating))} />
          ) : null}
          {filters.open ? <FilterChip to={without("open")} label="Open now" /> : null}
        </ul>
      ) : null}

      <section aria-label="Results" className="mt-6">
        {timedOutMessage ? (
          <EmptyState icon={SearchX} title="That took too long">
            {timedOutMessage}
          </EmptyState>
        ) : items.length === 0 ? (
          <EmptyState
            icon={SearchX}
            title={filters.after ? "No more businesses" : "No business matches these filters"}
            action={
              anyFilter ? (
                <ButtonLink to="/b" variant="primary">
                  Clear the filters
                </ButtonLink>
              ) : (
                <ButtonLink to="/vendor" variant="primary">
                  List your business
                </ButtonLink>
              )
            }
          >
            {anyFilter
              ? "Try another city, category or rating, or turn off “Open now”."
              : "No business is listed yet. Be the first in your city."}
          </EmptyState>
        ) : (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((business) => (
              <li key={business.id}>
                <BusinessCard business={business} />
              </li>
            ))}
          </ul>
        )}
        <NextPageLink cursor={nextCursor} />
      </section>
    </div>
  );
}
