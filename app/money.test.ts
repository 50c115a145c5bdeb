import { expect, test } from "vitest";
import {
  formatNaira,
  formatNairaPlain,
  kobo,
  koboToNairaText,
  nairaToKobo,
  parseNaira,
} from "./money.ts";

test("prices are shown as naira with a thousands separator and 2 decimals", () => {
  expect(formatNaira(kobo(123_450))).toBe("₦1,234.50");
  expect(formatNaira(kobo(0))).toBe("₦0.00");
  expect(formatNaira(kobo(45_000_000))).toBe("₦450,000.00");
});

test("where a font has no naira sign, amounts are written with the currency's code", () => {
  expect(formatNairaPlain(kobo(123_450))).toBe("NGN 1,234.50");
  expect(formatNairaPlain(kobo(0))).toBe("NGN 0.00");
  expect(formatNairaPlain(kobo(-5_000))).toBe("-NGN 50.00");
  expect(formatNairaPlain(kobo(1_000_000_000_000))).toBe("NGN 10,000,000,000.00");
});

test("naira amounts with float noise become exact kobo", () => {
  expect(nairaToKobo(0.1 + 0.2)).toBe(30);
  expect(nairaToKobo(1500.5)).toBe(150_050);
});

test("kobo refuses anything that is not a whole number", () => {
  expect(() => kobo(1.5)).toThrow(RangeError);
  expect(() => kobo(Number.NaN)).toThrow(RangeError);
});

test("typed naira becomes exact kobo: plain, with thousands commas, with the naira sign", () => {
  expect(parseNaira("12500")).toBe(1_250_000);
  expect(parseNaira("12,500.50")).toBe(1_250_050);
  expect(parseNaira(" ₦1,234,567.5 ")).toBe(123_456_750);
  expect(parseNaira("0.07")).toBe(7);
  expect(parseNaira("NGN 99.99")).toBe(9_999);
});

test("anything that is not a plain naira amount is refused, not guessed", () => {
  for (const bad of ["", "abc", "-5", "12.345", "1,23", "12,50.00", "1e5", "12.", ".5", "12 500"]) {
    expect(parseNaira(bad), bad).toBeNull();
  }
});

test("kobo is written back as naira with 2 decimals for forms and CSV files", () => {
  expect(koboToNairaText(kobo(1_250_050))).toBe("12500.50");
  expect(koboToNairaText(kobo(7))).toBe("0.07");
  expect(koboToNairaText(kobo(100))).toBe("1.00");
});
