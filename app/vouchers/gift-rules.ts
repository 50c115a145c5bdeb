import { email } from "#app/auth/forms.ts";
import { optionalText, requiredText } from "#app/text-fields.ts";
import { z } from "#app/zod.ts";

/**
 * The gift form's rules (issue 19, decision 042), shared by the page (the date picker's bounds)
 * and the server (the rule): a friend's name and email, an optional message, and the day it
 * arrives, from today up to 90 days ahead (Lagos days).
 */
export const giftLimits = { aheadDays: 90, message: 300 } as const;

/** "YYYY-MM-DD" of `today` plus `days`. */
export function addDays(today: string, days: number): string {
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

export function giftFormSchema(today: string) {
  const last = addDays(today, giftLimits.aheadDays);
  return z.object({
    recipientName: requiredText("your friend's name", 80),
    recipientEmail: email,
    message: optionalText(giftLimits.message, { multiline: true }),
    deliverOn: z
      .string({ message: "Choose the day it arrives" })
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Choose the day it arrives")
      .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), "Choose the day it arrives")
      .refine((day) => day >= today, "Choose today or a later day")
      .refine((day) => day <= last, `Choose a day within ${giftLimits.aheadDays} days from today`),
  });
}

export type GiftInput = z.infer<ReturnType<typeof giftFormSchema>>;
