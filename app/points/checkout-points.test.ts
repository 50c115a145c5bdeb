import { expect, test } from "vitest";
import { maxPointsFor, splitPoints, usablePoints } from "./checkout-points.ts";

test("points pay at most half a checkout, ₦1 each, and never more than the shopper has", () => {
  expect(maxPointsFor(1_500_000)).toBe(7_500);
  expect(maxPointsFor(199)).toBe(0);
  expect(maxPointsFor(201)).toBe(1);
  expect(usablePoints(1_500_000, 2_000)).toBe(2_000);
  expect(usablePoints(1_500_000, 90_000)).toBe(7_500);
  expect(usablePoints(1_500_000, -3)).toBe(0);
});

test("a checkout's points are shared out by what each order costs, whole points, adding up", () => {
  expect(splitPoints(6_000, [1_000_000, 500_000])).toEqual([4_000, 2_000]);
  expect(splitPoints(0, [1_000_000, 500_000])).toEqual([0, 0]);
  // 1,000 over three equal orders: the left-over point goes to the first of the largest.
  expect(splitPoints(1_000, [300_000, 300_000, 300_000])).toEqual([334, 333, 333]);
  const shares = splitPoints(777, [100_001, 55_555, 99_999]);
  expect(shares.reduce((sum, value) => sum + value, 0)).toBe(777);
  // No order is ever paid wholly by points.
  expect(splitPoints(1, [150, 100])).toEqual([1, 0]);
  expect(() => splitPoints(3, [200, 100])).toThrow(RangeError);
});
