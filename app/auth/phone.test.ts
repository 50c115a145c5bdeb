import { describe, expect, test } from "vitest";
import { formatNigerianPhone, normaliseNigerianPhone } from "./phone.ts";

describe("a Nigerian phone number", () => {
  test.each([
    ["08031234567", "+2348031234567"],
    ["0803 123 4567", "+2348031234567"],
    ["803-123-4567", "+2348031234567"],
    ["2348031234567", "+2348031234567"],
    ["+234 803 123 4567", "+2348031234567"],
    ["+234 (0) 803 123 4567", "+2348031234567"],
    ["0701 234 5678", "+2347012345678"],
    ["0906 000 1111", "+2349060001111"],
    ["01 234 5678 90", "+2341234567890"],
  ])("%s is stored as %s", (typed, stored) => {
    expect(normaliseNigerianPhone(typed)).toBe(stored);
  });

  test.each([
    "",
    "0803123456",
    "080312345678",
    "+44 20 7946 0958",
    "+1 803 123 4567",
    "0803-CALL-ME",
    "<script>",
  ])("%s is refused", (typed) => {
    expect(normaliseNigerianPhone(typed)).toBeNull();
  });

  test("is shown in groups people can read, however it was written", () => {
    expect(formatNigerianPhone("+2348031234567")).toBe("+234 803 123 4567");
    expect(formatNigerianPhone("0803 123 4567")).toBe("+234 803 123 4567");
    expect(formatNigerianPhone("+234 803 123 4567")).toBe("+234 803 123 4567");
    expect(formatNigerianPhone("+44 20 7946 0958")).toBe("+44 20 7946 0958");
  });
});
