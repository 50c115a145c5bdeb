import { CalendarDays } from "lucide-react";
import { lazy, Suspense, useId } from "react";
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
}: Omit<SingleDatePickerProps, "mode">) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <span id={id} className="block text-sm font-medium text-ink">
        {label}
      </span>
      <div
        aria-labelledby={id}
        aria-busy="true"
        className="flex min-h-11 items-center gap-2 rounded-lg border border-line bg-surface px-3 text-base text-ink"
      >
        <CalendarDays aria-hidden="true" className="size-4 text-ink-muted" />
        {defaultValue ? formatDisplayDate(defaultValue) : "Loading the calendar…"}
      </div>
      {name && defaultValue ? (
        <input type="hidden" name={name} value={toIsoDate(defaultValue)} />
      ) : null}
      {error ? <p className="text-sm text-danger">{error}</p> : null}
    </div>
  );
}
