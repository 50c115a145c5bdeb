import { Link } from "react-router";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { reviewById } from "#app/reviews/reading.server.ts";
import { ReviewCard } from "#app/reviews/review-card.tsx";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/review";

/**
 * /reviews/{id}: one review (issue 21): its stars, title, words, the day of the experience, how
 * Oja knows it (verified, invited) and its business. Unknown ids, and reviews of a business no
 * longer on Oja, are 404.
 */
export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { review } = loaderData;
  return [{ title: `${review.title || "A review"} · ${review.business.name} · Oja` }];
}

const idSchema = z.string().regex(/^rev_[0-9a-z]{16}$/);

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const id = idSchema.safeParse(params.id);
  if (!id.success) throw notFound(url);
  const review = await reviewById(services(context).db, id.data);
  if (!review) throw notFound(url);
  return { review };
}

export default function Review({ loaderData }: Route.ComponentProps) {
  const { review } = loaderData;
  return (
    <div className="mx-auto w-full max-w-2xl space-y-4 px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-bold text-ink">
        A review of{" "}
        <Link to={`/${review.business.slug}`} className="text-brand-strong underline">
          {review.business.name}
        </Link>
      </h1>
      <ReviewCard review={review} businessName={review.business.name} />
      <Link
        to={`/ReviewsList/${review.business.slug}`}
        className="inline-block text-sm font-medium text-brand-strong underline"
      >
        All reviews of {review.business.name}
      </Link>
    </div>
  );
}
