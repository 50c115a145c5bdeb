import { useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { pickerDay } from "#app/components/ui/date-picker/iso-day.ts";
import { LazyDatePicker } from "#app/components/ui/date-picker/lazy-date-picker.tsx";
import { Field, TextAreaField } from "#app/components/ui/field.tsx";
import { useDraft } from "#app/hooks/use-draft.ts";
import { reviewDraftKey, reviewLimits } from "./review-limits.ts";
import { StarsInput } from "./stars-input.tsx";

/**
 * The form a review is written in (/evaluate/new and an invitation's page): 1–5 stars, a title,
 * the experience in the shopper's words and its day (the kit's date picker: not ahead, within 12
 * months). What is typed is kept in the browser as a draft per business until it is published,
 * so a reload loses nothing. The rules are the server's (reviews.server.ts).
 */
export function ReviewForm({
  businessSlug,
  today,
  earliest,
  errors,
  stars = 0,
  experiencedOn,
}: {
  businessSlug: string;
  today: string;
  earliest: string;
  errors: Partial<Record<string, string>>;
  /** Stars already chosen (an invitation's one-tap link); the draft's win over them. */
  stars?: number;
  /** The day Oja knows the experience was (an order's), else today. */
  experiencedOn?: string | null;
}) {
  const navigation = useNavigation();
  // Kept until the review is published: the page it leads to forgets it (a refused send keeps it).
  const { draft, save } = useDraft(reviewDraftKey(businessSlug));
  const formRef = useRef<HTMLFormElement>(null);
  /** Keeps what the form holds now, with any field just changed outside its inputs. */
  const keep = (changed: Record<string, string> = {}) => {
    if (!formRef.current) return;
    const fields = Object.fromEntries(new FormData(formRef.current)) as Record<string, string>;
    save({ ...fields, ...changed });
  };
  const draftDay =
    draft?.experiencedOn && draft.experiencedOn <= today
      ? draft.experiencedOn
      : (experiencedOn ?? today);
  return (
    // Remounted with the draft once it is read, so its words show in the fields.
    <Form
      key={draft ? "draft" : "fresh"}
      method="post"
      className="space-y-5"
      noValidate
      ref={formRef}
      onChange={() => keep()}
    >
      <input type="hidden" name="business" value={businessSlug} />
      <StarsInput defaultValue={Number(draft?.stars) || stars} error={errors.stars} />
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
        Oja never pays or rewards anyone for a review, good or bad.{" "}
        <Link to="/reviews/gg" className="font-medium text-brand-strong underline">
          Review guidelines
        </Link>
      </p>
      <Button type="submit" size="lg" disabled={navigation.state !== "idle"}>
        {navigation.state === "submitting" ? "Publishing…" : "Publish your review"}
      </Button>
    </Form>
  );
}
