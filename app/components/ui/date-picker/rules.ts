/**
 * The date picker's rules (spec: "A selection is valid only if the date passes the configured
 * disabled and allowed date checks. A range is valid when it has two valid dates, or when only
 * its first date is valid and partial ranges are allowed." and "Date picker default year range:
 * 1900 to 2100."), as pure functions without React so they are tested on their own.
 *
 * Dates are calendar days in the local time zone: every comparison looks at the year, month and
 * day only, never at the time of day.
 */

export interface YearRange {
  from: number;
  to: number;
}

/** The spec's default year range for the picker: 1900 to 2100. */
export const defaultYearRange: Readonly<YearRange> = Object.freeze({ from: 1900, to: 2100 });

/** Minutes between two choices in the time lists, unless configured. */
export const defaultMinuteStep = 15;

/** The time a date gets when the picker asks for a time and none was chosen yet (24 h). */
export const defaultTime: Readonly<TimeOfDay> = Object.freeze({ hours: 9, minutes: 0 });

/** A list of dates and/or predicates; a date matches when it is any listed day or passes any. */
export type DateMatcher =
  | Date
  | ((date: Date) => boolean)
  | ReadonlyArray<Date | ((date: Date) => boolean)>;

export interface DateRules {
  /** Days that can never be chosen; they win over `allowedDates`. */
  disabledDates?: DateMatcher | undefined;
  /** When given, only these days can be chosen (an empty list allows none). */
  allowedDates?: DateMatcher | undefined;
  /** The first day that can be chosen (its time is ignored). */
  minDate?: Date | null | undefined;
  /** The last day that can be chosen (its time is ignored). */
  maxDate?: Date | null | undefined;
  /** Years that can be chosen; 1900 to 2100 unless configured. */
  yearRange?: YearRange | undefined;
}

export interface RangeRules extends DateRules {
  /** A range with only its first date counts as valid. */
  allowPartialRange?: boolean | undefined;
}

/** A range being chosen or committed; `to` is missing while only the first date is chosen. */
export interface DateRangeValue {
  from?: Date | null | undefined;
  to?: Date | null | undefined;
}

export interface TimeOfDay {
  hours: number;
  minutes: number;
}

function isRealDate(date: unknown): date is Date {
  return date instanceof Date && !Number.isNaN(date.getTime());
}

/** A number for the calendar day of a date (yyyymmdd), ignoring its time. */
export function dayNumber(date: Date): number {
  return date.getFullYear() * 10_000 + (date.getMonth() + 1) * 100 + date.getDate();
}

export function isSameDay(a: Date, b: Date): boolean {
  return dayNumber(a) === dayNumber(b);
}

/** Negative when `a` is an earlier day than `b`, zero on the same day, positive when later. */
export function compareDays(a: Date, b: Date): number {
  return dayNumber(a) - dayNumber(b);
}

export function matchesDate(date: Date, matcher: DateMatcher): boolean {
  const entries = typeof matcher === "function" || matcher instanceof Date ? [matcher] : matcher;
  return entries.some((entry) =>
    typeof entry === "function" ? entry(date) : isRealDate(entry) && isSameDay(entry, date),
  );
}

/** The year range with its ends in order (a range given backwards is read forwards). */
export function normalizeYearRange(yearRange: YearRange = defaultYearRange): YearRange {
  const from = Math.min(yearRange.from, yearRange.to);
  const to = Math.max(yearRange.from, yearRange.to);
  return { from, to };
}

/**
 * Whether one date can be chosen: inside the year range and between min and max (by day), not
 * disabled, and allowed when an allowed list or predicate is given. Disabled beats allowed.
 */
export function isSelectableDate(date: Date | null | undefined, rules: DateRules = {}): boolean {
  if (!isRealDate(date)) return false;
  const years = normalizeYearRange(rules.yearRange);
  const year = date.getFullYear();
  if (year < years.from || year > years.to) return false;
  if (isRealDate(rules.minDate) && compareDays(date, rules.minDate) < 0) return false;
  if (isRealDate(rules.maxDate) && compareDays(date, rules.maxDate) > 0) return false;
  if (rules.disabledDates !== undefined && matchesDate(date, rules.disabledDates)) return false;
  if (rules.allowedDates !== undefined && !matchesDate(date, rules.allowedDates)) return false;
  return true;
}

/** A single-date selection is valid when it holds a date that passes every check. */
export function isValidSelection(date: Date | null | undefined, rules: DateRules = {}): boolean {
  return isSelectableDate(date, rules);
}

/** Why a range is not valid, or `null` when it is. */
export type RangeProblem =
  | "missing-start"
  | "start-unavailable"
  | "missing-end"
  | "end-unavailable"
  | "end-before-start";

export function rangeProblem(
  range: DateRangeValue | null | undefined,
  rules: RangeRules = {},
): RangeProblem | null {
  const from = range?.from;
  const to = range?.to;
  if (!isRealDate(from)) return "missing-start";
  if (!isSelectableDate(from, rules)) return "start-unavailable";
  if (!isRealDate(to)) return rules.allowPartialRange === true ? null : "missing-end";
  if (!isSelectableDate(to, rules)) return "end-unavailable";
  if (compareDays(to, from) < 0) return "end-before-start";
  return null;
}

/**
 * A range is valid with two valid dates in order (the same day twice is a one-day range), or
 * with only a valid first date when partial ranges are allowed. An empty range is invalid.
 */
export function isValidRange(range: DateRangeValue | null | undefined, rules: RangeRules = {}) {
  return rangeProblem(range, rules) === null;
}

/** The years listed by the year overlay, oldest first. */
export function yearOptions(yearRange: YearRange = defaultYearRange): number[] {
  const { from, to } = normalizeYearRange(yearRange);
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

/** The hours listed by the time overlay: 0 to 23. */
export function hourOptions(): number[] {
  return Array.from({ length: 24 }, (_, hour) => hour);
}

function checkStep(step: number) {
  if (!Number.isInteger(step) || step < 1 || step > 60) {
    throw new RangeError(`The minute step must be a whole number from 1 to 60, not ${step}`);
  }
}

/** The minutes listed by the time overlay: 0 and every `step` minutes up to 59. */
export function minuteOptions(step: number = defaultMinuteStep): number[] {
  checkStep(step);
  return Array.from({ length: Math.ceil(60 / step) }, (_, index) => index * step);
}

/** The time of a date, its minutes rounded down to the step so it is one of the listed times. */
export function timeOf(date: Date, step: number = defaultMinuteStep): TimeOfDay {
  checkStep(step);
  return { hours: date.getHours(), minutes: date.getMinutes() - (date.getMinutes() % step) };
}

/** The same calendar day at the given hours and minutes (seconds and milliseconds zero). */
export function atTime(date: Date, time: TimeOfDay): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate(), time.hours, time.minutes);
}

/** The same calendar day at midnight. */
export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

const pad = (value: number, length = 2) => String(value).padStart(length, "0");

/** "09:30": hours and minutes, 24 h. */
export function formatTime(time: TimeOfDay): string {
  return `${pad(time.hours)}:${pad(time.minutes)}`;
}

/** The ISO 8601 value of a date: "2026-11-22", or with the time "2026-11-22T09:30". */
export function toIsoDate(date: Date, withTime = false): string {
  const day = `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return withTime ? `${day}T${formatTime(timeOf(date, 1))}` : day;
}

/**
 * The ISO 8601 interval of a range, "2026-11-22/2026-11-25"; a range with only its first date
 * has an open end, "2026-11-22/..". An empty range gives "".
 */
export function toIsoRange(range: DateRangeValue | null | undefined): string {
  const from = range?.from;
  const to = range?.to;
  if (!isRealDate(from)) return "";
  return `${toIsoDate(from)}/${isRealDate(to) ? toIsoDate(to) : ".."}`;
}
