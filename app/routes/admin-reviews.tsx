import { ShieldCheck } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { auditSource } from "#app/auth/audit.server.ts";
import type { FieldErrors } from "#app/auth/forms.ts";
import { requireAdmin } from "#app/auth/session.server.ts";
import { Button } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { FormMessage, TextAreaField } from "#app/components/ui/field.tsx";
import { StatusPill } from "#app/components/ui/status-pill.tsx";
import { services } from "#app/context.server.ts";
import { formatLagosTime } from "#app/lagos-dates.ts";
import { decideReview, moderationQueue } from "#app/reviews/moderation.server.ts";
import { flagReasonLabels, moderationReasonLimits } from "#app/reviews/moderation-terms.ts";
import { Stars } from "#app/reviews/stars.tsx";
import { privatePageHeaders } from "#app/security/private-page.ts";
import type { Route } from "./+types/admin-reviews";

export const headers = privatePageHeaders;

/**
 * /admin/reviews (issue 21, decision 052): the moderation queue. Reviews that a business flagged
 * or readers reported, the longest waiting first, each with every open flag (who, why, their
 * note) and the decision: keep it, remove it, or ask its author to edit it (both with the public
 * reason readers and the author see). Admins only; 404 to everyone else.
 */
export function meta() {
  return [{ title: "Reviews · Admin · Oja" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return data(
    { queue: await moderationQueue(services(context).db) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

interface Answer {
  reviewId: string;
  errors: FieldErrors;
  done?: string;
}

const doneText = {
  kept: "Kept: the review stays up and its flags are closed.",
  removed: "Removed: readers see the reason in its place, and the author was told.",
  edit_requested: "Held: hidden until its author edits it; they were asked to by email.",
} as const;

export async function action({ context, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const { db, settings, emailQueued } = services(context);
  const form = Object.fromEntries(await request.formData());
  const reviewId = String(form.reviewId ?? "").slice(0, 40);
  const decided = await decideReview(
    db,
    { id: admin.id, ...auditSource(request) },
    reviewId,
    form,
    settings.publicUrl,
  );
  if (!decided.ok) {
    return data<Answer>({ reviewId, errors: decided.errors }, { status: decided.status });
  }
  if (decided.emailed) emailQueued();
  return data<Answer>({ reviewId, errors: {}, done: doneText[decided.outcome] });
}

const statusLooks = {
  published: { label: "Published", tone: "good" },
  held: { label: "Held for an edit", tone: "neutral" },
  removed: { label: "Removed", tone: "bad" },
} as const;

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { queue } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  // The review just decided has left the queue: its answer shows above it.
  const decidedElsewhere =
    actionData?.done && !queue.some((review) => review.id === actionData.reviewId);
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <div className="space-y-1">
        <h1 className="text-3xl font-bold text-ink">Reviews to moderate</h1>
        <p className="text-ink-muted">
          Flags from businesses and reports from readers, the longest waiting first. Judge the
          review against the{" "}
          <Link to="/reviews/gg" className="font-medium text-brand-strong underline">
            guidelines
          </Link>
          , not against its stars.
        </p>
      </div>
      {decidedElsewhere ? <FormMessage tone="success">{actionData.done}</FormMessage> : null}
      {queue.length === 0 ? (
        <EmptyState icon={ShieldCheck} title="Nothing to moderate">
          Flags and reports will show here.
        </EmptyState>
      ) : (
        <ul className="space-y-6">
          {queue.map((review) => {
            const errors: FieldErrors = actionData?.reviewId === review.id ? actionData.errors : {};
            return (
              <li
                key={review.id}
                aria-labelledby={`queued-${review.id}`}
                className="space-y-4 rounded-xl border border-line bg-surface p-4"
              >
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="space-y-1">
                    <p className="text-sm text-ink-muted">
                      A review of{" "}
                      <Link to={`/${review.business.slug}`} className="underline">
                        {review.business.name}
                      </Link>{" "}
                      by {review.authorName ?? "a former Oja shopper"} ·{" "}
                      {formatLagosTime(review.createdAt)}
                    </p>
                    <h2 id={`queued-${review.id}`} className="font-semibold text-ink">
                      <Link to={`/reviews/${review.id}`} className="hover:underline">
                        {review.title}
                      </Link>
                    </h2>
                    <Stars value={review.stars} />
                  </div>
                  <div className="flex flex-wrap gap-1">
                    <StatusPill {...statusLooks[review.status]} />
                    {review.verified ? <StatusPill label="Verified" tone="good" /> : null}
                    {review.invited ? <StatusPill label="Invited" tone="neutral" /> : null}
                  </div>
                </div>
                <p className="whitespace-pre-line break-words text-ink">{review.body}</p>
                {review.reply !== null ? (
                  <p className="ms-4 whitespace-pre-line break-words border-brand border-s-2 ps-3 text-sm text-ink">
                    <span className="font-medium">Reply from {review.business.name}: </span>
                    {review.reply}
                  </p>
                ) : null}
                {review.status !== "published" && review.removedReason ? (
                  <p className="text-sm text-ink-muted">Earlier reason: {review.removedReason}</p>
                ) : null}
                <section aria-label="Open flags" className="space-y-2">
                  <h3 className="text-sm font-semibold text-ink">
                    {review.flags.length === 1
                      ? "1 open flag"
                      : `${review.flags.length} open flags`}
                  </h3>
                  <ul className="divide-y divide-line rounded-lg bg-surface-sunken text-sm">
                    {review.flags.map((flag) => (
                      <li key={flag.id} className="space-y-0.5 px-3 py-2">
                        <p className="text-ink">
                          <strong>{flagReasonLabels[flag.reason]}</strong> ·{" "}
                          {flag.source === "business"
                            ? `flagged by the business (${flag.reporter})`
                            : `reported by a reader (${flag.reporter})`}{" "}
                          · {formatLagosTime(flag.createdAt)}
                        </p>
                        {flag.note ? (
                          <p className="whitespace-pre-line break-words text-ink-muted">
                            {flag.note}
                          </p>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                </section>
                {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
                <Form method="post" className="space-y-3" noValidate>
                  <input type="hidden" name="reviewId" value={review.id} />
                  <TextAreaField
                    label="Public reason (to remove, or to ask for an edit)"
                    name="reason"
                    rows={2}
                    maxLength={moderationReasonLimits.max}
                    error={errors.reason ?? errors.decision}
                    hint={`Readers see "Removed by Oja's moderators for: …" and the author gets it by email. Not needed to keep.`}
                  />
                  <div className="flex flex-wrap gap-2">
                    <Button type="submit" name="decision" value="keep" size="sm" disabled={busy}>
                      Keep
                    </Button>
                    <Button
                      type="submit"
                      name="decision"
                      value="edit"
                      size="sm"
                      variant="secondary"
                      disabled={busy}
                    >
                      Ask the author to edit
                    </Button>
                    <Button
                      type="submit"
                      name="decision"
                      value="remove"
                      size="sm"
                      variant="danger"
                      disabled={busy}
                    >
                      Remove
                    </Button>
                  </div>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
