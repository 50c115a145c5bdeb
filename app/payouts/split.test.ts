import { describe, expect, test } from "vitest";
import { orderShare, paymentSplit } from "./split.ts";

describe("Oja's commission and each business's share", () => {
  test("5% of ₦12,345.67 of items is ₦617.28, rounded down to the kobo", () => {
    expect(orderShare({ subtotalKobo: 1_234_567, deliveryFeeKobo: 0 }, 500)).toEqual({
      commissionKobo: 61_728,
      businessShareKobo: 1_172_839,
    });
  });

  test("a commission that would be a fraction of a kobo rounds down to nothing", () => {
    expect(orderShare({ subtotalKobo: 19, deliveryFeeKobo: 0 }, 500).commissionKobo).toBe(0);
    expect(orderShare({ subtotalKobo: 20, deliveryFeeKobo: 0 }, 500).commissionKobo).toBe(1);
  });

  test("at 0% the business gets everything", () => {
    expect(orderShare({ subtotalKobo: 500_000, deliveryFeeKobo: 150_000 }, 0)).toEqual({
      commissionKobo: 0,
      businessShareKobo: 650_000,
    });
  });

  test("the delivery fee goes wholly to the business: commission is on items only", () => {
    const without = orderShare({ subtotalKobo: 1_000_000, deliveryFeeKobo: 0 }, 725);
    const withFee = orderShare({ subtotalKobo: 1_000_000, deliveryFeeKobo: 250_000 }, 725);
    expect(withFee.commissionKobo).toBe(without.commissionKobo);
    expect(withFee.commissionKobo).toBe(72_500);
    expect(withFee.businessShareKobo).toBe(without.businessShareKobo + 250_000);
  });

  test("a very large order is still exact", () => {
    const subtotalKobo = 2 ** 53;
    expect(() => orderShare({ subtotalKobo, deliveryFeeKobo: 0 }, 500)).toThrow(RangeError);
    expect(orderShare({ subtotalKobo: 900_719_925_474_099, deliveryFeeKobo: 0 }, 9_999)).toEqual({
      commissionKobo: 900_629_853_481_551,
      businessShareKobo: 90_071_992_548,
    });
  });

  test("a rate outside 0–100% or an amount that isn't whole kobo is refused", () => {
    expect(() => orderShare({ subtotalKobo: 100, deliveryFeeKobo: 0 }, -1)).toThrow(RangeError);
    expect(() => orderShare({ subtotalKobo: 100, deliveryFeeKobo: 0 }, 10_001)).toThrow(RangeError);
    expect(() => orderShare({ subtotalKobo: 100.5, deliveryFeeKobo: 0 }, 500)).toThrow(RangeError);
  });
});

describe("the split of a payment across several businesses", () => {
  const spa = { subtotalKobo: 1_000_000, deliveryFeeKobo: 150_000, commissionKobo: 50_000 };
  const salon = { subtotalKobo: 333_333, deliveryFeeKobo: 0, commissionKobo: 16_666 };

  test("each business with a subaccount gets items + delivery − commission, in whole kobo", () => {
    expect(
      paymentSplit([
        { ...spa, payoutSubaccount: "ACCT_spa" },
        { ...salon, payoutSubaccount: "ACCT_salon" },
      ]),
    ).toEqual({
      type: "flat",
      bearer_type: "account",
      subaccounts: [
        { subaccount: "ACCT_spa", share: 1_100_000 },
        { subaccount: "ACCT_salon", share: 316_667 },
      ],
    });
  });

  test("a business without a subaccount has no entry: its share stays with Oja to transfer", () => {
    expect(
      paymentSplit([
        { ...spa, payoutSubaccount: null },
        { ...salon, payoutSubaccount: "ACCT_salon" },
      ])?.subaccounts,
    ).toEqual([{ subaccount: "ACCT_salon", share: 316_667 }]);
  });

  test("no split at all when no business has a subaccount", () => {
    expect(paymentSplit([{ ...spa, payoutSubaccount: null }])).toBeUndefined();
    expect(paymentSplit([])).toBeUndefined();
  });
});
