import { Percent, Star, Ticket } from "lucide-react";
import { Link } from "react-router";
import { businessProfile } from "#app/catalog/catalog.server.ts";
import { storefrontProducts } from "#app/catalog/storefront.server.ts";
import { BusinessContact } from "#app/components/business-contact.tsx";
import { BusinessPageHeader } from "#app/components/business-page-header.tsx";
import { LiveOpeningHours } from "#app/components/live-opening-hours.tsx";
import { ProductCard } from "#app/components/product-card.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { NextPageLink } from "#app/components/ui/next-page-link.tsx";
import { services } from "#app/context.server.ts";
import { InvalidPageCursorError } from "#app/db/page-cursor.server.ts";
import { notFound, publicError } from "#app/errors.ts";
import { reviewsOfBusiness } from "#app/reviews/reading.server.ts";
import { ReviewCard } from "#app/reviews/review-card.tsx";
import { TrustScoreBadge } from "#app/reviews/review-summary.tsx";
import { reviewSummary } from "#app/reviews/reviews.server.ts";
import { currentDiscountSalesOf } from "#app/sales/discounts.server.ts";
import { currentFlashSalesOf } from "#app/sales/flash.server.ts";
import { businessSections } from "#app/screens.ts";
import { businessJsonLd, siteOrigin } from "#app/seo/business-json-ld.server.ts";
import { pageMeta, shortDescription } from "#app/seo/meta.ts";
import { listOffers } from "#app/vouchers/marketplace.server.ts";
import { OfferGrid } from "#app/vouchers/offer-card.tsx";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/business-section";

const sectionTitles: Record<(typeof businessSections)[number], string> = {
  about: "About",
  products: "Products",
  vouchers: "Vouchers",
  reviews: "Reviews",
  contact: "Contact",
  sales: "Sales",
};

/** /{slug}/{section}: one section of a business's landing page; any other section is a 404. */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { business, section } = loaderData;
  const path = `/${business.slug}/${section}`;
  return pageMeta(matches, {
    title: `${sectionTitles[section]} · ${business.name}`,
    description: shortDescription(
      section === "contact"
        ? `${business.name}: ${business.address}, ${business.city}. Opening hours, phone and map.`
        : business.description || business.tagline || `${business.name}, ${business.city}.`,
    ),
    path,
    image: business.cover?.url ?? business.logoUrl,
    type: "business.business",
    jsonLd: loaderData.jsonLd ?? undefined,
  });
}

const paramsSchema = z.object({
  id: z.string().min(1).max(100),
  main: z
    .string()
    .transform((value) => value.toLowerCase())
    .pipe(z.enum(businessSections)),
});

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const parsed = paramsSchema.safeParse(params);
  if (!parsed.success) throw notFound(url);
  const { db, settings } = services(context);
  const business = await businessProfile(db, parsed.data.id);
  if (!business) throw notFound(url);
  const section = parsed.data.main;
  const after = url.searchParams.get("after");
  const path = `/${business.slug}/${section}`;
  const origin = siteOrigin(settings.publicUrl);
  try {
    if (section === "products") {
      const products = await storefrontProducts(db, business.id, { after });
      return { business, section, products, offers: null, reviews: null, jsonLd: null };
    }
    if (section === "vouchers") {
      const offers = await listOffers(db, { businessId: business.id, after });
      return { business, section, products: null, offers, reviews: null, jsonLd: null };
    }
    if (section === "sales") {
      const [flash, discount] = await Promise.all([
        currentFlashSalesOf(db, business.id),
        currentDiscountSalesOf(db, business.id),
      ]);
      const sales = [...flash, ...discount];
      return {
        business,
        section,
        products: null,
        offers: null,
        sales,
        reviews: null,
        jsonLd: null,
      };
    }
    if (section === "reviews") {
      const [summary, latest] = await Promise.all([
        reviewSummary(db, business.id),
        reviewsOfBusiness(db, business.id, { limit: 5 }),
      ]);
      return {
        business,
        section,
        products: null,
        offers: null,
        reviews: { summary, latest: latest.items, more: latest.nextCursor !== null },
        jsonLd: businessJsonLd(business, origin, path, latest.items),
      };
    }
    // About and contact describe the business to search engines; products and vouchers don't.
    const jsonLd =
      section === "about" || section === "contact" ? businessJsonLd(business, origin, path) : null;
    return { business, section, products: null, offers: null, reviews: null, jsonLd };
  } catch (error) {
    if (error instanceof InvalidPageCursorError) throw publicError(400, error.message);
    throw error;
  }
}

export default function BusinessSection({ loaderData }: Route.ComponentProps) {
  const { business, section, products, offers, reviews } = loaderData;
  const sales = "sales" in loaderData ? loaderData.sales : null;
  return (
    <div className="mx-auto max-w-6xl px-4 pb-12">
      <BusinessPageHeader business={business} coverPriority={false} />
      <section aria-labelledby="section-title" className="mt-8">
        <h2 id="section-title" className="text-xl font-bold text-ink">
          {sectionTitles[section]}
        </h2>
        <div className="mt-4">
          {section === "products" && products ? (
            products.items.length === 0 ? (
              <EmptyState title={`${business.name} has nothing for sale yet`}>
                New products show here as soon as they are added.
              </EmptyState>
            ) : (
              <>
                <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
                  {products.items.map((product) => (
                    <li key={product.id}>
                      <ProductCard product={product} />
                    </li>
                  ))}
                </ul>
                <NextPageLink cursor={products.nextCursor} label="More products" />
              </>
            )
          ) : null}
          {section === "about" ? (
            <div className="grid gap-8 lg:grid-cols-3">
              <div className="lg:col-span-2">
                <p className="whitespace-pre-line text-ink">
                  {business.description || `${business.name} hasn't written about itself yet.`}
                </p>
                <dl className="mt-6 grid grid-cols-2 gap-4 text-sm">
                  <div>
                    <dt className="text-ink-muted">Category</dt>
                    <dd className="font-semibold text-ink">{business.category.name}</dd>
                  </div>
                  <div>
                    <dt className="text-ink-muted">City</dt>
                    <dd className="font-semibold text-ink">{business.city}</dd>
                  </div>
                </dl>
              </div>
              <div className="rounded-card border border-line bg-surface p-5">
                <LiveOpeningHours hours={business.hours} />
              </div>
            </div>
          ) : null}
          {section === "contact" ? (
            <div className="grid gap-6 sm:grid-cols-2">
              <div className="rounded-card border border-line bg-surface p-5">
                <BusinessContact business={business} />
              </div>
              <div className="rounded-card border border-line bg-surface p-5">
                <LiveOpeningHours hours={business.hours} />
              </div>
            </div>
          ) : null}
          {section === "vouchers" && offers ? (
            offers.items.length === 0 ? (
              <EmptyState icon={Ticket} title={`${business.name} has no vouchers on sale`}>
                Vouchers {business.name} puts on sale show here, and in{" "}
                <Link to="/vouchers" className="font-medium text-brand-strong underline">
                  the voucher marketplace
                </Link>
                .
              </EmptyState>
            ) : (
              <>
                <OfferGrid offers={offers.items} />
                <NextPageLink cursor={offers.nextCursor} label="More vouchers" />
              </>
            )
          ) : null}
          {section === "sales" && sales ? (
            sales.length === 0 ? (
              <EmptyState icon={Percent} title={`No sales at ${business.name} right now`}>
                Its sales show here while they run, and from a week before they start.
              </EmptyState>
            ) : (
              <ul
                aria-label="Sales"
                className="divide-y divide-line rounded-card border border-line bg-surface"
              >
                {sales.map((sale) => (
                  <li key={sale.id} className="p-3">
                    <Link to={sale.href} className="font-semibold text-ink underline">
                      {sale.name}
                    </Link>
                    <p className="text-sm text-ink-muted">{sale.summary}</p>
                  </li>
                ))}
              </ul>
            )
          ) : null}
          {section === "reviews" && reviews ? (
            <div className="space-y-4">
              <TrustScoreBadge summary={reviews.summary} />
              {reviews.latest.length === 0 ? (
                <EmptyState icon={Star} title={`No reviews of ${business.name} yet`}>
                  Bought or visited here? Be the first to say how it went.
                </EmptyState>
              ) : (
                <ul className="space-y-3">
                  {reviews.latest.map((review) => (
                    <li key={review.id}>
                      <ReviewCard review={review} businessName={business.name} />
                    </li>
                  ))}
                </ul>
              )}
              <div className="flex flex-wrap gap-3">
                {reviews.summary.reviewCount > 0 ? (
                  <ButtonLink to={`/ReviewsList/${business.slug}`} variant="secondary">
                    All {reviews.summary.reviewCount} reviews
                  </ButtonLink>
                ) : null}
                <ButtonLink to={`/evaluate/new?business=${business.slug}`}>
                  Write a review
                </ButtonLink>
              </div>
            </div>
          ) : null}
        </div>
      </section>
    </div>
  );
}
