import { lagosToday } from "./console/lagos-time.ts";
import { formatDay } from "./vouchers/offer-terms.ts";

/**
 * An instant as a Nigerian reader expects it, in Lagos time whatever the server's or the
 * browser's zone, so the server's render and the browser's hydration agree: the day as every
 * other day on Oja is written ("26 Nov 2026", formatDay), or the day and the time.
 */
export function formatLagosDay(date: Date): string {
  return formatDay(lagosToday(date));
}

const timeFormat = new Intl.DateTimeFormat("en-NG", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Africa/Lagos",
});

export function formatLagosTime(date: Date): string {
  return timeFormat.format(date);
}
