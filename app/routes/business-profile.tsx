import { Star } from "lucide-react";
import { currentUser } from "#app/auth/session.server.ts";
import { businessProfile } from "#app/catalog/catalog.server.ts";
import { describeOpeningStatus, lagosMoment, openingStatus } from "#app/catalog/opening-hours.ts";
import { BusinessContact } from "#app/components/business-contact.tsx";
import { BusinessPageHeader } from "#app/components/business-page-header.tsx";
import { OpeningHours } from "#app/components/opening-hours.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { followState } from "#app/follows/follows.server.ts";
import { reviewsOfBusiness } from "#app/reviews/reading.server.ts";
import { ReviewCard } from "#app/reviews/review-card.tsx";
import { reviewFigures } from "#app/reviews/review-figures.server.ts";
import { ReviewSummaryPanel } from "#app/reviews/review-summary.tsx";
import { businessJsonLd, jsonLdReviews, siteOrigin } from "#app/seo/business-json-ld.server.ts";
import { pageMeta, shortDescription } from "#app/seo/meta.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/business-profile";

/**
 * /business/{slug}: a business's profile — about, the week's hours judged in Lagos time,
 * address with a map link, contact, its reviews (TrustScore, how they spread over the stars,
 * the reply rate, the latest ones), and the follow button. Rendered per request (the follow
 * state is the visitor's own), unlike the cached landing page /{slug}.
 */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { business } = loaderData;
  const path = `/business/${business.slug}`;
  return pageMeta(matches, {
    title: `${business.name} · ${business.category.name} in ${business.city}`,
    description: shortDescription(
      business.description || business.tagline || `${business.name}, ${business.city}.`,
    ),
    path,
    image: business.cover?.url ?? business.logoUrl,
    type: "business.business",
    jsonLd: loaderData.jsonLd,
  });
}

const paramsSchema = z.object({ id: z.string().min(1).max(100) });
/** The latest reviews the profile shows under the figures (the JSON-LD names a few more). */
const shownReviews = 3;

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const parsed = paramsSchema.safeParse(params);
  if (!parsed.success) throw notFound(url);
  const { db, settings } = services(context);
  const business = await businessProfile(db, parsed.data.id);
  if (!business) throw notFound(url);
  const user = currentUser(context);
  const now = new Date();
  const [follow, figures, latest] = await Promise.all([
    user
      ? followState(db, user.id, business.id).then((state) => ({ ...state, signedIn: true }))
      : { following: false, favourite: false, signedIn: false },
    reviewFigures(db, business.id, now),
    reviewsOfBusiness(db, business.id, { limit: jsonLdReviews }),
  ]);
  const status = openingStatus(business.hours, now);
  const path = `/business/${business.slug}`;
  return {
    business,
    follow,
    reviews: { figures, latest: latest.items.slice(0, shownReviews) },
    jsonLd: businessJsonLd(business, siteOrigin(settings.publicUrl), path, latest.items),
    today: lagosMoment(now).day,
    open: status.open,
    status: describeOpeningStatus(status),
  };
}

export default function BusinessProfile({ loaderData }: Route.ComponentProps) {
  const { business, follow, reviews, today, open, status } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 pb-10">
      <BusinessPageHeader business={business} follow={follow} sections={false} />

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <section aria-labelledby="about-title" className="rounded-card bg-surface p-5">
            <h2 id="about-title" className="text-lg font-bold text-ink">
              About
            </h2>
            <p className="mt-2 whitespace-pre-line text-ink">
              {business.description || `${business.name} hasn't written about itself yet.`}
            </p>
            <div className="mt-4 flex flex-wrap gap-2">
              <ButtonLink to={`/b/${business.slug}`} variant="secondary" size="sm">
                Shop at {business.name}
              </ButtonLink>
            </div>
          </section>

          <section aria-labelledby="reviews-title" className="rounded-card bg-surface p-5">
            <h2 id="reviews-title" className="text-lg font-bold text-ink">
              Reviews
            </h2>
            {reviews.figures ? (
              <div className="mt-3 space-y-4">
                <ReviewSummaryPanel summary={reviews.figures} />
                <p className="text-sm text-ink-muted">{reviews.figures.replyRate}</p>
                <ul className="space-y-3" aria-label="Latest reviews">
                  {reviews.latest.map((review) => (
                    <li key={review.id}>
                      <ReviewCard review={review} businessName={business.name} />
                    </li>
                  ))}
                </ul>
              </div>
            ) : (
              <div className="mt-3 flex items-start gap-3">
                <Star aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ink-muted" />
                <div>
                  <p className="font-semibold text-ink">No reviews yet</p>
                  <p className="mt-1 text-sm text-ink-muted">
                    {business.name} has no TrustScore yet: it appears with the first reviews,
                    together with the rating breakdown and how often the business replies.
                  </p>
                </div>
              </div>
            )}
            <div className="mt-4 flex flex-wrap gap-2">
              {reviews.figures ? (
                <ButtonLink to={`/ReviewsList/${business.slug}`} variant="secondary" size="sm">
                  All {reviews.figures.reviewCount} reviews
                </ButtonLink>
              ) : null}
              <ButtonLink to={`/evaluate/new?business=${business.slug}`} size="sm">
                Write a review
              </ButtonLink>
            </div>
          </section>
        </div>

        <aside className="space-y-6">
          <section aria-labelledby="hours-title" className="rounded-card bg-surface p-5">
            <h2 id="hours-title" className="text-lg font-bold text-ink">
              Opening hours
            </h2>
            <div className="mt-3">
              <OpeningHours hours={business.hours} today={today} status={status} open={open} />
            </div>
          </section>

          <section aria-labelledby="contact-title" className="rounded-card bg-surface p-5">
            <h2 id="contact-title" className="text-lg font-bold text-ink">
              Address and contact
            </h2>
            <div className="mt-3">
              <BusinessContact business={business} />
            </div>
          </section>
        </aside>
      </div>
    </div>
  );
}
