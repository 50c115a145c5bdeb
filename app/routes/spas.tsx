import { ArrowRight, Clock, Flower2, MapPin } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { spaCategorySlug, spaLanding } from "#app/catalog/feeds.server.ts";
import { BusinessLogo } from "#app/components/business-card.tsx";
import { ProductCard } from "#app/components/product-card.tsx";
import { ButtonLink, buttonClass } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { services } from "#app/context.server.ts";
import { publicError } from "#app/errors.ts";
import { TrustScoreLine } from "#app/reviews/trust-score-line.tsx";
import { absoluteUrl, pageMeta, publicOrigin } from "#app/seo/meta.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/spas";

/**
 * /spas: the curated spa and wellness landing page. Spas open right now first, packages and
 * massages, a city picker (`?city=`) and the way on to the whole category.
 */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const origin = publicOrigin(matches);
  const city = loaderData?.city;
  return pageMeta(matches, {
    title: city ? `Spas & wellness in ${city}` : "Spas & wellness",
    description:
      "Massages, facials, saunas and full spa days across Nigeria. See which spas are open right now and book a package in minutes.",
    path: "/spas",
    noindex: Boolean(city),
    jsonLd: {
      "@type": "ItemList",
      name: "Spas and wellness on Oja",
      itemListElement: (loaderData?.businesses ?? []).map((business, index) => ({
        "@type": "ListItem",
        position: index + 1,
        url: absoluteUrl(origin, `/${business.slug}`),
        name: business.name,
      })),
    },
  });
}

const querySchema = z.object({
  city: z.string().trim().max(60, "Choose a city from the list").optional(),
});

export async function loader({ url, context }: Route.LoaderArgs) {
  const parsed = querySchema.safeParse({ city: url.searchParams.get("city") ?? undefined });
  if (!parsed.success) throw publicError(400, parsed.error.issues[0]?.message ?? "Bad city");
  const city = parsed.data.city || null;
  const { db } = services(context);
  const landing = await spaLanding(db, { city });
  return { ...landing, city, categorySlug: spaCategorySlug };
}

export default function Spas({ loaderData }: Route.ComponentProps) {
  const { businesses, packages, cities, city, moreBusinesses, categorySlug } = loaderData;
  const where = city ? ` in ${city}` : "";
  const openCount = businesses.filter((business) => business.openNow).length;
  const categoryHref = `/shop/${categorySlug}${city ? `?city=${encodeURIComponent(city)}` : ""}`;
  return (
    <div>
      <section className="bg-gradient-to-br from-brand-soft via-surface to-points-soft">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:py-16">
          <p className="inline-flex items-center gap-2 rounded-full bg-surface px-3 py-1 text-sm font-semibold text-brand">
            <Flower2 aria-hidden="true" className="size-4" /> Spas & wellness
          </p>
          <h1 className="mt-4 max-w-2xl text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">
            Your hour of calm{city ? ` in ${city}` : ", wherever you are"}.
          </h1>
          <p className="mt-4 max-w-xl text-lg text-ink-muted">
            Massages, facials, saunas and full spa days by certified therapists. See who's open
            right now, pick a package, and pay once with your card, a transfer or USSD.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <a href="#spas-open" className={buttonClass("primary", "lg")}>
              Find a spa
            </a>
            <Link to={categoryHref} className={buttonClass("secondary", "lg")}>
              Shop all treatments <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </div>
        </div>
      </section>

      <div className="mx-auto max-w-6xl px-4">
        <nav aria-label="Choose a city" className="mt-6">
          <h2 className="sr-only">Choose a city</h2>
          <ul className="flex flex-wrap gap-2">
            <li>
              <CityLink to="/spas" current={!city}>
                All cities
              </CityLink>
            </li>
            {cities.map((option) => (
              <li key={option.name}>
                <CityLink
                  to={`/spas?city=${encodeURIComponent(option.name)}`}
                  current={city?.toLowerCase() === option.name.toLowerCase()}
                >
                  <MapPin aria-hidden="true" className="size-3.5" />
                  {option.name} <span className="opacity-75">({option.count})</span>
                </CityLink>
              </li>
            ))}
          </ul>
        </nav>

        <section id="spas-open" aria-labelledby="spas-title" className="mt-8 scroll-mt-20">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="spas-title" className="text-2xl font-bold text-ink">
              Spas{where}
            </h2>
            <p className="text-sm text-ink-muted">
              {openCount > 0
                ? `${openCount} open right now, shown first`
                : "None open right now; opening hours are on each spa's page"}
            </p>
          </div>
          {businesses.length === 0 ? (
            <div className="mt-4">
              <EmptyState
                icon={Flower2}
                title={`No spas${where} yet`}
                action={
                  <ButtonLink to="/spas" variant="secondary">
                    See spas in every city
                  </ButtonLink>
                }
              >
                We're adding new spas every week. Try another city in the meantime.
              </EmptyState>
            </div>
          ) : (
            <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {businesses.map((business) => (
                <li key={business.id} className="min-w-0">
                  <Link
                    to={`/${business.slug}`}
                    className="flex h-full gap-3 rounded-card border border-line bg-surface p-4 hover:border-brand focus-visible:border-brand"
                  >
                    <BusinessLogo business={business} size={56} />
                    <span className="min-w-0">
                      <span className="block truncate font-semibold text-ink">{business.name}</span>
                      <span className="block truncate text-sm text-ink-muted">{business.city}</span>
                      <TrustScoreLine score={business.trustScore} />
                      {business.tagline ? (
                        <span className="mt-0.5 line-clamp-2 text-sm text-ink">
                          {business.tagline}
                        </span>
                      ) : null}
                      <span
                        className={`mt-2 inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${
                          business.openNow
                            ? "bg-brand-soft text-brand"
                            : "bg-surface-sunken text-ink-muted"
                        }`}
                      >
                        <Clock aria-hidden="true" className="size-3" />
                        {business.openNow ? "Open now" : "Closed now"}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {moreBusinesses ? (
            <p className="mt-4">
              <Link
                to={`/b?category=${categorySlug}${city ? `&city=${encodeURIComponent(city)}` : ""}`}
                className="inline-flex items-center gap-1 font-semibold text-brand hover:underline"
              >
                See every spa{where} <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </p>
          ) : null}
        </section>

        <section aria-labelledby="packages-title" className="mt-12">
          <h2 id="packages-title" className="text-2xl font-bold text-ink">
            Packages & massages{where}
          </h2>
          <p className="mt-1 text-ink-muted">
            Spa days, couples' treatments and massages, one from each spa.
          </p>
          {packages.length === 0 ? (
            <p className="mt-4 rounded-card bg-surface p-6 text-ink-muted">
              No packages{where} yet. <Link to={categoryHref}>Browse every treatment</Link>.
            </p>
          ) : (
            <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
              {packages.map((product) => (
                <li key={product.id} className="min-w-0">
                  <ProductCard product={product} />
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="my-12 flex flex-col items-start gap-4 rounded-card border border-line bg-surface p-6 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="text-xl font-bold text-ink">Looking for something specific?</h2>
            <p className="mt-1 text-ink-muted">
              Facials, body polish, hammam, pedicures: every spa treatment on Oja in one place.
            </p>
          </div>
          <ButtonLink to={categoryHref} size="lg">
            Shop spas & wellness <ArrowRight aria-hidden="true" className="size-4" />
          </ButtonLink>
        </section>
      </div>
    </div>
  );
}

function CityLink({
  to,
  current,
  children,
}: {
  to: string;
  current: boolean;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      aria-current={current ? "page" : undefined}
      className={`inline-flex items-center gap-1 rounded-full border px-4 py-2 text-sm font-medium ${
        current
          ? "border-brand bg-brand text-on-brand"
          : "border-line bg-surface text-ink hover:border-brand hover:text-brand"
      }`}
    >
      {children}
    </Link>
  );
}
