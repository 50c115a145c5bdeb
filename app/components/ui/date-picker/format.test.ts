import { expect, test } from "vitest";
import { formatDisplayDate, formatDisplayRange } from "./format.ts";

test("a date shows in Nigerian English, day first: 22 Nov 2026", () => {
  expect(formatDisplayDate(new Date(2026, 10, 22))).toBe("22 Nov 2026");
});

test("a date with a time shows the time in 24 hours", () => {
  expect(formatDisplayDate(new Date(2026, 10, 22, 14, 30), true)).toBe("22 Nov 2026, 14:30");
});

test("a range within one year names the year once: 22 Nov – 25 Nov 2026", () => {
  expect(formatDisplayRange({ from: new Date(2026, 10, 22), to: new Date(2026, 10, 25) })).toBe(
    "22 Nov – 25 Nov 2026",
  );
});

test("a range across years names both years", () => {
  expect(formatDisplayRange({ from: new Date(2026, 11, 30), to: new Date(2027, 0, 2) })).toBe(
    "30 Dec 2026 – 2 Jan 2027",
  );
});

test("a range without an end and a one-day range read naturally; an empty one is blank", () => {
  expect(formatDisplayRange({ from: new Date(2026, 10, 22) })).toBe("From 22 Nov 2026");
  expect(formatDisplayRange({ from: new Date(2026, 10, 22), to: new Date(2026, 10, 22) })).toBe(
    "22 Nov 2026",
  );
  expect(formatDisplayRange(null)).toBe("");
});
