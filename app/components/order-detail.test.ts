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
  deliveryEstimate: "Same day",
  closingReason: null,
  refund: null,
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
});
