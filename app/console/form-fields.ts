import type { WeekdayKey } from "#app/catalog/opening-hours.ts";

/*
 * What the console's pages need of forms.ts in the browser (choices, field names), without
 * the schemas: those bring zod (~20 KB gzipped), which only the server's rules use
 * (decision 015).
 */

/** A business's states (the `business_status` enum), in the order admins filter them. */
export const adminBusinessStatuses = ["active", "suspended", "pending", "rejected"] as const;
export type BusinessStatus = (typeof adminBusinessStatuses)[number];

/** Opening hours: per weekday, up to this many spans of 24-hour "HH:MM" (forms.ts reads them). */
export const maxSpansPerDay = 2;

/** The form field of one end of one span: `hours-mon-1-opens`. */
export function hoursFieldName(day: WeekdayKey, span: number, end: "opens" | "closes"): string {
  return `hours-${day}-${span}-${end}`;
}

/** The error key of a day's hours: `hours-mon`. */
export const hoursErrorKey = (day: WeekdayKey) => `hours-${day}`;
