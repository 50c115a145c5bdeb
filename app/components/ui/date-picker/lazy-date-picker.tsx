import { CalendarDays } from "lucide-react";
import { lazy, Suspense } from "react";
import type { SingleDatePickerProps } from "./date-picker.tsx";
import { formatDisplayDate } from "./format.ts";
import { toIsoDate } from "./rules.ts";

const DatePicker = lazy(() =>
  import("./date-picker.tsx").then((module) => ({ default: module.DatePicker })),
);

/**
 * The kit's date picker for a page's form, fetched after the page (its calendar and popover are
 * four times a page's script budget, decision 015). Until it arrives, the field shows the date
 * it starts with and already carries it in the form, so sending the form early sends that date.
 */
export function LazyDatePicker(props: Omit<SingleDatePickerProps, "mode">) {
  return (
    <Suspense fallback={<WaitingDateField {...props} />}>
      <DatePicker mode="single" {...props} />
    </Suspense>
  );
}

function WaitingDateField({
  label,
  name,
  defaultValue,
  error,
  withTime = false,
}: Omit<SingleDatePickerProps, "mode">) {
  return (
    <div className="space-y-1.5">
      <p className="text-sm font-medium text-ink">{label}</p>
      <p className="flex min-h-11 items-center gap-2 rounded-lg border border-line bg-surface px-3 text-base text-ink">
        <CalendarDays aria-hidden="true" className="size-4 text-ink-muted" />
        {defaultValue ? formatDisplayDate(defaultValue, withTime) : "Loading the calendar…"}
      </p>
      {name && defaultValue ? (
        <input type="hidden" name={name} value={toIsoDate(defaultValue, withTime)} />
      ) : null}
      {error ? <p className="text-sm text-danger">{error}</p> : null}
    </div>
  );
}
