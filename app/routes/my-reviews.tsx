import { MessageSquareText } from "lucide-react";
import { useEffect } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { requireUser } from "#app/auth/session.server.ts";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { pickerDay } from "#app/components/ui/date-picker/iso-day.ts";
import { LazyDatePicker } from "#app/components/ui/date-picker/lazy-date-picker.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { Field, FormMessage, TextAreaField } from "#app/components/ui/field.tsx";
import { StatusPill } from "#app/components/ui/status-pill.tsx";
import { services } from "#app/context.server.ts";
import { useDraft } from "#app/hooks/use-draft.ts";
import { formatLagosDay } from "#app/lagos-dates.ts";
import { reviewDraftKey, reviewLimits } from "#app/reviews/review-limits.ts";
import {
  deleteReview,
  editReview,
  reviewDayBounds,
  reviewsOfAuthor,
} from "#app/reviews/reviews.server.ts";
import { Stars } from "#app/reviews/stars.tsx";
import { StarsInput } from "#app/reviews/stars-input.tsx";
import { privatePageHeaders } from "#app/security/private-page.ts";
import { formatDay } from "#app/vouchers/offer-terms.ts";
import type { Route } from "./+types/my-reviews";

export const headers = privatePageHeaders;

/**
 * /evaluate/_id: the shopper's own reviews (issue 21): each with its business, stars, words and
 * labels (verified, invited, removed and why), the business's reply, to edit or delete. A review
 * moderators held shows their request: editing it publishes it again. Nobody else's.
 */
export function meta() {
  return [{ title: "Your reviews · Oja" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return data(
    {
      reviews: await reviewsOfAuthor(services(context).db, user.id),
      // The business just reviewed (from /evaluate/new): its draft can go.
      written: (url.searchParams.get("written") ?? "").slice(0, 100) || null,
      ...reviewDayBounds(new Date()),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { db } = services(context);
  const form = Object.fromEntries(await request.formData());
  const reviewId = String(form.reviewId ?? "").slice(0, 40);
  if (form.intent === "delete") {
    const deleted = await deleteReview(db, user, reviewId);
    if (!deleted)
      return data({ reviewId, errors: { form: "No such review of yours." } }, { status: 404 });
    return { reviewId, errors: {}, done: "Your review was deleted." };
  }
  const edited = await editReview(db, user, reviewId, form);
  if (!edited.ok) return data({ reviewId, errors: edited.errors }, { status: edited.status });
  return {
    reviewId,
    errors: {},
    done: edited.republished
      ? "Your review is published again: thank you for editing it."
      : "Your review was updated.",
  };
}

export default function MyReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { reviews, written, today, earliest } = loaderData;
  const { clear } = useDraft(reviewDraftKey(written ?? ""));
  useEffect(() => {
    if (written) clear();
  }, [written, clear]);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">Your reviews</h1>
        <ButtonLink to="/evaluate" variant="secondary" size="sm">
          Write a review
        </ButtonLink>
      </div>
      {written ? (
        <FormMessage tone="success">Thank you: your review is published.</FormMessage>
      ) : null}
      {actionData && "done" in actionData ? (
        <FormMessage tone="success">{actionData.done}</FormMessage>
      ) : null}
      {reviews.length === 0 ? (
        <EmptyState
          icon={MessageSquareText}
          title="No reviews yet"
          action={<ButtonLink to="/evaluate">Write a review</ButtonLink>}
        >
          Reviews you write appear here, to edit or delete whenever you like.
        </EmptyState>
      ) : (
        <ul className="space-y-4">
          {reviews.map((review) => {
            const errors: Partial<Record<string, string>> =
              actionData?.reviewId === review.id ? actionData.errors : {};
            return (
              <li
                key={review.id}
                className="space-y-3 rounded-xl border border-line bg-surface p-4"
                aria-labelledby={`review-${review.id}`}
              >
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <Link
                      to={`/${review.business.slug}`}
                      className="text-sm text-ink-muted hover:underline"
                    >
                      {review.business.name}
                    </Link>
                    <h2 id={`review-${review.id}`} className="font-semibold text-ink">
                      {review.title}
                    </h2>
                    <Stars value={review.stars} />
                  </div>
                  <div className="flex flex-wrap gap-1">
                    {review.status === "removed" ? <StatusPill label="Removed" tone="bad" /> : null}
                    {review.status === "held" ? (
                      <StatusPill label="Hidden until you edit" tone="bad" />
                    ) : null}
                    {review.verified ? <StatusPill label="Verified" tone="good" /> : null}
                    {review.invited ? <StatusPill label="Invited" tone="neutral" /> : null}
                  </div>
                </div>
                <p className="whitespace-pre-line text-ink">{review.body}</p>
                <p className="text-sm text-ink-muted">
                  Experience on {formatDay(review.experiencedOn)} · written{" "}
                  {formatLagosDay(review.createdAt)}
                  {review.updatedAt.getTime() !== review.createdAt.getTime()
                    ? ` · edited ${formatLagosDay(review.updatedAt)}`
                    : ""}
                </p>
                {review.reply !== null && review.repliedAt !== null ? (
                  <div className="ms-4 border-brand border-s-2 ps-3">
                    <p className="font-medium text-ink text-sm">
                      Reply from {review.business.name}{" "}
                      <span className="text-ink-muted">
                        · {formatLagosDay(review.repliedAt)}
                        {review.replyEditedAt ? " · edited" : ""}
                      </span>
                    </p>
                    <p className="whitespace-pre-line break-words text-ink">{review.reply}</p>
                  </div>
                ) : null}
                {review.status === "held" ? (
                  <div className="rounded-lg bg-danger-soft px-3 py-2.5 text-sm text-ink">
                    <p>
                      <strong>Oja's moderators asked you to edit this review</strong>, for:{" "}
                      {review.removedReason}
                    </p>
                    <p className="mt-1">
                      It is hidden from readers and out of the business's TrustScore until you do.
                      Saving your changes publishes it again.
                    </p>
                  </div>
                ) : null}
                {review.status === "removed" ? (
                  <p className="text-sm text-danger">Removed for: {review.removedReason}</p>
                ) : (
                  <details open={review.status === "held" || Object.keys(errors).length > 0}>
                    <summary className="cursor-pointer text-sm font-medium text-brand-strong">
                      {review.status === "held"
                        ? "Edit to publish again, or delete"
                        : "Edit or delete"}
                    </summary>
                    <Form method="post" className="mt-3 space-y-4" noValidate>
                      {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
                      <input type="hidden" name="reviewId" value={review.id} />
                      <StarsInput defaultValue={review.stars} error={errors.stars} />
                      <Field
                        label="Title"
                        name="title"
                        maxLength={reviewLimits.titleMax}
                        defaultValue={review.title}
                        error={errors.title}
                      />
                      <TextAreaField
                        label="Your experience"
                        name="body"
                        rows={5}
                        maxLength={reviewLimits.bodyMax}
                        defaultValue={review.body}
                        error={errors.body}
                      />
                      <LazyDatePicker
                        label="Day of your experience"
                        name="experiencedOn"
                        autoApply
                        defaultValue={pickerDay(review.experiencedOn)}
                        minDate={pickerDay(earliest)}
                        maxDate={pickerDay(today)}
                        error={errors.experiencedOn}
                      />
                      <div className="flex flex-wrap gap-2">
                        <Button type="submit" name="intent" value="edit" disabled={busy}>
                          Save changes
                        </Button>
                        <Button
                          type="submit"
                          name="intent"
                          value="delete"
                          variant="secondary"
                          disabled={busy}
                        >
                          Delete this review
                        </Button>
                      </div>
                    </Form>
                  </details>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
