import { useRef } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { requireUser } from "#app/auth/session.server.ts";
import { Button } from "#app/components/ui/button.tsx";
import { pickerDay } from "#app/components/ui/date-picker/iso-day.ts";
import { LazyDatePicker } from "#app/components/ui/date-picker/lazy-date-picker.tsx";
import { Field, FormMessage, TextAreaField } from "#app/components/ui/field.tsx";
import { services } from "#app/context.server.ts";
import { useDraft } from "#app/hooks/use-draft.ts";
import { reviewDraftKey, reviewLimits } from "#app/reviews/review-limits.ts";
import { reviewDayBounds, reviewTarget, writeReview } from "#app/reviews/reviews.server.ts";
import { StarsInput } from "#app/reviews/stars-input.tsx";
import { leadsToPlaceholder } from "#app/screens.ts";
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
  const navigation = useNavigation();
  // Kept until the review is published: /evaluate/_id forgets it then (a refused send keeps it).
  const { draft, save } = useDraft(reviewDraftKey(business.slug));
  const formRef = useRef<HTMLFormElement>(null);
  /** Keeps what the form holds now, with any field just changed outside its inputs. */
  const keep = (changed: Record<string, string> = {}) => {
    if (!formRef.current) return;
    const fields = Object.fromEntries(new FormData(formRef.current)) as Record<string, string>;
    save({ ...fields, ...changed });
  };
  const draftDay =
    draft?.experiencedOn && draft.experiencedOn <= today ? draft.experiencedOn : today;
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
      {/* Remounted with the draft once it is read, so its words show in the fields. */}
      <Form
        key={draft ? "draft" : "fresh"}
        method="post"
        className="space-y-5"
        noValidate
        ref={formRef}
        onChange={() => keep()}
      >
        <input type="hidden" name="business" value={business.slug} />
        <StarsInput defaultValue={Number(draft?.stars) || 0} error={errors.stars} />
        <Field
          label="Title"
          name="title"
          required
          minLength={reviewLimits.titleMin}
          maxLength={reviewLimits.titleMax}
          defaultValue={draft?.title ?? ""}
          error={errors.title}
          hint="The heart of it, in a few words."
        />
        <TextAreaField
          label="Your experience"
          name="body"
          required
          rows={7}
          minLength={reviewLimits.bodyMin}
          maxLength={reviewLimits.bodyMax}
          defaultValue={draft?.body ?? ""}
          error={errors.body}
          hint={`What happened, what was good, what could be better: ${reviewLimits.bodyMin} to ${reviewLimits.bodyMax.toLocaleString("en-NG")} characters. Please leave out personal details.`}
        />
        <LazyDatePicker
          label="Day of your experience"
          name="experiencedOn"
          autoApply
          defaultValue={pickerDay(draftDay)}
          minDate={pickerDay(earliest)}
          maxDate={pickerDay(today)}
          onChange={(value) => {
            if (!value) return;
            const picked = [
              value.getFullYear(),
              String(value.getMonth() + 1).padStart(2, "0"),
              String(value.getDate()).padStart(2, "0"),
            ].join("-");
            keep({ experiencedOn: picked });
          }}
          error={errors.experiencedOn}
        />
        <p className="text-sm text-ink-muted">
          Oja never pays or rewards anyone for a review, good or bad.
          {leadsToPlaceholder("/reviews/gg") ? null : (
            <>
              {" "}
              <Link to="/reviews/gg" className="font-medium text-brand-strong underline">
                Review guidelines
              </Link>
            </>
          )}
        </p>
        <Button type="submit" size="lg" disabled={navigation.state !== "idle"}>
          {navigation.state === "submitting" ? "Publishing…" : "Publish your review"}
        </Button>
      </Form>
    </div>
  );
}
