import { describe, expect, test } from "vitest";
import { kobo } from "#app/money.ts";
import { describeIssue } from "./checkout-quote.ts";

describe("a cart line's note", () => {
  const line = { unitPriceKobo: kobo(11_000_000) };

  test("a flash hold that ran out names the usual price the line is now at", () => {
    expect(describeIssue({ kind: "flash_hold_ended" }, line)).toBe(
      "Your flash sale hold ran out: the usual price is ₦110,000.00.",
    );
  });

  test("a changed price says from what to what", () => {
    expect(describeIssue({ kind: "price_changed", cartUnitKobo: 7_699_900 }, line)).toBe(
      "The price changed from ₦76,999.00 to ₦110,000.00.",
    );
  });
});
