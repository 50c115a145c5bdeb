import { type Kobo, koboToNairaText, parseNaira } from "#app/money.ts";
import { addDays, invoiceLimits } from "./invoice-limits.ts";
import {
  type InvoiceDiscount,
  type InvoiceLineAmounts,
  type InvoiceTotals,
  invoiceTotals,
} from "./invoice-totals.ts";

/**
 * The invoice form's words as the console shows them (issue 24, decision 058): a new invoice's,
 * a saved draft's, or a refused post's as typed, and the totals those words come to. Without zod
 * (decision 015): the console's pages use it in the browser; the rules are invoice-input.ts's.
 */

/**
 * The line fields, posted as parallel repeated fields, one value per row in order (a product
 * `<select>` posts "" for a free-text line).
 */
export const lineFields = {
  product: "lineProduct",
  description: "lineDescription",
  quantity: "lineQuantity",
  unitPrice: "lineUnitPrice",
} as const;

/** One row of the form as posted: a product id or "", and the words of the other three fields. */
export interface InvoiceLineText {
  product: string;
  description: string;
  quantity: string;
  unitPrice: string;
}

export interface InvoiceFormText {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  dueOn: string;
  notes: string;
  discountKind: string;
  discountValue: string;
  vat: boolean;
  lines: InvoiceLineText[];
}

/** A new invoice is due this many days after today, unless the business picks another day. */
export const defaultDueDays = 14;

/** A draft's form offers this many blank rows after its lines, for a line or two more. */
const spareRows = 2;

const blankLine: InvoiceLineText = { product: "", description: "", quantity: "", unitPrice: "" };

/** Every row as posted, blank ones too: lines and errors name rows by their place in the post. */
export function postedLines(form: FormData): InvoiceLineText[] {
  const column = (name: string) =>
    form.getAll(name).map((value) => (typeof value === "string" ? value : ""));
  const products = column(lineFields.product);
  const descriptions = column(lineFields.description);
  const quantities = column(lineFields.quantity);
  const prices = column(lineFields.unitPrice);
  const rows = Math.max(products.length, descriptions.length, quantities.length, prices.length);
  return Array.from({ length: rows }, (_, row) => ({
    product: products[row] ?? "",
    description: descriptions[row] ?? "",
    quantity: quantities[row] ?? "",
    unitPrice: prices[row] ?? "",
  }));
}

export function isBlankLine(line: InvoiceLineText): boolean {
  return Object.values(line).every((value) => value.trim() === "");
}

/** The rows, then blank ones up to `least` rows in all. */
function withBlankRows(lines: InvoiceLineText[], least: number): InvoiceLineText[] {
  const blanks = Math.max(0, least - lines.length);
  return [...lines, ...Array.from({ length: blanks }, () => ({ ...blankLine }))];
}

/** A new invoice's form: no customer yet, blank rows, due in two weeks. */
export function newInvoiceText(today: string): InvoiceFormText {
  return {
    customerName: "",
    customerEmail: "",
    customerPhone: "",
    dueOn: addDays(today, defaultDueDays),
    notes: "",
    discountKind: "none",
    discountValue: "",
    vat: false,
    lines: withBlankRows([], invoiceLimits.blankRows),
  };
}

/** A saved draft's form: its words, its lines and a spare row or two. */
export function savedInvoiceText(invoice: {
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  dueOn: string;
  notes: string;
  discountKind: string;
  discountValue: number;
  vatApplied: boolean;
  lines: Array<{
    productId: string | null;
    description: string;
    quantity: number;
    unitPriceKobo: Kobo;
  }>;
}): InvoiceFormText {
  const lines = invoice.lines.map((line) => ({
    product: line.productId ?? "",
    description: line.description,
    quantity: String(line.quantity),
    unitPrice: koboToNairaText(line.unitPriceKobo),
  }));
  return {
    customerName: invoice.customerName,
    customerEmail: invoice.customerEmail,
    customerPhone: invoice.customerPhone ?? "",
    dueOn: invoice.dueOn,
    notes: invoice.notes,
    discountKind: invoice.discountKind,
    discountValue:
      invoice.discountKind === "percent"
        ? String(invoice.discountValue)
        : invoice.discountKind === "amount"
          ? koboToNairaText(invoice.discountValue as Kobo)
          : "",
    vat: invoice.vatApplied,
    lines: withBlankRows(
      lines,
      Math.min(invoiceLimits.maxLines, Math.max(invoiceLimits.blankRows, lines.length + spareRows)),
    ),
  };
}

/** Text of a posted field, "" when absent or a file; cut short for showing it again. */
function text(form: FormData, name: string, most = 2_000): string {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, most) : "";
}

/**
 * A refused post's words, to show the form again as it was typed (also without JavaScript):
 * every row in its place, blank ones too, so each row's message stands under it.
 */
export function postedInvoiceText(form: FormData): InvoiceFormText {
  const cut = (value: string) => value.slice(0, invoiceLimits.lineDescriptionMax + 50);
  return {
    customerName: text(form, "customerName", 200),
    customerEmail: text(form, "customerEmail", 300),
    customerPhone: text(form, "customerPhone", 40),
    dueOn: text(form, "dueOn", 20),
    notes: text(form, "notes", invoiceLimits.notesMax + 100),
    discountKind: text(form, "discountKind", 20) || "none",
    discountValue: text(form, "discountValue", 40),
    vat: form.get("vat") === "on",
    lines: postedLines(form)
      .slice(0, invoiceLimits.maxLines + 1)
      .map((line) => ({
        product: cut(line.product),
        description: cut(line.description),
        quantity: cut(line.quantity),
        unitPrice: cut(line.unitPrice),
      })),
  };
}

/** The discount as chosen: a whole percent from 1 to 100, or an amount in naira above ₦0. */
export function discountFromForm(
  kind: string,
  value: string,
): InvoiceDiscount | { problem: string } {
  const typed = value.trim();
  if (kind === "percent") {
    const percent = /^\d{1,3}$/.test(typed) ? Number(typed) : 0;
    return percent >= 1 && percent <= 100
      ? { kind: "percent", percent }
      : { problem: "Discount must be a whole percentage from 1 to 100" };
  }
  if (kind === "amount") {
    const amount = parseNaira(typed);
    return amount !== null && amount > 0
      ? { kind: "amount", amountKobo: amount }
      : { problem: "Discount must be an amount like 5000 or 5000.50" };
  }
  return { kind: "none" };
}

/**
 * A row as typed, as a line's amounts, or null while it isn't a line yet (blank, or a quantity
 * or price that isn't one): a product's own price stands in for an empty unit price.
 */
export function typedLine(
  line: InvoiceLineText,
  productPrices: ReadonlyMap<string, Kobo>,
): InvoiceLineAmounts | null {
  const quantityText = line.quantity.trim().replaceAll(",", "");
  const quantity = /^\d{1,9}$/.test(quantityText) ? Number(quantityText) : 0;
  if (quantity < invoiceLimits.quantityMin || quantity > invoiceLimits.quantityMax) return null;
  const unitPrice =
    line.unitPrice.trim() === ""
      ? (productPrices.get(line.product) ?? null)
      : parseNaira(line.unitPrice);
  if (unitPrice === null || unitPrice <= 0 || unitPrice > invoiceLimits.maxUnitPriceKobo) {
    return null;
  }
  return { quantity, unitPriceKobo: unitPrice };
}

/**
 * The totals of the rows that are lines so far, through the one totals function (a discount
 * not yet right counts as none), for the form's running total; null before any row is a line.
 * The server works them out again from what it stores.
 */
export function typedTotals(
  form: InvoiceFormText,
  productPrices: ReadonlyMap<string, Kobo>,
): InvoiceTotals | null {
  const lines = form.lines.flatMap((line) => typedLine(line, productPrices) ?? []);
  if (lines.length === 0) return null;
  const discount = discountFromForm(form.discountKind, form.discountValue);
  return invoiceTotals(lines, "problem" in discount ? { kind: "none" } : discount, form.vat);
}

/** The pay link form's fields. */
export const payLinkFields = [
  "description",
  "amountKind",
  "amount",
  "minAmount",
  "maxAmount",
  "quantityLimit",
  "expiresOn",
] as const;

export type PayLinkFormText = Partial<Record<(typeof payLinkFields)[number], string>>;

/** A refused pay link form's words, to show it again as typed (also without JavaScript). */
export function postedPayLinkText(form: FormData): PayLinkFormText {
  const posted: PayLinkFormText = {};
  for (const name of payLinkFields) posted[name] = text(form, name, 300);
  return posted;
}
