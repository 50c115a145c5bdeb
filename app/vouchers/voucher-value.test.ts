import { describe, expect, test } from "vitest";
import { pastEnd, redeemableKobo } from "./voucher-value.ts";

const voucher = {
  valueKobo: 2_500_000,
  priceKobo: 1_800_000,
  balanceKobo: 2_500_000,
  validUntil: "2026-12-31",
  status: "active" as const,
};

describe("a voucher's worth at the till", () => {
  test("until its last day: all that is left of its value", () => {
    expect(redeemableKobo(voucher, "2026-12-31")).toBe(2_500_000);
    expect(redeemableKobo({ ...voucher, balanceKobo: 400_000 }, "2026-12-01")).toBe(400_000);
    expect(pastEnd(voucher, "2026-12-31")).toBe(false);
  });

  test("after it: exactly the price paid, less what was used", () => {
    expect(pastEnd(voucher, "2027-01-01")).toBe(true);
    expect(redeemableKobo(voucher, "2027-01-01")).toBe(1_800_000);
    // ₦10,000 used before the end: ₦15,000 left, ₦8,000 of it credit.
    expect(redeemableKobo({ ...voucher, balanceKobo: 1_500_000 }, "2027-01-01")).toBe(800_000);
    // More than the extra used: nothing left as credit.
    expect(redeemableKobo({ ...voucher, balanceKobo: 500_000 }, "2027-01-01")).toBe(0);
  });

  test("a used or refunded voucher is worth nothing", () => {
    expect(redeemableKobo({ ...voucher, status: "redeemed" }, "2026-12-01")).toBe(0);
    expect(redeemableKobo({ ...voucher, status: "refunded" }, "2026-12-01")).toBe(0);
    // Marked expired by the job: still the credit.
    expect(redeemableKobo({ ...voucher, status: "expired" }, "2027-02-01")).toBe(1_800_000);
  });
});
