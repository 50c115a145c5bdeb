import { type DateRangeValue, formatTime, isSameDay, timeOf } from "./rules.ts";

/**
 * How the picker shows dates: Nigerian English, day before month ("22 Nov 2026"). Only chosen
 * values are formatted on the server, never "today", so the server and the first client render
 * print the same text.
 */
export const displayLocale = "en-NG";

const dayMonthYear = new Intl.DateTimeFormat(displayLocale, {
  day: "numeric",
  month: "short",
  year: "numeric",
});
const dayMonth = new Intl.DateTimeFormat(displayLocale, { day: "numeric", month: "short" });

/** "22 Nov 2026", or with the time "22 Nov 2026, 09:30" (24 h). */
export function formatDisplayDate(date: Date, withTime = false): string {
  const day = dayMonthYear.format(date);
  return withTime ? `${day}, ${formatTime(timeOf(date, 1))}` : day;
}

/**
 * "22 Nov – 25 Nov 2026" within a year, "30 Dec 2026 – 2 Jan 2027" across years, "22 Nov 2026"
 * for a one-day range and "From 22 Nov 2026" while the range has no end. Empty gives "".
 */
export function formatDisplayRange(range: DateRangeValue | null | undefined): string {
  const from = range?.from;
  const to = range?.to;
  if (!from) return "";
  if (!to) return `From ${formatDisplayDate(from)}`;
  if (isSameDay(from, to)) return formatDisplayDate(from);
  if (from.getFullYear() === to.getFullYear()) {
    return `${dayMonth.format(from)} – ${dayMonthYear.format(to)}`;
  }
  return `${dayMonthYear.format(from)} – ${dayMonthYear.format(to)}`;
}
