import { describe, expect, test } from "vitest";
import {
  atTime,
  defaultMinuteStep,
  defaultYearRange,
  hourOptions,
  isSelectableDate,
  isValidRange,
  isValidSelection,
  minuteOptions,
  rangeProblem,
  timeOf,
  toIsoDate,
  toIsoRange,
  yearOptions,
} from "./rules.ts";

const day = (year: number, month: number, date: number, hours = 0, minutes = 0) =>
  new Date(year, month - 1, date, hours, minutes);
const isSunday = (date: Date) => date.getDay() === 0;

describe("the year range", () => {
  test("the default year range is 1900 to 2100", () => {
    expect(defaultYearRange).toEqual({ from: 1900, to: 2100 });
  });

  test("the year overlay lists every year from 1900 to 2100 by default, oldest first", () => {
    const years = yearOptions();
    expect(years).toHaveLength(201);
    expect(years[0]).toBe(1900);
    expect(years.at(-1)).toBe(2100);
  });

  test("a configured year range lists its own years, even when given backwards", () => {
    expect(yearOptions({ from: 2024, to: 2027 })).toEqual([2024, 2025, 2026, 2027]);
    expect(yearOptions({ from: 2027, to: 2024 })).toEqual([2024, 2025, 2026, 2027]);
  });

  test("dates outside 1900 to 2100 are not selectable by default", () => {
    expect(isSelectableDate(day(1899, 12, 31))).toBe(false);
    expect(isSelectableDate(day(1900, 1, 1))).toBe(true);
    expect(isSelectableDate(day(2100, 12, 31))).toBe(true);
    expect(isSelectableDate(day(2101, 1, 1))).toBe(false);
  });

  test("a configured year range replaces the default one", () => {
    const rules = { yearRange: { from: 2026, to: 2027 } };
    expect(isSelectableDate(day(2025, 12, 31), rules)).toBe(false);
    expect(isSelectableDate(day(2026, 1, 1), rules)).toBe(true);
    expect(isSelectableDate(day(2028, 1, 1), rules)).toBe(false);
  });
});

describe("one date", () => {
  test("any real date is selectable when nothing is configured", () => {
    expect(isSelectableDate(day(2026, 11, 22))).toBe(true);
  });

  test("a missing or invalid date is never selectable", () => {
    expect(isSelectableDate(null)).toBe(false);
    expect(isSelectableDate(undefined)).toBe(false);
    expect(isSelectableDate(new Date(Number.NaN))).toBe(false);
  });

  test("a listed disabled date is not selectable, whatever its time", () => {
    const rules = { disabledDates: [day(2026, 11, 22)] };
    expect(isSelectableDate(day(2026, 11, 22, 15, 45), rules)).toBe(false);
    expect(isSelectableDate(day(2026, 11, 23), rules)).toBe(true);
  });

  test("a disabled predicate rules out every date it matches", () => {
    const rules = { disabledDates: isSunday };
    expect(isSelectableDate(day(2026, 11, 22), rules)).toBe(false); // a Sunday
    expect(isSelectableDate(day(2026, 11, 23), rules)).toBe(true);
  });

  test("disabled dates may mix a list and predicates", () => {
    const rules = { disabledDates: [isSunday, day(2026, 11, 24)] };
    expect(isSelectableDate(day(2026, 11, 22), rules)).toBe(false);
    expect(isSelectableDate(day(2026, 11, 24), rules)).toBe(false);
    expect(isSelectableDate(day(2026, 11, 25), rules)).toBe(true);
  });

  test("an allowed list restricts the choice to its dates", () => {
    const rules = { allowedDates: [day(2026, 12, 1), day(2026, 12, 2)] };
    expect(isSelectableDate(day(2026, 12, 1, 18, 30), rules)).toBe(true);
    expect(isSelectableDate(day(2026, 12, 2), rules)).toBe(true);
    expect(isSelectableDate(day(2026, 12, 3), rules)).toBe(false);
  });

  test("an allowed predicate restricts the choice to the dates it accepts", () => {
    const rules = { allowedDates: (date: Date) => date.getDate() <= 20 };
    expect(isSelectableDate(day(2026, 12, 20), rules)).toBe(true);
    expect(isSelectableDate(day(2026, 12, 21), rules)).toBe(false);
  });

  test("an empty allowed list allows no date at all", () => {
    expect(isSelectableDate(day(2026, 12, 1), { allowedDates: [] })).toBe(false);
  });

  test("disabled beats allowed: an allowed date that is also disabled is not selectable", () => {
    const rules = { allowedDates: [day(2026, 11, 22), day(2026, 11, 23)], disabledDates: isSunday };
    expect(isSelectableDate(day(2026, 11, 22), rules)).toBe(false);
    expect(isSelectableDate(day(2026, 11, 23), rules)).toBe(true);
  });

  test("min and max dates bound the choice and are themselves selectable", () => {
    const rules = { minDate: day(2026, 11, 10), maxDate: day(2026, 11, 20) };
    expect(isSelectableDate(day(2026, 11, 9), rules)).toBe(false);
    expect(isSelectableDate(day(2026, 11, 10), rules)).toBe(true);
    expect(isSelectableDate(day(2026, 11, 20), rules)).toBe(true);
    expect(isSelectableDate(day(2026, 11, 21), rules)).toBe(false);
  });

  test("the day comparison ignores the time of day on both sides", () => {
    const rules = { minDate: day(2026, 11, 10, 18, 0), maxDate: day(2026, 11, 20, 6, 0) };
    expect(isSelectableDate(day(2026, 11, 10, 0, 0), rules)).toBe(true);
    expect(isSelectableDate(day(2026, 11, 20, 23, 59), rules)).toBe(true);
    expect(isSelectableDate(day(2026, 11, 9, 23, 59), rules)).toBe(false);
    expect(isSelectableDate(day(2026, 11, 21, 0, 0), rules)).toBe(false);
  });

  test("a single selection is valid only with a date that passes the checks", () => {
    const rules = { disabledDates: isSunday };
    expect(isValidSelection(day(2026, 11, 23), rules)).toBe(true);
    expect(isValidSelection(day(2026, 11, 22), rules)).toBe(false);
  });

  test("an empty single selection is invalid", () => {
    expect(isValidSelection(null)).toBe(false);
    expect(isValidSelection(undefined)).toBe(false);
  });
});

describe("ranges", () => {
  const from = day(2026, 11, 23);
  const to = day(2026, 11, 26);

  test("a range with two valid dates in order is valid", () => {
    expect(isValidRange({ from, to })).toBe(true);
    expect(rangeProblem({ from, to })).toBeNull();
  });

  test("a range of one day (the same date twice) is valid", () => {
    expect(isValidRange({ from, to: day(2026, 11, 23, 20, 0) })).toBe(true);
  });

  test("a reversed range (end before start) is invalid", () => {
    expect(isValidRange({ from: to, to: from })).toBe(false);
    expect(rangeProblem({ from: to, to: from })).toBe("end-before-start");
  });

  test("an empty range is invalid, even when partial ranges are allowed", () => {
    for (const allowPartialRange of [false, true]) {
      expect(isValidRange(null, { allowPartialRange })).toBe(false);
      expect(isValidRange(undefined, { allowPartialRange })).toBe(false);
      expect(isValidRange({}, { allowPartialRange })).toBe(false);
      expect(rangeProblem({}, { allowPartialRange })).toBe("missing-start");
    }
  });

  test("a range with only an end date is invalid", () => {
    expect(isValidRange({ to }, { allowPartialRange: true })).toBe(false);
  });

  test("a range with only a valid first date is valid only when partial ranges are allowed", () => {
    expect(isValidRange({ from }, { allowPartialRange: true })).toBe(true);
    expect(isValidRange({ from }, { allowPartialRange: false })).toBe(false);
    expect(isValidRange({ from })).toBe(false);
    expect(rangeProblem({ from })).toBe("missing-end");
  });

  test("a partial range with an invalid first date is invalid even when partial ranges are allowed", () => {
    const rules = { allowPartialRange: true, disabledDates: isSunday };
    expect(isValidRange({ from: day(2026, 11, 22) }, rules)).toBe(false);
    expect(rangeProblem({ from: day(2026, 11, 22) }, rules)).toBe("start-unavailable");
  });

  test("a range is invalid when either of its dates fails the checks", () => {
    const rules = { disabledDates: isSunday };
    expect(isValidRange({ from: day(2026, 11, 22), to }, rules)).toBe(false);
    expect(isValidRange({ from, to: day(2026, 11, 29) }, rules)).toBe(false);
    expect(rangeProblem({ from, to: day(2026, 11, 29) }, rules)).toBe("end-unavailable");
  });

  test("the days between the two ends are not checked", () => {
    expect(
      isValidRange({ from: day(2026, 11, 20), to: day(2026, 11, 24) }, { disabledDates: isSunday }),
    ).toBe(true);
  });

  test("range dates obey the allowed list and min and max like single dates", () => {
    const rules = { allowedDates: [from, to], minDate: from, maxDate: to };
    expect(isValidRange({ from, to }, rules)).toBe(true);
    expect(isValidRange({ from, to: day(2026, 11, 25) }, rules)).toBe(false);
    expect(isValidRange({ from: day(2026, 11, 22), to }, { minDate: from })).toBe(false);
  });
});

describe("time", () => {
  test("the time lists step every 15 minutes by default over 24 hours", () => {
    expect(defaultMinuteStep).toBe(15);
    expect(minuteOptions()).toEqual([0, 15, 30, 45]);
    expect(hourOptions()).toEqual(Array.from({ length: 24 }, (_, hour) => hour));
  });

  test("the minute step is configurable and must be a whole number from 1 to 60", () => {
    expect(minuteOptions(20)).toEqual([0, 20, 40]);
    expect(minuteOptions(1)).toHaveLength(60);
    expect(() => minuteOptions(0)).toThrow(RangeError);
    expect(() => minuteOptions(7.5)).toThrow(RangeError);
  });

  test("a date's time is rounded down to the step and set on the same day", () => {
    expect(timeOf(day(2026, 11, 22, 14, 44))).toEqual({ hours: 14, minutes: 30 });
    expect(atTime(day(2026, 11, 22, 3, 7), { hours: 14, minutes: 30 })).toEqual(
      day(2026, 11, 22, 14, 30),
    );
  });
});

describe("ISO values for forms", () => {
  test("a date posts as yyyy-mm-dd, with the time as yyyy-mm-ddThh:mm", () => {
    expect(toIsoDate(day(2026, 3, 5, 9, 30))).toBe("2026-03-05");
    expect(toIsoDate(day(2026, 3, 5, 9, 30), true)).toBe("2026-03-05T09:30");
  });

  test("a range posts as an ISO interval, open-ended while it has no end", () => {
    expect(toIsoRange({ from: day(2026, 11, 22), to: day(2026, 11, 25) })).toBe(
      "2026-11-22/2026-11-25",
    );
    expect(toIsoRange({ from: day(2026, 11, 22) })).toBe("2026-11-22/..");
    expect(toIsoRange(null)).toBe("");
  });
});
