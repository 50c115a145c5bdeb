import { email } from "#app/auth/forms.ts";
import { optionalText, requiredText } from "#app/text-fields.ts";
import { z } from "#app/zod.ts";

import { addDays, giftLimits } from "./gift-limits.ts";

/**
 * The gift form's rule on the server (issue 19, decision 042): a friend's name and email, an
 * optional message, and the day it arrives, from today up to 90 days ahead (Lagos days). The
 * page reads the limits from gift-limits.ts, which carries no validation library.
 */
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
