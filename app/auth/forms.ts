import { optionalText, plainLine, requiredText } from "#app/text-fields.ts";
import { z } from "#app/zod.ts";

import { maxPasswordLength, minPasswordLength } from "./password-length.ts";
import { normaliseNigerianPhone } from "./phone.ts";

/**
 * The account forms' schemas, shared by the browser (hints before posting) and the server (the
 * rule). Field messages are written for the person filling the form.
 */
export { maxPasswordLength, minPasswordLength };

export const email = z
  .string({ message: "Enter your email address" })
  .trim()
  .toLowerCase()
  .min(1, "Enter your email address")
  .max(254, "This email address is too long")
  .pipe(z.email({ message: "Enter an email address like name@example.com" }));

/** Names are shown on reviews and orders: letters, spaces and everyday punctuation only. */
const personName = z
  .string({ message: "Enter your name" })
  .trim()
  .min(1, "Enter your name")
  .max(80, "Use at most 80 characters")
  .regex(/^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u, "Use letters, spaces, hyphens and apostrophes only");

const newPassword = z
  .string({ message: "Choose a password" })
  .min(minPasswordLength, `Use at least ${minPasswordLength} characters`)
  .max(maxPasswordLength, `Use at most ${maxPasswordLength} characters`);

const checkbox = z.literal("on", { message: "Please agree to continue" });

export const signUpSchema = z.object({
  name: personName,
  email,
  password: newPassword,
  privacy: checkbox,
  referralCode: z
    .string()
    .trim()
    .max(40)
    .regex(/^[\w-]*$/)
    .optional()
    .catch(undefined),
});

export const signInSchema = z.object({
  email,
  password: z
    .string({ message: "Enter your password" })
    .min(1, "Enter your password")
    .max(maxPasswordLength, "Enter your password"),
});

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z.string({ message: "This link is incomplete" }).min(1).max(200),
    password: newPassword,
    confirm: z.string({ message: "Enter the new password again" }),
  })
  .refine((value) => value.password === value.confirm, {
    path: ["confirm"],
    message: "The two passwords don't match",
  });

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ message: "Enter your current password" })
      .min(1, "Enter your current password")
      .max(maxPasswordLength, "Enter your current password"),
    password: newPassword,
    confirm: z.string({ message: "Enter the new password again" }),
  })
  .refine((value) => value.password === value.confirm, {
    path: ["confirm"],
    message: "The two passwords don't match",
  });

const phoneMessage = "Enter a Nigerian phone number such as 0803 123 4567";

/** A Nigerian number, stored as +234…; with `optional`, an empty field means "none" (null). */
export function nigerianPhone<Optional extends boolean>(optional: Optional) {
  return z
    .string({ message: phoneMessage })
    .trim()
    .max(30, phoneMessage)
    .transform((value, ctx): Optional extends true ? string | null : string => {
      if (optional && value === "") return null as never;
      const phone = normaliseNigerianPhone(value);
      if (!phone) {
        ctx.addIssue({ code: "custom", message: phoneMessage });
        return z.NEVER;
      }
      return phone as never;
    });
}

export const profileDetailsSchema = z.object({
  name: personName,
  phone: nigerianPhone(true),
  city: z
    .string({ message: "Enter your city, or leave it empty" })
    .trim()
    .max(60, "Use at most 60 characters")
    .superRefine(plainLine)
    .transform((value) => value || null),
});

export const addressSchema = z.object({
  label: requiredText("a label such as Home or Office", 40),
  recipient: personName,
  phone: nigerianPhone(false),
  line1: requiredText("the street address", 120),
  line2: optionalText(120),
  city: requiredText("the city", 60),
  state: requiredText("the state", 40),
  isDefault: z
    .literal("on")
    .optional()
    .transform((value) => value === "on"),
});

export const deleteAccountSchema = z.object({
  password: z
    .string({ message: "Enter your password to confirm" })
    .min(1, "Enter your password to confirm")
    .max(maxPasswordLength, "Enter your password to confirm"),
  confirm: z.literal("DELETE", { message: "Type DELETE to confirm" }),
});

/** Field name → first message, from a failed parse, for the form to show beside each field. */
export type FieldErrors = Partial<Record<string, string>>;

export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}
