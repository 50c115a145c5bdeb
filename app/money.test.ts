import { expect, test } from "vitest";
import { formatNaira, kobo, nairaToKobo } from "./money.ts";

test("prices are shown as naira with a thousands separator and 2 decimals", () => {
  expect(formatNaira(kobo(123_450))).toBe("₦1,234.50");
  expect(formatNaira(kobo(0))).toBe("₦0.00");
  expect(formatNaira(kobo(45_000_000))).toBe("₦450,000.00");
});

test("naira amounts with float noise become exact kobo", () => {
  expect(nairaToKobo(0.1 + 0.2)).toBe(30);
  expect(nairaToKobo(1500.5)).toBe(150_050);
});

test("kobo refuses anything that is not a whole number", () => {
  expect(() => kobo(1.5)).toThrow(RangeError);
  expect(() => kobo(Number.NaN)).toThrow(RangeError);
});
