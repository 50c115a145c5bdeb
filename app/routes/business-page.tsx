import { ArrowRight, Handshake, MapPin, Phone } from "lucide-react";
import { Link, type MetaDescriptor } from "react-router";
import { businessProfile } from "#app/catalog/catalog.server.ts";
import { businessPartners } from "#app/catalog/partners.server.ts";
import { storefrontProducts } from "#app/catalog/storefront.server.ts";
import { BusinessLogo } from "#app/components/business-card.tsx";
import { BusinessPageHeader, coverSizes } from "#app/components/business-page-header.tsx";
import { LiveOpeningHours } from "#app/components/live-opening-hours.tsx";
import { ProductCard } from "#app/components/product-card.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { preloadImageLink } from "#app/components/ui/responsive-image.tsx";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { reviewsOfBusiness } from "#app/reviews/reading.server.ts";
import { businessJsonLd, jsonLdReviews, siteOrigin } from "#app/seo/business-json-ld.server.ts";
import { pageMeta, shortDescription } from "#app/seo/meta.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/business-page";

/**
 * /{slug}: the business's own landing page at its vanity address, the spec's one prerendered
 * route. In production it is served from the render cache (server/page-cache.ts): rendered
 * without a session, so nothing here may depend on who is looking or on the time of day.
 */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { business } = loaderData;
  const path = `/${business.slug}`;
  const tags = pageMeta(matches, {
    title: `${business.name} · ${business.category.name} in ${business.city}`,
    description: shortDescription(
      business.tagline && business.description
        ? `${business.tagline}. ${business.description}`
        : business.description || business.tagline || `${business.name}, ${business.city}.`,
    ),
    path,
    image: business.cover?.url ?? business.logoUrl,
    type: "business.business",
    jsonLd: loaderData.jsonLd,
  });
  // The cover is the largest picture above the fold: fetch it with the page, not after the CSS.
  if (business.cover) {
    tags.push({
      tagName: "link",
      ...preloadImageLink(business.cover, coverSizes),
    } as MetaDescriptor);
  }
  return tags;
}

const paramsSchema = z.object({ id: z.string().min(1).max(100) });
const overviewProducts = 8;

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const parsed = paramsSchema.safeParse(params);
  if (!parsed.success) throw notFound(url);
  const { db, settings } = services(context);
  const business = await businessProfile(db, parsed.data.id);
  if (!business) throw notFound(url);
  const [products, partners, reviews] = await Promise.all([
    storefrontProducts(db, business.id, { limit: overviewProducts }),
    businessPartners(db, business.id),
    // For search engines only (the JSON-LD): the page shows the score in its header.
    business.trustScore
      ? reviewsOfBusiness(db, business.id, { limit: jsonLdReviews })
      : { items: [] },
  ]);
  return {
    business,
    jsonLd: businessJsonLd(
      business,
      siteOrigin(settings.publicUrl),
      `/${business.slug}`,
      reviews.items,
    ),
    products: products.items,
    moreProducts: products.nextCursor !== null,
    partners,
  };
}

export default function BusinessPage({ loaderData }: Route.ComponentProps) {
  const { business, products, moreProducts, partners } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 pb-12">
      <BusinessPageHeader business={business} />
      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <div className="min-w-0 space-y-10 lg:col-span-2">
          <section aria-labelledby="products-title">
            <div className="flex items-baseline justify-between gap-3">
              <h2 id="products-title" className="text-xl font-bold text-ink">
                Products
              </h2>
              {moreProducts ? (
                <Link
                  to={`/${business.slug}/products`}
                  className="inline-flex items-center gap-1 text-sm font-semibold text-brand"
                >
                  See all <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              ) : null}
            </div>
            {products.length === 0 ? (
              <div className="mt-4">
                <EmptyState title={`${business.name} has nothing for sale yet`}>
                  New products show here as soon as they are added.
                </EmptyState>
              </div>
            ) : (
              <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
                {products.map((product) => (
                  <li key={product.id}>
                    <ProductCard product={product} />
                  </li>
                ))}
              </ul>
            )}
          </section>

          {partners.length > 0 ? (
            <section aria-labelledby="partners-title">
              <h2 id="partners-title" className="text-xl font-bold text-ink">
                Partner offers
              </h2>
              <ul className="mt-4 grid gap-3 sm:grid-cols-2">
                {partners.map((partner) => (
                  <li key={partner.business.id}>
                    <Link
                      to={`/${business.slug}/partners/${partner.business.slug}`}
                      className="flex h-full items-center gap-3 rounded-card border border-line bg-surface p-3 hover:border-brand"
                    >
                      <BusinessLogo business={partner.business} size={48} />
                      <span className="min-w-0">
                        <span className="flex items-center gap-1.5 text-sm text-ink-muted">
                          <Handshake aria-hidden="true" className="size-4" />
                          {partner.business.name}
                        </span>
                        <span className="block font-semibold text-ink">{partner.offerTitle}</span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <section aria-labelledby="about-title">
            <h2 id="about-title" className="text-xl font-bold text-ink">
              About {business.name}
            </h2>
            <p className="mt-2 line-clamp-4 whitespace-pre-line text-ink">
              {business.description || `${business.name} hasn't written about itself yet.`}
            </p>
            <Link
              to={`/${business.slug}/about`}
              className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-brand"
            >
              More about {business.name} <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </section>
        </div>

        <aside aria-label="Visit and contact" className="space-y-6">
          <div className="rounded-card border border-line bg-surface p-5">
            <h2 className="text-lg font-bold text-ink">Visit</h2>
            <p className="mt-2 flex gap-2 text-ink">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-muted" />
              <span>
                {business.address}, {business.city}
              </span>
            </p>
            {business.phone ? (
              <p className="mt-2 flex gap-2">
                <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-muted" />
                <a href={`tel:${business.phone}`} className="text-brand hover:underline">
                  {business.phone}
                </a>
              </p>
            ) : null}
            <Link
              to={`/${business.slug}/contact`}
              className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-brand"
            >
              Map and all contact details <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </div>
          <div className="rounded-card border border-line bg-surface p-5">
            <h2 className="sr-only">Opening hours</h2>
            <LiveOpeningHours hours={business.hours} />
          </div>
        </aside>
      </div>
    </div>
  );
}
