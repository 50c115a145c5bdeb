import { describe, expect, test } from "vitest";
import {
  commissionKept,
  expectedPayoutDay,
  lagosMonth,
  lagosMonthOf,
  orderEntries,
  shiftMonth,
  sumEntries,
} from "./ledger.ts";

// ₦10,000 of items and ₦1,500 delivery at 5%: Oja's commission is ₦500, on the items only.
const order = {
  subtotalKobo: 1_000_000,
  deliveryFeeKobo: 150_000,
  commissionRateBp: 500,
  commissionKobo: 50_000,
};
const paidAt = new Date("2026-11-20T10:00:00Z");

describe("the ledger of one order", () => {
  test("a sale without refunds: gross, the commission on the items, the rest to the business", () => {
    const entries = orderEntries(order, paidAt, []);
    expect(entries).toEqual([
      {
        kind: "sale",
        at: paidAt,
        grossKobo: 1_150_000,
        commissionKobo: 50_000,
        refundKobo: 0,
        netKobo: 1_100_000,
      },
    ]);
  });

  test("a partial refund comes off the items first and gives back the commission on them", () => {
    // ₦2,000 back: items kept ₦8,000, commission kept ₦400, so ₦100 of it goes back.
    const refundAt = new Date("2026-11-22T09:00:00Z");
    const [, refund] = orderEntries(order, paidAt, [{ amountKobo: 200_000, at: refundAt }]);
    expect(refund).toEqual({
      kind: "refund",
      at: refundAt,
      grossKobo: 0,
      commissionKobo: -10_000,
      refundKobo: 200_000,
      netKobo: -190_000,
    });
  });

  test("refunded in two parts down to nothing, the business and Oja both end at zero", () => {
    const entries = orderEntries(order, paidAt, [
      { amountKobo: 1_100_000, at: new Date("2026-11-23T09:00:00Z") },
      { amountKobo: 50_000, at: new Date("2026-11-22T09:00:00Z") },
    ]);
    // The earlier refund is applied first whatever order they were given in.
    expect(entries.map((entry) => entry.refundKobo)).toEqual([0, 50_000, 1_100_000]);
    expect(sumEntries(entries)).toEqual({
      grossKobo: 1_150_000,
      commissionKobo: 0,
      refundKobo: 1_150_000,
      netKobo: 0,
    });
  });

  test("a refund of the delivery fee alone, once the items are all back, gives back no commission", () => {
    expect(commissionKept(order, 1_000_000)).toBe(0);
    expect(commissionKept(order, 1_150_000)).toBe(0);
    const entries = orderEntries(order, paidAt, [
      { amountKobo: 1_000_000, at: new Date("2026-11-21T09:00:00Z") },
      { amountKobo: 150_000, at: new Date("2026-11-22T09:00:00Z") },
    ]);
    expect(entries[2]).toMatchObject({ commissionKobo: 0, netKobo: -150_000 });
  });

  test("commission kept rounds down to the kobo and never exceeds what was charged", () => {
    const odd = {
      subtotalKobo: 999,
      deliveryFeeKobo: 0,
      commissionRateBp: 750,
      commissionKobo: 74,
    };
    expect(commissionKept(odd, 0)).toBe(74);
    expect(commissionKept(odd, 1)).toBe(74); // 998 × 7.5% = 74.85
    expect(commissionKept(odd, 20)).toBe(73); // 979 × 7.5% = 73.42
    const free = { ...order, commissionRateBp: 0, commissionKobo: 0 };
    expect(sumEntries(orderEntries(free, paidAt, [])).netKobo).toBe(1_150_000);
  });
});

describe("payout days and months, in Lagos time", () => {
  test("Paystack pays out the next working day; Friday to Sunday go out on Monday", () => {
    expect(expectedPayoutDay(new Date("2026-11-23T12:00:00Z"))).toBe("2026-11-24"); // Mon → Tue
    expect(expectedPayoutDay(new Date("2026-11-27T12:00:00Z"))).toBe("2026-11-30"); // Fri → Mon
    expect(expectedPayoutDay(new Date("2026-11-28T12:00:00Z"))).toBe("2026-11-30"); // Sat → Mon
    expect(expectedPayoutDay(new Date("2026-11-29T12:00:00Z"))).toBe("2026-11-30"); // Sun → Mon
    // 23:30 UTC on Thursday is 00:30 on Friday in Lagos.
    expect(expectedPayoutDay(new Date("2026-11-26T23:30:00Z"))).toBe("2026-11-30");
  });

  test("a month starts and ends at Lagos midnight; anything else is not a month", () => {
    expect(lagosMonth("2026-11")).toEqual({
      start: new Date("2026-10-31T23:00:00Z"),
      end: new Date("2026-11-30T23:00:00Z"),
    });
    expect(lagosMonth("2026-12")?.end).toEqual(new Date("2026-12-31T23:00:00Z"));
    for (const bad of ["2026-13", "2026-1", "26-11", "2026-11-01", "", "1999-12"]) {
      expect(lagosMonth(bad)).toBeNull();
    }
    expect(lagosMonthOf(new Date("2026-11-30T23:30:00Z"))).toBe("2026-12");
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(shiftMonth("2026-11", 2)).toBe("2027-01");
  });
});
