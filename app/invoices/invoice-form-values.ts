import { type Kobo, koboToNairaText } from "#app/money.ts";
import { addDays, invoiceLimits } from "./invoice-limits.ts";

/**
 * The invoice form's words as the console shows them (issue 24, decision 058): a new invoice's,
 * a saved draft's, or a refused post's as typed. Without zod (decision 015): the console's pages
 * use it in the browser; the rules are invoice-input.ts's.
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
