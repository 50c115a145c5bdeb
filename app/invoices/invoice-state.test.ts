import { describe, expect, test } from "vitest";
import {
  invoiceNumberLabel,
  invoiceState,
  isOverdue,
  payLinkAmountProblem,
  payLinkRange,
  payLinkState,
  reminderDue,
} from "./invoice-state.ts";

describe("an invoice's state", () => {
  const sent = { status: "sent" as const, dueOn: "2026-12-01" };

  test("a sent invoice is due through the last second of its due day in Lagos", () => {
    expect(isOverdue(sent, new Date("2026-12-01T22:59:59Z"))).toBe(false);
  });

  test("it is overdue from midnight in Lagos (23:00 UTC), whatever the server's zone", () => {
    expect(isOverdue(sent, new Date("2026-12-01T23:00:00Z"))).toBe(true);
    expect(invoiceState(sent, new Date("2026-12-02T08:00:00Z"))).toBe("overdue");
  });

  test("drafts, paid and void invoices are never overdue", () => {
    const late = new Date("2027-01-01T12:00:00Z");
    for (const status of ["draft", "paid", "void"] as const) {
      expect(invoiceState({ status, dueOn: "2026-12-01" }, late)).toBe(status);
    }
  });

  test("the reminder is due once overdue, and only until it has gone", () => {
    const dayAfter = new Date("2026-12-02T08:00:00Z");
    expect(reminderDue({ ...sent, remindedAt: null }, new Date("2026-12-01T12:00:00Z"))).toBe(
      false,
    );
    expect(reminderDue({ ...sent, remindedAt: null }, dayAfter)).toBe(true);
    expect(reminderDue({ ...sent, remindedAt: dayAfter }, dayAfter)).toBe(false);
  });

  test("numbers print with four digits at least", () => {
    expect(invoiceNumberLabel(7)).toBe("INV-0007");
    expect(invoiceNumberLabel(12_345)).toBe("INV-12345");
  });
});

describe("a pay link's state", () => {
  const link = { status: "active" as const, expiresAt: null, quantityLimit: null, paidCount: 0 };
  const now = new Date("2026-11-27T10:00:00Z");

  test("an active link without limits can be paid", () => {
    expect(payLinkState(link, now)).toBe("active");
  });

  test("archived, expired and used-up links can't", () => {
    expect(payLinkState({ ...link, status: "archived" }, now)).toBe("archived");
    expect(payLinkState({ ...link, expiresAt: now }, now)).toBe("expired");
    expect(payLinkState({ ...link, quantityLimit: 2, paidCount: 2 }, now)).toBe("used_up");
    expect(payLinkState({ ...link, quantityLimit: 2, paidCount: 1 }, now)).toBe("active");
  });

  test("a fixed link takes its amount; an open one any amount within its range", () => {
    const fixed = {
      amountKind: "fixed" as const,
      amountKobo: 500_000,
      minAmountKobo: null,
      maxAmountKobo: null,
    };
    expect(payLinkAmountProblem(fixed, 500_000)).toBeUndefined();
    expect(payLinkAmountProblem(fixed, 400_000)).toBe("This link is for a fixed amount");
    const open = {
      amountKind: "open" as const,
      amountKobo: null,
      minAmountKobo: 100_000,
      maxAmountKobo: 200_000,
    };
    expect(payLinkAmountProblem(open, 150_000)).toBeUndefined();
    expect(payLinkAmountProblem(open, 99_999)).toBe("Enter at least ₦1,000.00");
    expect(payLinkAmountProblem(open, 200_001)).toBe("Enter at most ₦2,000.00");
    expect(payLinkAmountProblem(open, 0)).toBe("Enter an amount above ₦0");
  });

  test("an open link's range reads as its ends allow", () => {
    expect(payLinkRange(100_000, 5_000_000)).toBe("₦1,000.00–₦50,000.00");
    expect(payLinkRange(100_000, null)).toBe("at least ₦1,000.00");
    expect(payLinkRange(null, 5_000_000)).toBe("up to ₦50,000.00");
    expect(payLinkRange(null, null)).toBeNull();
  });
});
