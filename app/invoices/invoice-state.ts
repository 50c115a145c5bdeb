import { lagosToday } from "#app/console/lagos-time.ts";
import { formatNaira, kobo } from "#app/money.ts";
import type { InvoiceStatus, PayLinkAmountKind, PayLinkStatus } from "./invoice-limits.ts";

/**
 * What an invoice or a pay link is right now (issue 24, decision 058), worked out from its row
 * and the clock, for the console, the public pages and the server's rules alike.
 */

/** A business's invoice number as printed: 7 → "INV-0007". */
export function invoiceNumberLabel(number: number): string {
  return `INV-${String(number).padStart(4, "0")}`;
}

export type InvoiceState = InvoiceStatus | "overdue";

/**
 * Overdue: still sent (not paid, not void) and its due date, a Lagos day, is over: from
 * midnight in Lagos at the end of that day.
 */
export function isOverdue(invoice: { status: InvoiceStatus; dueOn: string }, now: Date): boolean {
  return invoice.status === "sent" && invoice.dueOn < lagosToday(now);
}

export function invoiceState(
  invoice: { status: InvoiceStatus; dueOn: string },
  now: Date,
): InvoiceState {
  return isOverdue(invoice, now) ? "overdue" : invoice.status;
}

/**
 * The customer gets one polite reminder, the day after the due date or the first day after
 * that the job runs: overdue and not reminded yet.
 */
export function reminderDue(
  invoice: { status: InvoiceStatus; dueOn: string; remindedAt: Date | null },
  now: Date,
): boolean {
  return isOverdue(invoice, now) && invoice.remindedAt === null;
}

export type PayLinkState = PayLinkStatus | "expired" | "used_up";

export interface PayLinkRules {
  status: PayLinkStatus;
  expiresAt: Date | null;
  quantityLimit: number | null;
  paidCount: number;
}

/** Archived by the business, past its last day, paid as often as it allows, or active. */
export function payLinkState(link: PayLinkRules, now: Date): PayLinkState {
  if (link.status === "archived") return "archived";
  if (link.expiresAt !== null && link.expiresAt.getTime() <= now.getTime()) return "expired";
  if (link.quantityLimit !== null && link.paidCount >= link.quantityLimit) return "used_up";
  return "active";
}

/**
 * What is wrong with paying `amountKobo` through a link, or undefined when it is right: a fixed
 * link takes its amount, an open one anything above ₦0 within its range.
 */
export function payLinkAmountProblem(
  link: {
    amountKind: PayLinkAmountKind;
    amountKobo: number | null;
    minAmountKobo: number | null;
    maxAmountKobo: number | null;
  },
  amountKobo: number,
): string | undefined {
  if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0) return "Enter an amount above ₦0";
  if (link.amountKind === "fixed") {
    return amountKobo === link.amountKobo ? undefined : "This link is for a fixed amount";
  }
  if (link.minAmountKobo !== null && amountKobo < link.minAmountKobo) {
    return `Enter at least ${formatNaira(kobo(link.minAmountKobo))}`;
  }
  if (link.maxAmountKobo !== null && amountKobo > link.maxAmountKobo) {
    return `Enter at most ${formatNaira(kobo(link.maxAmountKobo))}`;
  }
  return undefined;
}

/**
 * The range of a link whose customer enters the amount, as words: "₦1,000.00–₦50,000.00",
 * "at least ₦1,000.00", "up to ₦50,000.00"; null when it has neither end.
 */
export function payLinkRange(min: number | null, max: number | null): string | null {
  if (min !== null && max !== null) return `${formatNaira(kobo(min))}–${formatNaira(kobo(max))}`;
  if (min !== null) return `at least ${formatNaira(kobo(min))}`;
  if (max !== null) return `up to ${formatNaira(kobo(max))}`;
  return null;
}

/** The words a payer reads when a bill can't be paid now (at /pay, and in a refund's email). */
export const notPayableMessages = {
  paid: "This invoice is already paid. There is nothing more to pay.",
  void: "This invoice was cancelled by the business, so it can't be paid. Ask them for a new one.",
  archived: "This pay link was switched off by the business, so it takes no more payments.",
  expired: "This pay link has expired, so it takes no more payments.",
  used_up: "This pay link has been paid as many times as it allows.",
} as const;
