import { TrendingUp } from "lucide-react";
import { Link } from "react-router";
import { BusinessCard } from "#app/components/business-card.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { services } from "#app/context.server.ts";
import { trending, trendingDays } from "#app/follows/follows.server.ts";
import { pageMeta } from "#app/seo/meta.ts";
import type { Route } from "./+types/business-trending";

/**
 * /business/tt: the businesses shoppers reviewed and followed most over the last 7 days, ties to
 * the better TrustScore (decision 053). PRODUCT.md also ranks by most bought; paid orders join
 * when they can be counted by payment time without reading them all (follows.server.ts).
 */
export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: "Trending businesses",
    description: "The businesses on Oja gaining the most new reviews and followers this week.",
    path: "/business/tt",
  });
}

const shown = 24;

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = services(context);
  const ranked = await trending(db, { limit: shown });
  // Said on the server: the page's own code stays small.
  const businesses = ranked.map(({ newFollowers, newReviews, ...business }) => ({
    ...business,
    activity: [
      newReviews > 0 ? `${newReviews} new ${newReviews === 1 ? "review" : "reviews"}` : null,
      newFollowers > 0
        ? `${newFollowers} new ${newFollowers === 1 ? "follower" : "followers"}`
        : null,
    ]
      .filter(Boolean)
      .join(" · "),
  }));
  return { businesses, days: trendingDays, shown };
}

export default function BusinessTrending({ loaderData }: Route.ComponentProps) {
  const { businesses, days, shown } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-extrabold tracking-tight text-ink">Trending businesses</h1>
      <p className="mt-2 max-w-2xl text-ink-muted">
        Ranked by new reviews and new followers in the last {days} days, ties to the better
        TrustScore; the top {shown} are shown.
      </p>
      <div className="mt-6">
        {businesses.length === 0 ? (
          <EmptyState
            icon={TrendingUp}
            title="Nothing is trending this week"
            action={
              <ButtonLink to="/b" variant="primary">
                Browse businesses
              </ButtonLink>
            }
          >
            No business has new reviews or followers from the last {days} days. Review and follow
            the places you love and they'll show here.
          </EmptyState>
        ) : (
          <ol className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {businesses.map((business, index) => (
              <li key={business.id} className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="w-7 shrink-0 text-right text-lg font-bold text-ink-muted tabular-nums"
                >
                  {index + 1}
                </span>
                <div className="min-w-0 flex-1">
                  <BusinessCard business={business} />
                  <p className="mt-1 px-1 text-sm text-ink-muted">
                    {business.activity} this week ·{" "}
                    <Link
                      to={`/business/${business.slug}`}
                      className="font-semibold text-brand underline"
                    >
                      Profile<span className="sr-only"> of {business.name}</span>
                    </Link>
                  </p>
                </div>
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}
