import type { ReactNode } from "react";
import { Form } from "react-router";
import type { FieldErrors } from "#app/auth/forms.ts";
import { Button } from "#app/components/ui/button.tsx";
import { pickerDay } from "#app/components/ui/date-picker/iso-day.ts";
import { LazyDatePicker } from "#app/components/ui/date-picker/lazy-date-picker.tsx";
import { Field, TextAreaField } from "#app/components/ui/field.tsx";
import { PictureField } from "#app/console/picture-field.tsx";
import { rewardLimits } from "./reward-limits.ts";

/** What was sent, given back with a refused form so nothing typed is lost (also without JS). */
export type RewardFormValues = Partial<Record<string, string>>;

/**
 * The fields every reward has, Oja's and a business's alike (decision 056): what it is, what it
 * costs, how often one shopper may have it, the Lagos days it runs on and its picture. The pages
 * add what only their owner has (the kind and the partner's codes; a business's stock) as
 * `children`, after the cost.
 */
export function RewardFormFields({
  values,
  errors,
  today,
  latestStart,
  nameExample,
  descriptionHint,
  pictureHint,
  children,
}: {
  values: RewardFormValues;
  errors: FieldErrors;
  /** Today in Lagos, YYYY-MM-DD: the earliest first day, and the first day's default. */
  today: string;
  /** The last day a reward may start on. */
  latestStart: string;
  /** A name such a reward might have, said in the hint (a placeholder would pass for a value). */
  nameExample: string;
  descriptionHint: string;
  pictureHint: string;
  children?: ReactNode;
}) {
  const startsOn = /^\d{4}-\d{2}-\d{2}$/.test(values.startsOn ?? "") ? values.startsOn : today;
  const endsOn = /^\d{4}-\d{2}-\d{2}$/.test(values.endsOn ?? "") ? values.endsOn : undefined;
  return (
    <>
      <Field
        label="Name"
        name="name"
        autoComplete="off"
        maxLength={rewardLimits.nameMax}
        defaultValue={values.name}
        hint={`What shoppers see in the shop, like “${nameExample}”: ${rewardLimits.nameMin} to ${rewardLimits.nameMax} characters.`}
        error={errors.name}
      />
      <TextAreaField
        label="Description (optional)"
        name="description"
        rows={3}
        maxLength={rewardLimits.descriptionMax}
        defaultValue={values.description}
        hint={descriptionHint}
        error={errors.description}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="Points it costs"
          name="pointsCost"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={values.pointsCost}
          hint={`1 to ${rewardLimits.maxPoints.toLocaleString("en-NG")}. A shopper earns 1 point per ₦100.`}
          error={errors.pointsCost}
        />
        <Field
          label="Per shopper (optional)"
          name="perShopperLimit"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={values.perShopperLimit}
          hint={`How many one shopper may have, 1 to ${rewardLimits.maxPerShopper}. Empty: no limit.`}
          error={errors.perShopperLimit}
        />
      </div>
      {children}
      <div className="grid gap-5 sm:grid-cols-2">
        <LazyDatePicker
          label="First day"
          name="startsOn"
          autoApply
          defaultValue={pickerDay(startsOn ?? today)}
          minDate={pickerDay(today)}
          maxDate={pickerDay(latestStart)}
          error={errors.startsOn}
        />
        <LazyDatePicker
          label="Last day (optional)"
          name="endsOn"
          autoApply
          placeholder="No last day"
          defaultValue={endsOn ? pickerDay(endsOn) : null}
          minDate={pickerDay(today)}
          error={errors.endsOn}
        />
      </div>
      <PictureField
        label="Picture (optional)"
        name="newImage"
        shape="wide"
        hint={pictureHint}
        error={errors.images}
      />
    </>
  );
}

/** A reward's Archive button (the page's post takes `intent=archive`). */
export function ArchiveRewardButton({
  reward,
  busy,
  className,
}: {
  reward: { id: string; name: string };
  busy: boolean;
  className?: string;
}) {
  return (
    <Form method="post" className={className}>
      <input type="hidden" name="intent" value="archive" />
      <input type="hidden" name="reward" value={reward.id} />
      <Button type="submit" variant="ghost" disabled={busy}>
        Archive<span className="sr-only"> {reward.name}</span>
      </Button>
    </Form>
  );
}
