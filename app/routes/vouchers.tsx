import { ChevronDown, SearchX, SlidersHorizontal, Ticket } from "lucide-react";
import { Form, useLocation } from "react-router";
import { activeCities, listCategories } from "#app/catalog/catalog.server.ts";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { Field, SelectField } from "#app/components/ui/field.tsx";
import { FilterChip } from "#app/components/ui/filter-chip.tsx";
import { NextPageLink } from "#app/components/ui/next-page-link.tsx";
import { services } from "#app/context.server.ts";
import { InvalidPageCursorError } from "#app/db/page-cursor.server.ts";
import { publicError } from "#app/errors.ts";
import { blankToUndefined, listingQuery } from "#app/listing-query.ts";
import { parseNaira } from "#app/money.ts";
import { pageMeta } from "#app/seo/meta.ts";
import { listOffers } from "#app/vouchers/marketplace.server.ts";
import { OfferGrid } from "#app/vouchers/offer-card.tsx";
import { expiringDays, voucherSorts } from "#app/vouchers/offer-terms.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/vouchers";

/**
 * /vouchers: the voucher marketplace (issue 19). Every offer on sale, filtered by category, city,
 * highest price, least saving and "expiring soon"; newest first, biggest saving, lowest price or
 * ending soonest; keyset pages. A GET form, so it works without JavaScript and every view has its
 * address.
 */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const f = loaderData?.filters;
  const filtered = Boolean(
    f && (f.category || f.city || f.maxPrice || f.minSaving || f.expiring || f.after),
  );
  return pageMeta(matches, {
    title: "Vouchers",
    description:
      "Spa days, dinners, classes and more for less than they are worth, from businesses across Nigeria. What you pay never expires.",
    path: "/vouchers",
    noindex: filtered,
  });
}

const filtersSchema = z.object({
  category: z
    .string()
    .max(100, "That category name is too long.")
    .optional()
    .transform(blankToUndefined),
  city: z.string().max(100, "That city name is too long.").optional().transform(blankToUndefined),
  maxPrice: z
    .string()
    .max(20, "That price is too long.")
    .optional()
    .transform(blankToUndefined)
    .refine((text) => text === undefined || parseNaira(text) !== null, {
      message: "Highest price must be an amount like 20000.",
    }),
  minSaving: z
    .enum(["10", "25", "40", "50"], { message: "Least saving is 10, 25, 40 or 50 (percent)." })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  expiring: z
    .enum(["1", "on", "true"], { message: "Expiring soon is either on (1) or left out." })
    .optional(),
  sort: z.enum(voucherSorts, { message: "Sort by newest, saving, price or ending." }).optional(),
  after: z.string().max(1000).optional().transform(blankToUndefined),
});

export async function loader({ context, url }: Route.LoaderArgs) {
  const {
    category,
    city,
    maxPrice,
    minSaving,
    expiring,
    sort = "newest",
    after,
  } = listingQuery(filtersSchema, url);
  const { db } = services(context);
  try {
    const [categories, cities, page] = await Promise.all([
      listCategories(db),
      activeCities(db),
      listOffers(db, {
        category,
        city,
        maxPriceKobo: maxPrice ? parseNaira(maxPrice) : null,
        minSavingPercent: minSaving ? Number(minSaving) : null,
        expiringSoon: Boolean(expiring),
        sort,
        after,
      }),
    ]);
    return {
      filters: {
        category: category ?? "",
        city: city ?? "",
        maxPrice: maxPrice ?? "",
        minSaving: minSaving ?? "",
        expiring: Boolean(expiring),
        sort,
        after,
      },
      categories: categories.map(({ slug, name }) => ({ value: slug, label: name })),
      cities: cities.map(({ name }) => ({ value: name, label: name })),
      ...page,
    };
  } catch (error) {
    if (error instanceof InvalidPageCursorError) throw publicError(400, error.message);
    throw error;
  }
}

const sortOptions = [
  { value: "newest", label: "Newest first" },
  { value: "saving", label: "Biggest saving" },
  { value: "price", label: "Lowest price" },
  { value: "ending", label: "Ending soonest" },
];

const savingOptions = [
  { value: "10", label: "10% or more" },
  { value: "25", label: "25% or more" },
  { value: "40", label: "40% or more" },
  { value: "50", label: "50% or more" },
];

export default function Vouchers({ loaderData }: Route.ComponentProps) {
  const { filters, categories, cities, items, nextCursor } = loaderData;
  const location = useLocation();
  const chips = [
    filters.category
      ? {
          name: "category",
          label:
            categories.find((option) => option.value === filters.category)?.label ??
            filters.category,
        }
      : null,
    filters.city ? { name: "city", label: filters.city } : null,
    filters.maxPrice ? { name: "maxPrice", label: `Up to ₦${filters.maxPrice}` } : null,
    filters.minSaving ? { name: "minSaving", label: `Save ${filters.minSaving}%+` } : null,
    filters.expiring ? { name: "expiring", label: "Expiring soon" } : null,
  ].filter((chip) => chip !== null);
  const without = (name: string) => {
    const search = new URLSearchParams(location.search);
    search.delete(name);
    search.delete("after");
    const query = search.toString();
    return query ? `/vouchers?${query}` : "/vouchers";
  };
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-extrabold tracking-tight text-ink">Vouchers</h1>
      <p className="mt-2 max-w-2xl text-ink-muted">
        Treats worth more than you pay. If a voucher runs out before you use it, what you paid stays
        with you as credit at the business.
      </p>

      {/* Folded under one line on a phone, always open from 640 px (as on /b). */}
      <details className="group mt-6 rounded-card border border-line bg-surface sm:[&::details-content]:[content-visibility:visible]">
        <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-2 px-4 font-semibold text-ink sm:hidden [&::-webkit-details-marker]:hidden">
          <span className="inline-flex items-center gap-2">
            <SlidersHorizontal aria-hidden="true" className="size-4" /> Filters
            {chips.length > 0 ? (
              <span className="rounded-full bg-brand px-2 text-xs leading-5 text-on-brand">
                {chips.length}
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
          action="/vouchers"
          aria-label="Filter vouchers"
          className="grid gap-3 p-4 pt-0 sm:grid-cols-2 sm:pt-4 lg:grid-cols-3 lg:items-end"
        >
          <SelectField
            label="Category"
            name="category"
            defaultValue={filters.category}
            placeholder="All categories"
            options={categories}
          />
          <SelectField
            label="City"
            name="city"
            defaultValue={filters.city}
            placeholder="All cities"
            options={cities}
          />
          <Field
            label="Highest price (₦)"
            name="maxPrice"
            inputMode="decimal"
            placeholder="Any"
            defaultValue={filters.maxPrice}
          />
          <SelectField
            label="Saving"
            name="minSaving"
            defaultValue={filters.minSaving}
            placeholder="Any saving"
            options={savingOptions}
          />
          <SelectField label="Sort" name="sort" defaultValue={filters.sort} options={sortOptions} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-ink">
              <input
                type="checkbox"
                name="expiring"
                value="1"
                defaultChecked={filters.expiring}
                className="size-5 accent-brand"
              />
              Ending within {expiringDays} days
            </label>
            <Button type="submit" variant="primary">
              Show vouchers
            </Button>
          </div>
        </Form>
      </details>

      {chips.length > 0 ? (
        <ul aria-label="Filters in use" className="mt-4 flex flex-wrap gap-2">
          {chips.map((chip) => (
            <FilterChip key={chip.name} to={without(chip.name)} label={chip.label} />
          ))}
        </ul>
      ) : null}

      <section aria-label="Voucher offers" className="mt-6">
        {items.length === 0 ? (
          <EmptyState
            icon={chips.length > 0 ? SearchX : Ticket}
            title={
              filters.after
                ? "No more vouchers"
                : chips.length > 0
                  ? "No voucher matches these filters"
                  : "No vouchers on sale yet"
            }
            action={
              chips.length > 0 ? (
                <ButtonLink to="/vouchers" variant="primary">
                  Clear the filters
                </ButtonLink>
              ) : (
                <ButtonLink to="/b" variant="primary">
                  Browse businesses
                </ButtonLink>
              )
            }
          >
            {chips.length > 0
              ? "Try another city or category, or a higher price."
              : "Businesses add voucher offers from their console. Check back soon."}
          </EmptyState>
        ) : (
          <OfferGrid offers={items} eagerFirst />
        )}
        <NextPageLink cursor={nextCursor} label="More vouchers" />
      </section>
    </div>
  );
}
