import { type Kobo, parseNaira } from "./money.ts";
import { z } from "./zod.ts";

/**
 * Form fields holding numbers, for the server and the browser's hints alike. Messages start with
 * the field's plain name so they read under the field.
 */

const nairaExample = "18000";
/** ₦10,000,000: above any price or value a form on Oja takes. */
const maxNairaKobo = 1_000_000_000;

/** An amount in naira as typed ("18000", "18,000.50"), as kobo above ₦0 and at most ₦10m. */
export function nairaField(label: string) {
  return z
    .string({ message: `${label} is needed, like ${nairaExample}` })
    .transform((raw, ctx): Kobo => {
      const text = raw.trim();
      const value = text === "" ? null : parseNaira(text);
      if (value === null) {
        ctx.addIssue({
          code: "custom",
          message:
            text === ""
              ? `${label} is needed, like ${nairaExample}`
              : `${label} must be an amount like ${nairaExample} or 18000.50`,
        });
        return z.NEVER;
      }
      if (value <= 0 || value > maxNairaKobo) {
        ctx.addIssue({
          code: "custom",
          message: `${label} must be above ₦0 and at most ₦10,000,000`,
        });
        return z.NEVER;
      }
      return value;
    });
}

/** A whole number from `min` to `max`, or null when left empty and `optional`. */
export function wholeNumberField(label: string, min: number, max: number, optional: boolean) {
  return z.string().transform((raw, ctx): number | null => {
    const text = raw.trim().replaceAll(",", "");
    if (text === "" && optional) return null;
    const value = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
    if (!(value >= min && value <= max)) {
      ctx.addIssue({
        code: "custom",
        message: `${label} must be a whole number from ${min} to ${max.toLocaleString("en-NG")}`,
      });
      return z.NEVER;
    }
    return value;
  });
}
