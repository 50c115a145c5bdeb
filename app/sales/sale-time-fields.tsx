import type { FieldErrors } from "#app/auth/forms.ts";
import { pickerDateTime } from "#app/components/ui/date-picker/iso-day.ts";
import { LazyDatePicker } from "#app/components/ui/date-picker/lazy-date-picker.tsx";

/**
 * A sale's start and end in the console's forms (flash and discount sales): the kit's date
 * pickers with the time, posting "YYYY-MM-DDTHH:MM" in Lagos time (`sale-window.ts` reads them),
 * from today on.
 */
export function SaleTimeFields({
  defaults,
  errors,
}: {
  defaults: { startsAt: string; endsAt: string; today: string };
  errors: FieldErrors;
}) {
  const firstDay = pickerDateTime(`${defaults.today}T00:00`);
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <LazyDatePicker
        label="Starts"
        name="startsAt"
        withTime
        minuteStep={1}
        defaultValue={pickerDateTime(defaults.startsAt)}
        minDate={firstDay}
        error={errors.startsAt}
      />
      <LazyDatePicker
        label="Ends"
        name="endsAt"
        withTime
        minuteStep={1}
        defaultValue={pickerDateTime(defaults.endsAt)}
        minDate={firstDay}
        error={errors.endsAt}
      />
    </div>
  );
}
