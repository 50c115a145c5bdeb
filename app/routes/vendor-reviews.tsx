import { Flag, MailPlus, MessageSquareText } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { auditSource } from "#app/auth/audit.server.ts";
import type { FieldErrors } from "#app/auth/forms.ts";
import { requireBusinessMember } from "#app/auth/session.server.ts";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { FormMessage, SelectField, TextAreaField } from "#app/components/ui/field.tsx";
import { NextPageLink } from "#app/components/ui/next-page-link.tsx";
import { useConsole } from "#app/console/use-console.ts";
import { services } from "#app/context.server.ts";
import { InvalidPageCursorError } from "#app/db/page-cursor.server.ts";
import { publicError } from "#app/errors.ts";
import { flagReview } from "#app/reviews/moderation.server.ts";
import {
  flagNoteMax,
  flagReasonLabels,
  flagReasonOptions,
  outcomeLabels,
  replyLimits,
} from "#app/reviews/moderation-terms.ts";
import { replyFigures, reviewInbox, saveReply } from "#app/reviews/replies.server.ts";
import { ReviewCard } from "#app/reviews/review-card.tsx";
import type { Route } from "./+types/vendor-reviews";

/**
 * /vendor/{business}/reviews (issue 21, decision 052): the business's reviews inbox for its
 * managers and owner, newest first or only those that need a reply. Each review as readers see
 * it, with the business's one public reply (to write, or to edit) and a flag to Oja's
 * moderators with a reason. Invitations have their own page, linked at the top.
 */
export function meta() {
  return [{ title: "Reviews · Console · Oja" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const { membership } = await requireBusinessMember(context, request, params.business, "manager");
  const { db } = services(context);
  const needsReply = url.searchParams.get("filter") === "needs-reply";
  try {
    const [figures, page] = await Promise.all([
      replyFigures(db, membership.businessId),
      reviewInbox(db, membership.businessId, {
        needsReply,
        after: url.searchParams.get("after")?.slice(0, 200) || null,
      }),
    ]);
    return data(
      { figures, page, needsReply },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    if (error instanceof InvalidPageCursorError) throw publicError(400, error.message);
    throw error;
  }
}

interface Answer {
  intent: "reply" | "edit-reply" | "flag";
  reviewId: string;
  errors: FieldErrors;
  done?: string;
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { user, membership } = await requireBusinessMember(
    context,
    request,
    params.business,
    "manager",
  );
  const { db } = services(context);
  const form = Object.fromEntries(await request.formData());
  const reviewId = String(form.reviewId ?? "").slice(0, 40);
  const actor = {
    userId: user.id,
    businessId: membership.businessId,
    role: membership.role,
    ...auditSource(request),
  };
  if (form.intent === "flag") {
    const flagged = await flagReview(db, actor, reviewId, form);
    if (!flagged.ok) {
      return data<Answer>(
        { intent: "flag", reviewId, errors: flagged.errors },
        { status: flagged.status },
      );
    }
    return data<Answer>({
      intent: "flag",
      reviewId,
      errors: {},
      done: "Flagged: Oja's moderators will look at it. The review stays up until they decide.",
    });
  }
  const intent = form.intent === "edit-reply" ? "edit-reply" : "reply";
  const saved = await saveReply(
    db,
    actor,
    reviewId,
    form,
    intent === "edit-reply" ? "edit" : "first",
  );
  if (!saved.ok) {
    return data<Answer>({ intent, reviewId, errors: saved.errors }, { status: saved.status });
  }
  return data<Answer>({
    intent,
    reviewId,
    errors: {},
    done: saved.edited ? "Your reply is updated." : "Your reply is published under the review.",
  });
}

export default function VendorReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { business } = useConsole();
  const { figures, page, needsReply } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const base = `/vendor/${business.slug}/reviews`;
  const tabs = [
    { to: base, label: "All reviews", current: !needsReply },
    {
      to: `${base}?filter=needs-reply`,
      label: `Needs a reply (${figures.needReply})`,
      current: needsReply,
    },
  ];
  return (
    <div className="max-w-3xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-xl font-bold text-ink">Reviews</h1>
          <p className="text-ink-muted">
            What customers say about {business.name}. Reply in public, once per review (you can edit
            it), and flag a review that breaks the guidelines: Oja's moderators decide.
          </p>
        </div>
        <ButtonLink to={`${base}/invitations`} variant="secondary">
          <MailPlus aria-hidden="true" className="size-4" /> Review invitations
        </ButtonLink>
      </div>
      <dl className="grid grid-cols-3 gap-3 rounded-xl border border-line bg-surface p-4 text-sm">
        <div>
          <dt className="text-ink-muted">Published reviews</dt>
          <dd className="text-lg font-bold text-ink">{figures.reviewCount}</dd>
        </div>
        <div>
          <dt className="text-ink-muted">Replied</dt>
          <dd className="text-lg font-bold text-ink">{figures.repliedCount}</dd>
        </div>
        <div>
          <dt className="text-ink-muted">Reply rate</dt>
          <dd className="text-lg font-bold text-ink">
            {figures.replyRate === null ? "—" : `${figures.replyRate}%`}
          </dd>
        </div>
      </dl>
      <nav aria-label="Which reviews">
        <ul className="flex flex-wrap gap-2">
          {tabs.map((tab) => (
            <li key={tab.to}>
              <Link
                to={tab.to}
                aria-current={tab.current ? "page" : undefined}
                className={
                  tab.current
                    ? "inline-flex min-h-9 items-center rounded-full bg-brand-soft px-3 text-sm font-semibold text-brand-strong"
                    : "inline-flex min-h-9 items-center rounded-full border border-line bg-surface px-3 text-sm font-medium text-ink hover:border-brand"
                }
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {page.items.length === 0 ? (
        <EmptyState
          icon={MessageSquareText}
          title={needsReply ? "Every review has your reply" : "No reviews yet"}
        >
          {needsReply
            ? "New reviews waiting for a reply will show here."
            : "Oja invites every customer to review a few days after their order is fulfilled; you can invite customers by hand too."}
        </EmptyState>
      ) : (
        <ul className="space-y-4">
          {page.items.map((review) => {
            const answer = actionData?.reviewId === review.id ? actionData : undefined;
            return (
              <li key={review.id}>
                <ReviewCard review={review} businessName={business.name}>
                  {answer?.done ? <FormMessage tone="success">{answer.done}</FormMessage> : null}
                  {answer?.errors.form ? (
                    <FormMessage tone="error">{answer.errors.form}</FormMessage>
                  ) : null}
                  {review.status === "published" ? (
                    <ReplyForm
                      reviewId={review.id}
                      reply={review.reply?.body ?? null}
                      answer={answer}
                      busy={busy}
                    />
                  ) : null}
                  {review.flag && review.flag.outcome === null ? (
                    <p className="flex items-center gap-1.5 text-sm text-ink-muted">
                      <Flag aria-hidden="true" className="size-4" />
                      Flagged for "{flagReasonLabels[review.flag.reason]}": waiting for Oja's
                      moderators.
                    </p>
                  ) : review.status === "published" ? (
                    <>
                      {review.flag?.outcome ? (
                        <p className="text-sm text-ink-muted">
                          You flagged it for "{flagReasonLabels[review.flag.reason]}"; Oja's
                          moderators decided: {outcomeLabels[review.flag.outcome].toLowerCase()}.
                        </p>
                      ) : null}
                      <FlagForm reviewId={review.id} answer={answer} busy={busy} />
                    </>
                  ) : null}
                </ReviewCard>
              </li>
            );
          })}
        </ul>
      )}
      <NextPageLink cursor={page.nextCursor} label="Older reviews" />
    </div>
  );
}

function ReplyForm({
  reviewId,
  reply,
  answer,
  busy,
}: {
  reviewId: string;
  reply: string | null;
  answer: Answer | undefined;
  busy: boolean;
}) {
  const replyAnswer = answer?.intent === "reply" || answer?.intent === "edit-reply";
  const error = replyAnswer ? answer?.errors.reply : undefined;
  const form = (
    <Form method="post" className="space-y-3" noValidate>
      <input type="hidden" name="reviewId" value={reviewId} />
      <TextAreaField
        label={reply === null ? "Your public reply" : "Your reply"}
        name="reply"
        rows={3}
        maxLength={replyLimits.max}
        defaultValue={reply ?? ""}
        error={error}
        hint={`Everyone reading the review sees it. Up to ${replyLimits.max.toLocaleString("en-NG")} characters.`}
        required
      />
      <Button
        type="submit"
        name="intent"
        value={reply === null ? "reply" : "edit-reply"}
        size="sm"
        disabled={busy}
      >
        {reply === null ? "Publish reply" : "Save the reply"}
      </Button>
    </Form>
  );
  if (reply === null) return <div className="border-line border-t pt-3">{form}</div>;
  return (
    <details className="border-line border-t pt-3" open={Boolean(error)}>
      <summary className="cursor-pointer text-sm font-medium text-brand-strong">
        Edit the reply
      </summary>
      <div className="mt-3">{form}</div>
    </details>
  );
}

function FlagForm({
  reviewId,
  answer,
  busy,
}: {
  reviewId: string;
  answer: Answer | undefined;
  busy: boolean;
}) {
  const errors = answer?.intent === "flag" ? answer.errors : {};
  return (
    <details open={Boolean(errors.reason || errors.note)}>
      <summary className="cursor-pointer text-sm font-medium text-ink-muted">
        Flag to Oja's moderators
      </summary>
      <Form method="post" className="mt-3 space-y-3" noValidate>
        <input type="hidden" name="reviewId" value={reviewId} />
        <SelectField
          label="Reason"
          name="reason"
          options={flagReasonOptions}
          placeholder="Choose a reason"
          defaultValue=""
          error={errors.reason}
          required
        />
        <TextAreaField
          label="Note for the moderators (optional)"
          name="note"
          rows={2}
          maxLength={flagNoteMax}
          error={errors.note}
          hint="Only Oja's moderators read it."
        />
        <Button
          type="submit"
          name="intent"
          value="flag"
          size="sm"
          variant="secondary"
          disabled={busy}
        >
          Flag this review
        </Button>
      </Form>
    </details>
  );
}
