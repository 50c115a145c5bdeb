import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { emailOutbox, products } from "#app/db/schema.server.ts";
import { writeHandoverSettings } from "#app/delivery/settings.server.ts";
import { koboPerPointSpent } from "#app/points/checkout-points.ts";
import { recordPoints, walletOf } from "#app/points/ledger.server.ts";
import { sign } from "#server/paystack-simulator/index.ts";
import { signUpAs, type TestAccount } from "#tests/support/accounts.ts";
import {
  createBusiness,
  createCategory,
  createProduct,
  stockOf as productStock,
} from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { checkoutForm as shopperCheckoutForm } from "#tests/support/orders.ts";
import { startTestPayments, type TestPayments } from "#tests/support/payments.ts";
import {
  holdRanOutMessage,
  payAgain,
  paymentLabel,
  quoteCart,
  replacedReasons,
  type StartCheckoutResult,
  startCheckout,
  tooManyOpenMessages,
} from "./checkout.server.ts";
import { confirmPayment, sendPendingRefunds, verifyAndConfirm } from "./confirm.server.ts";
import { defaultHoldLimits } from "./hold-limits.ts";
import {
  cancelAbandonedCheckouts,
  cancelUnpaidCheckout,
  markFulfilled,
  refundOrder,
  startAgainFromCart,
  startedAgainReason,
} from "./lifecycle.server.ts";
import { reconcilePayments } from "./payment-jobs.server.ts";
import { checkouts, orders, payments, refunds } from "./schema.server.ts";

/**
 * Checkout against a real database and the Paystack simulator over HTTP: repricing, holds,
 * the one confirmation, refunds and the reconciliation job.
 */
let database: DatabaseHandle;
const db = () => database.db;
let pay: TestPayments;
let shopper: TestAccount;
let spa: { id: string; slug: string };
let salon: { id: string; slug: string };

beforeAll(async () => {
  database = await createTestDatabase();
  pay = await startTestPayments();
  const category = await createCategory(db());
  spa = await createBusiness(db(), { categoryId: category.id, name: "Ewa Spa" });
  salon = await createBusiness(db(), { categoryId: category.id, name: "Braids by Yetunde" });
  shopper = await signUpAs(db(), { name: "Ada Obi" });
  // Both deliver free in Lagos, so the tests below that aren't about fees pay for items only.
  for (const business of [spa, salon]) {
    await writeHandoverSettings(db(), business.id, {
      pickupAddress: "",
      pickupHours: "",
      freeDeliveryFromKobo: null,
      areas: [{ city: "Lagos", area: "", feeKobo: 0, estimate: "Same day" }],
    });
  }
}, 60_000);

afterAll(async () => {
  await pay.close();
  await database.close();
});

/**
 * The tests below that aren't about hold limits buy all of a product's stock at once, so their
 * shopper may hold all of it; "holds are bounded" tests the settings' defaults.
 */
const context = () => ({
  db: db(),
  payments: pay.provider,
  log: pay.log,
  callbackUrl: "http://localhost:3000/checkout/callback",
  publicUrl: "http://localhost:3000",
  commissionRateBp: 500,
  holdLimits: { ...defaultHoldLimits, sharePercent: 100 },
});

interface Line {
  id: string;
  quantity: number;
  size?: string | null;
  amount?: number;
}

function checkoutForm(lines: Line[], fields: Record<string, string> = {}) {
  return shopperCheckoutForm(shopper.email, lines, fields);
}

/** Checks out `lines` at the total the server quotes, delivery from every business in them. */
async function checkOut(
  lines: Line[],
  fields: Record<string, string> = {},
  who: { userId: string } = shopper,
) {
  const quote = await quoteCart(
    db(),
    lines.map((line) => ({ ...line, amount: undefined })),
  );
  const form = checkoutForm(lines, { expectedTotalKobo: String(quote.totalKobo), ...fields });
  for (const group of quote.groups) {
    if (!form.has(`fulfilment.${group.business.id}`))
      form.set(`fulfilment.${group.business.id}`, "delivery");
  }
  return startCheckout(context(), { id: who.userId }, form);
}

function started(result: StartCheckoutResult) {
  if (!result.ok) throw new Error(`checkout refused: ${JSON.stringify(result)}`);
  return result.payment;
}

const stockOf = (productId: string) => productStock(db(), productId);

async function ordersOf(checkoutId: string) {
  return db().select().from(orders).where(eq(orders.checkoutId, checkoutId));
}

async function receiptsTo(email: string) {
  return db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "order-receipt")));
}

/** The "your payment is being returned" emails that name this checkout's first order. */
async function returnedNotices(email: string, checkoutId: string) {
  const [order] = await ordersOf(checkoutId);
  const notices = await db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "payment-returned")));
  return notices.filter((notice) => order && notice.text.includes(order.number));
}

async function paymentsOf(checkoutId: string) {
  return db().select().from(payments).where(eq(payments.checkoutId, checkoutId));
}

describe("the payment window's label", () => {
  test("names whom the shopper pays: one, two, or the first and how many more", () => {
    expect(paymentLabel(["Ewa Spa"])).toBe("Ewa Spa");
    expect(paymentLabel(["Ewa Spa", "Braids by Yetunde"])).toBe("Ewa Spa and Braids by Yetunde");
    expect(paymentLabel(["Ewa Spa", "Braids", "Suya Spot"])).toBe("Ewa Spa and 2 more");
  });
});

describe("repricing the cart", () => {
  test("every line is priced from the database, grouped per business, and a changed price is flagged", async () => {
    const oil = await createProduct(db(), {
      businessId: spa.id,
      name: "Body Oil",
      priceKobo: 450_000,
    });
    const braids = await createProduct(db(), {
      businessId: salon.id,
      name: "Box Braids",
      priceKobo: 2_500_000,
    });
    const quote = await quoteCart(db(), [
      { id: oil.id, quantity: 2, amount: 1 },
      { id: braids.id, quantity: 1, amount: 25_000 },
    ]);
    expect(quote.groups.map((group) => group.business.name)).toEqual([
      "Ewa Spa",
      "Braids by Yetunde",
    ]);
    expect(quote.groups[0]?.lines[0]).toMatchObject({
      unitPriceKobo: 450_000,
      lineTotalKobo: 900_000,
      issues: [{ kind: "price_changed", cartUnitKobo: 100 }],
    });
    expect(quote.groups[1]?.lines[0]?.issues).toEqual([]);
    expect(quote.totalKobo).toBe(3_400_000);
    // A price change alone doesn't stop payment: the database price is what is charged.
    expect(quote.blocked).toBe(false);
  });

  test("sold out, short stock, a missing size and a removed product each block payment with their own issue", async () => {
    const soldOut = await createProduct(db(), { businessId: spa.id, stock: 0 });
    const few = await createProduct(db(), { businessId: spa.id, stock: 2 });
    const sized = await createProduct(db(), { businessId: spa.id, sizes: ["S", "M"] });
    const archived = await createProduct(db(), { businessId: spa.id, status: "archived" });
    const quote = await quoteCart(db(), [
      { id: soldOut.id, quantity: 1 },
      { id: few.id, quantity: 3 },
      { id: sized.id, quantity: 1, size: "XL" },
      { id: archived.id, quantity: 1 },
      { id: "prd_doesnotexist00", quantity: 1 },
    ]);
    const issues = Object.fromEntries(
      quote.groups.flatMap((group) => group.lines).map((line) => [line.productId, line.issues]),
    );
    expect(issues[soldOut.id]).toEqual([{ kind: "out_of_stock" }]);
    expect(issues[few.id]).toEqual([{ kind: "short_stock", available: 2 }]);
    expect(issues[sized.id]).toEqual([{ kind: "size_unavailable", sizes: ["S", "M"] }]);
    expect(quote.unavailable).toEqual([archived.id, "prd_doesnotexist00"]);
    expect(quote.blocked).toBe(true);
  });
});

describe("starting a checkout", () => {
  test("a price edited in local storage is charged at the database price", async () => {
    const product = await createProduct(db(), {
      businessId: spa.id,
      priceKobo: 1_250_050,
      stock: 5,
    });
    // The cart says ₦1 each; the page shows the quote, and the shopper pays what it shows.
    const payment = started(await checkOut([{ id: product.id, quantity: 2, amount: 1 }]));
    const [row] = await db()
      .select()
      .from(payments)
      .where(eq(payments.reference, payment.reference));
    expect(row?.amountKobo).toBe(2_500_100);
    const verified = await pay.provider.verify(payment.reference);
    expect(verified.amountKobo).toBe(2_500_100);
  });

  test("a total computed from a tampered price is refused with the real quote, and nothing is written", async () => {
    const product = await createProduct(db(), { businessId: spa.id, priceKobo: 800_000, stock: 5 });
    const before = await db().select({ id: checkouts.id }).from(checkouts);
    const form = checkoutForm([{ id: product.id, quantity: 1, amount: 1 }], {
      expectedTotalKobo: "100",
      [`fulfilment.${spa.id}`]: "pickup",
    });
    const result = await startCheckout(context(), { id: shopper.userId }, form);
    expect(result).toMatchObject({ ok: false, status: 409, quote: { totalKobo: 800_000 } });
    expect(await db().select({ id: checkouts.id }).from(checkouts)).toHaveLength(before.length);
    expect(await stockOf(product.id)).toBe(5);
  });

  test("one order per business, one payment for all, and the stock is held", async () => {
    const oil = await createProduct(db(), { businessId: spa.id, priceKobo: 450_000, stock: 4 });
    const braids = await createProduct(db(), {
      businessId: salon.id,
      priceKobo: 2_500_000,
      stock: 1,
      sizes: ["Long"],
    });
    const payment = started(
      await checkOut(
        [
          { id: oil.id, quantity: 3 },
          { id: braids.id, quantity: 1, size: "Long" },
        ],
        { [`fulfilment.${salon.id}`]: "pickup", [`notes.${salon.id}`]: "After 4pm please" },
      ),
    );
    const written = await ordersOf(payment.checkoutId);
    expect(
      written
        .map((order) => [order.businessId, order.status, order.subtotalKobo, order.fulfilment])
        .sort(),
    ).toEqual(
      [
        [salon.id, "pending_payment", 2_500_000, "pickup"],
        [spa.id, "pending_payment", 1_350_000, "delivery"],
      ].sort(),
    );
    const salonOrder = written.find((order) => order.businessId === salon.id);
    expect(salonOrder).toMatchObject({ notes: "After 4pm please", deliveryAddress: null });
    expect(written.find((order) => order.businessId === spa.id)?.deliveryAddress).toMatchObject({
      recipient: "Ada Obi",
      line1: "12 Admiralty Way",
      phone: "+2348031234567",
    });
    expect(written.every((order) => /^OJA-[2-9A-HJ-NP-TV-Z]{8}$/.test(order.number))).toBe(true);
    const [paymentRow] = await db()
      .select()
      .from(payments)
      .where(eq(payments.checkoutId, payment.checkoutId));
    expect(paymentRow).toMatchObject({ amountKobo: 3_850_000, currency: "NGN", status: "pending" });
    expect(payment.accessCode).toBeTruthy();
    expect(await stockOf(oil.id)).toBe(1);
    expect(await stockOf(braids.id)).toBe(0);
  });

  test("bad fields get a message each, all at once, and write nothing", async () => {
    const product = await createProduct(db(), { businessId: spa.id });
    const form = checkoutForm([{ id: product.id, quantity: 1 }], {
      email: "not-an-email",
      phone: "12",
      line1: "",
      expectedTotalKobo: "1400000",
      [`fulfilment.${spa.id}`]: "teleport",
    });
    const result = await startCheckout(context(), { id: shopper.userId }, form);
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      errors: {
        email: expect.any(String),
        phone: expect.any(String),
        [`fulfilment.${spa.id}`]: "Choose delivery or pickup",
      },
    });
    // A refused phone number does not hide the address's problems until the next round.
    const again = await startCheckout(
      context(),
      { id: shopper.userId },
      checkoutForm([{ id: product.id, quantity: 1 }], {
        phone: "12",
        line1: "",
        expectedTotalKobo: "1400000",
        [`fulfilment.${spa.id}`]: "delivery",
      }),
    );
    expect(again).toMatchObject({
      ok: false,
      status: 400,
      errors: { phone: expect.any(String), line1: "Enter the street address" },
    });
    expect(await stockOf(product.id)).toBe(10);
  });

  test("a cart that can't be read is a 400, not a crash", async () => {
    const form = checkoutForm([], { lines: "{not json", expectedTotalKobo: "0" });
    expect(await startCheckout(context(), { id: shopper.userId }, form)).toMatchObject({
      ok: false,
      status: 400,
      errors: { lines: expect.stringContaining("couldn't be read") },
    });
  });

  test("an out-of-stock or removed product at checkout is refused with a clear message", async () => {
    const soldOut = await createProduct(db(), { businessId: spa.id, stock: 0 });
    const result = await startCheckout(
      context(),
      { id: shopper.userId },
      checkoutForm([{ id: soldOut.id, quantity: 1 }], {
        expectedTotalKobo: "1400000",
        [`fulfilment.${spa.id}`]: "pickup",
      }),
    );
    expect(result).toMatchObject({
      ok: false,
      status: 409,
      message: expect.stringContaining("Fix the lines"),
    });
    const removed = await createProduct(db(), { businessId: spa.id });
    await db().delete(products).where(eq(products.id, removed.id));
    const gone = await startCheckout(
      context(),
      { id: shopper.userId },
      checkoutForm([{ id: removed.id, quantity: 1 }], { expectedTotalKobo: "0" }),
    );
    expect(gone).toMatchObject({ ok: false, status: 409, quote: { unavailable: [removed.id] } });
  });
});

describe("confirming a payment", () => {
  test("success: the orders are paid, the stock is sold, and one receipt is queued", async () => {
    const product = await createProduct(db(), { businessId: spa.id, stock: 3 });
    const payment = started(await checkOut([{ id: product.id, quantity: 2 }]));
    pay.simulator.complete(payment.reference, "success");
    expect(await verifyAndConfirm(context(), payment.reference)).toEqual({
      kind: "paid",
      checkoutId: payment.checkoutId,
    });
    const [order] = await ordersOf(payment.checkoutId);
    expect(order?.status).toBe("paid");
    const [checkout] = await db()
      .select()
      .from(checkouts)
      .where(eq(checkouts.id, payment.checkoutId));
    expect(checkout?.stockHold).toBe("sold");
    expect(await stockOf(product.id)).toBe(1);
    const receipts = (await receiptsTo(shopper.email)).filter(
      (email) => order && email.subject.includes(order.number),
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain("₦28,000.00");
  });

  test("the callback, the webhook and ten duplicate webhooks at once pay the orders once", async () => {
    const product = await createProduct(db(), { businessId: spa.id, stock: 5 });
    const payment = started(await checkOut([{ id: product.id, quantity: 1 }]));
    pay.simulator.complete(payment.reference, "success");
    const signed = pay.signedChargeSuccess(payment.reference);
    const answers = await Promise.all([
      verifyAndConfirm(context(), payment.reference),
      ...Array.from({ length: 11 }, () => pay.postWebhook(db(), signed)),
    ]);
    expect(answers[0]).toMatchObject({ kind: "paid" });
    expect(answers.slice(1).map((answer) => (answer as Response).status)).toEqual(
      Array(11).fill(200),
    );
    expect(await stockOf(product.id)).toBe(4);
    const [order] = await ordersOf(payment.checkoutId);
    expect(order?.status).toBe("paid");
    const receipts = (await receiptsTo(shopper.email)).filter(
      (email) => order && email.subject.includes(order.number),
    );
    expect(receipts).toHaveLength(1);
  });

  test("a forged or unsigned webhook gets 401 and changes nothing", async () => {
    const product = await createProduct(db(), { businessId: spa.id, stock: 5 });
    const payment = started(await checkOut([{ id: product.id, quantity: 1 }]));
    pay.simulator.complete(payment.reference, "success");
    const signed = pay.signedChargeSuccess(payment.reference);
    const tampered = signed.body.replace('"currency":"NGN"', '"currency":"USD"');
    expect(tampered).not.toBe(signed.body);
    const refused = [
      { body: signed.body },
      { body: signed.body, signature: "" },
      { body: signed.body, signature: "0".repeat(128) },
      { body: signed.body, signature: sign(signed.body, "sk_test_someone_else") },
      { body: tampered, signature: signed.signature },
    ];
    for (const attempt of refused) {
      expect((await pay.postWebhook(db(), attempt)).status).toBe(401);
    }
    expect((await ordersOf(payment.checkoutId))[0]?.status).toBe("pending_payment");
    const [row] = await db()
      .select()
      .from(payments)
      .where(eq(payments.reference, payment.reference));
    expect(row?.status).toBe("pending");
    // The genuine one is believed.
    expect((await pay.postWebhook(db(), signed)).status).toBe(200);
    expect((await ordersOf(payment.checkoutId))[0]?.status).toBe("paid");
  });

  test("an amount or currency the provider reports differently never pays the order, and is logged", async () => {
    const product = await createProduct(db(), { businessId: spa.id, priceKobo: 500_000, stock: 5 });
    const payment = started(await checkOut([{ id: product.id, quantity: 1 }]));
    pay.simulator.complete(payment.reference, "success");
    pay.simulator.report(payment.reference, { amount: 100 });
    expect(await verifyAndConfirm(context(), payment.reference)).toMatchObject({
      kind: "mismatch",
    });
    expect((await ordersOf(payment.checkoutId))[0]?.status).toBe("pending_payment");
    expect(pay.logged("error")).toContainEqual(
      expect.objectContaining({
        msg: "payment amount or currency mismatch: not honoured",
        reference: payment.reference,
      }),
    );
    // A later, correct report doesn't turn it round either: the payment is settled as suspect.
    const other = started(await checkOut([{ id: product.id, quantity: 1 }]));
    const outcome = await confirmPayment(context(), {
      reference: other.reference,
      status: "success",
      amountKobo: 500_000,
      currency: "USD",
      paidAt: new Date(),
      channel: "card",
      providerId: "1",
      gatewayResponse: "Approved",
    });
    expect(outcome).toMatchObject({ kind: "mismatch" });
    expect((await ordersOf(other.checkoutId))[0]?.status).toBe("pending_payment");
  });

  test("a declined card leaves the orders waiting, and paying again with a good card pays them", async () => {
    const product = await createProduct(db(), { businessId: spa.id, stock: 2 });
    const first = started(await checkOut([{ id: product.id, quantity: 1 }]));
    pay.simulator.complete(first.reference, "declined");
    expect(await verifyAndConfirm(context(), first.reference)).toMatchObject({
      kind: "not_paid",
      status: "failed",
    });
    const second = await payAgain(context(), { id: shopper.userId }, first.checkoutId);
    if (!second.ok) throw new Error("pay again refused");
    expect(second.payment.reference).not.toBe(first.reference);
    pay.simulator.complete(second.payment.reference, "success");
    expect(await verifyAndConfirm(context(), second.payment.reference)).toMatchObject({
      kind: "paid",
    });
    // Held once, sold once.
    expect(await stockOf(product.id)).toBe(1);
  });

  test("a second payment of a paid checkout is refunded whole", async () => {
    const product = await createProduct(db(), { businessId: spa.id, stock: 5 });
    const first = started(await checkOut([{ id: product.id, quantity: 1 }]));
    // Not paid yet when asked: pay again starts a second attempt, then both windows are paid.
    expect(await verifyAndConfirm(context(), first.reference)).toMatchObject({
      kind: "not_paid",
    });
    const second = await payAgain(context(), { id: shopper.userId }, first.checkoutId);
    if (!second.ok) throw new Error("pay again refused");
    expect(second.payment.reference).not.toBe(first.reference);
    pay.simulator.complete(first.reference, "success");
    pay.simulator.complete(second.payment.reference, "success");
    expect(await verifyAndConfirm(context(), first.reference)).toMatchObject({ kind: "paid" });
    expect(await verifyAndConfirm(context(), second.payment.reference)).toMatchObject({
      kind: "refunded",
    });
    const [duplicate] = await db()
      .select()
      .from(payments)
      .where(eq(payments.reference, second.payment.reference));
    expect(duplicate?.status).toBe("duplicate");
    expect(await sendPendingRefunds(context())).toBeGreaterThanOrEqual(1);
    const [refund] = await db()
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, duplicate?.id ?? ""));
    expect(refund).toMatchObject({ amountKobo: 1_400_000, orderId: null });
    expect(refund?.providerRefundId).toBeTruthy();
    expect(await stockOf(product.id)).toBe(4);
  });
});

describe("holds and reconciliation", () => {
  const later = (minutes: number) => () => new Date(Date.now() + minutes * 60_000);

  test("after 30 minutes unpaid the held stock goes back, and the order can't be paid any more", async () => {
    const product = await createProduct(db(), { businessId: spa.id, stock: 2 });
    const payment = started(await checkOut([{ id: product.id, quantity: 2 }]));
    expect(await stockOf(product.id)).toBe(0);
    await reconcilePayments({ ...context(), now: later(20) });
    expect(await stockOf(product.id)).toBe(0);
    const report = await reconcilePayments({ ...context(), now: later(31) });
    expect(report.released).toBeGreaterThanOrEqual(1);
    expect(await stockOf(product.id)).toBe(2);
    expect((await ordersOf(payment.checkoutId))[0]?.status).toBe("pending_payment");
    const again = await payAgain(
      { ...context(), now: later(32) },
      { id: shopper.userId },
      payment.checkoutId,
    );
    expect(again).toEqual({ ok: false, status: 409, message: holdRanOutMessage });
    expect(await stockOf(product.id)).toBe(2);
    expect(await paymentsOf(payment.checkoutId)).toHaveLength(1);
  });

  test("an order whose hold ran out can't be paid even before the job puts its stock back", async () => {
    const product = await createProduct(db(), { businessId: spa.id, stock: 3 });
    const payment = started(await checkOut([{ id: product.id, quantity: 1 }]));
    const again = await payAgain(
      { ...context(), now: later(31) },
      { id: shopper.userId },
      payment.checkoutId,
    );
    expect(again).toMatchObject({ ok: false, status: 409, message: holdRanOutMessage });
    expect(await paymentsOf(payment.checkoutId)).toHaveLength(1);
    // Within the 30 minutes, paying again is still a new attempt for the same orders.
    const inTime = await payAgain(
      { ...context(), now: later(10) },
      { id: shopper.userId },
      payment.checkoutId,
    );
    expect(inTime.ok).toBe(true);
  });

  test("a shopper who paid and closed the browser still ends with a paid order", async () => {
    const product = await createProduct(db(), { businessId: spa.id, stock: 2 });
    const payment = started(await checkOut([{ id: product.id, quantity: 1 }]));
    pay.simulator.setWebhookUrl(undefined);
    pay.simulator.complete(payment.reference, "success");
    const report = await reconcilePayments({ ...context(), now: later(3) });
    expect(report.paid).toBeGreaterThanOrEqual(1);
    expect((await ordersOf(payment.checkoutId))[0]?.status).toBe("paid");
  });

  test("paid after the hold ran out with the stock still there: the stock is taken again and the orders paid", async () => {
    const product = await createProduct(db(), { businessId: spa.id, stock: 3 });
    const late = started(await checkOut([{ id: product.id, quantity: 2 }]));
    await reconcilePayments({ ...context(), now: later(31) });
    expect(await stockOf(product.id)).toBe(3);
    // The shopper had the payment window open in another tab and pays now.
    pay.simulator.complete(late.reference, "success");
    expect(await verifyAndConfirm(context(), late.reference)).toMatchObject({ kind: "paid" });
    expect((await ordersOf(late.checkoutId))[0]?.status).toBe("paid");
    expect(await stockOf(product.id)).toBe(1);
    const [order] = await ordersOf(late.checkoutId);
    expect(
      (await receiptsTo(shopper.email)).filter(
        (email) => order && email.subject.includes(order.number),
      ),
    ).toHaveLength(1);
    expect(await returnedNotices(shopper.email, late.checkoutId)).toHaveLength(0);
  });

  test("paid after the hold ran out and sold out meanwhile: the orders are cancelled, the payment refunded through the provider, and the shopper told", async () => {
    const product = await createProduct(db(), { businessId: spa.id, stock: 1, priceKobo: 700_000 });
    const late = started(await checkOut([{ id: product.id, quantity: 1 }]));
    await reconcilePayments({ ...context(), now: later(31) });
    expect(await stockOf(product.id)).toBe(1);
    // Someone else buys the last one meanwhile.
    const rival = await signUpAs(db(), { name: "Kemi Rival" });
    const bought = started(await checkOut([{ id: product.id, quantity: 1 }], {}, rival));
    pay.simulator.complete(bought.reference, "success");
    await verifyAndConfirm(context(), bought.reference);
    pay.simulator.complete(late.reference, "success");
    expect(await verifyAndConfirm(context(), late.reference)).toMatchObject({ kind: "refunded" });
    const [order] = await ordersOf(late.checkoutId);
    expect(order).toMatchObject({
      status: "cancelled",
      closingReason: expect.stringContaining("sold out"),
    });
    expect(await stockOf(product.id)).toBe(0);
    const notices = await returnedNotices(shopper.email, late.checkoutId);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toBe("Your Oja payment of ₦7,000.00 is being returned");
    expect(notices[0]?.text).toContain("some of the products sold out meanwhile");
    // The next run of the job sends the refund to the provider, whole.
    await reconcilePayments(context());
    expect(pay.simulator.transaction(late.reference)?.refunds.map((r) => r.amount)).toEqual([
      700_000,
    ]);
  });

  test("orders left unpaid for a day are cancelled", async () => {
    const product = await createProduct(db(), { businessId: spa.id, stock: 1 });
    const payment = started(await checkOut([{ id: product.id, quantity: 1 }]));
    await reconcilePayments({ ...context(), now: later(31) });
    expect(
      await cancelAbandonedCheckouts(db(), new Date(Date.now() + 25 * 60 * 60_000)),
    ).toBeGreaterThanOrEqual(1);
    expect((await ordersOf(payment.checkoutId))[0]?.status).toBe("cancelled");
  });
});

describe("one checkout per basket", () => {
  const later = (minutes: number) => () => new Date(Date.now() + minutes * 60_000);

  test("a second Pay for the same basket resumes the open payment: one set of orders, one payment", async () => {
    const oil = await createProduct(db(), { businessId: spa.id, stock: 5 });
    const braids = await createProduct(db(), { businessId: salon.id, stock: 5 });
    const lines = [
      { id: oil.id, quantity: 2 },
      { id: braids.id, quantity: 1 },
    ];
    const first = started(await checkOut(lines));
    const second = started(await checkOut(lines));
    expect(second).toEqual(first);
    expect(await ordersOf(first.checkoutId)).toHaveLength(2);
    expect(await paymentsOf(first.checkoutId)).toHaveLength(1);
    // Held once, not twice.
    expect(await stockOf(oil.id)).toBe(3);
    expect(await stockOf(braids.id)).toBe(4);
    pay.simulator.complete(second.reference, "success");
    expect(await verifyAndConfirm(context(), second.reference)).toMatchObject({ kind: "paid" });
  });

  test("two Pay presses at the same moment make one checkout and one payment", async () => {
    const mat = await createProduct(db(), { businessId: spa.id, stock: 5 });
    const presser = await signUpAs(db(), { name: "Bisi Twotabs" });
    const lines = [{ id: mat.id, quantity: 2 }];
    const [one, two, three] = await Promise.all([
      checkOut(lines, {}, presser),
      checkOut(lines, {}, presser),
      checkOut(lines, {}, presser),
    ]);
    const payment = started(one);
    expect(started(two)).toEqual(payment);
    expect(started(three)).toEqual(payment);
    const theirs = await db()
      .select({ id: checkouts.id })
      .from(checkouts)
      .where(eq(checkouts.shopperId, presser.userId));
    expect(theirs).toHaveLength(1);
    expect(await paymentsOf(payment.checkoutId)).toHaveLength(1);
    expect(await stockOf(mat.id)).toBe(3);
  });

  test("Pay again on the order's page resumes the payment still open instead of starting another", async () => {
    const oil = await createProduct(db(), { businessId: spa.id, stock: 5 });
    const first = started(await checkOut([{ id: oil.id, quantity: 1 }]));
    const again = await payAgain(context(), { id: shopper.userId }, first.checkoutId);
    expect(again).toEqual({ ok: true, payment: first });
    expect(await paymentsOf(first.checkoutId)).toHaveLength(1);
  });

  test("a changed basket replaces the open checkout: its orders are closed as replaced and its hold released", async () => {
    const oil = await createProduct(db(), { businessId: spa.id, stock: 3 });
    const first = started(await checkOut([{ id: oil.id, quantity: 1 }]));
    expect(await stockOf(oil.id)).toBe(2);
    // All three: possible only because the first checkout's unit comes back in the same step.
    const second = started(await checkOut([{ id: oil.id, quantity: 3 }]));
    expect(second.checkoutId).not.toBe(first.checkoutId);
    expect(await stockOf(oil.id)).toBe(0);
    expect(await ordersOf(first.checkoutId)).toEqual([
      expect.objectContaining({
        status: "replaced",
        closingReason: replacedReasons.changed,
        cancelledAt: expect.any(Date),
      }),
    ]);
    const [old] = await db().select().from(checkouts).where(eq(checkouts.id, first.checkoutId));
    expect(old).toMatchObject({ stockHold: "released", basketKey: null });
    expect((await ordersOf(second.checkoutId))[0]?.status).toBe("pending_payment");
    // A changed delivery choice is a changed basket too.
    const third = started(
      await checkOut([{ id: oil.id, quantity: 3 }], { [`fulfilment.${spa.id}`]: "pickup" }),
    );
    expect(third.checkoutId).not.toBe(second.checkoutId);
    expect(await stockOf(oil.id)).toBe(0);
  });

  test("a refused new basket leaves the open checkout as it was", async () => {
    const oil = await createProduct(db(), { businessId: spa.id, stock: 2 });
    const first = started(await checkOut([{ id: oil.id, quantity: 1 }]));
    const refused = await checkOut([{ id: oil.id, quantity: 3 }]);
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect((await ordersOf(first.checkoutId))[0]?.status).toBe("pending_payment");
    expect(await stockOf(oil.id)).toBe(1);
    expect(started(await checkOut([{ id: oil.id, quantity: 1 }]))).toEqual(first);
  });

  test("a payment that arrives for replaced orders is refunded whole, and the shopper told", async () => {
    const oil = await createProduct(db(), { businessId: spa.id, stock: 5, priceKobo: 300_000 });
    const first = started(await checkOut([{ id: oil.id, quantity: 1 }]));
    const second = started(await checkOut([{ id: oil.id, quantity: 2 }]));
    pay.simulator.complete(first.reference, "success");
    expect(await verifyAndConfirm(context(), first.reference)).toMatchObject({ kind: "refunded" });
    expect((await ordersOf(first.checkoutId))[0]?.status).toBe("replaced");
    expect((await ordersOf(second.checkoutId))[0]?.status).toBe("pending_payment");
    const notices = await returnedNotices(shopper.email, first.checkoutId);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain("had already been closed");
  });

  test("the same basket after its hold ran out makes new orders and closes the expired ones", async () => {
    const oil = await createProduct(db(), { businessId: spa.id, stock: 2 });
    const first = started(await checkOut([{ id: oil.id, quantity: 2 }]));
    const quote = await quoteCart(db(), [{ id: oil.id, quantity: 2 }]);
    const form = checkoutForm([{ id: oil.id, quantity: 2 }], {
      expectedTotalKobo: String(quote.totalKobo),
      [`fulfilment.${spa.id}`]: "delivery",
    });
    const again = started(
      await startCheckout({ ...context(), now: later(31) }, { id: shopper.userId }, form),
    );
    expect(again.checkoutId).not.toBe(first.checkoutId);
    expect(await ordersOf(first.checkoutId)).toEqual([
      expect.objectContaining({ status: "replaced", closingReason: replacedReasons.expired }),
    ]);
    expect(await stockOf(oil.id)).toBe(0);
  });

  test("start again from my cart: the expired orders close, their stock goes back, and their lines come back at today's price", async () => {
    const oil = await createProduct(db(), {
      businessId: spa.id,
      stock: 4,
      priceKobo: 250_000,
      sizes: ["Small", "Large"],
    });
    const braids = await createProduct(db(), { businessId: salon.id, stock: 4 });
    const payment = started(
      await checkOut([
        { id: oil.id, quantity: 2, size: "Large" },
        { id: braids.id, quantity: 1 },
      ]),
    );
    await db().update(products).set({ priceKobo: 260_000 }).where(eq(products.id, oil.id));
    const stranger = await signUpAs(db(), { name: "Tunde Stranger" });
    expect(await startAgainFromCart(db(), stranger.userId, payment.checkoutId)).toEqual({
      ok: false,
      status: 404,
    });
    const restarted = await startAgainFromCart(
      db(),
      shopper.userId,
      payment.checkoutId,
      later(31)(),
    );
    expect(restarted).toMatchObject({
      ok: true,
      lines: [
        {
          id: oil.id,
          quantity: 2,
          size: "Large",
          amount: 2_600,
          businessId: spa.id,
          businessName: "Ewa Spa",
          sizes: ["Small", "Large"],
        },
        { id: braids.id, quantity: 1, size: null, businessId: salon.id },
      ],
    });
    expect(await stockOf(oil.id)).toBe(4);
    expect(await stockOf(braids.id)).toBe(4);
    const closed = await ordersOf(payment.checkoutId);
    expect(closed.map((order) => [order.status, order.closingReason])).toEqual([
      ["cancelled", startedAgainReason],
      ["cancelled", startedAgainReason],
    ]);
    expect(await startAgainFromCart(db(), shopper.userId, payment.checkoutId)).toMatchObject({
      ok: false,
      status: 409,
    });
    // The payment window left open in another tab is paid anyway: returned, and the shopper told.
    pay.simulator.complete(payment.reference, "success");
    expect(await verifyAndConfirm(context(), payment.reference)).toMatchObject({
      kind: "refunded",
    });
    expect(await returnedNotices(shopper.email, payment.checkoutId)).toHaveLength(1);
  });
});

describe("after payment", () => {
  test("a shopper cancels an unpaid checkout: its stock goes back, and a second cancel is refused", async () => {
    const product = await createProduct(db(), { businessId: spa.id, stock: 3 });
    const payment = started(await checkOut([{ id: product.id, quantity: 3 }]));
    expect(await cancelUnpaidCheckout(db(), shopper.userId, payment.checkoutId)).toEqual({
      ok: true,
    });
    expect(await stockOf(product.id)).toBe(3);
    expect(await cancelUnpaidCheckout(db(), shopper.userId, payment.checkoutId)).toMatchObject({
      ok: false,
      status: 409,
    });
    const stranger = await signUpAs(db(), { name: "Tunde Bello" });
    expect(await cancelUnpaidCheckout(db(), stranger.userId, payment.checkoutId)).toEqual({
      ok: false,
      status: 404,
    });
  });

  test("a paid order is refunded through the provider once, and its stock goes back; a fulfilled one's doesn't", async () => {
    const product = await createProduct(db(), { businessId: spa.id, stock: 4, priceKobo: 300_000 });
    const payment = started(await checkOut([{ id: product.id, quantity: 2 }]));
    pay.simulator.complete(payment.reference, "success");
    await verifyAndConfirm(context(), payment.reference);
    const [order] = await ordersOf(payment.checkoutId);
    if (!order) throw new Error("no order");
    const refunded = await refundOrder(db(), order.id, "Out of season");
    if (!refunded.ok) throw new Error("refund refused");
    expect(await refundOrder(db(), order.id, "again")).toMatchObject({ ok: false, status: 409 });
    expect(await stockOf(product.id)).toBe(4);
    await sendPendingRefunds(context(), { refundId: refunded.refundId });
    const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({ amountKobo: 600_000 });
    expect(refund?.providerRefundId).toBeTruthy();
    const transaction = pay.simulator.transaction(payment.reference);
    expect(transaction?.refunds.map((entry) => entry.amount)).toEqual([600_000]);

    const other = started(await checkOut([{ id: product.id, quantity: 1 }]));
    pay.simulator.complete(other.reference, "success");
    await verifyAndConfirm(context(), other.reference);
    const [otherOrder] = await ordersOf(other.checkoutId);
    if (!otherOrder) throw new Error("no order");
    expect(await markFulfilled(db(), otherOrder.id)).toEqual({ ok: true });
    expect(await markFulfilled(db(), otherOrder.id)).toMatchObject({ ok: false, status: 409 });
    // Refunded after fulfilment (decision 027): the goods left the shop, so no stock comes back.
    expect(await refundOrder(db(), otherOrder.id, "late")).toMatchObject({ ok: true });
    expect(await stockOf(product.id)).toBe(3);
  });
});

beforeEach(() => {
  pay.simulator.setWebhookUrl(undefined);
});

describe("delivery as the business sets it", () => {
  let kitchen: { id: string; name: string };
  let pickupOnly: { id: string; name: string };

  beforeAll(async () => {
    const category = await createCategory(db(), { name: "Restaurants" });
    kitchen = await createBusiness(db(), { categoryId: category.id, name: "Mama Put Kitchen" });
    pickupOnly = await createBusiness(db(), { categoryId: category.id, name: "Ofada Corner" });
    await writeHandoverSettings(db(), kitchen.id, {
      pickupAddress: "4 Isaac John Street, Ikeja",
      pickupHours: "Daily 11:00–21:00",
      freeDeliveryFromKobo: 2_000_000,
      areas: [
        { city: "Lagos", area: "Lekki", feeKobo: 150_000, estimate: "Same day" },
        { city: "Lagos", area: "", feeKobo: 250_000, estimate: "1–2 days" },
        { city: "Abuja", area: "Wuse 2", feeKobo: 400_000, estimate: "2–3 days" },
      ],
    });
  });

  async function checkoutsCount() {
    return (await db().select({ id: checkouts.id }).from(checkouts)).length;
  }

  test("the fee of the shopper's area is priced on the server, charged once in the payment, and kept on the order", async () => {
    const soup = await createProduct(db(), { businessId: kitchen.id, priceKobo: 800_000 });
    const lines = [{ id: soup.id, quantity: 1 }];
    const place = { city: "LÁGOS ", area: "lekki phase 1" };
    const quote = await quoteCart(db(), lines, { place, pickup: new Set() });
    expect(quote.groups[0]).toMatchObject({
      fulfilment: "delivery",
      deliveryFeeKobo: 150_000,
      delivery: { kind: "available", estimate: "Same day" },
      pickup: { address: "4 Isaac John Street, Ikeja", hours: "Daily 11:00–21:00" },
    });
    expect(quote.totalKobo).toBe(950_000);
    const payment = started(
      await startCheckout(
        context(),
        { id: shopper.userId },
        checkoutForm(lines, {
          ...place,
          expectedTotalKobo: "950000",
          [`fulfilment.${kitchen.id}`]: "delivery",
        }),
      ),
    );
    const [order] = await ordersOf(payment.checkoutId);
    expect(order).toMatchObject({
      subtotalKobo: 800_000,
      deliveryFeeKobo: 150_000,
      deliveryEstimate: "Same day",
      deliveryAddress: { area: "lekki phase 1", city: "LÁGOS" },
    });
    const [checkout] = await db()
      .select()
      .from(checkouts)
      .where(eq(checkouts.id, payment.checkoutId));
    expect(checkout?.totalKobo).toBe(950_000);
    expect((await pay.provider.verify(payment.reference)).amountKobo).toBe(950_000);

    // A fee changed later never reprices the order placed.
    await writeHandoverSettings(db(), kitchen.id, {
      pickupAddress: "",
      pickupHours: "",
      freeDeliveryFromKobo: null,
      areas: [{ city: "Lagos", area: "", feeKobo: 900_000, estimate: "Next week" }],
    });
    expect((await ordersOf(payment.checkoutId))[0]?.deliveryFeeKobo).toBe(150_000);
    await writeHandoverSettings(db(), kitchen.id, {
      pickupAddress: "4 Isaac John Street, Ikeja",
      pickupHours: "Daily 11:00–21:00",
      freeDeliveryFromKobo: 2_000_000,
      areas: [
        { city: "Lagos", area: "Lekki", feeKobo: 150_000, estimate: "Same day" },
        { city: "Lagos", area: "", feeKobo: 250_000, estimate: "1–2 days" },
        { city: "Abuja", area: "Wuse 2", feeKobo: 400_000, estimate: "2–3 days" },
      ],
    });
  });

  test("a total that leaves out or lowers the delivery fee is refused with the real quote, and nothing is written", async () => {
    const soup = await createProduct(db(), {
      businessId: kitchen.id,
      priceKobo: 800_000,
      stock: 5,
    });
    const before = await checkoutsCount();
    for (const tampered of ["800000", "850000"]) {
      const result = await startCheckout(
        context(),
        { id: shopper.userId },
        checkoutForm([{ id: soup.id, quantity: 1 }], {
          city: "Lagos",
          expectedTotalKobo: tampered,
          [`fulfilment.${kitchen.id}`]: "delivery",
        }),
      );
      expect(result).toMatchObject({
        ok: false,
        status: 409,
        quote: { totalKobo: 1_050_000, groups: [{ deliveryFeeKobo: 250_000 }] },
      });
    }
    expect(await checkoutsCount()).toBe(before);
    expect(await stockOf(soup.id)).toBe(5);
  });

  test("delivery is free once the items reach the business's threshold", async () => {
    const tray = await createProduct(db(), { businessId: kitchen.id, priceKobo: 1_000_000 });
    const place = { city: "Lagos", area: "" };
    const under = await quoteCart(db(), [{ id: tray.id, quantity: 1 }], {
      place,
      pickup: new Set(),
    });
    expect(under.groups[0]?.deliveryFeeKobo).toBe(250_000);
    const payment = started(
      await startCheckout(
        context(),
        { id: shopper.userId },
        checkoutForm([{ id: tray.id, quantity: 2 }], {
          city: "Lagos",
          expectedTotalKobo: "2000000",
          [`fulfilment.${kitchen.id}`]: "delivery",
        }),
      ),
    );
    expect((await ordersOf(payment.checkoutId))[0]).toMatchObject({
      deliveryFeeKobo: 0,
      deliveryEstimate: "1–2 days",
    });
  });

  test("an address the business doesn't deliver to: delivery is refused with a field message and nothing written; pickup goes through", async () => {
    const soup = await createProduct(db(), {
      businessId: kitchen.id,
      priceKobo: 800_000,
      stock: 5,
    });
    const lines = [{ id: soup.id, quantity: 1 }];
    const quote = await quoteCart(db(), lines, {
      place: { city: "Ibadan", area: "" },
      pickup: new Set(),
    });
    expect(quote.groups[0]).toMatchObject({
      fulfilment: "pickup",
      deliveryFeeKobo: 0,
      delivery: {
        kind: "not_served",
        reason: "Mama Put Kitchen doesn't deliver to Ibadan. It delivers in Lagos and Abuja.",
      },
    });
    const before = await checkoutsCount();
    const refused = await startCheckout(
      context(),
      { id: shopper.userId },
      checkoutForm(lines, {
        city: "Ibadan",
        expectedTotalKobo: "800000",
        [`fulfilment.${kitchen.id}`]: "delivery",
      }),
    );
    expect(refused).toMatchObject({
      ok: false,
      status: 400,
      errors: {
        [`fulfilment.${kitchen.id}`]:
          "Mama Put Kitchen doesn't deliver to Ibadan. It delivers in Lagos and Abuja. Choose pickup, or change the address.",
      },
    });
    // Abuja is served only in Wuse 2: another area there is refused the same way.
    const elsewhere = await startCheckout(
      context(),
      { id: shopper.userId },
      checkoutForm(lines, {
        city: "Abuja",
        area: "Garki",
        expectedTotalKobo: "800000",
        [`fulfilment.${kitchen.id}`]: "delivery",
      }),
    );
    expect(elsewhere).toMatchObject({
      ok: false,
      status: 400,
      errors: { [`fulfilment.${kitchen.id}`]: expect.stringContaining("to Wuse 2") },
    });
    expect(await checkoutsCount()).toBe(before);
    expect(await stockOf(soup.id)).toBe(5);

    const payment = started(
      await startCheckout(
        context(),
        { id: shopper.userId },
        checkoutForm(lines, {
          city: "Ibadan",
          expectedTotalKobo: "800000",
          [`fulfilment.${kitchen.id}`]: "pickup",
        }),
      ),
    );
    expect((await ordersOf(payment.checkoutId))[0]).toMatchObject({
      fulfilment: "pickup",
      deliveryFeeKobo: 0,
      deliveryEstimate: null,
      deliveryAddress: null,
    });
  });

  test("a business that set no delivery offers pickup at its own address only", async () => {
    const rice = await createProduct(db(), { businessId: pickupOnly.id, priceKobo: 300_000 });
    const quote = await quoteCart(db(), [{ id: rice.id, quantity: 1 }], {
      place: { city: "Lagos", area: "" },
      pickup: new Set(),
    });
    expect(quote.groups[0]).toMatchObject({
      fulfilment: "pickup",
      delivery: { kind: "pickup_only" },
      pickup: { address: "12 Admiralty Way, Lekki Phase 1, Lagos", hours: "During opening hours" },
    });
    expect(quote.totalKobo).toBe(300_000);
  });

  test("the receipt shows each order's total with its delivery fee and estimate", async () => {
    const soup = await createProduct(db(), { businessId: kitchen.id, priceKobo: 800_000 });
    const receiptShopper = await signUpAs(db(), { name: "Bola Receipt" });
    const form = checkoutForm([{ id: soup.id, quantity: 1 }], {
      email: receiptShopper.email,
      city: "Lagos",
      area: "Lekki",
      expectedTotalKobo: "950000",
      [`fulfilment.${kitchen.id}`]: "delivery",
    });
    const payment = started(await startCheckout(context(), { id: receiptShopper.userId }, form));
    pay.simulator.complete(payment.reference, "success");
    await verifyAndConfirm(context(), payment.reference);
    const [receipt] = await receiptsTo(receiptShopper.email);
    const [order] = await ordersOf(payment.checkoutId);
    expect(receipt?.text).toContain(
      `${order?.number} · Mama Put Kitchen · ₦9,500.00 · delivery ₦1,500.00 (Same day)`,
    );
  });
});

describe("holds are bounded (decision 030)", () => {
  const later = (minutes: number) => () => new Date(Date.now() + minutes * 60_000);
  /** The settings' defaults: 3 open checkouts per shopper, 10 per address, half of a product. */
  const bounded = (extra: Partial<typeof defaultHoldLimits> = {}, now?: () => Date) => ({
    ...context(),
    holdLimits: { ...defaultHoldLimits, ...extra },
    ...(now ? { now } : {}),
  });

  /** Checks out as `who` with `email` on the form, at the total a stranger's quote gives. */
  async function checkOutAs(
    who: { userId: string; clientAddress?: string },
    email: string,
    lines: Line[],
    limits: ReturnType<typeof bounded> = bounded(),
  ) {
    const quote = await quoteCart(db(), lines);
    const form = shopperCheckoutForm(email, lines, {
      expectedTotalKobo: String(quote.totalKobo),
    });
    for (const group of quote.groups) form.set(`fulfilment.${group.business.id}`, "pickup");
    return startCheckout(limits, { id: who.userId, clientAddress: who.clientAddress }, form);
  }

  const checkoutCount = async () =>
    (await db().select({ id: checkouts.id }).from(checkouts)).length;

  test("one shopper may hold half of a product's stock, rounded up; more is refused at the line, nothing written", async () => {
    const lamp = await createProduct(db(), { businessId: spa.id, stock: 10 });
    const ngozi = await signUpAs(db(), { name: "Ngozi Hoarder" });
    const before = await checkoutCount();
    const greedy = await checkOutAs(ngozi, ngozi.email, [{ id: lamp.id, quantity: 6 }]);
    expect(greedy).toMatchObject({
      ok: false,
      status: 409,
      quote: {
        blocked: true,
        groups: [{ lines: [{ issues: [{ kind: "over_limit", reason: "share", allowed: 5 }] }] }],
      },
    });
    expect(await checkoutCount()).toBe(before);
    expect(await stockOf(lamp.id)).toBe(10);
    started(await checkOutAs(ngozi, ngozi.email, [{ id: lamp.id, quantity: 5 }]));
    expect(await stockOf(lamp.id)).toBe(5);

    // A second account with the same email (a +tag is the same inbox) is the same shopper: its
    // share is already held.
    const again = await signUpAs(db(), { name: "Ngozi Again" });
    const [local, domain] = ngozi.email.split("@");
    const refused = await checkOutAs(again, `${local}+2@${domain?.toUpperCase()}`, [
      { id: lamp.id, quantity: 1 },
    ]);
    expect(refused).toMatchObject({
      status: 409,
      quote: { groups: [{ lines: [{ issues: [{ kind: "over_limit", allowed: 0 }] }] }] },
    });
    // Anyone else may still buy their half of what there is.
    const other = await signUpAs(db(), { name: "Emeka Fair" });
    started(await checkOutAs(other, other.email, [{ id: lamp.id, quantity: 5 }]));
    expect(await stockOf(lamp.id)).toBe(0);
  });

  test("the last few of a product can be held together, and a paid share frees the next", async () => {
    const vase = await createProduct(db(), { businessId: spa.id, stock: 3 });
    const bola = await signUpAs(db(), { name: "Bola Collector" });
    const both = started(await checkOutAs(bola, bola.email, [{ id: vase.id, quantity: 2 }]));
    pay.simulator.complete(both.reference, "success");
    expect(await verifyAndConfirm(context(), both.reference)).toMatchObject({ kind: "paid" });
    // Sold, not held: the last one may be bought too.
    started(await checkOutAs(bola, bola.email, [{ id: vase.id, quantity: 1 }]));
    expect(await stockOf(vase.id)).toBe(0);
  });

  test("a shopper may have 3 checkouts waiting for payment; the 4th is refused and writes nothing until one closes", async () => {
    const email = `chidi-${Date.now()}@example.com`;
    const accounts = await Promise.all(
      ["Chidi One", "Chidi Two", "Chidi Three", "Chidi Four"].map((name) =>
        signUpAs(db(), { name }),
      ),
    );
    const product = await createProduct(db(), { businessId: spa.id, stock: 100 });
    const open = [];
    for (const account of accounts.slice(0, 3)) {
      open.push(started(await checkOutAs(account, email, [{ id: product.id, quantity: 1 }])));
    }
    const before = await checkoutCount();
    const fourth = accounts[3] as TestAccount;
    expect(await checkOutAs(fourth, email, [{ id: product.id, quantity: 1 }])).toEqual({
      ok: false,
      status: 429,
      message: tooManyOpenMessages.shopper,
    });
    expect(await checkoutCount()).toBe(before);
    expect(await stockOf(product.id)).toBe(97);
    // The same account checking out again replaces its own open checkout: not a 4th.
    started(await checkOutAs(accounts[0] as TestAccount, email, [{ id: product.id, quantity: 2 }]));
    // One closed: a 4th may start.
    await cancelUnpaidCheckout(db(), accounts[1]?.userId as string, open[1]?.checkoutId as string);
    started(await checkOutAs(fourth, email, [{ id: product.id, quantity: 1 }]));
  });

  test("an address may have only so many checkouts waiting; ones whose hold ran out don't count", async () => {
    const product = await createProduct(db(), { businessId: spa.id, stock: 100 });
    const clientAddress = "198.51.100.23";
    const people = await Promise.all(
      ["Kemi Cafe", "Musa Cafe", "Ife Cafe"].map((name) => signUpAs(db(), { name })),
    );
    const limits = bounded({ openPerAddress: 2 });
    for (const person of people.slice(0, 2)) {
      started(
        await checkOutAs(
          { ...person, clientAddress },
          person.email,
          [{ id: product.id, quantity: 1 }],
          limits,
        ),
      );
    }
    const third = people[2] as TestAccount;
    expect(
      await checkOutAs(
        { ...third, clientAddress },
        third.email,
        [{ id: product.id, quantity: 1 }],
        limits,
      ),
    ).toEqual({ ok: false, status: 429, message: tooManyOpenMessages.address });
    // Another address is not this one's business.
    started(
      await checkOutAs(
        { ...third, clientAddress: "198.51.100.99" },
        third.email,
        [{ id: product.id, quantity: 1 }],
        limits,
      ),
    );
    // Half an hour on, the first two holds have run out.
    const fourth = await signUpAs(db(), { name: "Sola Cafe" });
    started(
      await checkOutAs(
        { ...fourth, clientAddress },
        fourth.email,
        [{ id: product.id, quantity: 1 }],
        bounded({ openPerAddress: 2 }, later(31)),
      ),
    );
  });

  test("paying again renews the hold once; after that it keeps its time, and once that passes it can't be paid", async () => {
    const kettle = await createProduct(db(), { businessId: spa.id, stock: 4 });
    const yemi = await signUpAs(db(), { name: "Yemi Renewer" });
    const first = started(await checkOutAs(yemi, yemi.email, [{ id: kettle.id, quantity: 1 }]));
    const holdOf = async () =>
      (await db().select().from(checkouts).where(eq(checkouts.id, first.checkoutId)))[0];
    const created = (await holdOf())?.holdExpiresAt.getTime() as number;

    const renewedAt = later(20);
    expect(await payAgain(bounded({}, renewedAt), { id: yemi.userId }, first.checkoutId)).toEqual({
      ok: true,
      payment: first,
    });
    const renewed = await holdOf();
    expect(renewed?.holdRenewedAt).toBeInstanceOf(Date);
    const renewedUntil = renewed?.holdExpiresAt.getTime() as number;
    expect(renewedUntil - created).toBeGreaterThan(19 * 60_000);

    // A second renewal (pay again, or Pay for the same basket) changes nothing.
    expect((await payAgain(bounded({}, later(40)), { id: yemi.userId }, first.checkoutId)).ok).toBe(
      true,
    );
    const lines = [{ id: kettle.id, quantity: 1 }];
    const quote = await quoteCart(db(), lines);
    const form = shopperCheckoutForm(yemi.email, lines, {
      expectedTotalKobo: String(quote.totalKobo),
      [`fulfilment.${spa.id}`]: "pickup",
    });
    expect(await startCheckout(bounded({}, later(45)), { id: yemi.userId }, form)).toEqual({
      ok: true,
      payment: first,
    });
    expect((await holdOf())?.holdExpiresAt.getTime()).toBe(renewedUntil);

    // Past the renewed time: the honest "ran out" message, and nothing new is started.
    expect(await payAgain(bounded({}, later(51)), { id: yemi.userId }, first.checkoutId)).toEqual({
      ok: false,
      status: 409,
      message: holdRanOutMessage,
    });
    expect(await paymentsOf(first.checkoutId)).toHaveLength(1);
  });

  test("a quote tells the exact stock only when it is low; above that, a quantity the shopper can have", async () => {
    const rice = await createProduct(db(), { businessId: spa.id, stock: 37 });
    const beans = await createProduct(db(), { businessId: spa.id, stock: 4 });
    const limits = { ...defaultHoldLimits, sharePercent: 100 };
    const quote = await quoteCart(
      db(),
      [
        { id: rice.id, quantity: 50 },
        { id: beans.id, quantity: 6 },
      ],
      undefined,
      undefined,
      limits,
    );
    const issues = quote.groups[0]?.lines.map((line) => line.issues);
    expect(issues).toEqual([
      [{ kind: "over_limit", reason: "stock", allowed: 20 }],
      [{ kind: "short_stock", available: 4 }],
    ]);
    expect(JSON.stringify(quote)).not.toMatch(/\b37\b/);
    // Within the stock: nothing said at all.
    const fine = await quoteCart(db(), [{ id: rice.id, quantity: 18 }], undefined, undefined, {
      ...defaultHoldLimits,
    });
    expect(fine.blocked).toBe(false);
    // The share, likewise, is told on the same ladder: half of 37 is 19, told as "up to 10".
    const share = await quoteCart(db(), [{ id: rice.id, quantity: 30 }]);
    expect(share.groups[0]?.lines[0]?.issues).toEqual([
      { kind: "over_limit", reason: "share", allowed: 10 },
    ]);
  });
});

describe("points at checkout (decision 057)", () => {
  const later = (minutes: number) => () => new Date(Date.now() + minutes * 60_000);

  /** A shopper of their own with `points` to spend. */
  async function pointsHolder(points: number) {
    const account = await signUpAs(db(), { name: "Tolu Points" });
    await db().transaction((tx) =>
      recordPoints(tx, {
        userId: account.userId,
        kind: "earn",
        availableDelta: points,
        cause: `test-gift:${account.userId}`,
      }),
    );
    return account;
  }

  /** Checks out with `points`, expecting the total the page would show after them. */
  async function checkOutWithPoints(lines: Line[], points: number, who: TestAccount) {
    const quote = await quoteCart(db(), lines);
    return checkOut(
      lines,
      {
        usePoints: String(points),
        expectedTotalKobo: String(quote.totalKobo - points * koboPerPointSpent),
      },
      who,
    );
  }

  const balance = async (who: TestAccount) => (await walletOf(db(), who.userId)).available;

  test("points take ₦1 each off the payment, split over the orders, paid by Oja without a split", async () => {
    const ada = await pointsHolder(10_000);
    const rice = await createProduct(db(), { businessId: spa.id, stock: 5, priceKobo: 1_000_000 });
    const braids = await createProduct(db(), {
      businessId: salon.id,
      stock: 5,
      priceKobo: 500_000,
    });
    const lines = [
      { id: rice.id, quantity: 1 },
      { id: braids.id, quantity: 1 },
    ];
    // ₦15,000 in all: 6,000 points take ₦6,000 off.
    const payment = started(await checkOutWithPoints(lines, 6_000, ada));
    expect(await balance(ada)).toBe(4_000);
    const [checkout] = await db()
      .select()
      .from(checkouts)
      .where(eq(checkouts.id, payment.checkoutId));
    expect(checkout).toMatchObject({ totalKobo: 900_000, pointsUsed: 6_000 });
    const placed = await ordersOf(payment.checkoutId);
    expect(placed.map((order) => order.pointsUsed).sort((a, b) => b - a)).toEqual([4_000, 2_000]);
    expect(placed.every((order) => order.payoutSubaccount === null)).toBe(true);
    expect(pay.simulator.transaction(payment.reference)?.amount).toBe(900_000);
    pay.simulator.complete(payment.reference, "success");
    expect(await verifyAndConfirm(context(), payment.reference)).toMatchObject({ kind: "paid" });
    // Earned on the ₦9,000 paid in money, not on what points paid: 60 + 30 of 150 → 90.
    expect(await walletOf(db(), ada.userId)).toEqual({ available: 4_000, pending: 90 });
  });

  test("more than half of the order, or more than the shopper has, is refused and nothing is written", async () => {
    const ada = await pointsHolder(3_000);
    const product = await createProduct(db(), {
      businessId: spa.id,
      stock: 2,
      priceKobo: 1_000_000,
    });
    const lines = [{ id: product.id, quantity: 1 }];
    const tooMuch = await checkOutWithPoints(lines, 5_001, ada);
    expect(tooMuch).toMatchObject({ ok: false, status: 409 });
    if (!tooMuch.ok && tooMuch.status === 409) {
      expect(tooMuch.message).toContain("at most half");
    }
    const rich = await checkOutWithPoints(lines, 3_001, ada);
    expect(rich).toMatchObject({ ok: false, status: 409 });
    if (!rich.ok && rich.status === 409) expect(rich.message).toContain("3,000 points");
    // A total computed without the points doesn't match what the server charges.
    const stale = await checkOut(lines, { usePoints: "1000" }, ada);
    expect(stale).toMatchObject({ ok: false, status: 409 });
    const nonsense = await checkOut(lines, { usePoints: "-5" }, ada);
    expect(nonsense).toMatchObject({
      ok: false,
      status: 400,
      errors: { usePoints: expect.any(String) },
    });
    expect(await balance(ada)).toBe(3_000);
    expect(await stockOf(product.id)).toBe(2);
  });

  test("cancelled unpaid (a declined card, then Cancel): the points come back, once", async () => {
    const ada = await pointsHolder(2_000);
    const product = await createProduct(db(), { businessId: spa.id, stock: 2, priceKobo: 800_000 });
    const payment = started(
      await checkOutWithPoints([{ id: product.id, quantity: 1 }], 2_000, ada),
    );
    expect(await balance(ada)).toBe(0);
    pay.simulator.complete(payment.reference, "declined");
    expect(await verifyAndConfirm(context(), payment.reference)).toMatchObject({
      kind: "not_paid",
    });
    expect(await cancelUnpaidCheckout(db(), ada.userId, payment.checkoutId)).toEqual({ ok: true });
    await cancelUnpaidCheckout(db(), ada.userId, payment.checkoutId);
    expect(await balance(ada)).toBe(2_000);
  });

  test("abandoned: the points come back with the stock; a late payment takes them again, or is refunded when they're gone", async () => {
    const ada = await pointsHolder(1_000);
    const product = await createProduct(db(), { businessId: spa.id, stock: 4, priceKobo: 400_000 });
    const late = started(await checkOutWithPoints([{ id: product.id, quantity: 1 }], 1_000, ada));
    await reconcilePayments({ ...context(), now: later(31) });
    expect(await balance(ada)).toBe(1_000);
    pay.simulator.complete(late.reference, "success");
    expect(await verifyAndConfirm(context(), late.reference)).toMatchObject({ kind: "paid" });
    expect(await balance(ada)).toBe(0);

    const kemi = await pointsHolder(1_000);
    const gone = started(await checkOutWithPoints([{ id: product.id, quantity: 1 }], 1_000, kemi));
    await reconcilePayments({ ...context(), now: later(31) });
    // Spent elsewhere before the late payment arrived.
    await db().transaction((tx) =>
      recordPoints(tx, {
        userId: kemi.userId,
        kind: "spend",
        availableDelta: -600,
        cause: `test-spend:${kemi.userId}`,
      }),
    );
    pay.simulator.complete(gone.reference, "success");
    expect(await verifyAndConfirm(context(), gone.reference)).toMatchObject({ kind: "refunded" });
    const [order] = await ordersOf(gone.checkoutId);
    expect(order).toMatchObject({
      status: "cancelled",
      closingReason: "Your points were spent before your payment arrived; your money is returned.",
    });
    expect(await balance(kemi)).toBe(400);
    expect(await stockOf(product.id)).toBe(3);
  });

  test("a changed basket replaces the open checkout: its points come back and the new one takes its own", async () => {
    const ada = await pointsHolder(1_500);
    const product = await createProduct(db(), { businessId: spa.id, stock: 5, priceKobo: 500_000 });
    const first = started(await checkOutWithPoints([{ id: product.id, quantity: 1 }], 1_000, ada));
    expect(await balance(ada)).toBe(500);
    // The first checkout's 1,000 points count as the shopper's for the new basket.
    const second = started(await checkOutWithPoints([{ id: product.id, quantity: 2 }], 1_500, ada));
    expect(second.checkoutId).not.toBe(first.checkoutId);
    expect(await balance(ada)).toBe(0);
    expect((await ordersOf(first.checkoutId))[0]?.status).toBe("replaced");
    // The same basket again resumes it, its points still held.
    const again = started(await checkOutWithPoints([{ id: product.id, quantity: 2 }], 1_500, ada));
    expect(again.checkoutId).toBe(second.checkoutId);
    expect(await balance(ada)).toBe(0);
  });

  test("refunds return money up to what was paid in money, and the points in proportion", async () => {
    const ada = await pointsHolder(5_000);
    const product = await createProduct(db(), {
      businessId: spa.id,
      stock: 2,
      priceKobo: 1_000_000,
    });
    const payment = started(
      await checkOutWithPoints([{ id: product.id, quantity: 1 }], 4_000, ada),
    );
    pay.simulator.complete(payment.reference, "success");
    await verifyAndConfirm(context(), payment.reference);
    const [order] = await ordersOf(payment.checkoutId);
    if (!order) throw new Error("no order");
    // ₦10,000: ₦6,000 in money, 4,000 points. Half the money back → half the points.
    expect(await refundOrder(db(), order.id, "Half", { amountKobo: 300_000 })).toMatchObject({
      ok: true,
    });
    expect(await balance(ada)).toBe(1_000 + 2_000);
    expect(await refundOrder(db(), order.id, "Too much", { amountKobo: 300_001 })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await refundOrder(db(), order.id, "The rest")).toMatchObject({
      ok: true,
      amountKobo: 300_000,
    });
    expect(await balance(ada)).toBe(5_000);
    // Every point the order earned went back with the money.
    expect((await walletOf(db(), ada.userId)).pending).toBe(0);
  });
});
