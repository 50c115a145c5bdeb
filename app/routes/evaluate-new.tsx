import { data, Link, redirect } from "react-router";
import { requireUser } from "#app/auth/session.server.ts";
import { FormMessage } from "#app/components/ui/field.tsx";
import { services } from "#app/context.server.ts";
import { ReviewForm } from "#app/reviews/review-form.tsx";
import { reviewDayBounds, reviewTarget, writeReview } from "#app/reviews/reviews.server.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import type { Route } from "./+types/evaluate-new";

export const headers = privatePageHeaders;

/**
 * /evaluate/new?business={slug}: write a review (issue 21): 1–5 stars, a title, the experience in
 * the shopper's words and its day (the kit's date picker: not ahead, within 12 months). The words
 * are kept in the browser as a draft until sent. The rules are the server's (reviews.server.ts);
 * nothing is given for a review. Without a business the page sends the shopper to find one.
 */
export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.business.name;
  return [
    { title: name ? `Review ${name} · Oja` : "Write a review · Oja" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const slug = (url.searchParams.get("business") ?? "").slice(0, 100);
  const business = slug ? await reviewTarget(services(context).db, slug, user.id) : null;
  if (!business) throw redirect("/evaluate");
  return data(
    { business, ...reviewDayBounds(new Date()) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = Object.fromEntries(await request.formData());
  const result = await writeReview(services(context).db, user, form);
  if (!result.ok) return data({ errors: result.errors }, { status: result.status });
  const written = String(form.business ?? "");
  return redirect(`/evaluate/_id?written=${encodeURIComponent(written)}`);
}

export default function EvaluateNew({ loaderData, actionData }: Route.ComponentProps) {
  const { business, today, earliest } = loaderData;
  const errors: Partial<Record<string, string>> = actionData?.errors ?? {};
  return (
    <div className="mx-auto w-full max-w-2xl space-y-6 px-4 py-6 sm:py-10">
      <header className="space-y-1">
        <Link to="/evaluate" className="text-sm text-ink-muted hover:underline">
          Write a review
        </Link>
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">Review {business.name}</h1>
        <p className="text-ink-muted">
          {business.verifiable
            ? "Oja saw your visit or order here, so your review will show as verified."
            : "Tell others how it went. Reviews are for real experiences of the last 12 months."}
        </p>
      </header>
      {errors.form || errors.business ? (
        <FormMessage tone="error">{errors.form ?? errors.business}</FormMessage>
      ) : null}
      <ReviewForm businessSlug={business.slug} today={today} earliest={earliest} errors={errors} />
    </div>
  );
}
