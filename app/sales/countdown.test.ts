import { describe, expect, test } from "vitest";
import { formatCountdown } from "./countdown.tsx";

describe("a countdown's text", () => {
  test("minutes and seconds under an hour, hours above, days above a day, never below zero", () => {
    expect(formatCountdown(599_001)).toBe("10:00");
    expect(formatCountdown(59_000)).toBe("00:59");
    expect(formatCountdown(3_600_000 + 61_000)).toBe("01:01:01");
    expect(formatCountdown(2 * 86_400_000 + 5_000)).toBe("2d 00:00:05");
    expect(formatCountdown(-5_000)).toBe("00:00");
  });
});
