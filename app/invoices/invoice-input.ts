import { nigerianPhone } from "#app/auth/forms.ts";
import { parseNaira } from "#app/money.ts";
import { nairaField, wholeNumberField } from "#app/number-fields.ts";
import { optionalText, requiredText } from "#app/text-fields.ts";
import { z } from "#app/zod.ts";
import {
  type InvoiceLineText,
  isBlankLine,
  lineFields,
  payLinkFields,
  postedLines,
} from "./invoice-form-values.ts";
import {
  addDays,
  invoiceDiscountKinds,
  invoiceLimits,
  latestDueDate,
  payLinkAmountKinds,
  payLinkLimits,
} from "./invoice-limits.ts";
import type { InvoiceDiscount } from "./invoice-totals.ts";

/**
 * The invoice and pay link forms' rules (issue 24, decision 058), for the server and the
 * browser's hints alike. Messages start with the field's plain name so they read under it.
 *
 * Lines are posted as parallel repeated fields, one value per row of the form in order:
 * `lineProduct`, `lineDescription`, `lineQuantity`, `lineUnitPrice`. A plain HTML form does that
 * without JavaScript as long as every row renders all four inputs (a product `<select>` posts ""
 * for "free text"), and it needs no naming scheme to parse. A row left wholly blank is dropped,
 * so the form can offer spare rows. Errors name the row by its place in the post:
 * `lines.2.quantity` is the third row's quantity; `lines` is about the list as a whole.
 */

export { lineFields, payLinkFields };

const day = (label: string) =>
  z
    .string({ message: `${label} is needed` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a day like 2026-12-01`)
    .refine((text) => {
      const parsed = new Date(`${text}T00:00:00Z`);
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text;
    }, `${label} isn't a real day`);

const customerEmail = z
  .string({ message: "Enter the customer's email address" })
  .trim()
  .toLowerCase()
  .min(1, "Enter the customer's email address")
  .max(254, "This email address is too long")
  .pipe(z.email({ message: "Enter an email address like name@example.com" }));

const invoiceLine = z
  .object({
    product: z
      .string()
      .trim()
      .max(64, "Choose a product from the list")
      .regex(/^(prd_[0-9a-z]{16})?$/, "Choose a product from the list"),
    description: optionalText(invoiceLimits.lineDescriptionMax),
    quantity: wholeNumberField(
      "Quantity",
      invoiceLimits.quantityMin,
      invoiceLimits.quantityMax,
      false,
    ),
    // Empty means "the product's price" on a product line; the server fills it in.
    unitPrice: z.string().transform((raw, ctx) => {
      if (raw.trim() === "") return null;
      const parsed = nairaField("Unit price").safeParse(raw);
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? "" });
        return z.NEVER;
      }
      return parsed.data;
    }),
  })
  .superRefine((line, ctx) => {
    if (line.product === "" && line.description === "") {
      ctx.addIssue({
        code: "custom",
        path: ["description"],
        message: "Describe the line, or choose a product",
      });
    }
    if (line.product === "" && line.unitPrice === null) {
      ctx.addIssue({
        code: "custom",
        path: ["unitPrice"],
        message: "Unit price is needed, like 18000",
      });
    }
  });

export type InvoiceLineInput = z.output<typeof invoiceLine>;

/** The invoice form as of `today` (a Lagos day): the due date is today or within a year. */
export function invoiceFormSchema(today: string) {
  const latest = latestDueDate(today);
  return z
    .object({
      customerName: requiredText("the customer's name", invoiceLimits.customerNameMax),
      customerEmail,
      customerPhone: nigerianPhone(true),
      dueOn: day("Due date")
        .refine((due) => due >= today, "Due date can't be in the past")
        .refine((due) => due <= latest, `Due date must be within ${invoiceLimits.maxDueDays} days`),
      notes: optionalText(invoiceLimits.notesMax, { multiline: true }),
      discountKind: z.enum(invoiceDiscountKinds, {
        message: "Choose no discount, a percentage or an amount",
      }),
      discountValue: z.string().trim().default(""),
      vat: z
        .literal("on")
        .optional()
        .transform((value) => value === "on"),
      lines: z
        .array(invoiceLine)
        .min(1, "Add at least one line")
        .max(invoiceLimits.maxLines, `An invoice has at most ${invoiceLimits.maxLines} lines`),
    })
    .transform((input, ctx) => {
      const discount = discountFromForm(input.discountKind, input.discountValue);
      if ("problem" in discount) {
        ctx.addIssue({ code: "custom", path: ["discountValue"], message: discount.problem });
        return z.NEVER;
      }
      const { discountKind: _kind, discountValue: _value, vat, ...rest } = input;
      return { ...rest, vatApplied: vat, discount };
    });
}

/** The discount as chosen: a whole percent from 1 to 100, or an amount in naira above ₦0. */
export function discountFromForm(
  kind: string,
  value: string,
): InvoiceDiscount | { problem: string } {
  const text = value.trim();
  if (kind === "percent") {
    const percent = /^\d{1,3}$/.test(text) ? Number(text) : 0;
    return percent >= 1 && percent <= 100
      ? { kind: "percent", percent }
      : { problem: "Discount must be a whole percentage from 1 to 100" };
  }
  if (kind === "amount") {
    const amount = parseNaira(text);
    return amount !== null && amount > 0
      ? { kind: "amount", amountKobo: amount }
      : { problem: "Discount must be an amount like 5000 or 5000.50" };
  }
  return { kind: "none" };
}

export type InvoiceInput = z.output<ReturnType<typeof invoiceFormSchema>>;

/** Text of a posted field, "" when absent or a file. */
function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * The invoice form's posted values, shaped for `invoiceFormSchema`: the line fields zipped into
 * rows, wholly blank rows left out but counted, so that errors keep naming the row as posted.
 */
export function invoiceFormValues(form: FormData) {
  const lines: InvoiceLineText[] = [];
  /** For each kept line, the row it was posted as. */
  const postedRows: number[] = [];
  for (const [row, line] of postedLines(form).entries()) {
    if (isBlankLine(line)) continue;
    lines.push(line);
    postedRows.push(row);
  }
  return {
    values: {
      customerName: text(form, "customerName"),
      customerEmail: text(form, "customerEmail"),
      customerPhone: text(form, "customerPhone"),
      dueOn: text(form, "dueOn"),
      notes: text(form, "notes"),
      discountKind: text(form, "discountKind") || "none",
      discountValue: text(form, "discountValue"),
      vat: form.get("vat") === "on" ? "on" : undefined,
      lines,
    },
    postedRows,
  };
}

/** Field name → first message, a line's fields as `lines.{posted row}.{field}`. */
export type InvoiceFieldErrors = Partial<Record<string, string>>;

export function invoiceFieldErrors(error: z.ZodError, postedRows: readonly number[]) {
  const errors: InvoiceFieldErrors = {};
  for (const issue of error.issues) {
    const [first, index, field] = issue.path;
    let key = String(first ?? "form");
    if (first === "lines" && typeof index === "number") {
      key = `lines.${postedRows[index] ?? index}${field === undefined ? "" : `.${String(field)}`}`;
    }
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * The invoice form checked as of `today`, with every field's message at once: zod runs the
 * discount's rule (which needs both of its fields) only once all fields pass, so a form with
 * other mistakes gets the discount's too from here.
 */
export function checkInvoiceFields(
  form: FormData,
  today: string,
):
  | { ok: true; input: InvoiceInput; postedRows: number[] }
  | { ok: false; errors: InvoiceFieldErrors } {
  const { values, postedRows } = invoiceFormValues(form);
  const parsed = invoiceFormSchema(today).safeParse(values);
  if (parsed.success) return { ok: true, input: parsed.data, postedRows };
  const errors = invoiceFieldErrors(parsed.error, postedRows);
  const discount = discountFromForm(values.discountKind, values.discountValue);
  if ("problem" in discount) errors.discountValue ??= discount.problem;
  return { ok: false, errors };
}

/** An amount in naira that may be left empty (null). */
function optionalNaira(label: string) {
  return z
    .string()
    .default("")
    .transform((raw, ctx) => {
      if (raw.trim() === "") return null;
      const parsed = nairaField(label).safeParse(raw);
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? "" });
        return z.NEVER;
      }
      return parsed.data;
    });
}

/**
 * The payer's form at /pay/{id}: the email the receipt goes to, a phone the business may call,
 * and the amount when the pay link lets the customer enter it (checked against the link later).
 */
export const payerFormSchema = z
  .object({
    email: z
      .string({ message: "Enter your email address: your receipt goes there" })
      .trim()
      .toLowerCase()
      .min(1, "Enter your email address: your receipt goes there")
      .max(254, "This email address is too long")
      .pipe(z.email({ message: "Enter an email address like name@example.com" })),
    phone: nigerianPhone(true),
    amount: optionalNaira("Amount"),
  })
  .transform(({ amount, ...payer }) => ({ ...payer, amountKobo: amount }));

/** A pay link's form as of `today` (a Lagos day). */
export function payLinkFormSchema(today: string) {
  const latest = addDays(today, payLinkLimits.maxExpiryDays);
  return z
    .object({
      description: requiredText("what the customer pays for", payLinkLimits.descriptionMax, {
        min: payLinkLimits.descriptionMin,
      }),
      amountKind: z.enum(payLinkAmountKinds, {
        message: "Choose a fixed amount or let the customer enter it",
      }),
      amount: optionalNaira("Amount"),
      minAmount: optionalNaira("Lowest amount"),
      maxAmount: optionalNaira("Highest amount"),
      quantityLimit: wholeNumberField("Quantity", 1, payLinkLimits.maxQuantity, true),
      expiresOn: z
        .string()
        .trim()
        .default("")
        .superRefine((value, ctx) => {
          if (value === "") return;
          const parsed = day("Last day").safeParse(value);
          const message = !parsed.success
            ? parsed.error.issues[0]?.message
            : value < today
              ? "Last day can't be in the past"
              : value > latest
                ? `Last day must be within ${payLinkLimits.maxExpiryDays} days`
                : undefined;
          if (message) ctx.addIssue({ code: "custom", message });
        }),
    })
    .superRefine((input, ctx) => {
      if (input.amountKind === "fixed" && input.amount === null) {
        ctx.addIssue({ code: "custom", path: ["amount"], message: "Amount is needed, like 18000" });
      }
      if (
        input.amountKind === "open" &&
        input.minAmount !== null &&
        input.maxAmount !== null &&
        input.minAmount > input.maxAmount
      ) {
        ctx.addIssue({
          code: "custom",
          path: ["maxAmount"],
          message: "Highest amount can't be below the lowest",
        });
      }
    })
    .transform((input) => ({
      description: input.description,
      amountKind: input.amountKind,
      amountKobo: input.amountKind === "fixed" ? input.amount : null,
      minAmountKobo: input.amountKind === "open" ? input.minAmount : null,
      maxAmountKobo: input.amountKind === "open" ? input.maxAmount : null,
      quantityLimit: input.quantityLimit,
      expiresOn: input.expiresOn === "" ? null : input.expiresOn,
    }));
}

export type PayLinkInput = z.output<ReturnType<typeof payLinkFormSchema>>;
