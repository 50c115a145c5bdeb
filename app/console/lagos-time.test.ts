import { describe, expect, test } from "vitest";
import { lagosPeriods } from "./lagos-time.ts";

describe("Lagos days and weeks", () => {
  test("00:30 on a Wednesday in Lagos is already Wednesday, though it is still Tuesday in UTC", () => {
    // 2026-11-24 23:30 UTC = Wednesday 2026-11-25 00:30 in Lagos.
    const periods = lagosPeriods(new Date("2026-11-24T23:30:00Z"));
    expect(periods.todayStart.toISOString()).toBe("2026-11-24T23:00:00.000Z");
    expect(periods.weekStart.toISOString()).toBe("2026-11-22T23:00:00.000Z");
  });

  test("the week starts on Monday: a Sunday evening belongs to the week that began six days before", () => {
    // Sunday 2026-11-29 22:00 in Lagos.
    const periods = lagosPeriods(new Date("2026-11-29T21:00:00Z"));
    expect(periods.todayStart.toISOString()).toBe("2026-11-28T23:00:00.000Z");
    expect(periods.weekStart.toISOString()).toBe("2026-11-22T23:00:00.000Z");
  });

  test("on a Monday, today and the week start at the same midnight", () => {
    const periods = lagosPeriods(new Date("2026-11-23T08:00:00Z"));
    expect(periods.todayStart).toEqual(periods.weekStart);
    expect(periods.weekStart.toISOString()).toBe("2026-11-22T23:00:00.000Z");
  });

  test("the month starts at midnight on the first in Lagos: 23:30 UTC on 30 November is already December", () => {
    const periods = lagosPeriods(new Date("2026-11-30T23:30:00Z"));
    expect(periods.monthStart.toISOString()).toBe("2026-11-30T23:00:00.000Z");
    expect(lagosPeriods(new Date("2026-11-30T22:30:00Z")).monthStart.toISOString()).toBe(
      "2026-10-31T23:00:00.000Z",
    );
  });
});
