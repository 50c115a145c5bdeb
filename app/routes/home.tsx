import { ArrowRight, MapPin, Store } from "lucide-react";
import { Link } from "react-router";
import { currentUser } from "#app/auth/session.server.ts";
import { activeCities, featuredProducts, listCategories } from "#app/catalog/catalog.server.ts";
import { newBusinessesNear, savedCity, topRatedNear } from "#app/catalog/feeds.server.ts";
import { BusinessCard } from "#app/components/business-card.tsx";
import { ProductCard } from "#app/components/product-card.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { services } from "#app/context.server.ts";
import { liveFlashSales } from "#app/sales/flash.server.ts";
import { SaleTiles } from "#app/sales/sale-tiles.tsx";
import { absoluteUrl, pageMeta, publicOrigin } from "#app/seo/meta.ts";
import { listOffers } from "#app/vouchers/marketplace.server.ts";
import { OfferGrid } from "#app/vouchers/offer-card.tsx";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/home";

/**
 * The home page: search, categories, the newest businesses near the shopper (their saved city
 * when signed in, else the city they pick with `?city=`, else every city), popular products, the
 * vouchers with the biggest savings and those whose sale ends soonest, and the top-rated
 * businesses of that city (by TrustScore, decision 053), and the flash sales on now (issue 22).
 */
export function meta({ matches }: Route.MetaArgs) {
  const origin = publicOrigin(matches);
  return pageMeta(matches, {
    title: "Local businesses and their products across Nigeria",
    description:
      "Discover spas, salons, restaurants and shops near you, and buy from several businesses in one cart and one payment.",
    path: "/",
    jsonLd: {
      "@type": "WebSite",
      name: "Oja",
      url: absoluteUrl(origin, "/"),
      potentialAction: {
        "@type": "SearchAction",
        target: absoluteUrl(origin, "/search/{search_term_string}"),
        "query-input": "required name=search_term_string",
      },
    },
  });
}

/** `?city=all` shows every city, also to a shopper whose account names one. */
const querySchema = z.object({ city: z.string().trim().max(60).optional() });

export async function loader({ url, context }: Route.LoaderArgs) {
  const { db } = services(context);
  const user = currentUser(context);
  const parsed = querySchema.safeParse({ city: url.searchParams.get("city") ?? undefined });
  // A city too long to be one is no choice at all: every city.
  const asked = parsed.success ? parsed.data.city || undefined : "all";
  const chosen = asked === undefined ? undefined : asked.toLowerCase() === "all" ? null : asked;
  // All at once: the saved city is read inside the businesses query too, not before it.
  const near = { city: chosen, userId: user?.id ?? null };
  const [
    categories,
    flashSales,
    products,
    vouchers,
    endingVouchers,
    businesses,
    topRated,
    cities,
    saved,
  ] = await Promise.all([
    listCategories(db),
    liveFlashSales(db, { limit: 4 }),
    featuredProducts(db, 12),
    listOffers(db, { sort: "saving", limit: 4 }).then((page) => page.items),
    listOffers(db, { expiringSoon: true, sort: "ending", limit: 4 }).then((page) => page.items),
    newBusinessesNear(db, { ...near, limit: 8 }),
    topRatedNear(db, { ...near, limit: 4 }),
    // Busiest cities first in the picker.
    activeCities(db).then((all) => all.sort((a, b) => b.count - a.count)),
    chosen === undefined ? savedCity(db, user?.id ?? null) : Promise.resolve(null),
  ]);
  const city = chosen === undefined ? saved : chosen;
  // The city as the picker spells it, when it is one of them.
  const known = cities.find((option) => option.name.toLowerCase() === city?.toLowerCase());
  return {
    categories,
    flashSales,
    products,
    vouchers,
    endingVouchers,
    businesses,
    topRated,
    cities,
    city: known?.name ?? city,
    cityFromAccount: chosen === undefined && saved !== null,
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { categories, flashSales, products, vouchers, endingVouchers, businesses, topRated } =
    loaderData;
  const { cities, city } = loaderData;
  const { cityFromAccount } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4">
      <section className="py-8 sm:py-12">
        <h1 className="max-w-2xl text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
          The best of your city, in one cart.
        </h1>
        <p className="mt-3 max-w-xl text-lg text-ink-muted">
          Spas, salons, restaurants and shops across Nigeria. Fill one cart from many of them and
          pay once with Paystack.
        </p>
        {/* One search box, the header's (issue 15); below it, the categories to browse. */}
        <nav aria-label="Categories" className="mt-6 flex flex-wrap gap-2">
          {categories.map((category) => (
            <Link
              key={category.id}
              to={`/shop/${category.slug}`}
              className="rounded-full border border-line bg-surface px-4 py-2 text-sm font-medium text-ink hover:border-brand hover:text-brand"
            >
              {category.name}
            </Link>
          ))}
        </nav>
        <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm font-semibold">
          <Link to="/spas" className="text-brand hover:underline">
            Spa days & massages
          </Link>
          <Link to="/shop/friends" className="text-brand hover:underline">
            Gifts for friends
          </Link>
          <Link to="/ll" className="text-brand hover:underline">
            Just listed
          </Link>
        </p>
      </section>

      {flashSales.length > 0 ? (
        <section aria-labelledby="flash-title" className="mb-12">
          <h2 id="flash-title" className="text-xl font-bold text-ink">
            Flash sales on now
          </h2>
          <p className="mt-1 mb-4 text-sm text-ink-muted">
            A few units each, at a price below their lowest of the last 30 days.
          </p>
          <SaleTiles sales={flashSales} />
        </section>
      ) : null}

      <section aria-labelledby="popular-title">
        <div className="flex items-baseline justify-between">
          <h2 id="popular-title" className="text-xl font-bold text-ink">
            Popular right now
          </h2>
          <Link
            to="/ll"
            className="inline-flex items-center gap-1 text-sm font-semibold text-brand"
          >
            See the latest <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
        {products.length === 0 ? (
          <p className="mt-4 rounded-card bg-surface p-6 text-ink-muted">
            No products yet. Businesses are setting up their shops; check back soon.
          </p>
        ) : (
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {products.map((product, index) => (
              <li key={product.id} className="min-w-0">
                <ProductCard product={product} eager={index < 4} />
              </li>
            ))}
          </ul>
        )}
      </section>

      {vouchers.length > 0 ? (
        <section aria-labelledby="vouchers-title" className="mt-12">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4">
            <h2 id="vouchers-title" className="text-xl font-bold text-ink">
              Vouchers worth more than you pay
            </h2>
            <p className="flex gap-4 text-sm font-semibold">
              <Link to="/vouchers?expiring=1&sort=ending" className="text-brand hover:underline">
                Ending soon
              </Link>
              <Link to="/vouchers" className="inline-flex items-center gap-1 text-brand">
                All vouchers <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </p>
          </div>
          <OfferGrid offers={vouchers} className="mt-4" />
        </section>
      ) : null}

      {endingVouchers.length > 0 ? (
        <section aria-labelledby="ending-title" className="mt-12">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4">
            <h2 id="ending-title" className="text-xl font-bold text-ink">
              Vouchers ending soon
            </h2>
            <Link
              to="/vouchers?expiring=1&sort=ending"
              className="inline-flex items-center gap-1 text-sm font-semibold text-brand"
            >
              All ending soon <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </div>
          <p className="mt-1 text-sm text-ink-muted">
            On sale for a few more days: once bought, each is valid as its terms say.
          </p>
          <OfferGrid offers={endingVouchers} className="mt-4" />
        </section>
      ) : null}

      {topRated.length > 0 ? (
        <section aria-labelledby="top-title" className="mt-12">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4">
            <h2 id="top-title" className="text-xl font-bold text-ink">
              {city ? `Top rated in ${city}` : "Top rated on Oja"}
            </h2>
            <Link
              to={`/b?sort=rating${city ? `&city=${encodeURIComponent(city)}` : ""}`}
              className="inline-flex items-center gap-1 text-sm font-semibold text-brand"
            >
              All top rated <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </div>
          <p className="mt-1 text-sm text-ink-muted">
            By TrustScore: recent reviews count most, and a few reviews never make a perfect score.
          </p>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {topRated.map((business) => (
              <li key={business.id} className="min-w-0">
                <BusinessCard business={business} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="new-title" className="mt-12 mb-4">
        <h2 id="new-title" className="text-xl font-bold text-ink">
          {city ? "New near you" : "New on Oja"}
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          {city
            ? `The newest businesses in ${city}${cityFromAccount ? ", the city on your account" : ""}.`
            : "The newest businesses on Oja. Pick your city to see the ones near you."}
        </p>
        {cities.length > 1 ? (
          <nav aria-label="Choose your city" className="mt-3">
            <ul className="flex flex-wrap gap-2">
              <li>
                <CityChip to="/?city=all" current={!city}>
                  All cities
                </CityChip>
              </li>
              {cities.map((option) => (
                <li key={option.name}>
                  <CityChip
                    to={`/?city=${encodeURIComponent(option.name)}`}
                    current={option.name === city}
                  >
                    {option.name}
                  </CityChip>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {businesses.length === 0 ? (
          <div className="mt-4">
            <EmptyState
              icon={Store}
              title={city ? `No businesses in ${city} yet` : "No businesses yet"}
              action={
                city ? (
                  <ButtonLink to="/?city=all" variant="secondary">
                    See every city
                  </ButtonLink>
                ) : (
                  <ButtonLink to="/vendor">List your business</ButtonLink>
                )
              }
            >
              {city
                ? "Businesses are joining every week. See what's new elsewhere in the meantime."
                : "Be the first: list your business on Oja."}
            </EmptyState>
          </div>
        ) : (
          <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {businesses.map((business) => (
              <li key={business.id} className="min-w-0">
                <BusinessCard business={business} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function CityChip({ to, current, children }: { to: string; current: boolean; children: string }) {
  return (
    <Link
      to={to}
      preventScrollReset
      aria-current={current ? "true" : undefined}
      className={`inline-flex items-center gap-1 rounded-full border px-3 py-1.5 text-sm font-medium ${
        current
          ? "border-brand bg-brand text-on-brand"
          : "border-line bg-surface text-ink hover:border-brand hover:text-brand"
      }`}
    >
      <MapPin aria-hidden="true" className="size-3.5" />
      {children}
    </Link>
  );
}
