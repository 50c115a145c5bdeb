import { type ReactNode, useEffect, useId, useState } from "react";
import { DatePicker } from "./date-picker.tsx";
import { type DateRangeValue, toIsoDate, toIsoRange } from "./rules.ts";

/**
 * The date picker's section of the kit page (/dev/kit): one labelled demo per state. Under each,
 * the committed value (ISO) and the number of invalid-select events, for people and for the
 * browser tests (tests/e2e/date-picker.spec.ts).
 */
export function DatePickerKit() {
  // The kit page may hydrate this section after the rest of the page (it can be loaded lazily):
  // `data-hydrated` tells the browser tests when its buttons respond.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <div className="grid gap-4 sm:grid-cols-2" data-hydrated={hydrated ? "" : undefined}>
      <SingleDemo
        title="Single date, Apply and Clear"
        description="Pick a day, then Apply. Apply with nothing picked is an invalid selection. Posts as “appointment”."
        label="Appointment date"
        name="appointment"
      />
      <SingleDemo
        title="Single date, auto-apply"
        description="A pick commits and closes the menu at once."
        label="Delivery date"
        autoApply
      />
      <RangeDemo
        title="Range, partial ranges allowed"
        description="A start date alone may be applied. Clear keeps the menu open."
        label="Stay dates"
        allowPartialRange
        closeOnClear={false}
      />
      <RangeDemo
        title="Range, start and end required"
        description="Applying a start date without an end is an invalid selection."
        label="Booking period"
      />
      <SingleDemo
        title="Date and time"
        description="Hours and minutes (every 15) on the chosen day, 24 h."
        label="Pickup time"
        withTime
      />
      <SingleDemo
        title="Disabled and allowed dates"
        description="Only 1–20 December 2026 are allowed, and Sundays never are."
        label="Spa day"
        disabledDates={isSunday}
        allowedDates={decemberFirstTwenty}
        defaultMonth={new Date(2026, 11, 1)}
      />
      <SingleDemo
        title="Closes on scroll"
        description="Scrolling the page closes the menu."
        label="Event date"
        closeOnScroll
      />
      <SingleDemo
        title="With an error"
        description="The message is the field's description."
        label="Date of birth"
        error="Enter your date of birth"
      />
      <SingleDemo
        title="Disabled"
        description="The field cannot be opened."
        label="Locked date"
        disabled
        initial={new Date(2026, 10, 22)}
      />
    </div>
  );
}

const isSunday = (date: Date) => date.getDay() === 0;
const decemberFirstTwenty = Array.from({ length: 20 }, (_, index) => new Date(2026, 11, index + 1));

type SingleDemoProps = {
  title: string;
  description: string;
  label: string;
  initial?: Date;
} & Omit<
  Extract<Parameters<typeof DatePicker>[0], { mode: "single" }>,
  "mode" | "value" | "onChange" | "onInvalidSelect" | "label"
>;

function SingleDemo({ title, description, label, initial, ...pickerProps }: SingleDemoProps) {
  const [value, setValue] = useState<Date | null>(initial ?? null);
  const [invalid, setInvalid] = useState(0);
  return (
    <Demo
      title={title}
      description={description}
      committed={value ? toIsoDate(value, pickerProps.withTime === true) : ""}
      invalid={invalid}
    >
      <DatePicker
        {...pickerProps}
        mode="single"
        label={label}
        value={value}
        onChange={setValue}
        onInvalidSelect={() => setInvalid((count) => count + 1)}
      />
    </Demo>
  );
}

type RangeDemoProps = {
  title: string;
  description: string;
  label: string;
} & Omit<
  Extract<Parameters<typeof DatePicker>[0], { mode: "range" }>,
  "mode" | "value" | "onChange" | "onInvalidSelect" | "label"
>;

function RangeDemo({ title, description, label, ...pickerProps }: RangeDemoProps) {
  const [value, setValue] = useState<DateRangeValue | null>(null);
  const [invalid, setInvalid] = useState(0);
  return (
    <Demo title={title} description={description} committed={toIsoRange(value)} invalid={invalid}>
      <DatePicker
        {...pickerProps}
        mode="range"
        label={label}
        value={value}
        onChange={setValue}
        onInvalidSelect={() => setInvalid((count) => count + 1)}
      />
    </Demo>
  );
}

function Demo({
  title,
  description,
  committed,
  invalid,
  children,
}: {
  title: string;
  description: string;
  committed: string;
  invalid: number;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-lg border border-line p-4"
    >
      <div>
        <h3 id={`${id}-title`} className="text-sm font-bold text-ink">
          {title}
        </h3>
        <p className="mt-1 text-xs text-ink-muted">{description}</p>
      </div>
      {children}
      <div className="mt-auto space-y-0.5 text-xs text-ink-muted">
        <p>
          Committed: <span className="font-mono text-ink">{committed || "none"}</span>
        </p>
        <p>
          Invalid selections: <span className="font-mono text-ink">{invalid}</span>
        </p>
      </div>
    </section>
  );
}
