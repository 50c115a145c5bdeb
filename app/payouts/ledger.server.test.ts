import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { payments, refunds } from "#app/orders/schema.server.ts";
import * as payoutsPage from "#app/routes/vendor-payouts.tsx";
import { getFrom } from "#tests/support/accounts.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { createOrder } from "#tests/support/orders.ts";
import {
  consoleManagersAndOwners,
  createRoleFixtures,
  expectRoleMatrix,
  type RoleFixtures,
} from "#tests/support/role-matrix.ts";
import { businessLedger } from "./ledger.server.ts";
import { lagosMonth } from "./ledger.ts";
import { payoutAccounts } from "./schema.server.ts";

/**
 * The console's ledger on a real database (decision 026): a month's sales and refunds by order
 * and by expected payout, with Oja's commission, for managers and owners of the business only.
 */
let database: DatabaseHandle;
let fixtures: RoleFixtures;
const db = () => database.db;
const november = lagosMonth("2026-11") as { start: Date; end: Date };

/** A paid pickup order of ₦`naira` at 5% commission, paid at `paidAt`, with its payment. */
async function paidOrder(
  businessId: string,
  paidAt: string,
  naira: number,
  payoutSubaccount: string | null = null,
) {
  const subtotalKobo = naira * 100;
  const order = await createOrder(db(), {
    shopperId: fixtures.userIds.shopper,
    businessId,
    order: {
      paidAt: new Date(paidAt),
      subtotalKobo,
      commissionRateBp: 500,
      commissionKobo: Math.floor(subtotalKobo / 20),
      payoutSubaccount,
    },
  });
  const paymentId = newId("pay");
  await db()
    .insert(payments)
    .values({
      id: paymentId,
      checkoutId: order.checkoutId,
      reference: `oja-test-${paymentId}`,
      amountKobo: subtotalKobo,
      currency: "NGN",
      status: "success",
      paidAt: new Date(paidAt),
    });
  return { ...order, paymentId };
}

async function refund(
  order: { orderId: string; paymentId: string },
  at: string,
  naira: number,
  status: (typeof refunds.$inferInsert)["status"] = "processed",
) {
  await db()
    .insert(refunds)
    .values({
      id: newId("rfd"),
      paymentId: order.paymentId,
      orderId: order.orderId,
      amountKobo: naira * 100,
      status,
      reason: "Test refund",
      createdAt: new Date(at),
    });
}

let numbers: { october: string; friday: string; tuesday: string };

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await createRoleFixtures(db());
  const { id } = fixtures.business;
  await db().insert(payoutAccounts).values({
    businessId: id,
    subaccountCode: "ACCT_ledgertest",
    bankCode: "058",
    bankName: "GTBank",
    accountLast4: "6789",
  });
  // Paid in October, part refunded in November: the refund is November's, the sale is not.
  const october = await paidOrder(id, "2026-10-30T10:00:00Z", 10_000, "ACCT_ledgertest");
  await refund(october, "2026-11-03T10:00:00Z", 2_000);
  // Friday 6 November, split to the subaccount; ₦5,000 refunded, and a failed refund ignored.
  const friday = await paidOrder(id, "2026-11-06T10:00:00Z", 20_000, "ACCT_ledgertest");
  await refund(friday, "2026-11-07T10:00:00Z", 5_000);
  await refund(friday, "2026-11-08T10:00:00Z", 1_000, "failed");
  // Tuesday 10 November, before the business had a subaccount: Oja owes it.
  const tuesday = await paidOrder(id, "2026-11-10T10:00:00Z", 8_000);
  // Another business's sale and an unpaid order never show.
  await paidOrder(fixtures.otherBusiness.id, "2026-11-10T10:00:00Z", 50_000);
  await createOrder(db(), {
    shopperId: fixtures.userIds.shopper,
    businessId: id,
    status: "pending_payment",
  });
  numbers = { october: october.number, friday: friday.number, tuesday: tuesday.number };
}, 60_000);

afterAll(() => database.close());

describe("a business's ledger for a month", () => {
  test("each order paid in the month: gross, commission kept, refunds and net to date", async () => {
    const ledger = await businessLedger(db(), fixtures.business.id, november);
    expect(ledger.paidOrders).toBe(2);
    expect(ledger.orders.map((order) => [order.number, order.viaSubaccount, order.totals])).toEqual(
      [
        [
          numbers.tuesday,
          false,
          { grossKobo: 800_000, commissionKobo: 40_000, refundKobo: 0, netKobo: 760_000 },
        ],
        // ₦20,000 at 5% is ₦1,000; ₦5,000 of items back leaves ₦750 of commission.
        [
          numbers.friday,
          true,
          { grossKobo: 2_000_000, commissionKobo: 75_000, refundKobo: 500_000, netKobo: 1_425_000 },
        ],
      ],
    );
  });

  test("the month's entries by expected payout day and by who pays", async () => {
    const ledger = await businessLedger(db(), fixtures.business.id, november);
    expect(
      ledger.payouts.map(({ day, viaSubaccount, orders, refunds, totals }) => ({
        day,
        viaSubaccount,
        orders,
        refunds,
        net: totals.netKobo,
      })),
    ).toEqual([
      // Tuesday's sale, owed by Oja, pays out on Wednesday.
      { day: "2026-11-11", viaSubaccount: false, orders: 1, refunds: 0, net: 760_000 },
      // Friday's sale and Saturday's refund both go out on Monday the 9th.
      { day: "2026-11-09", viaSubaccount: true, orders: 1, refunds: 1, net: 1_900_000 - 475_000 },
      // The October order's ₦2,000 refund (₦100 of commission back), made on Tuesday the 3rd.
      { day: "2026-11-04", viaSubaccount: true, orders: 0, refunds: 1, net: -190_000 },
    ]);
    expect(ledger.month).toEqual({
      grossKobo: 2_800_000,
      commissionKobo: 40_000 + 75_000 - 10_000,
      refundKobo: 700_000,
      netKobo: 760_000 + 1_425_000 - 190_000,
    });
  });

  test("a month with nothing in it is empty; October has only its own sale", async () => {
    const empty = await businessLedger(db(), fixtures.business.id, lagosMonth("2026-06") as never);
    expect(empty).toEqual({
      month: { grossKobo: 0, commissionKobo: 0, refundKobo: 0, netKobo: 0 },
      orders: [],
      paidOrders: 0,
      bills: [],
      payouts: [],
    });
    const october = await businessLedger(
      db(),
      fixtures.business.id,
      lagosMonth("2026-10") as never,
    );
    expect(october.orders.map((order) => order.number)).toEqual([numbers.october]);
    // Its totals to date include November's refund; October's own figures do not.
    expect(october.orders[0]?.totals.refundKobo).toBe(200_000);
    expect(october.month.refundKobo).toBe(0);
    expect(october.payouts.map((payout) => payout.day)).toEqual(["2026-11-02"]);
  });
});

describe("the payouts page", () => {
  test("opens for the business's managers and owners; to anyone else it doesn't exist", async () => {
    const slug = fixtures.business.slug;
    await expectRoleMatrix(
      db(),
      fixtures,
      {
        path: `/vendor/${slug}/payouts?month=2026-11`,
        pattern: "/vendor/:business/payouts",
        params: { business: slug },
        run: payoutsPage.loader,
      },
      consoleManagersAndOwners,
    );
  });

  test("shows the month asked for and where the money goes; a bad or future month is refused", async () => {
    const slug = fixtures.business.slug;
    const open = (month: string) =>
      getFrom(db(), payoutsPage, `/vendor/${slug}/payouts?month=${month}`, {
        cookie: fixtures.cookies.manager,
        pattern: "/vendor/:business/payouts",
        params: { business: slug },
      });
    const page = await open("2026-11");
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      month: "2026-11",
      monthName: "November 2026",
      previous: { month: "2026-10" },
      account: "GTBank ••••6789",
      totals: { netKobo: 1_995_000 },
    });
    expect((await open("2026-13")).status).toBe(400);
    expect((await open("November")).status).toBe(400);
    expect((await open("2999-01")).status).toBe(404);
  });
});
