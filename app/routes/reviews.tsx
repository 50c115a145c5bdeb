import { MessageSquareText, PenLine } from "lucide-react";
import { data, Link } from "react-router";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { NextPageLink } from "#app/components/ui/next-page-link.tsx";
import { services } from "#app/context.server.ts";
import { InvalidPageCursorError } from "#app/db/page-cursor.server.ts";
import { publicError } from "#app/errors.ts";
import { latestReviews } from "#app/reviews/reading.server.ts";
import { ReviewCard } from "#app/reviews/review-card.tsx";
import { helpfulWindowDays } from "#app/reviews/review-limits.ts";
import { pageMeta } from "#app/seo/meta.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/reviews";

/**
 * /reviews: what shoppers are saying across Oja (issue 21): the latest reviews a page at a time,
 * or the most helpful of the last 90 days, each under its business, and the way to write one.
 * Removed and held reviews stay on their business's list, not here.
 */
export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: "Reviews",
    description:
      "Honest reviews of Nigerian businesses on Oja: verified when Oja saw the order or visit, never paid for, invited from every customer.",
    path: "/reviews",
    noindex: Boolean(loaderData?.filtered),
  });
}

const querySchema = z.object({
  sort: z.enum(["newest", "helpful"]).catch("newest"),
  after: z.string().optional().catch(undefined),
});

export async function loader({ context, url }: Route.LoaderArgs) {
  const query = querySchema.parse(Object.fromEntries(url.searchParams));
  try {
    const page = await latestReviews(services(context).db, query);
    return data({
      sort: query.sort,
      page,
      filtered: query.sort !== "newest" || Boolean(query.after),
    });
  } catch (error) {
    if (error instanceof InvalidPageCursorError) throw publicError(400, error.message);
    throw error;
  }
}

const tabs = [
  { sort: "newest", label: "Latest", to: "/reviews" },
  { sort: "helpful", label: "Most helpful", to: "/reviews?sort=helpful" },
] as const;

export default function Reviews({ loaderData }: Route.ComponentProps) {
  const { sort, page } = loaderData;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:py-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold text-ink sm:text-3xl">Reviews</h1>
          <p className="text-ink-muted">
            What shoppers say about businesses on Oja.{" "}
            <Link to="/reviews/gg" className="font-medium text-brand-strong underline">
              How reviews work
            </Link>
          </p>
        </div>
        <ButtonLink to="/evaluate">
          <PenLine aria-hidden="true" className="size-4" /> Write a review
        </ButtonLink>
      </header>
      <nav aria-label="Order of reviews" className="flex gap-2 border-line border-b">
        {tabs.map((tab) => (
          <Link
            key={tab.sort}
            to={tab.to}
            aria-current={tab.sort === sort ? "page" : undefined}
            className={`-mb-px min-h-11 border-b-2 px-3 py-2 font-medium ${
              tab.sort === sort
                ? "border-brand text-brand-strong"
                : "border-transparent text-ink-muted hover:text-ink"
            }`}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      {page.items.length === 0 ? (
        <EmptyState
          icon={MessageSquareText}
          title={sort === "helpful" ? "No helpful votes yet" : "No reviews yet"}
        >
          {sort === "helpful"
            ? `Reviews readers found helpful in the last ${helpfulWindowDays} days show here.`
            : "Bought or visited somewhere on Oja? Be the first to say how it went."}
        </EmptyState>
      ) : (
        <ul className="space-y-4">
          {page.items.map((review) => (
            <li key={review.id} className="space-y-1">
              <Link
                to={`/${review.business.slug}`}
                className="font-semibold text-brand-strong hover:underline"
              >
                {review.business.name}
              </Link>
              <ReviewCard review={review} businessName={review.business.name} />
            </li>
          ))}
        </ul>
      )}
      <NextPageLink cursor={page.nextCursor} label="More reviews" />
    </div>
  );
}
