import { ThumbsUp } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { FieldErrors } from "#app/auth/forms.ts";
import { currentUser, requireUser } from "#app/auth/session.server.ts";
import { Button } from "#app/components/ui/button.tsx";
import { FormMessage, SelectField, TextAreaField } from "#app/components/ui/field.tsx";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import {
  readerActionLimited,
  readerOfReview,
  reportReview,
  voteHelpful,
} from "#app/reviews/moderation.server.ts";
import { flagNoteMax, flagReasonOptions } from "#app/reviews/moderation-terms.ts";
import { reviewById } from "#app/reviews/reading.server.ts";
import { ReviewCard } from "#app/reviews/review-card.tsx";
import { privatePageHeaders } from "#app/security/private-page.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/review";

// A signed-in reader's page says whether they voted or reported: never kept by a shared cache.
export const headers = privatePageHeaders;

/**
 * /reviews/{id}: one review (issue 21): its stars, title, words, the day of the experience, how
 * Oja knows it (verified, invited), its business and the business's reply. Signed-in readers
 * vote it helpful (or take that back) and report it to Oja's moderators; the author and the
 * business's team see neither, guests are asked to sign in. Plain forms: no script needed.
 * Unknown ids, and reviews of a business no longer on Oja, are 404.
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
  const { db } = services(context);
  const review = await reviewById(db, id.data);
  if (!review) throw notFound(url);
  const user = currentUser(context);
  return {
    review,
    reader: user ? await readerOfReview(db, id.data, user.id) : null,
    back: url.pathname,
  };
}

interface Answer {
  intent: "helpful" | "unhelpful" | "report";
  errors: FieldErrors;
  done?: string;
}

export async function action({ context, params, request, url }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const id = idSchema.safeParse(params.id);
  if (!id.success) throw notFound(url);
  const { db, rateLimits } = services(context);
  const form = Object.fromEntries(await request.formData());
  const intent =
    form.intent === "report" ? "report" : form.intent === "unhelpful" ? "unhelpful" : "helpful";
  const limited = await readerActionLimited(
    rateLimits,
    intent === "report" ? "report" : "vote",
    user.id,
  );
  if (limited) {
    return data<Answer>({ intent, errors: limited.errors }, { status: limited.status });
  }
  if (intent === "report") {
    const reported = await reportReview(db, user, id.data, form);
    if (!reported.ok) {
      return data<Answer>({ intent, errors: reported.errors }, { status: reported.status });
    }
    return data<Answer>({
      intent,
      errors: {},
      done: "Thank you: Oja's moderators will look at this review.",
    });
  }
  const voted = await voteHelpful(db, user, id.data, intent === "helpful");
  if (!voted.ok) {
    return data<Answer>({ intent, errors: voted.errors }, { status: voted.status });
  }
  return data<Answer>({
    intent,
    errors: {},
    done: voted.voted ? "Thanks: you found this review helpful." : "Your vote is taken back.",
  });
}

export default function Review({ loaderData, actionData }: Route.ComponentProps) {
  const { review, reader, back } = loaderData;
  const published = review.hiddenBecause === null;
  return (
    <div className="mx-auto w-full max-w-2xl space-y-4 px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-bold text-ink">
        A review of{" "}
        <Link to={`/${review.business.slug}`} className="text-brand-strong underline">
          {review.business.name}
        </Link>
      </h1>
      <ReviewCard review={review} businessName={review.business.name}>
        {published ? (
          <ReaderControls
            helpfulCount={review.helpfulCount}
            reader={reader}
            back={back}
            answer={actionData}
          />
        ) : null}
      </ReviewCard>
      <Link
        to={`/ReviewsList/${review.business.slug}`}
        className="inline-block text-sm font-medium text-brand-strong underline"
      >
        All reviews of {review.business.name}
      </Link>
    </div>
  );
}

function helpfulText(count: number) {
  return `Helpful (${count})`;
}

function ReaderControls({
  helpfulCount,
  reader,
  back,
  answer,
}: {
  helpfulCount: number;
  reader: Awaited<ReturnType<typeof readerOfReview>>;
  back: string;
  answer: Answer | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  if (!reader) {
    return (
      <div className="flex flex-wrap items-center gap-3 border-line border-t pt-3 text-sm">
        <span className="inline-flex items-center gap-1.5 text-ink-muted">
          <ThumbsUp aria-hidden="true" className="size-4" /> {helpfulText(helpfulCount)}
        </span>
        <Link
          to={`/Login?redirectTo=${encodeURIComponent(back)}`}
          className="font-medium text-brand-strong underline"
        >
          Sign in to vote or report
        </Link>
      </div>
    );
  }
  if (reader.own || reader.team) {
    return (
      <p className="flex items-center gap-1.5 border-line border-t pt-3 text-sm text-ink-muted">
        <ThumbsUp aria-hidden="true" className="size-4" /> {helpfulText(helpfulCount)}
        {reader.own
          ? " · your review"
          : " · your business's review: reply or flag it from the console"}
      </p>
    );
  }
  const reportErrors = answer?.intent === "report" ? answer.errors : {};
  return (
    <div className="space-y-3 border-line border-t pt-3">
      {answer?.done ? <FormMessage tone="success">{answer.done}</FormMessage> : null}
      {answer?.errors.form ? <FormMessage tone="error">{answer.errors.form}</FormMessage> : null}
      <Form method="post" className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button
          type="submit"
          name="intent"
          value={reader.voted ? "unhelpful" : "helpful"}
          variant={reader.voted ? "primary" : "secondary"}
          size="sm"
          aria-pressed={reader.voted}
          disabled={busy}
        >
          <ThumbsUp aria-hidden="true" className="size-4" /> {helpfulText(helpfulCount)}
        </Button>
        {reader.voted ? (
          <span className="text-sm text-ink-muted">You found it helpful: press again to undo.</span>
        ) : null}
      </Form>
      {reader.reported ? (
        <p className="text-sm text-ink-muted">You reported this review to Oja's moderators.</p>
      ) : (
        <details open={Boolean(reportErrors.reason || reportErrors.note)}>
          <summary className="cursor-pointer text-sm font-medium text-ink-muted">
            Report this review
          </summary>
          <Form method="post" className="mt-3 space-y-3" noValidate>
            <SelectField
              label="What is wrong with it?"
              name="reason"
              options={flagReasonOptions}
              placeholder="Choose a reason"
              defaultValue=""
              error={reportErrors.reason}
              required
            />
            <TextAreaField
              label="Anything the moderators should know (optional)"
              name="note"
              rows={2}
              maxLength={flagNoteMax}
              error={reportErrors.note}
            />
            <p className="text-sm text-ink-muted">
              Disagreeing with a review is not a reason to report it. See the{" "}
              <Link to="/reviews/gg" className="underline">
                review guidelines
              </Link>
              .
            </p>
            <Button
              type="submit"
              name="intent"
              value="report"
              size="sm"
              variant="secondary"
              disabled={busy}
            >
              Send the report
            </Button>
          </Form>
        </details>
      )}
    </div>
  );
}
