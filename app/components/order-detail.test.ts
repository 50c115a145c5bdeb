import { describe, expect, test } from "vitest";
import { toOrderDetail } from "./order-detail.tsx";

const placed = {
  number: "OJA-7K2M9QXA",
  status: "fulfilled" as const,
  fulfilment: "delivery" as const,
  deliveryAddress: {
    recipient: "Tunde Bello",
    phone: "+2348031234567",
    line1: "12 Admiralty Way",
    line2: "",
    city: "Lekki",
    state: "Lagos",
  },
  notes: "",
  subtotalKobo: 725_000,
  deliveryFeeKobo: 150_000,
  pointsUsed: 0,
  deliveryEstimate: "Same day",
  closingReason: null,
  refunds: [],
  lines: [{ name: "Aso oke fila", size: null, unitPriceKobo: 725_000, quantity: 1 }],
  createdAt: new Date("2026-11-23T08:00:00Z"),
  paidAt: new Date("2026-11-23T08:02:00Z"),
  fulfilledAt: new Date("2026-12-01T23:30:00Z"),
  cancelledAt: null,
  refundedAt: null,
};

describe("an order's detail, as both order pages read it", () => {
  test("the history lists only what happened, in Lagos time", () => {
    expect(toOrderDetail(placed).history).toEqual([
      { label: "Placed", at: "23 Nov 2026, 09:00" },
      { label: "Paid", at: "23 Nov 2026, 09:02" },
      { label: "Fulfilled", at: "2 Dec 2026, 00:30" },
    ]);
  });

  test("the delivery address's phone reads as people write it; pickup has no address", () => {
    expect(toOrderDetail(placed).deliveryAddress?.phone).toBe("+234 803 123 4567");
    expect(
      toOrderDetail({ ...placed, fulfilment: "pickup", deliveryAddress: null }).deliveryAddress,
    ).toBeNull();
  });

  test("refunds list oldest first in Lagos time, and a failed one doesn't count as given back", () => {
    const detail = toOrderDetail({
      ...placed,
      refunds: [
        {
          amountKobo: 200_000,
          reason: "The fila was creased.",
          status: "processed",
          createdAt: new Date("2026-12-02T09:00:00Z"),
        },
        {
          amountKobo: 100_000,
          reason: "Late delivery.",
          status: "failed",
          createdAt: new Date("2026-12-02T10:00:00Z"),
        },
        {
          amountKobo: 50_000,
          reason: "Late delivery.",
          status: "pending",
          createdAt: new Date("2026-12-02T11:00:00Z"),
        },
      ],
    });
    expect(detail.refunds.map((refund) => [refund.amountKobo, refund.status, refund.at])).toEqual([
      [200_000, "processed", "2 Dec 2026, 10:00"],
      [100_000, "failed", "2 Dec 2026, 11:00"],
      [50_000, "pending", "2 Dec 2026, 12:00"],
    ]);
    expect(detail.refundedKobo).toBe(250_000);
  });
});
