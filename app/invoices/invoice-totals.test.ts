import { describe, expect, test } from "vitest";
import { discountOff, invoiceTotals, lineTotal, vatOn } from "./invoice-totals.ts";

/** The same rules in BigInt only, written the long way, to check the module against. */
function reference(
  lines: { quantity: number; unitPriceKobo: number }[],
  discountPercent: number,
  vat: boolean,
) {
  let subtotal = 0n;
  for (const line of lines) subtotal += BigInt(line.quantity) * BigInt(line.unitPriceKobo);
  const discount = (subtotal * BigInt(discountPercent)) / 100n;
  const taxable = subtotal - discount;
  // Half up: 7.5% = 75/1000; add half of the divisor before the whole division.
  const vatAmount = vat ? (taxable * 75n + 500n) / 1000n : 0n;
  return { subtotal, discount, vat: vatAmount, total: taxable + vatAmount };
}

describe("invoice totals", () => {
  test("a line is its quantity times its unit price, exactly", () => {
    expect(lineTotal({ quantity: 3, unitPriceKobo: 333_333 })).toBe(999_999);
  });

  test("two lines, 10% off and VAT: ₦1,000 + ₦500 − ₦150 + 7.5% of ₦1,350", () => {
    const totals = invoiceTotals(
      [
        { quantity: 2, unitPriceKobo: 50_000 },
        { quantity: 1, unitPriceKobo: 50_000 },
      ],
      { kind: "percent", percent: 10 },
      true,
    );
    expect(totals).toEqual({
      lineTotalsKobo: [100_000, 50_000],
      subtotalKobo: 150_000,
      discountKobo: 15_000,
      vatKobo: 10_125,
      totalKobo: 145_125,
    });
  });

  test("100 lines of awkward prices with VAT and a discount don't drift a kobo from a BigInt reference", () => {
    const lines = Array.from({ length: 100 }, (_, index) => ({
      quantity: (index % 7) + 1,
      // Prices ending in odd kobo, so that every line's own 7.5% has a fraction.
      unitPriceKobo: 1 + index * 10_007 + (index % 3) * 3,
    }));
    for (const percent of [0, 3, 17, 33]) {
      const expected = reference(lines, percent, true);
      const totals = invoiceTotals(
        lines,
        percent === 0 ? { kind: "none" } : { kind: "percent", percent },
        true,
      );
      expect(BigInt(totals.subtotalKobo)).toBe(expected.subtotal);
      expect(BigInt(totals.discountKobo)).toBe(expected.discount);
      expect(BigInt(totals.vatKobo)).toBe(expected.vat);
      expect(BigInt(totals.totalKobo)).toBe(expected.total);
    }
  });

  test("VAT on the total differs from rounding each line's VAT: 100 lines of 10 kobo owe 75 kobo, not 100", () => {
    const lines = Array.from({ length: 100 }, () => ({ quantity: 1, unitPriceKobo: 10 }));
    const perLine = lines.reduce((sum, line) => sum + vatOn(line.unitPriceKobo), 0);
    expect(perLine).toBe(100);
    expect(invoiceTotals(lines, { kind: "none" }, true).vatKobo).toBe(75);
  });

  test("VAT rounds half up to the kobo: 7.5% of 20 kobo is 1.5, so 2; of 19 kobo is 1.425, so 1", () => {
    expect(vatOn(20)).toBe(2);
    expect(vatOn(19)).toBe(1);
    expect(vatOn(0)).toBe(0);
  });

  test("a percent discount rounds down to the kobo: 33% of 1,001 kobo is 330", () => {
    expect(discountOff(1_001, { kind: "percent", percent: 33 })).toBe(330);
    expect(discountOff(1_001, { kind: "percent", percent: 100 })).toBe(1_001);
  });

  test("an amount discount is at most the subtotal", () => {
    expect(discountOff(5_000, { kind: "amount", amountKobo: 2_000 })).toBe(2_000);
    expect(discountOff(5_000, { kind: "amount", amountKobo: 9_000 })).toBe(5_000);
  });

  test("without VAT the total is the subtotal less the discount", () => {
    const totals = invoiceTotals(
      [{ quantity: 4, unitPriceKobo: 12_345 }],
      { kind: "amount", amountKobo: 345 },
      false,
    );
    expect(totals.vatKobo).toBe(0);
    expect(totals.totalKobo).toBe(49_035);
  });

  test("the largest invoice the form allows is exact: 100 lines of 10,000 at ₦10m with VAT", () => {
    const lines = Array.from({ length: 100 }, () => ({
      quantity: 10_000,
      unitPriceKobo: 1_000_000_000,
    }));
    const totals = invoiceTotals(lines, { kind: "none" }, true);
    expect(totals.subtotalKobo).toBe(1e15);
    // 7.5% of 10^15 overflows 2^53 on the way (× 750) but not in BigInt.
    expect(totals.vatKobo).toBe(75e12);
    expect(totals.totalKobo).toBe(1_075e12);
  });

  test("amounts past what a number holds exactly are refused, not rounded", () => {
    expect(() => lineTotal({ quantity: 10_000_000, unitPriceKobo: 2 ** 50 })).toThrow(RangeError);
    expect(() => lineTotal({ quantity: 1.5, unitPriceKobo: 100 })).toThrow(RangeError);
    expect(() => lineTotal({ quantity: 0, unitPriceKobo: 100 })).toThrow(RangeError);
    expect(() => discountOff(100, { kind: "percent", percent: 101 })).toThrow(RangeError);
  });

  test("an invoice with no lines totals nothing", () => {
    expect(invoiceTotals([], { kind: "percent", percent: 10 }, true).totalKobo).toBe(0);
  });
});
