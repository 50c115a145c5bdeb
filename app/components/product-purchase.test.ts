import { describe, expect, test } from "vitest";
import { defaultHoldLimits, publicStock } from "#app/orders/hold-limits.ts";
import { clampQuantity, maxQuantity, stockMessage } from "./product-purchase.tsx";

describe("the stock line", () => {
  test.each([
    [0, "Sold out", "out"],
    [1, "Only 1 left", "low"],
    [3, "Only 3 left", "low"],
    [5, "Only 5 left", "low"],
    [6, "In stock", "ok"],
    [120, "In stock", "ok"],
  ])("with %i in stock says %s", (stock, text, tone) => {
    expect(stockMessage(publicStock(stock, defaultHoldLimits))).toEqual({ text, tone });
  });

  test("tells the count to nobody above the threshold", () => {
    expect(publicStock(6, defaultHoldLimits)).toEqual({ kind: "in" });
    expect(publicStock(6, { exactStockUpTo: 10 })).toEqual({ kind: "low", left: 6 });
  });
});

describe("the quantity stepper", () => {
  test("keeps a typed quantity between 1 and 99", () => {
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(-4)).toBe(1);
    expect(clampQuantity(Number.NaN)).toBe(1);
    expect(clampQuantity(2.7)).toBe(2);
    expect(clampQuantity(250)).toBe(maxQuantity);
    expect(maxQuantity).toBe(99);
  });

  test("goes no higher than the stock when fewer than 99 are left", () => {
    expect(clampQuantity(10, 3)).toBe(3);
  });
});
