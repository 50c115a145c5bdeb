import { describe, expect, test } from "vitest";
import { parseDeliverySettingsForm } from "./forms.ts";

describe("the delivery and pickup form", () => {
  test("fees and the threshold are read as naira into kobo; empty rows are no place", () => {
    expect(
      parseDeliverySettingsForm({
        pickupAddress: "  Shop 4,   Ikeja City Mall ",
        pickupHours: "",
        freeDeliveryFrom: "20,000",
        "area-0-city": "Lagos",
        "area-0-area": "Lekki",
        "area-0-fee": "1500",
        "area-0-estimate": "Same day",
        "area-1-city": "",
        "area-1-area": "",
        "area-1-fee": "",
        "area-1-estimate": "",
        "area-2-city": "Abuja",
        "area-2-fee": "0",
        "area-2-estimate": "2–3 days",
      }),
    ).toEqual({
      settings: {
        pickupAddress: "Shop 4, Ikeja City Mall",
        pickupHours: "",
        freeDeliveryFromKobo: 2_000_000,
        areas: [
          { city: "Lagos", area: "Lekki", feeKobo: 150_000, estimate: "Same day" },
          { city: "Abuja", area: "", feeKobo: 0, estimate: "2–3 days" },
        ],
      },
    });
  });

  test("every problem of every row comes back at once, keyed by its field", () => {
    const parsed = parseDeliverySettingsForm({
      freeDeliveryFrom: "-5",
      "area-0-area": "Lekki",
      "area-0-fee": "fifteen hundred",
      "area-1-city": "Lagos",
      "area-1-fee": "1000",
      "area-1-estimate": "Same day",
      "area-2-city": "lagos ",
      "area-2-fee": "2000",
      "area-2-estimate": "Next day",
      "area-3-city": "Kano",
      "area-3-fee": "1000",
    });
    expect(parsed.errors).toEqual({
      freeDeliveryFrom: "Enter an amount in naira such as 20000, or leave it empty",
      "area-0-city": "Enter the city",
      "area-0-fee": "Enter the fee in naira, such as 1500",
      "area-0-estimate": "Say how long delivery takes, e.g. Same day",
      "area-2-city": "lagos is listed twice",
      "area-3-estimate": "Say how long delivery takes, e.g. Same day",
    });
  });

  test("angle brackets and overlong text are refused", () => {
    const parsed = parseDeliverySettingsForm({
      pickupHours: "<b>always</b>",
      "area-0-city": "Lagos",
      "area-0-fee": "1",
      "area-0-estimate": "x".repeat(41),
    });
    expect(parsed.errors).toEqual({
      pickupHours: "Leave out < and >",
      "area-0-estimate": "Use at most 40 characters",
    });
  });
});
