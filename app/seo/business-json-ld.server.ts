import type { BusinessProfile } from "#app/catalog/catalog.server.ts";
import { openingHoursSpecification } from "#app/catalog/opening-hours.ts";
import type { PublicReview } from "#app/reviews/reading.server.ts";
import { absoluteUrl } from "./meta.ts";

/** How many of the latest reviews a business page names in its JSON-LD. */
export const jsonLdReviews = 5;

/**
 * schema.org LocalBusiness for a business's pages, identified by its canonical URL, with its
 * TrustScore as an AggregateRating once it has reviews and its latest published reviews as
 * Review items (decision 053). Built by the loader, on the server, so the browser's code for
 * these pages carries none of it; the page's `meta` passes it on. React Router writes it into
 * `<script type="application/ld+json">` with `<`, `>` and `&` escaped as \u003c…, so a review's
 * words can never close the script.
 *
 * The rating is the TrustScore as shown on the page (one decimal), on Oja's 1–5 scale: what a
 * reader of the page sees, as search engines ask of structured data.
 */
export function businessJsonLd(
  business: BusinessProfile,
  origin: string,
  path: string,
  reviews: readonly PublicReview[] = [],
) {
  const url = absoluteUrl(origin, path);
  const score = business.trustScore;
  const shown = reviews.filter((review) => review.hiddenBecause === null).slice(0, jsonLdReviews);
  return {
    "@type": "LocalBusiness",
    "@id": url,
    name: business.name,
    url,
    ...(business.description ? { description: business.description } : {}),
    ...(business.logoUrl ? { logo: absoluteUrl(origin, business.logoUrl) } : {}),
    ...(business.cover ? { image: absoluteUrl(origin, business.cover.url) } : {}),
    ...(business.phone ? { telephone: business.phone } : {}),
    ...(business.email ? { email: business.email } : {}),
    address: {
      "@type": "PostalAddress",
      streetAddress: business.address,
      addressLocality: business.city,
      addressCountry: "NG",
    },
    openingHoursSpecification: openingHoursSpecification(business.hours),
    ...(score
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: Number(score.scoreText),
            bestRating: 5,
            worstRating: 1,
            reviewCount: score.reviewCount,
          },
        }
      : {}),
    ...(score && shown.length > 0
      ? {
          review: shown.map((review) => ({
            "@type": "Review",
            url: absoluteUrl(origin, `/reviews/${review.id}`),
            name: review.title,
            reviewBody: review.body,
            datePublished: review.createdAt.toISOString().slice(0, 10),
            author: { "@type": "Person", name: review.author },
            reviewRating: {
              "@type": "Rating",
              ratingValue: review.stars,
              bestRating: 5,
              worstRating: 1,
            },
          })),
        }
      : {}),
  };
}

/** The site's origin for absolute URLs, as the root loader gives it to `meta` (`publicUrl`). */
export function siteOrigin(publicUrl: string): string {
  return publicUrl.replace(/\/+$/, "");
}
