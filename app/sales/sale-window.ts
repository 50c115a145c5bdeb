import { z } from "#app/zod.ts";

/**
 * What a sale's start and end must be, for flash and discount sales alike (issue 22). Times come
 * from the kit's date picker as "YYYY-MM-DDTHH:MM" and are read as Lagos time (UTC+1 all year):
 * a Nigerian business schedules in its own clock, whatever the browser's zone (decision 054).
 */
const lagosDateTime = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** "2026-11-27T14:30" in Lagos as an instant, or null when it is not a real time. */
export function parseLagosDateTime(text: string): Date | null {
  const parts = lagosDateTime.exec(text.trim());
  if (!parts) return null;
  const [, year, month, day, hours, minutes] = parts.map(Number) as number[];
  const instant = new Date(`${text.trim()}:00+01:00`);
  if (Number.isNaN(instant.getTime())) return null;
  // Date accepts 31 February by rolling over: the Lagos reading must give back what was typed.
  const lagos = new Date(instant.getTime() + 60 * 60_000);
  const same =
    lagos.getUTCFullYear() === year &&
    lagos.getUTCMonth() + 1 === month &&
    lagos.getUTCDate() === day &&
    lagos.getUTCHours() === hours &&
    lagos.getUTCMinutes() === minutes;
  return same ? instant : null;
}

/** An instant as "2026-11-27T14:30" in Lagos: what the form's date pickers start from. */
export function toLagosDateTime(instant: Date): string {
  return new Date(instant.getTime() + 60 * 60_000).toISOString().slice(0, 16);
}

/** A date picker's field, read as a Lagos instant, with a message naming it. */
export function lagosTime(label: string) {
  return z.string({ message: `Choose the ${label}` }).transform((raw, ctx) => {
    const value = raw.trim() === "" ? null : parseLagosDateTime(raw);
    if (!value) {
      ctx.addIssue({
        code: "custom",
        message:
          raw.trim() === "" ? `Choose the ${label}` : `Choose the ${label} with the calendar`,
      });
      return z.NEVER;
    }
    return value;
  });
}

const minute = 60_000;
const day = 24 * 60 * minute;

/** How long and how far ahead a kind of sale may be scheduled. */
export interface SaleWindowLimits {
  /** What the sale is called in messages: "A flash sale lasts at most 14 days". */
  noun: string;
  minMinutes: number;
  maxDays: number;
  maxStartDaysAhead: number;
}

/**
 * Checks a sale's start and end as of `now`: the start may be now (a minute's grace) but not in
 * the past nor too far ahead, and the sale lasts between the limits. Issues go on the fields.
 */
export function checkSaleWindow(
  window: { startsAt: Date; endsAt: Date },
  now: Date,
  limits: SaleWindowLimits,
  ctx: z.RefinementCtx,
) {
  if (window.startsAt.getTime() < now.getTime() - minute) {
    ctx.addIssue({ code: "custom", path: ["startsAt"], message: "The start has passed" });
  } else if (window.startsAt.getTime() > now.getTime() + limits.maxStartDaysAhead * day) {
    ctx.addIssue({
      code: "custom",
      path: ["startsAt"],
      message: `Start within ${limits.maxStartDaysAhead} days`,
    });
  }
  const length = window.endsAt.getTime() - window.startsAt.getTime();
  if (length < limits.minMinutes * minute) {
    ctx.addIssue({
      code: "custom",
      path: ["endsAt"],
      message: `End at least ${limits.minMinutes} minutes after the start`,
    });
  } else if (length > limits.maxDays * day) {
    ctx.addIssue({
      code: "custom",
      path: ["endsAt"],
      message: `${limits.noun} lasts at most ${limits.maxDays} days`,
    });
  }
}
