import { describe, expect, test } from "vitest";
import { type DeliveryRules, deliveryOption, pickupDetails, placeKey } from "./areas.ts";

const rules: DeliveryRules = {
  freeDeliveryFromKobo: 2_000_000,
  areas: [
    { city: "Lagos", area: "Lekki", feeKobo: 150_000, estimate: "Same day" },
    { city: "Lagos", area: "", feeKobo: 250_000, estimate: "1–2 days" },
    { city: "Port Harcourt", area: "GRA", feeKobo: 300_000, estimate: "2 days" },
  ],
};

const at = (city: string, area = "", subtotal = 500_000) =>
  deliveryOption("Mama Put", rules, subtotal, { city, area });

describe("which delivery area serves an address", () => {
  test("case, accents, punctuation and spacing don't count", () => {
    expect(placeKey("  Ọ̀yọ́ ")).toBe("oyo");
    expect(placeKey("Port-Harcourt")).toBe(placeKey("port  harcourt"));
    expect(at("LÁGOS")).toMatchObject({ kind: "available", feeKobo: 250_000 });
  });

  test("a named area wins over its city, also followed by more words; another area gets the city's fee", () => {
    expect(at("Lagos", "lekki")).toMatchObject({ feeKobo: 150_000, estimate: "Same day" });
    expect(at("Lagos", "Lekki Phase 1")).toMatchObject({ feeKobo: 150_000 });
    expect(at("Lagos", "Ikeja")).toMatchObject({ feeKobo: 250_000, estimate: "1–2 days" });
    // A word in the middle is not the area.
    expect(at("Lagos", "Old Lekki Road")).toMatchObject({ feeKobo: 250_000 });
  });

  test("a city the business doesn't list, or an area it doesn't name where it covers no whole city, is not served, with the reason", () => {
    expect(at("Ibadan")).toEqual({
      kind: "not_served",
      reason: "Mama Put doesn't deliver to Ibadan. It delivers in Lagos and Port Harcourt.",
    });
    expect(at("Port Harcourt", "Rumuola")).toEqual({
      kind: "not_served",
      reason: "Mama Put doesn't deliver to Rumuola. In Port Harcourt it delivers only to GRA.",
    });
    expect(at("port harcourt")).toEqual({
      kind: "not_served",
      reason: "Mama Put delivers in Port Harcourt only to GRA. Enter your area.",
    });
  });

  test("delivery is free from the threshold on, and the area's fee is still told", () => {
    expect(at("Lagos", "", 1_999_999)).toMatchObject({ feeKobo: 250_000 });
    expect(at("Lagos", "", 2_000_000)).toMatchObject({ feeKobo: 0, areaFeeKobo: 250_000 });
  });

  test("without an address the cities are listed; without areas it is pickup only", () => {
    expect(deliveryOption("Mama Put", rules, 1, null)).toEqual({
      kind: "needs_address",
      cities: ["Lagos", "Port Harcourt"],
    });
    expect(
      deliveryOption("Ofada Corner", { areas: [], freeDeliveryFromKobo: null }, 1, {
        city: "Lagos",
        area: "",
      }),
    ).toEqual({
      kind: "pickup_only",
      reason: "Ofada Corner doesn't deliver. Pick your order up from them.",
    });
  });

  test("pickup is at the business's address during opening hours unless it says otherwise", () => {
    const business = { address: "3 Bode Thomas Street", city: "Lagos" };
    expect(pickupDetails(undefined, business)).toEqual({
      address: "3 Bode Thomas Street, Lagos",
      hours: "During opening hours",
    });
    expect(
      pickupDetails(
        { pickupAddress: "Shop 4, Ikeja City Mall", pickupHours: "Daily 10–20" },
        business,
      ),
    ).toEqual({ address: "Shop 4, Ikeja City Mall", hours: "Daily 10–20" });
  });
});
