import { type FieldErrors, fieldErrors, nigerianPhone } from "#app/auth/forms.ts";
import {
  contrastWithWhite,
  formatContrast,
  hexColorPattern,
  minBrandContrast,
} from "#app/catalog/brand-color.ts";
import { type WeekdayKey, weekdayKeys, weekdayNames } from "#app/catalog/opening-hours.ts";
import { businessSlugSchema } from "#app/catalog/slugs.ts";
import { optionalText, requiredText } from "#app/text-fields.ts";
import { z } from "#app/zod.ts";
import {
  adminBusinessStatuses,
  type BusinessStatus,
  hoursErrorKey,
  hoursFieldName,
  maxSpansPerDay,
} from "./form-fields.ts";

export {
  adminBusinessStatuses,
  type BusinessStatus,
  hoursErrorKey,
  hoursFieldName,
  maxSpansPerDay,
};

/** The `businesses.hours` column's shape (app/catalog/schema.server.ts), kept server-free here. */
export type OpeningHours = Record<WeekdayKey, Array<[string, string]>>;

/**
 * The forms of a business's life on Oja (issue 7): applying on /vendor, the admin's reasons, and
 * the owner's profile, hours and branding. Shared by the page (hints) and the server (the rule).
 */

export const businessNameSchema = requiredText("your business's name", 80, { min: 2 });
const categoryId = z
  .string({ message: "Choose a category" })
  .trim()
  .min(1, "Choose a category")
  .max(40, "Choose a category");
const city = requiredText("the city", 60);
const address = requiredText("the street address", 160);
const description = requiredText("a description of what you offer", 2000, {
  min: 20,
  multiline: true,
});

/** The application form on /vendor; the logo and cover are files, read apart. */
export const applicationSchema = z.object({
  name: businessNameSchema,
  slug: z.string({ message: "Choose an address" }).pipe(businessSlugSchema),
  categoryId,
  city,
  address,
  phone: nigerianPhone(false),
  description,
});
export type ApplicationInput = z.infer<typeof applicationSchema>;

/** Why an admin rejects an application or suspends a business: the business reads it. */
export const reasonSchema = z.object({
  reason: requiredText("the reason, which the business will read", 500, {
    min: 10,
    multiline: true,
  }),
});

/** The owner's profile form, without the hours (parseOpeningHours) and the pictures. */
export const profileSchema = z.object({
  tagline: optionalText(120),
  description,
  phone: nigerianPhone(false),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, "This email address is too long")
    .refine(
      (value) => value === "" || z.email().safeParse(value).success,
      "Enter an email address like hello@yourbusiness.ng, or leave it empty",
    )
    .default(""),
  address,
  city,
  categoryId,
  brandColor: z
    .string({ message: "Choose a brand colour" })
    .trim()
    .regex(hexColorPattern, "Choose a colour as #rrggbb, e.g. #0b7a4b")
    .transform((value) => value.toLowerCase())
    .superRefine((value, ctx) => {
      const ratio = contrastWithWhite(value);
      if (ratio < minBrandContrast) {
        ctx.addIssue({
          code: "custom",
          message: `White text on this colour has a contrast of only ${formatContrast(ratio)}; choose a darker colour (at least ${minBrandContrast}:1) so buttons on your pages stay readable.`,
        });
      }
    }),
});
export type ProfileInput = z.infer<typeof profileSchema>;

// ---------------------------------------------------------------------------------------------
// Opening hours: per weekday, up to two spans of 24-hour "HH:MM", or closed (both left empty).

const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * "9:00", "09.00" and "0900" (phone keypads have no colon) read as "09:00"; anything else is
 * left as typed, for the check to refuse.
 */
export function normaliseTime(input: string): string {
  const match = /^(\d{1,2})[:.h]?(\d{2})$/.exec(input.trim());
  if (!match) return input.trim();
  return `${(match[1] ?? "").padStart(2, "0")}:${match[2]}`;
}

const overnight = (span: readonly [string, string]) => span[1] <= span[0];

/**
 * Reads the week's hours from the form. A span has both times or neither; a day without spans is
 * closed. A span whose closing time is before its opening time runs past midnight (the rule of
 * app/catalog/opening-hours.ts), so only a day's last span may; a second span starts after the
 * first ends.
 */
export function parseOpeningHours(
  values: Record<string, unknown>,
): { hours: OpeningHours; errors?: undefined } | { hours?: undefined; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const hours = {} as OpeningHours;
  for (const day of weekdayKeys) {
    const name = weekdayNames[day];
    const spans: Array<[string, string]> = [];
    let error: string | undefined;
    for (let span = 1; span <= maxSpansPerDay && !error; span++) {
      const read = (end: "opens" | "closes") => {
        const value = values[hoursFieldName(day, span, end)];
        return typeof value === "string" ? normaliseTime(value) : "";
      };
      const opens = read("opens");
      const closes = read("closes");
      if (!opens && !closes) continue;
      if (!opens || !closes) {
        error = `${name}: give both the opening and the closing time, or leave both empty`;
      } else if (!timePattern.test(opens) || !timePattern.test(closes)) {
        error = `${name}: use 24-hour times such as 09:00 or 18:30`;
      } else if (opens === closes) {
        error = `${name}: the closing time must differ from the opening time`;
      } else {
        spans.push([opens, closes]);
      }
    }
    if (!error && spans.length === 2) {
      const [first, second] = spans as [[string, string], [string, string]];
      if (overnight(first)) {
        error = `${name}: only the last span of a day can run past midnight`;
      } else if (second[0] < first[1]) {
        error = `${name}: the second span must start after the first one closes (${first[1]})`;
      }
    }
    if (error) errors[hoursErrorKey(day)] = error;
    hours[day] = spans;
  }
  return Object.keys(errors).length > 0 ? { errors } : { hours };
}

/** Mondays to Fridays 09:00–18:00, Saturdays 10:00–16:00, closed on Sundays: a new business's. */
export function defaultOpeningHours(): OpeningHours {
  const weekday: Array<[string, string]> = [["09:00", "18:00"]];
  return {
    mon: [...weekday],
    tue: [...weekday],
    wed: [...weekday],
    thu: [...weekday],
    fri: [...weekday],
    sat: [["10:00", "16:00"]],
    sun: [],
  };
}

/** The profile form in full: its fields and its hours, with every message at once. */
export function parseProfileForm(
  values: Record<string, unknown>,
):
  | { profile: ProfileInput & { hours: OpeningHours }; errors?: undefined }
  | { profile?: undefined; errors: FieldErrors } {
  const parsed = profileSchema.safeParse(values);
  const hours = parseOpeningHours(values);
  if (!parsed.success || hours.errors) {
    return {
      errors: { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...(hours.errors ?? {}) },
    };
  }
  return { profile: { ...parsed.data, hours: hours.hours } };
}
