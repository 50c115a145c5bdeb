import { PackageSearch } from "lucide-react";
import { data, Form, Link } from "react-router";
import { findCategory } from "#app/catalog/feeds.server.ts";
import { BusinessCard } from "#app/components/business-card.tsx";
import { ProductCard } from "#app/components/product-card.tsx";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { SelectField } from "#app/components/ui/field.tsx";
import { NextPageLink } from "#app/components/ui/next-page-link.tsx";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { RewardGrid } from "#app/reward-shop/reward-card.tsx";
import { browseRewards } from "#app/reward-shop/shop.server.ts";
import {
  InvalidSearchCursorError,
  priceRanges,
  type SearchFilters,
  search,
} from "#app/search/search.server.ts";
import { absoluteUrl, pageMeta, publicOrigin, shortDescription } from "#app/seo/meta.ts";
import { listOffers } from "#app/vouchers/marketplace.server.ts";
import { OfferGrid } from "#app/vouchers/offer-card.tsx";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/shop-category";

/**
 * /shop/{id}: one category's products across its businesses, with city, price-range and sort
 * filters in the query string, and a row of the category's businesses. Both lists come from
 * `search()` (browsing: no text). A row of its voucher offers, and one of its rewards (points).
 */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const origin = publicOrigin(matches);
  if (!loaderData) return [];
  const { category, products, filtered } = loaderData;
  return pageMeta(matches, {
    title: `Shop ${category.name}`,
    description: shortDescription(
      `${category.description || category.name} Products from ${category.name.toLowerCase()} businesses across Nigeria, on Oja.`,
    ),
    path: `/shop/${category.slug}`,
    noindex: filtered,
    jsonLd: {
      "@type": "ItemList",
      name: `${category.name} on Oja`,
      itemListElement: products.items.map((product, index) => ({
        "@type": "ListItem",
        position: index + 1,
        url: absoluteUrl(origin, `/${product.business.slug}/products/${product.slug}`),
        name: product.name,
      })),
    },
  });
}

/** Price ranges by a readable key: "0-5000", "100000-" (naira). */
const priceKeys = priceRanges.map((range) => ({
  key: `${range.minKobo / 100}-${range.maxKobo === null ? "" : range.maxKobo / 100}`,
  ...range,
}));

const sorts = [
  { value: "newest", label: "Newest" },
  { value: "price-asc", label: "Price: low to high" },
  { value: "price-desc", label: "Price: high to low" },
  { value: "name", label: "Name A–Z" },
] as const;

const querySchema = z.object({
  city: z.string().trim().max(60, "Choose a city from the list").optional(),
  price: z
    .enum(priceKeys.map((range) => range.key) as [string, ...string[]], {
      message: "Choose a price range from the list",
    })
    .optional(),
  sort: z
    .enum(sorts.map((sort) => sort.value) as [(typeof sorts)[number]["value"]], {
      message: "Choose a sort from the list",
    })
    .default("newest"),
  after: z.string().max(400).optional(),
});

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { db } = services(context);
  const category = await findCategory(db, params.id);
  if (!category) throw notFound(url);
  const raw = Object.fromEntries(
    ["city", "price", "sort", "after"].flatMap((name) => {
      const value = url.searchParams.get(name);
      return value ? [[name, value]] : [];
    }),
  );
  const parsed = querySchema.safeParse(raw);
  if (!parsed.success) {
    const fields = Object.fromEntries(
      parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
    );
    throw data({ message: Object.values(fields).join(". "), fields }, { status: 400 });
  }
  const { city, price, sort, after } = parsed.data;
  const range = priceKeys.find((option) => option.key === price);
  const filters: SearchFilters = {
    categorySlug: category.slug,
    city: city || undefined,
    minPriceKobo: range?.minKobo,
    // search() bounds are inclusive; the ranges' upper bound is not.
    maxPriceKobo: range?.maxKobo == null ? undefined : range.maxKobo - 1,
  };
  try {
    const [products, businesses, vouchers, rewards] = await Promise.all([
      search(db, { kind: "products", filters, sort, after, limit: 24 }),
      search(db, {
        kind: "businesses",
        filters: { categorySlug: category.slug, city: filters.city },
        sort: "newest",
        limit: 8,
      }),
      listOffers(db, { category: category.slug, city: filters.city, sort: "saving", limit: 4 }),
      // Rewards of the category's businesses (and any of Oja's own filed under it), for points.
      browseRewards(
        db,
        { categoryId: category.id, city: filters.city, sort: "points-asc" },
        undefined,
        4,
      ),
    ]);
    return {
      category,
      products,
      businesses: { items: businesses.items, more: businesses.nextCursor !== null },
      vouchers: { items: vouchers.items, more: vouchers.nextCursor !== null },
      rewards: { items: rewards.items, more: rewards.nextAfter !== null },
      chosen: { city: city ?? "", price: price ?? "", sort },
      filtered: Boolean(city || price || after || sort !== "newest"),
      priceOptions: priceKeys.map((option) => ({
        key: option.key,
        label: option.label,
        count:
          products.facets.priceRanges.find((facet) => facet.minKobo === option.minKobo)?.count ?? 0,
      })),
      sorts,
    };
  } catch (error) {
    if (error instanceof InvalidSearchCursorError) {
      throw data({ message: error.message, fields: { after: error.message } }, { status: 400 });
    }
    throw error;
  }
}

export default function ShopCategory({ loaderData }: Route.ComponentProps) {
  const { category, products, businesses, vouchers, rewards, chosen, priceOptions } = loaderData;
  const cities = products.facets.cities;
  const allBusinessesHref = `/b?category=${category.slug}${chosen.city ? `&city=${encodeURIComponent(chosen.city)}` : ""}`;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <nav aria-label="Breadcrumb" className="text-sm text-ink-muted">
        <Link to="/" className="hover:underline">
          Home
        </Link>{" "}
        / <span aria-current="page">{category.name}</span>
      </nav>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-ink">{category.name}</h1>
      {category.description ? (
        <p className="mt-2 max-w-2xl text-ink-muted">{category.description}</p>
      ) : null}

      <section aria-labelledby="shop-businesses" className="mt-8">
        <div className="flex items-baseline justify-between gap-4">
          <h2 id="shop-businesses" className="text-xl font-bold text-ink">
            {chosen.city ? `Businesses in ${chosen.city}` : "Businesses"}
          </h2>
          {businesses.more ? (
            <Link to={allBusinessesHref} className="text-sm font-semibold text-brand">
              See all
            </Link>
          ) : null}
        </div>
        {businesses.items.length === 0 ? (
          <p className="mt-3 text-ink-muted">
            No {category.name.toLowerCase()} businesses{chosen.city ? ` in ${chosen.city}` : ""}{" "}
            yet.
          </p>
        ) : (
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {businesses.items.map((business) => (
              <li key={business.id} className="min-w-0">
                <BusinessCard business={business} />
              </li>
            ))}
          </ul>
        )}
      </section>

      {vouchers.items.length > 0 ? (
        <section aria-labelledby="shop-vouchers" className="mt-10">
          <div className="flex items-baseline justify-between gap-4">
            <h2 id="shop-vouchers" className="text-xl font-bold text-ink">
              Vouchers
            </h2>
            {vouchers.more ? (
              <Link
                to={`/vouchers?category=${category.slug}${chosen.city ? `&city=${encodeURIComponent(chosen.city)}` : ""}`}
                className="text-sm font-semibold text-brand"
              >
                See all
              </Link>
            ) : null}
          </div>
          <OfferGrid offers={vouchers.items} className="mt-3" />
        </section>
      ) : null}

      {rewards.items.length > 0 ? (
        <section aria-labelledby="shop-rewards" className="mt-10">
          <div className="flex items-baseline justify-between gap-4">
            <h2 id="shop-rewards" className="text-xl font-bold text-ink">
              Rewards for your points
            </h2>
            <Link
              to={rewards.more ? `/rewardShop/browse?category=${category.slug}` : "/rewardShop"}
              className="text-sm font-semibold text-brand"
            >
              {rewards.more ? "See all" : "Reward shop"}
            </Link>
          </div>
          <RewardGrid rewards={rewards.items} className="mt-3" />
        </section>
      ) : null}

      <section aria-labelledby="shop-products" className="mt-10">
        <h2 id="shop-products" className="text-xl font-bold text-ink">
          Products
        </h2>
        <Form
          method="get"
          aria-label="Filter products"
          className="mt-3 grid grid-cols-2 gap-3 rounded-card border border-line bg-surface p-3 sm:flex sm:flex-wrap sm:items-end"
        >
          <SelectField
            label="City"
            name="city"
            defaultValue={chosen.city}
            placeholder="All cities"
            options={cities.map((city) => ({
              value: city.name,
              label: `${city.name} (${city.count})`,
            }))}
          />
          <SelectField
            label="Price"
            name="price"
            defaultValue={chosen.price}
            placeholder="Any price"
            options={priceOptions.map((option) => ({
              value: option.key,
              label: `${option.label} (${option.count})`,
            }))}
          />
          <SelectField
            label="Sort by"
            name="sort"
            defaultValue={chosen.sort}
            className="col-span-2 sm:col-span-1"
            options={loaderData.sorts}
          />
          <Button type="submit" className="col-span-2 sm:col-span-1">
            Apply filters
          </Button>
          {loaderData.filtered ? (
            <Link
              to={`/shop/${category.slug}`}
              className="col-span-2 self-center text-center text-sm font-semibold text-brand hover:underline sm:col-span-1"
            >
              Clear filters
            </Link>
          ) : null}
        </Form>

        {products.items.length === 0 ? (
          <div className="mt-4">
            <EmptyState
              icon={PackageSearch}
              title="No products match these filters"
              action={
                <ButtonLink to={`/shop/${category.slug}`} variant="secondary">
                  Clear filters
                </ButtonLink>
              }
            >
              Try another city or price range, or clear the filters to see every{" "}
              {category.name.toLowerCase()} product.
            </EmptyState>
          </div>
        ) : (
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {products.items.map((product, index) => (
              <li key={product.id} className="min-w-0">
                <ProductCard product={product} eager={index < 4} />
              </li>
            ))}
          </ul>
        )}
        <NextPageLink cursor={products.nextCursor} label="Show more products" />
      </section>
    </div>
  );
}
