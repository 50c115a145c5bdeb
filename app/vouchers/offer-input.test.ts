import { describe, expect, test } from "vitest";
import { fieldErrors } from "#app/auth/forms.ts";
import { lagosToday } from "#app/console/lagos-time.ts";
import { offerFormSchema } from "./offer-input.ts";

// 2026-11-25 23:30 UTC is already the 26th in Lagos (UTC+1).
const now = new Date("2026-11-25T23:30:00Z");

const valid = {
  title: "Full-day spa treat",
  description: "Massage, facial and lunch.",
  value: "25,000",
  price: "18000",
  validity: "days",
  validDays: "90",
  validUntil: "",
  totalQuantity: "",
  perShopperLimit: "",
  finePrint: "Book a day ahead.",
  status: "active",
  images: [],
};

/** The first message of each field, as the form shows them. */
function errorsOf(input: Record<string, unknown>) {
  const parsed = offerFormSchema(now).safeParse(input);
  return parsed.success ? {} : fieldErrors(parsed.error);
}

describe("the voucher offer form", () => {
  test("a good offer reads as kobo, with a validity of days and no limits", () => {
    const parsed = offerFormSchema(now).parse(valid);
    expect(parsed).toMatchObject({
      title: "Full-day spa treat",
      valueKobo: 2_500_000,
      priceKobo: 1_800_000,
      validDays: 90,
      validUntil: null,
      totalQuantity: null,
      perShopperLimit: null,
      status: "active",
    });
  });

  test("a price at or above the value is refused on the price field", () => {
    expect(errorsOf({ ...valid, price: "25000" })).toEqual({
      price: "Price must be below the value (that is the saving)",
    });
    expect(errorsOf({ ...valid, price: "30000" }).price).toContain("below the value");
  });

  test("amounts must be amounts above ₦0", () => {
    expect(errorsOf({ ...valid, value: "" }).value).toBe("Value is needed, like 18000");
    expect(errorsOf({ ...valid, value: "lots" }).value).toContain("must be an amount");
    expect(errorsOf({ ...valid, price: "0" }).price).toContain("above ₦0");
    expect(errorsOf({ ...valid, value: "10000001", price: "1" }).value).toContain("at most");
  });

  test("a fixed end date must be a real day, not before today in Lagos, at most three years ahead", () => {
    expect(lagosToday(now)).toBe("2026-11-26");
    const ending = (validUntil: string) => ({ ...valid, validity: "date", validUntil });
    expect(errorsOf(ending("2026-11-25")).validUntil).toBe(
      "End date has passed: choose today or a later day",
    );
    expect(offerFormSchema(now).parse(ending("2026-11-26"))).toMatchObject({
      validDays: null,
      validUntil: "2026-11-26",
    });
    expect(errorsOf(ending("2026-02-30")).validUntil).toBe(
      "End date must be a date like 2027-03-31",
    );
    expect(errorsOf(ending("soon")).validUntil).toBe("End date must be a date like 2027-03-31");
    // 1,095 days on (2028 is a leap year).
    expect(errorsOf(ending("2029-11-25")).validUntil).toBeUndefined();
    expect(errorsOf(ending("2029-11-26")).validUntil).toBe(
      "End date can be at most three years ahead",
    );
  });

  test("days valid are 1 to 1,095, and only the chosen validity is read", () => {
    expect(errorsOf({ ...valid, validDays: "0" }).validDays).toContain("from 1 to 1095");
    expect(errorsOf({ ...valid, validDays: "1096" }).validDays).toContain("from 1 to 1095");
    expect(errorsOf({ ...valid, validDays: "2.5" }).validDays).toContain("whole number");
    // Days chosen: a stale date in the other field is ignored.
    expect(errorsOf({ ...valid, validUntil: "2020-01-01" })).toEqual({});
    expect(errorsOf({ ...valid, validity: "forever" }).validity).toBe(
      "Choose how long a voucher is valid",
    );
  });

  test("quantity and the per-shopper limit are optional whole numbers; the limit fits the quantity", () => {
    expect(
      offerFormSchema(now).parse({ ...valid, totalQuantity: "1,000", perShopperLimit: "2" }),
    ).toMatchObject({ totalQuantity: 1000, perShopperLimit: 2 });
    expect(errorsOf({ ...valid, totalQuantity: "0" }).totalQuantity).toContain("from 1 to");
    expect(errorsOf({ ...valid, perShopperLimit: "101" }).perShopperLimit).toContain(
      "from 1 to 100",
    );
    expect(errorsOf({ ...valid, totalQuantity: "3", perShopperLimit: "5" }).perShopperLimit).toBe(
      "Limit per shopper can't be above the quantity on sale",
    );
  });

  test("a title is needed and stays one plain line; the status is one of three", () => {
    expect(errorsOf({ ...valid, title: "  " }).title).toBe("Enter a title");
    expect(errorsOf({ ...valid, title: "Spa\u0000day" }).title).toBeDefined();
    expect(errorsOf({ ...valid, status: "draft" }).status).toBe(
      "Status must be active, paused or ended",
    );
  });
});
