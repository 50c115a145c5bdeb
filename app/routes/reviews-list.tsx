import { MessageSquareText } from "lucide-react";
import { data, Form, Link } from "react-router";
import { businessProfile } from "#app/catalog/catalog.server.ts";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { NextPageLink } from "#app/components/ui/next-page-link.tsx";
import { services } from "#app/context.server.ts";
import { InvalidPageCursorError } from "#app/db/page-cursor.server.ts";
import { notFound, publicError } from "#app/errors.ts";
import { reviewsOfBusiness } from "#app/reviews/reading.server.ts";
import { ReviewCard } from "#app/reviews/review-card.tsx";
import { ReviewSummaryPanel } from "#app/reviews/review-summary.tsx";
import { reviewSummary } from "#app/reviews/reviews.server.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/reviews-list";

/**
 * /ReviewsList/{business}: every review of a business (issue 21), newest or most helpful first, a page at a time,
 * filtered by stars and "verified only", under its TrustScore and how the reviews spread over the
 * stars. Filters are links and a plain GET form: it all works without JavaScript.
 */
export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [
    { title: `Reviews of ${loaderData.business.name} · Oja` },
    ...(loaderData.filtered ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

const querySchema = z.object({
  stars: z.coerce.number().int().min(1).max(5).optional().catch(undefined),
  verified: z.literal("1").optional().catch(undefined),
  sort: z.enum(["newest", "helpful"]).catch("newest"),
  // Whatever it holds, decodeCursor refuses a link this list did not make (400).
  after: z.string().optional().catch(undefined),
});

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const { db } = services(context);
  const business = await businessProfile(db, params.id);
  if (!business) throw notFound(url);
  const query = querySchema.parse(Object.fromEntries(url.searchParams));
  try {
    const [summary, page] = await Promise.all([
      reviewSummary(db, business.id),
      reviewsOfBusiness(db, business.id, {
        stars: query.stars,
        verifiedOnly: query.verified === "1",
        sort: query.sort,
        after: query.after,
      }),
    ]);
    return data({
      business: { name: business.name, slug: business.slug },
      summary,
      page,
      stars: query.stars ?? null,
      verifiedOnly: query.verified === "1",
      sort: query.sort,
      filtered: Boolean(query.stars || query.verified || query.after || query.sort !== "newest"),
    });
  } catch (error) {
    if (error instanceof InvalidPageCursorError) throw publicError(400, error.message);
    throw error;
  }
}

export default function ReviewsList({ loaderData }: Route.ComponentProps) {
  const { business, summary, page, stars, verifiedOnly, sort } = loaderData;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:py-10">
      <header className="space-y-1">
        <Link to={`/${business.slug}`} className="text-sm text-ink-muted hover:underline">
          {business.name}
        </Link>
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">Reviews of {business.name}</h1>
      </header>
      <ReviewSummaryPanel summary={summary} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <label className="space-y-1 text-sm font-medium text-ink">
            <span className="block">Stars</span>
            <select
              name="stars"
              defaultValue={stars ?? ""}
              className="min-h-11 rounded-lg border border-line bg-surface px-3"
            >
              <option value="">All</option>
              {[5, 4, 3, 2, 1].map((value) => (
                <option key={value} value={value}>
                  {value} {value === 1 ? "star" : "stars"}
                </option>
              ))}
            </select>
          </label>
          <label className="space-y-1 text-sm font-medium text-ink">
            <span className="block">Sort</span>
            <select
              name="sort"
              defaultValue={sort}
              className="min-h-11 rounded-lg border border-line bg-surface px-3"
            >
              <option value="newest">Newest</option>
              <option value="helpful">Most helpful</option>
            </select>
          </label>
          <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-ink">
            <input
              type="checkbox"
              name="verified"
              value="1"
              defaultChecked={verifiedOnly}
              className="size-5"
            />
            Verified only
          </label>
          <button
            type="submit"
            className="min-h-11 rounded-lg border border-line bg-surface px-4 text-sm font-semibold text-ink hover:border-brand"
          >
            Show
          </button>
        </Form>
        <ButtonLink to={`/evaluate/new?business=${business.slug}`} size="sm">
          Write a review
        </ButtonLink>
      </div>
      {page.items.length === 0 ? (
        <EmptyState
          icon={MessageSquareText}
          title={stars || verifiedOnly ? "No reviews match" : `No reviews of ${business.name} yet`}
        >
          {stars || verifiedOnly
            ? "Try other stars, or all reviews."
            : "Bought or visited here? Be the first to say how it went."}
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {page.items.map((review) => (
            <li key={review.id}>
              <ReviewCard review={review} businessName={loaderData.business.name} />
            </li>
          ))}
        </ul>
      )}
      <NextPageLink cursor={page.nextCursor} label="More reviews" />
    </div>
  );
}
