import { formatLagosDay } from "#app/lagos-dates.ts";
import { formatDay } from "#app/vouchers/offer-terms.ts";
import type { InvoiceDiscountKind } from "./invoice-limits.ts";
import type { InvoiceState } from "./invoice-state.ts";

/**
 * How the customer's invoice reads, the same on its page and in its PDF (issue 24): one line
 * for its state, and the words beside its discount.
 */
export interface InvoiceStateLine {
  /** The page's badge: "good" paid, "bad" overdue, "neutral" otherwise. */
  tone: "good" | "bad" | "neutral";
  text: string;
  /** The PDF's stamp; none for an invoice that is simply waiting to be paid. */
  stamp: "PAID" | "VOID" | "OVERDUE" | null;
}

export function invoiceStateLine(invoice: {
  state: InvoiceState;
  dueOn: string;
  paidAt: Date | null;
}): InvoiceStateLine {
  switch (invoice.state) {
    case "paid":
      return {
        tone: "good",
        text: invoice.paidAt ? `Paid on ${formatLagosDay(invoice.paidAt)}` : "Paid",
        stamp: "PAID",
      };
    case "void":
      return { tone: "neutral", text: "Void — this invoice can't be paid", stamp: "VOID" };
    case "overdue":
      return {
        tone: "bad",
        text: `Overdue — it was due ${formatDay(invoice.dueOn)}`,
        stamp: "OVERDUE",
      };
    default:
      return { tone: "neutral", text: `Due ${formatDay(invoice.dueOn)}`, stamp: null };
  }
}

/** "Discount (10% off)" for a percent, "Discount" for an amount. */
export function discountLabel(invoice: {
  discountKind: InvoiceDiscountKind;
  discountValue: number;
}): string {
  return invoice.discountKind === "percent"
    ? `Discount (${invoice.discountValue}% off)`
    : "Discount";
}
