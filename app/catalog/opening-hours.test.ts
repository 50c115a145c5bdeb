import { describe, expect, test } from "vitest";
import {
  describeDay,
  describeOpeningStatus,
  lagosMoment,
  openingHoursSpecification,
  openingStatus,
  type WeeklyHours,
} from "./opening-hours.ts";

/** A Lagos wall-clock moment (UTC+1 all year) in the week of Thursday 1 January 2026. */
function lagos(day: "thu" | "fri" | "sat" | "sun" | "mon" | "tue" | "wed", time: string): Date {
  const offset = { thu: 0, fri: 1, sat: 2, sun: 3, mon: 4, tue: 5, wed: 6 }[day];
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return new Date(Date.UTC(2026, 0, 1 + offset, hours - 1, minutes));
}

const closedWeek: WeeklyHours = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
const officeHours: WeeklyHours = {
  ...closedWeek,
  mon: [["09:00", "18:00"]],
  tue: [["09:00", "18:00"]],
  wed: [["09:00", "18:00"]],
  thu: [["09:00", "18:00"]],
  fri: [["09:00", "18:00"]],
  sat: [["10:00", "16:00"]],
};
// A lounge open Friday and Saturday nights, 20:00 to 02:00 the next morning.
const lateNights: WeeklyHours = {
  ...closedWeek,
  fri: [["20:00", "02:00"]],
  sat: [["20:00", "02:00"]],
};
const status = (hours: WeeklyHours, at: Date) => describeOpeningStatus(openingStatus(hours, at));

describe("the Lagos clock", () => {
  test("reads the weekday and time in Lagos, an hour ahead of UTC", () => {
    expect(lagosMoment(new Date(Date.UTC(2026, 0, 1, 23, 30)))).toEqual({
      day: "fri",
      previousDay: "thu",
      time: "00:30",
    });
  });
});

describe("open now", () => {
  test("a business inside its hours is open and says when it closes", () => {
    expect(status(officeHours, lagos("thu", "12:00"))).toBe("Open now · closes 18:00");
  });

  test("the opening minute is open and the closing minute is closed", () => {
    expect(openingStatus(officeHours, lagos("thu", "09:00")).open).toBe(true);
    expect(openingStatus(officeHours, lagos("thu", "18:00")).open).toBe(false);
  });

  test("before opening, it opens later today", () => {
    expect(status(officeHours, lagos("thu", "07:15"))).toBe("Closed · opens 09:00");
  });

  test("after closing, it opens tomorrow", () => {
    expect(status(officeHours, lagos("thu", "19:00"))).toBe("Closed · opens tomorrow 09:00");
  });

  test("a closed day is skipped to the next day with hours", () => {
    expect(status(officeHours, lagos("sat", "17:00"))).toBe("Closed · opens Monday 09:00");
    expect(status(officeHours, lagos("sun", "12:00"))).toBe("Closed · opens tomorrow 09:00");
  });

  test("an overnight span is open after midnight on the next day, until it closes", () => {
    expect(status(lateNights, lagos("fri", "23:00"))).toBe("Open now · closes 02:00");
    expect(status(lateNights, lagos("sat", "01:30"))).toBe("Open now · closes 02:00");
    expect(status(lateNights, lagos("sun", "01:59"))).toBe("Open now · closes 02:00");
    expect(status(lateNights, lagos("sun", "02:00"))).toBe("Closed · opens Friday 20:00");
  });

  test("an overnight span does not open the morning before it starts", () => {
    expect(status(lateNights, lagos("fri", "01:00"))).toBe("Closed · opens 20:00");
  });

  test("back-to-back spans close at the later time", () => {
    const split: WeeklyHours = {
      ...closedWeek,
      thu: [
        ["13:00", "18:00"],
        ["09:00", "13:00"],
      ],
    };
    expect(status(split, lagos("thu", "10:00"))).toBe("Open now · closes 18:00");
  });

  test("a week without hours says so", () => {
    expect(status(closedWeek, lagos("thu", "12:00"))).toBe("Closed · no opening hours listed");
  });

  test("a business open one day a week, just closed, opens that day next week", () => {
    const mondays: WeeklyHours = { ...closedWeek, mon: [["09:00", "12:00"]] };
    expect(status(mondays, lagos("mon", "13:00"))).toBe("Closed · opens Monday 09:00");
  });
});

describe("the week's hours", () => {
  test("a day lists its spans in order, or says closed", () => {
    expect(
      describeDay([
        ["17:00", "22:00"],
        ["08:00", "12:00"],
      ]),
    ).toBe("08:00–12:00, 17:00–22:00");
    expect(describeDay([])).toBe("Closed");
  });

  test("structured data splits an overnight span at midnight", () => {
    expect(openingHoursSpecification({ ...closedWeek, sun: [["20:00", "02:00"]] })).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: "https://schema.org/Sunday",
        opens: "20:00",
        closes: "23:59",
      },
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: "https://schema.org/Monday",
        opens: "00:00",
        closes: "02:00",
      },
    ]);
  });
});
