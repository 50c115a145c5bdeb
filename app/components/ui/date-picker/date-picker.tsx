import * as Popover from "@radix-ui/react-popover";
import { clsx } from "clsx";
import { CalendarDays, ChevronDown, ChevronLeft, ChevronRight, Clock } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { type ClassNames, DayPicker } from "react-day-picker";
import { enGB } from "react-day-picker/locale";
import { Button } from "#app/components/ui/button.tsx";
import { displayLocale, formatDisplayDate, formatDisplayRange } from "./format.ts";
import { type GridOption, OptionGrid } from "./option-grid.tsx";
import {
  atTime,
  compareDays,
  type DateMatcher,
  type DateRangeValue,
  defaultMinuteStep,
  defaultTime,
  formatTime,
  hourOptions,
  isSelectableDate,
  isValidSelection,
  minuteOptions,
  normalizeYearRange,
  type RangeProblem,
  type RangeRules,
  rangeProblem,
  startOfDay,
  type TimeOfDay,
  timeOf,
  toIsoDate,
  toIsoRange,
  type YearRange,
  yearOptions,
} from "./rules.ts";

interface CommonProps {
  /** The visible label of the field. */
  label: string;
  /** Shown in the field while nothing is chosen. */
  placeholder?: string;
  /**
   * A valid pick commits and closes at once (a range once both ends are picked); without it the
   * menu has Apply and Clear.
   */
  autoApply?: boolean;
  /** Scrolling the page closes the menu. */
  closeOnScroll?: boolean;
  /** Clear closes the menu (default true). */
  closeOnClear?: boolean;
  disabledDates?: DateMatcher;
  allowedDates?: DateMatcher;
  minDate?: Date | null;
  maxDate?: Date | null;
  /** Years the picker offers; 1900 to 2100 unless configured. */
  yearRange?: YearRange;
  /** The month shown when the menu opens with nothing chosen (default: this month). */
  defaultMonth?: Date;
  /** Renders a hidden input with the ISO value, for plain forms. */
  name?: string;
  /** A message about the field, shown under it. */
  error?: string | null;
  disabled?: boolean;
  className?: string;
}

export interface SingleDatePickerProps extends CommonProps {
  mode: "single";
  /** The committed date; leave undefined to let the picker keep it (see `defaultValue`). */
  value?: Date | null;
  defaultValue?: Date | null;
  /** Called when a date is committed (Apply, a pick in auto-apply) or cleared. */
  onChange?: (value: Date | null) => void;
  /** The spec's invalid-select event: a confirmed selection that failed the checks. */
  onInvalidSelect?: (selection: Date | null) => void;
  /** Ask for a time (hours and minutes, 24 h) on the chosen date. */
  withTime?: boolean;
  /** Minutes between the listed times (default 15). */
  minuteStep?: number;
}

/**
 * A range of days. Picking a day starts a range (or restarts it when the range is complete or
 * the day is before its start); the next day on or after the start ends it. Days only: a time
 * is asked for in single mode.
 */
export interface RangeDatePickerProps extends CommonProps {
  mode: "range";
  value?: DateRangeValue | null;
  defaultValue?: DateRangeValue | null;
  onChange?: (value: DateRangeValue | null) => void;
  onInvalidSelect?: (selection: DateRangeValue | null) => void;
  /** A range with only its first date may be committed. */
  allowPartialRange?: boolean;
}

export type DatePickerProps = SingleDatePickerProps | RangeDatePickerProps;

type View = "days" | "months" | "years" | "time";

const rangeMessages: Record<RangeProblem, string> = {
  "missing-start": "Choose a start date",
  "start-unavailable": "Choose a start date that is available",
  "missing-end": "Choose an end date",
  "end-unavailable": "Choose an end date that is available",
  "end-before-start": "Choose an end date after the start date",
};

const monthNames = Array.from({ length: 12 }, (_, month) => new Date(2000, month, 1));
const longMonth = new Intl.DateTimeFormat(displayLocale, { month: "long" });
const shortMonth = new Intl.DateTimeFormat(displayLocale, { month: "short" });
const monthOptions: GridOption[] = monthNames.map((date, month) => ({
  value: month,
  text: shortMonth.format(date),
  name: longMonth.format(date),
}));
const pad2 = (value: number) => String(value).padStart(2, "0");
const hourGrid: GridOption[] = hourOptions().map((hour) => ({ value: hour, text: pad2(hour) }));

/**
 * react-day-picker's parts styled with the project's tokens (its own stylesheet is not loaded).
 * The day cell (`day`) carries the state classes; the button inside it is styled from there.
 */
const dayPickerClassNames: Partial<ClassNames> = {
  root: "w-full",
  months: "w-full",
  month: "w-full",
  month_caption: "sr-only",
  month_grid: "w-full border-collapse",
  weekday: "h-8 p-0 text-center text-xs font-medium text-ink-muted",
  day: "p-0 text-center",
  day_button: clsx(
    "mx-auto flex size-10 items-center justify-center rounded-lg text-sm text-ink tabular-nums transition-colors hover:bg-surface-sunken",
    "disabled:cursor-not-allowed disabled:text-ink-muted disabled:line-through disabled:opacity-50 disabled:hover:bg-transparent",
    "aria-disabled:cursor-not-allowed aria-disabled:text-ink-muted aria-disabled:line-through aria-disabled:opacity-50",
  ),
  today:
    "[&:not([data-selected])>button]:font-bold [&:not([data-selected])>button]:text-brand [&>button]:underline [&>button]:underline-offset-4",
  selected:
    "[&:not(.dp-range-middle)>button]:bg-brand [&:not(.dp-range-middle)>button]:font-semibold [&:not(.dp-range-middle)>button]:text-on-brand [&:not(.dp-range-middle)>button]:hover:bg-brand-strong",
  range_start: "rounded-l-lg bg-brand-soft",
  range_end: "rounded-r-lg bg-brand-soft",
  range_middle: "dp-range-middle bg-brand-soft [&>button]:rounded-none",
  hidden: "invisible",
};

const iconButton =
  "inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-ink transition-colors hover:bg-surface-sunken disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent";
const toggleButton =
  "inline-flex min-h-10 items-center gap-1 rounded-lg px-2 text-sm font-semibold text-ink transition-colors hover:bg-surface-sunken aria-expanded:bg-brand-soft";

function firstOfMonth(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), 1);
}

/** The month the menu opens on, kept inside the year range. */
function clampMonth(date: Date, years: YearRange): Date {
  if (date.getFullYear() < years.from) return new Date(years.from, 0, 1);
  if (date.getFullYear() > years.to) return new Date(years.to, 11, 1);
  return firstOfMonth(date);
}

function isRealDate(date: Date | null | undefined): date is Date {
  return date instanceof Date && !Number.isNaN(date.getTime());
}

/**
 * A date or date-range field: a labelled button showing the committed value opens a menu with
 * the calendar. Month, year and (with `withTime`) time overlays replace the day grid while
 * open. Apply commits the selection only when it passes the rules (rules.ts); an invalid one
 * raises `onInvalidSelect` and shows why. The calendar exists only while the menu is open, so
 * the server never renders "today".
 */
export function DatePicker(props: DatePickerProps) {
  const {
    label,
    autoApply = false,
    closeOnScroll = false,
    closeOnClear = true,
    disabledDates,
    allowedDates,
    minDate,
    maxDate,
    yearRange,
    defaultMonth,
    name,
    error,
    disabled = false,
    className,
  } = props;
  const isRange = props.mode === "range";
  const withTime = props.mode === "single" && props.withTime === true;
  const minuteStep = (props.mode === "single" ? props.minuteStep : undefined) ?? defaultMinuteStep;
  const placeholder = props.placeholder ?? (isRange ? "Choose dates" : "Choose a date");
  const rules: RangeRules = {
    disabledDates,
    allowedDates,
    minDate,
    maxDate,
    yearRange,
    allowPartialRange: props.mode === "range" && props.allowPartialRange === true,
  };
  const years = normalizeYearRange(yearRange);

  const baseId = useId();
  const labelId = `${baseId}-label`;
  const triggerId = `${baseId}-trigger`;
  const valueId = `${baseId}-value`;
  const errorId = `${baseId}-error`;
  const overlayId = `${baseId}-overlay`;
  const triggerRef = useRef<HTMLButtonElement>(null);
  const labelRef = useRef<HTMLLabelElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const monthToggleRef = useRef<HTMLButtonElement>(null);
  const yearToggleRef = useRef<HTMLButtonElement>(null);
  const closedFromOutside = useRef(false);

  // The committed value: the `value` prop when given, else the picker's own.
  const [ownDate, setOwnDate] = useState<Date | null>(
    props.mode === "single" ? (props.defaultValue ?? null) : null,
  );
  const [ownRange, setOwnRange] = useState<DateRangeValue | null>(
    props.mode === "range" ? (props.defaultValue ?? null) : null,
  );
  const committedDate =
    props.mode === "single" ? (props.value !== undefined ? props.value : ownDate) : null;
  const committedRange =
    props.mode === "range" ? (props.value !== undefined ? props.value : ownRange) : null;

  // What the open menu holds until it is committed.
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<View>("days");
  const [month, setMonth] = useState<Date>(() => new Date(years.from, 0, 1));
  const [focusGrid, setFocusGrid] = useState(true);
  const [draftDate, setDraftDate] = useState<Date | undefined>();
  const [draftRange, setDraftRange] = useState<DateRangeValue | undefined>();
  const [draftTime, setDraftTime] = useState<TimeOfDay>(defaultTime);
  const [message, setMessage] = useState<string | null>(null);

  const shown = isRange
    ? formatDisplayRange(committedRange)
    : isRealDate(committedDate)
      ? formatDisplayDate(committedDate, withTime)
      : "";
  const isoValue = isRange
    ? toIsoRange(committedRange)
    : isRealDate(committedDate)
      ? toIsoDate(committedDate, withTime)
      : "";

  function openMenu() {
    const anchor = isRange ? committedRange?.from : committedDate;
    const start = isRealDate(anchor) ? anchor : (defaultMonth ?? new Date());
    setMonth(clampMonth(start, years));
    setDraftDate(isRealDate(committedDate) ? committedDate : undefined);
    setDraftRange(committedRange ?? undefined);
    setDraftTime(isRealDate(committedDate) ? timeOf(committedDate, minuteStep) : defaultTime);
    setView("days");
    setFocusGrid(true);
    setMessage(null);
    closedFromOutside.current = false;
    setOpen(true);
  }

  function handleOpenChange(next: boolean) {
    if (next) openMenu();
    else setOpen(false);
  }

  // closeOnScroll: a scroll of the page (not of a list inside the menu) closes it. Scroll events
  // arrive a frame late, so one for a scroll that ended before the menu opened (the field
  // scrolled into view, then clicked) is recognised by the unchanged position and ignored.
  useEffect(() => {
    if (!open || !closeOnScroll) return;
    const openedAt = { x: window.scrollX, y: window.scrollY };
    function onScroll(event: Event) {
      const target = event.target;
      if (target instanceof Node && contentRef.current?.contains(target)) return;
      const isPage = target === document || target === document.documentElement;
      if (isPage && window.scrollX === openedAt.x && window.scrollY === openedAt.y) return;
      setOpen(false);
    }
    window.addEventListener("scroll", onScroll, { capture: true, passive: true });
    return () => window.removeEventListener("scroll", onScroll, { capture: true });
  }, [open, closeOnScroll]);

  function commitDate(value: Date | null, close = true) {
    setOwnDate(value);
    if (props.mode === "single") props.onChange?.(value);
    if (close) setOpen(false);
  }

  function commitRange(value: DateRangeValue | null, close = true) {
    setOwnRange(value);
    if (props.mode === "range") props.onChange?.(value);
    if (close) setOpen(false);
  }

  function confirmDate(day: Date | undefined) {
    const selection = day ? (withTime ? atTime(day, draftTime) : startOfDay(day)) : null;
    if (isValidSelection(selection, rules)) {
      commitDate(selection);
      return;
    }
    setMessage(selection ? "Choose a date that is available" : "Choose a date");
    if (props.mode === "single") props.onInvalidSelect?.(selection);
  }

  function confirmRange(range: DateRangeValue | undefined) {
    const from = range?.from;
    const to = range?.to;
    const selection = isRealDate(from)
      ? { from: startOfDay(from), to: isRealDate(to) ? startOfDay(to) : undefined }
      : null;
    const problem = rangeProblem(selection, rules);
    if (problem === null) {
      commitRange(selection);
      return;
    }
    setMessage(rangeMessages[problem]);
    if (props.mode === "range") props.onInvalidSelect?.(selection);
  }

  function pickDate(day: Date) {
    setDraftDate(day);
    setMessage(null);
    if (autoApply) confirmDate(day);
  }

  function pickRangeDay(day: Date) {
    const from = draftRange?.from;
    // A new range starts when there is none, when the last one is complete, or before its start.
    const next: DateRangeValue =
      !isRealDate(from) || isRealDate(draftRange?.to) || compareDays(day, from) < 0
        ? { from: day, to: undefined }
        : { from, to: day };
    setDraftRange(next);
    setMessage(null);
    if (autoApply && next.to) confirmRange(next);
  }

  function apply() {
    if (isRange) confirmRange(draftRange);
    else confirmDate(draftDate);
  }

  function clear() {
    setDraftDate(undefined);
    setDraftRange(undefined);
    setMessage(null);
    if (isRange) commitRange(null, closeOnClear);
    else commitDate(null, closeOnClear);
  }

  function toggleView(next: View) {
    setFocusGrid(false);
    setView((current) => (current === next ? "days" : next));
  }

  function chooseMonth(value: number) {
    setMonth(new Date(month.getFullYear(), value, 1));
    setView("days");
    setFocusGrid(false);
    monthToggleRef.current?.focus();
  }

  function chooseYear(value: number) {
    setMonth(new Date(value, month.getMonth(), 1));
    setView("days");
    setFocusGrid(false);
    yearToggleRef.current?.focus();
  }

  const isUnavailable = (date: Date) => !isSelectableDate(date, rules);
  const canGoBack = month > new Date(years.from, 0, 1);
  const canGoForward = month < new Date(years.to, 11, 1);
  const monthName = longMonth.format(month);
  const year = month.getFullYear();
  const draftText = isRange
    ? formatDisplayRange(draftRange)
    : draftDate
      ? formatDisplayDate(draftDate)
      : "";
  const rangeSelected = { from: draftRange?.from ?? undefined, to: draftRange?.to ?? undefined };

  const dayPickerShared = {
    month,
    onMonthChange: (next: Date) => setMonth(firstOfMonth(next)),
    startMonth: new Date(years.from, 0, 1),
    endMonth: new Date(years.to, 11, 1),
    disabled: isUnavailable,
    hideNavigation: true,
    locale: enGB,
    weekStartsOn: 1 as const,
    autoFocus: focusGrid,
    classNames: dayPickerClassNames,
  };

  return (
    <div className={clsx("flex flex-col gap-1.5", className)}>
      <label
        ref={labelRef}
        id={labelId}
        htmlFor={triggerId}
        className="text-sm font-semibold text-ink"
      >
        {label}
      </label>
      <Popover.Root open={open} onOpenChange={handleOpenChange}>
        <Popover.Trigger asChild>
          <button
            ref={triggerRef}
            id={triggerId}
            type="button"
            disabled={disabled}
            aria-labelledby={`${labelId} ${valueId}`}
            aria-describedby={error ? errorId : undefined}
            aria-invalid={error ? true : undefined}
            className={clsx(
              "flex min-h-11 w-full items-center gap-2 rounded-lg border bg-surface px-3 text-left text-sm text-ink transition-colors hover:bg-surface-muted disabled:cursor-not-allowed disabled:bg-surface-sunken disabled:opacity-60",
              error ? "border-danger" : "border-line",
            )}
          >
            <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
            <span
              id={valueId}
              className={clsx("min-w-0 flex-1 truncate", !shown && "text-ink-muted")}
            >
              {shown || placeholder}
            </span>
            <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
          </button>
        </Popover.Trigger>
        {name ? <input type="hidden" name={name} value={isoValue} /> : null}
        {error ? (
          <p id={errorId} className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        <Popover.Portal>
          <Popover.Content
            ref={contentRef}
            aria-label={label}
            align="start"
            sideOffset={6}
            collisionPadding={8}
            onOpenAutoFocus={(event) => event.preventDefault()}
            onInteractOutside={(event) => {
              const target = event.target;
              // The trigger toggles the menu itself; its label forwards the click to it.
              if (target instanceof Node && labelRef.current?.contains(target)) {
                event.preventDefault();
                return;
              }
              if (target instanceof Node && triggerRef.current?.contains(target)) return;
              closedFromOutside.current = true;
            }}
            onCloseAutoFocus={(event) => {
              // Focus returns to the field unless the person moved on to something else.
              event.preventDefault();
              if (!closedFromOutside.current) triggerRef.current?.focus({ preventScroll: true });
              closedFromOutside.current = false;
            }}
            className="z-50 flex max-h-(--radix-popover-content-available-height) w-[min(20rem,calc(100vw-1rem))] flex-col rounded-card border border-line bg-surface p-3 text-ink shadow-lg"
          >
            <div className="flex shrink-0 items-center justify-between gap-1">
              <button
                type="button"
                className={iconButton}
                aria-label="Previous month"
                disabled={!canGoBack}
                onClick={() => setMonth(new Date(year, month.getMonth() - 1, 1))}
              >
                <ChevronLeft aria-hidden="true" className="size-5" />
              </button>
              <div className="flex items-center gap-1">
                <button
                  ref={monthToggleRef}
                  type="button"
                  className={toggleButton}
                  aria-label={`Choose month, ${monthName}`}
                  aria-expanded={view === "months"}
                  aria-controls={view === "months" ? overlayId : undefined}
                  onClick={() => toggleView("months")}
                >
                  {monthName}
                  <ChevronDown aria-hidden="true" className="size-4 text-ink-muted" />
                </button>
                <button
                  ref={yearToggleRef}
                  type="button"
                  className={toggleButton}
                  aria-label={`Choose year, ${year}`}
                  aria-expanded={view === "years"}
                  aria-controls={view === "years" ? overlayId : undefined}
                  onClick={() => toggleView("years")}
                >
                  {year}
                  <ChevronDown aria-hidden="true" className="size-4 text-ink-muted" />
                </button>
              </div>
              <button
                type="button"
                className={iconButton}
                aria-label="Next month"
                disabled={!canGoForward}
                onClick={() => setMonth(new Date(year, month.getMonth() + 1, 1))}
              >
                <ChevronRight aria-hidden="true" className="size-5" />
              </button>
            </div>

            {/* On a short screen only this part scrolls; the actions below stay in view. */}
            <div className="mt-2 min-h-0 overflow-y-auto overscroll-contain">
              {view === "days" ? (
                props.mode === "range" ? (
                  <DayPicker
                    {...dayPickerShared}
                    mode="range"
                    selected={rangeSelected}
                    onSelect={(_range, day) => pickRangeDay(day)}
                  />
                ) : (
                  <DayPicker
                    {...dayPickerShared}
                    mode="single"
                    required
                    selected={draftDate}
                    onSelect={(day) => pickDate(day)}
                  />
                )
              ) : null}
              {view === "months" ? (
                <OptionGrid
                  id={overlayId}
                  label="Month"
                  options={monthOptions}
                  selected={month.getMonth()}
                  columns={3}
                  onChoose={chooseMonth}
                  autoFocus
                  className="py-2"
                />
              ) : null}
              {view === "years" ? (
                <OptionGrid
                  id={overlayId}
                  label="Year"
                  options={yearOptions(years).map((value) => ({ value, text: String(value) }))}
                  selected={year}
                  columns={4}
                  onChoose={chooseYear}
                  autoFocus
                  className="max-h-[17.5rem] overflow-y-auto overscroll-contain p-1"
                />
              ) : null}
              {view === "time" ? (
                <div id={overlayId} className="space-y-2 py-1">
                  <OptionGrid
                    label="Hour"
                    showLabel
                    compact
                    options={hourGrid}
                    selected={draftTime.hours}
                    columns={6}
                    onChoose={(hours) => setDraftTime((time) => ({ ...time, hours }))}
                    autoFocus
                  />
                  <OptionGrid
                    label="Minute"
                    showLabel
                    compact
                    options={minuteOptions(minuteStep).map((value) => ({
                      value,
                      text: pad2(value),
                    }))}
                    selected={draftTime.minutes}
                    columns={minuteStep >= 15 ? 4 : 6}
                    onChoose={(minutes) => setDraftTime((time) => ({ ...time, minutes }))}
                  />
                </div>
              ) : null}
            </div>

            {message ? (
              <p
                role="alert"
                className="mt-2 shrink-0 rounded-lg bg-danger-soft px-3 py-2 text-sm font-medium text-danger"
              >
                {message}
              </p>
            ) : null}

            <div className="mt-3 flex shrink-0 flex-wrap items-center justify-between gap-2 border-t border-line pt-3">
              {withTime ? (
                <button
                  type="button"
                  className={clsx(toggleButton, "-ml-2")}
                  aria-label={`Choose time, ${formatTime(draftTime)}`}
                  aria-expanded={view === "time"}
                  aria-controls={view === "time" ? overlayId : undefined}
                  onClick={() => toggleView("time")}
                >
                  <Clock aria-hidden="true" className="size-4 text-ink-muted" />
                  <span className="tabular-nums">{formatTime(draftTime)}</span>
                  <ChevronDown aria-hidden="true" className="size-4 text-ink-muted" />
                </button>
              ) : (
                <p className="min-w-0 text-xs text-ink-muted" aria-live="polite">
                  {draftText || (isRange ? "No dates chosen" : "No date chosen")}
                </p>
              )}
              <div className="ml-auto flex gap-2">
                <Button variant="secondary" size="sm" onClick={clear}>
                  Clear
                </Button>
                {autoApply ? null : (
                  <Button size="sm" onClick={apply}>
                    Apply
                  </Button>
                )}
              </div>
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}
