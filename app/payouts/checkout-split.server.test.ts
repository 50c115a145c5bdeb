import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { writeHandoverSettings } from "#app/delivery/settings.server.ts";
import { payAgain, quoteCart, startCheckout } from "#app/orders/checkout.server.ts";
import { verifyAndConfirm } from "#app/orders/confirm.server.ts";
import { paymentServices } from "#app/orders/payment-services.server.ts";
import { orders } from "#app/orders/schema.server.ts";
import { signUpAs, type TestAccount } from "#tests/support/accounts.ts";
import { createBusiness, createCategory, createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { checkoutForm } from "#tests/support/orders.ts";
import { startTestPayments, type TestPayments } from "#tests/support/payments.ts";
import { testServices } from "#tests/support/router-context.ts";
import { payoutAccounts } from "./schema.server.ts";

/**
 * The split sent at checkout (issue 15, decision 026), against a real database and the Paystack
 * simulator over HTTP: each order records Oja's commission and the business's subaccount, and
 * the transaction Paystack stores splits each business's share to it, exactly.
 */
let database: DatabaseHandle;
let pay: TestPayments;
let shopper: TestAccount;
let spa: { id: string };
let salon: { id: string };
let spaSubaccount: string;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  pay = await startTestPayments();
  const category = await createCategory(db());
  spa = await createBusiness(db(), { categoryId: category.id, name: "Ewa Spa" });
  salon = await createBusiness(db(), { categoryId: category.id, name: "Braids by Yetunde" });
  shopper = await signUpAs(db(), { name: "Ada Obi" });
  // The spa delivers in Lagos for ₦1,500; the salon is pickup only.
  await writeHandoverSettings(db(), spa.id, {
    pickupAddress: "",
    pickupHours: "",
    freeDeliveryFromKobo: null,
    areas: [{ city: "Lagos", area: "", feeKobo: 150_000, estimate: "Same day" }],
  });
  // The spa's owner has given a bank account (its subaccount exists at Paystack); the salon's not.
  const made = await pay.provider.createSubaccount({
    businessName: "Ewa Spa",
    bankCode: "058",
    accountNumber: "0123456789",
    percentageCharge: 7.5,
  });
  spaSubaccount = made.subaccountCode;
  await db().insert(payoutAccounts).values({
    businessId: spa.id,
    subaccountCode: spaSubaccount,
    bankCode: "058",
    bankName: "GTBank",
    accountLast4: "6789",
  });
}, 60_000);

afterAll(async () => {
  await pay.close();
  await database.close();
});

/** Checkout as the app wires it, with PLATFORM_COMMISSION_PERCENT set to 7.5. */
const context = () =>
  paymentServices(testServices(db(), { ...pay.env, PLATFORM_COMMISSION_PERCENT: "7.5" }));

async function checkOut(lines: Array<{ id: string; quantity: number }>) {
  const quote = await quoteCart(db(), lines, {
    place: { city: "Lagos", area: "" },
    pickup: new Set([salon.id]),
  });
  const form = checkoutForm(shopper.email, lines, {
    expectedTotalKobo: String(quote.totalKobo),
    [`fulfilment.${spa.id}`]: "delivery",
    [`fulfilment.${salon.id}`]: "pickup",
  });
  const result = await startCheckout(context(), { id: shopper.userId }, form);
  if (!result.ok) throw new Error(`checkout refused: ${JSON.stringify(result)}`);
  return result.payment;
}

/** The transaction as Paystack reports it: `GET /transaction/verify/:reference`. */
async function stored(reference: string) {
  const answer = await fetch(`${pay.env.PAYSTACK_BASE_URL}/transaction/verify/${reference}`, {
    headers: { authorization: `Bearer ${pay.env.PAYSTACK_SECRET_KEY}` },
  });
  const { data } = (await answer.json()) as {
    data: {
      amount: number;
      split: {
        type?: string;
        bearer_type?: string;
        subaccounts?: Array<{ subaccount: { subaccount_code: string }; share: number }>;
      };
    };
  };
  return {
    amount: data.amount,
    type: data.split.type,
    bearerType: data.split.bearer_type,
    shares: data.split.subaccounts?.map(({ subaccount, share }) => [
      subaccount.subaccount_code,
      share,
    ]),
  };
}

describe("the split sent at checkout", () => {
  // Spa: 3 × ₦3,333.33 = ₦9,999.99 of items, 7.5% = ₦749.99 (₦749.99925 rounded down), ₦1,500
  // delivery: its share is 999,999 + 150,000 − 74,999 = 1,075,000 kobo. Salon: ₦5,000 of items,
  // ₦375 commission, no subaccount.
  test("the split sent matches each business's share: items and delivery less the commission, to the business with a subaccount only", async () => {
    const massage = await createProduct(db(), { businessId: spa.id, priceKobo: 333_333 });
    const braids = await createProduct(db(), { businessId: salon.id, priceKobo: 500_000 });
    const payment = await checkOut([
      { id: massage.id, quantity: 3 },
      { id: braids.id, quantity: 1 },
    ]);
    const written = await db()
      .select({
        businessId: orders.businessId,
        subtotalKobo: orders.subtotalKobo,
        deliveryFeeKobo: orders.deliveryFeeKobo,
        commissionRateBp: orders.commissionRateBp,
        commissionKobo: orders.commissionKobo,
        payoutSubaccount: orders.payoutSubaccount,
      })
      .from(orders)
      .where(eq(orders.checkoutId, payment.checkoutId));
    expect(written).toEqual(
      expect.arrayContaining([
        {
          businessId: spa.id,
          subtotalKobo: 999_999,
          deliveryFeeKobo: 150_000,
          commissionRateBp: 750,
          commissionKobo: 74_999,
          payoutSubaccount: spaSubaccount,
        },
        {
          businessId: salon.id,
          subtotalKobo: 500_000,
          deliveryFeeKobo: 0,
          commissionRateBp: 750,
          commissionKobo: 37_500,
          payoutSubaccount: null,
        },
      ]),
    );
    expect(await stored(payment.reference)).toEqual({
      amount: 1_649_999,
      type: "flat",
      bearerType: "account",
      shares: [[spaSubaccount, 1_075_000]],
    });
  });

  test("a payment started again for the same orders sends the same split", async () => {
    const massage = await createProduct(db(), { businessId: spa.id, priceKobo: 250_000 });
    const braids = await createProduct(db(), { businessId: salon.id, priceKobo: 400_000 });
    const first = await checkOut([
      { id: massage.id, quantity: 2 },
      { id: braids.id, quantity: 1 },
    ]);
    pay.simulator.complete(first.reference, "declined");
    expect(await verifyAndConfirm(context(), first.reference)).toMatchObject({ kind: "not_paid" });
    // The spa's bank account changes meanwhile: the order keeps the subaccount it recorded.
    await db()
      .update(payoutAccounts)
      .set({ subaccountCode: "ACCT_changedsince" })
      .where(eq(payoutAccounts.businessId, spa.id));
    try {
      const again = await payAgain(context(), { id: shopper.userId }, first.checkoutId);
      if (!again.ok) throw new Error(`pay again refused: ${JSON.stringify(again)}`);
      expect(again.payment.reference).not.toBe(first.reference);
      // 500,000 − 37,500 commission + 150,000 delivery.
      const expected = { type: "flat", bearerType: "account", shares: [[spaSubaccount, 612_500]] };
      expect(await stored(first.reference)).toMatchObject(expected);
      expect(await stored(again.payment.reference)).toMatchObject(expected);
    } finally {
      await db()
        .update(payoutAccounts)
        .set({ subaccountCode: spaSubaccount })
        .where(eq(payoutAccounts.businessId, spa.id));
    }
  });

  test("no split is sent when no business in the basket has a subaccount", async () => {
    const braids = await createProduct(db(), { businessId: salon.id, priceKobo: 600_000 });
    const payment = await checkOut([{ id: braids.id, quantity: 1 }]);
    expect(await stored(payment.reference)).toEqual({
      amount: 600_000,
      type: undefined,
      bearerType: undefined,
      shares: undefined,
    });
    expect(pay.simulator.transaction(payment.reference)?.split).toBeNull();
  });
});
