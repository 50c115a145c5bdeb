import { lagosToday } from "#app/console/lagos-time.ts";
import { nairaField, wholeNumberField } from "#app/number-fields.ts";
import { optionalText, requiredText } from "#app/text-fields.ts";
import { z } from "#app/zod.ts";
import { offerLimits, offerStatuses } from "./offer-limits.ts";

export { type OfferStatus, offerLimits, offerStatuses } from "./offer-limits.ts";

/**
 * The voucher offer form's rules (issue 19), for the server and the browser's hints alike.
 * Messages start with the field's plain name so they read under the field. The validity is
 * either a number of days after purchase or a fixed end date; the form sends which one it is.
 */

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** "YYYY-MM-DD" of a real calendar day. */
function isCalendarDate(text: string): boolean {
  if (!isoDate.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/**
 * The offer form, checked as of `now` (a fixed end date must not have passed in Lagos). Pictures
 * are the ids of uploaded images, in the order shown (the first is the main one).
 */
export function offerFormSchema(now: Date) {
  const today = lagosToday(now);
  const latest = addDays(today, offerLimits.maxValidDays);
  return z
    .object({
      title: requiredText("a title", offerLimits.title),
      description: optionalText(offerLimits.description, { multiline: true }),
      value: nairaField("Value"),
      price: nairaField("Price"),
      validity: z.enum(["days", "date"], { message: "Choose how long a voucher is valid" }),
      validDays: z.string().default(""),
      validUntil: z.string().default(""),
      totalQuantity: wholeNumberField("Quantity", 1, offerLimits.maxQuantity, true),
      perShopperLimit: wholeNumberField("Limit per shopper", 1, offerLimits.maxPerShopper, true),
      finePrint: optionalText(offerLimits.finePrint, { multiline: true }),
      status: z.enum(offerStatuses, { message: "Status must be active, paused or ended" }),
      images: z
        .array(z.string().regex(/^img_[0-9a-z]{16}$/, "That picture is not one of ours"))
        .max(offerLimits.images, `An offer can have at most ${offerLimits.images} pictures`),
    })
    .transform((input, ctx) => {
      if (input.price >= input.value) {
        ctx.addIssue({
          code: "custom",
          path: ["price"],
          message: "Price must be below the value (that is the saving)",
        });
      }
      let validDays: number | null = null;
      let validUntil: string | null = null;
      if (input.validity === "days") {
        const text = input.validDays.trim();
        const days = /^\d{1,4}$/.test(text) ? Number(text) : Number.NaN;
        if (days >= 1 && days <= offerLimits.maxValidDays) validDays = days;
        else {
          ctx.addIssue({
            code: "custom",
            path: ["validDays"],
            message: `Days valid must be a whole number from 1 to ${offerLimits.maxValidDays}`,
          });
        }
      } else {
        const text = input.validUntil.trim();
        if (!isCalendarDate(text)) {
          ctx.addIssue({
            code: "custom",
            path: ["validUntil"],
            message: "End date must be a date like 2027-03-31",
          });
        } else if (text < today) {
          ctx.addIssue({
            code: "custom",
            path: ["validUntil"],
            message: "End date has passed: choose today or a later day",
          });
        } else if (text > latest) {
          ctx.addIssue({
            code: "custom",
            path: ["validUntil"],
            message: "End date can be at most three years ahead",
          });
        } else validUntil = text;
      }
      if (
        input.perShopperLimit !== null &&
        input.totalQuantity !== null &&
        input.perShopperLimit > input.totalQuantity
      ) {
        ctx.addIssue({
          code: "custom",
          path: ["perShopperLimit"],
          message: "Limit per shopper can't be above the quantity on sale",
        });
      }
      return {
        title: input.title,
        description: input.description,
        valueKobo: input.value,
        priceKobo: input.price,
        validDays,
        validUntil,
        totalQuantity: input.totalQuantity,
        perShopperLimit: input.perShopperLimit,
        finePrint: input.finePrint,
        status: input.status,
        images: input.images,
      };
    });
}

export type OfferFormInput = z.output<ReturnType<typeof offerFormSchema>>;

/** The form's fields as the schema reads them: every value a string, pictures a list. */
export function offerFormValues(form: FormData) {
  const text = (name: string, fallback?: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : fallback;
  };
  return {
    title: text("title"),
    description: text("description", ""),
    value: text("value"),
    price: text("price"),
    validity: text("validity"),
    validDays: text("validDays", ""),
    validUntil: text("validUntil", ""),
    totalQuantity: text("totalQuantity", ""),
    perShopperLimit: text("perShopperLimit", ""),
    finePrint: text("finePrint", ""),
    status: text("status"),
    images: form.getAll("image").filter((value) => typeof value === "string"),
  };
}
