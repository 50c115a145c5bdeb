import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { products } from "#app/db/schema.server.ts";
import { signUpAs, type TestAccount } from "#tests/support/accounts.ts";
import { createBusiness, createCategory, createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { createOrder } from "#tests/support/orders.ts";
import { startTestPayments, type TestPayments } from "#tests/support/payments.ts";
import { quoteCart, startCheckout } from "./checkout.server.ts";
import { pollRefunds, sendPendingRefunds, verifyAndConfirm } from "./confirm.server.ts";
import { markFulfilled, refundOrder } from "./lifecycle.server.ts";
import { orders, refunds } from "./schema.server.ts";

/**
 * Refunds after fulfilment and in part (decision 027), on a real database with the Paystack
 * simulator over HTTP: each refund goes to Paystack with its own amount, only what is left may be
 * refunded (a failed refund gives its share back), refunding the rest closes the order, stock
 * returns only for goods never handed over, and two refunds at once can't exceed the total.
 */
let database: DatabaseHandle;
const db = () => database.db;
let pay: TestPayments;
let shopper: TestAccount;
let spa: { id: string };

beforeAll(async () => {
  database = await createTestDatabase();
  pay = await startTestPayments();
  const category = await createCategory(db());
  spa = await createBusiness(db(), { categoryId: category.id, name: "Ewa Spa" });
  shopper = await signUpAs(db(), { name: "Ada Obi" });
}, 60_000);

afterAll(async () => {
  await pay.close();
  await database.close();
});

beforeEach(() => {
  pay.simulator.setWebhookUrl(undefined);
  pay.simulator.setRefundOutcome("processed");
});

const context = () => ({
  db: db(),
  payments: pay.provider,
  log: pay.log,
  callbackUrl: "http://localhost:3000/checkout/callback",
  publicUrl: "http://localhost:3000",
});

/** A paid pickup order of `quantity` × a ₦2,500 product (stock 10), with its payment's reference. */
async function paidOrder(quantity = 2) {
  const product = await createProduct(db(), { businessId: spa.id, priceKobo: 250_000, stock: 10 });
  const lines = [{ id: product.id, quantity }];
  const quote = await quoteCart(db(), lines);
  const form = new FormData();
  for (const [name, value] of Object.entries({
    email: shopper.email,
    phone: "0803 123 4567",
    lines: JSON.stringify(lines),
    expectedTotalKobo: String(quote.totalKobo),
    [`fulfilment.${spa.id}`]: "pickup",
  })) {
    form.set(name, value);
  }
  const started = await startCheckout(context(), { id: shopper.userId }, form);
  if (!started.ok) throw new Error(`checkout refused: ${JSON.stringify(started)}`);
  pay.simulator.complete(started.payment.reference, "success");
  await verifyAndConfirm(context(), started.payment.reference);
  const [order] = await db()
    .select()
    .from(orders)
    .where(eq(orders.checkoutId, started.payment.checkoutId));
  if (order?.status !== "paid") throw new Error("the order wasn't paid");
  return { order, product, reference: started.payment.reference };
}

async function stockOf(productId: string) {
  const [row] = await db()
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return row?.stock;
}

async function orderNow(orderId: string) {
  const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error("no order");
  return row;
}

async function refundsOf(orderId: string) {
  return db().select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.createdAt);
}

describe("refunds in part and after fulfilment", () => {
  test("a fulfilled order refunded in two parts: each reaches Paystack with its amount, the order stays fulfilled until the rest is refunded, and no stock comes back", async () => {
    const { order, product, reference } = await paidOrder(2);
    expect(await stockOf(product.id)).toBe(8);
    expect(await markFulfilled(db(), order.id)).toEqual({ ok: true });

    const first = await refundOrder(db(), order.id, "One towel was torn.", { amountKobo: 150_050 });
    expect(first).toMatchObject({
      ok: true,
      amountKobo: 150_050,
      closed: false,
      leftKobo: 349_950,
    });
    expect(await orderNow(order.id)).toMatchObject({
      status: "fulfilled",
      refundedAt: null,
      closingReason: null,
    });
    if (!first.ok) throw new Error("refused");
    expect(await sendPendingRefunds(context(), { refundId: first.refundId })).toBe(1);

    const rest = await refundOrder(db(), order.id, "We're sorry about the session.");
    expect(rest).toMatchObject({ ok: true, amountKobo: 349_950, closed: true, leftKobo: 0 });
    if (!rest.ok) throw new Error("refused");
    expect(await sendPendingRefunds(context(), { refundId: rest.refundId })).toBe(1);
    expect(await orderNow(order.id)).toMatchObject({
      status: "refunded",
      closingReason: "We're sorry about the session.",
      refundedAt: expect.any(Date),
    });
    expect((await refundsOf(order.id)).map((refund) => [refund.amountKobo, refund.reason])).toEqual(
      [
        [150_050, "One towel was torn."],
        [349_950, "We're sorry about the session."],
      ],
    );
    // POST /refund with `transaction` and `amount`, one for each refund.
    expect(pay.simulator.transaction(reference)?.refunds.map((entry) => entry.amount)).toEqual([
      150_050, 349_950,
    ]);
    // The goods were handed over: nothing goes back on the shelf.
    expect(await stockOf(product.id)).toBe(8);
    // Nothing is left: a third refund is refused.
    expect(await refundOrder(db(), order.id, "Once more")).toMatchObject({
      ok: false,
      status: 409,
    });
  });

  test("a part refund of an order not handed over keeps its stock out; refunding the rest cancels it and puts the stock back", async () => {
    const { order, product } = await paidOrder(3);
    expect(await stockOf(product.id)).toBe(7);
    await refundOrder(db(), order.id, "Discount for the wait.", { amountKobo: 50_000 });
    expect((await orderNow(order.id)).status).toBe("paid");
    expect(await stockOf(product.id)).toBe(7);
    const rest = await refundOrder(db(), order.id, "We closed for the week.");
    expect(rest).toMatchObject({ ok: true, amountKobo: 700_000, closed: true });
    expect((await orderNow(order.id)).status).toBe("refunded");
    expect(await stockOf(product.id)).toBe(10);
  });

  test("more than is left, nothing, or a fraction of a kobo is refused on the amount, and nothing is written", async () => {
    const { order } = await paidOrder(2);
    await refundOrder(db(), order.id, "Late.", { amountKobo: 100_000 });
    for (const amountKobo of [400_001, 0, -5, 10.5]) {
      const refused = await refundOrder(db(), order.id, "Too much", { amountKobo });
      expect(refused).toMatchObject({ ok: false, status: 400, field: "amount" });
    }
    expect(await refundOrder(db(), order.id, "Too much", { amountKobo: 400_001 })).toMatchObject({
      message: "You can refund at most ₦4,000.00, what is left of this order.",
    });
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect((await orderNow(order.id)).status).toBe("paid");
  });

  test("a refund that failed at Paystack no longer counts against what is left, so it can be made again", async () => {
    const { order, reference } = await paidOrder(2);
    pay.simulator.setRefundOutcome("failed");
    const failed = await refundOrder(db(), order.id, "Wrong size.", { amountKobo: 300_000 });
    if (!failed.ok) throw new Error("refused");
    await sendPendingRefunds(context(), { refundId: failed.refundId });
    await pay.simulator.idle();
    await pollRefunds(context());
    expect((await refundsOf(order.id))[0]?.status).toBe("failed");
    pay.simulator.setRefundOutcome("processed");
    // ₦5,000 is left again, all of it.
    const again = await refundOrder(db(), order.id, "Wrong size.");
    expect(again).toMatchObject({ ok: true, amountKobo: 500_000, closed: true });
    if (!again.ok) throw new Error("refused");
    expect(await sendPendingRefunds(context(), { refundId: again.refundId })).toBe(1);
    expect(pay.simulator.transaction(reference)?.refunds.map((entry) => entry.amount)).toEqual([
      300_000, 500_000,
    ]);
  });

  test("a refunded order whose last refund failed may be refunded again, without closing it twice or restocking", async () => {
    const { order, product } = await paidOrder(1);
    pay.simulator.setRefundOutcome("failed");
    const whole = await refundOrder(db(), order.id, "Closed today.");
    if (!whole.ok) throw new Error("refused");
    expect(await stockOf(product.id)).toBe(10);
    await sendPendingRefunds(context(), { refundId: whole.refundId });
    await pay.simulator.idle();
    await pollRefunds(context());
    const closedAt = (await orderNow(order.id)).refundedAt;
    const retried = await refundOrder(db(), order.id, "Closed today.");
    expect(retried).toMatchObject({ ok: true, amountKobo: 250_000, closed: false, leftKobo: 0 });
    expect(await orderNow(order.id)).toMatchObject({ status: "refunded", refundedAt: closedAt });
    expect(await stockOf(product.id)).toBe(10);
  });

  test("unpaid, cancelled and replaced orders can't be refunded (409), and another's id is a 404", async () => {
    for (const status of ["pending_payment", "cancelled", "replaced"] as const) {
      const made = await createOrder(db(), {
        shopperId: shopper.userId,
        businessId: spa.id,
        status,
      });
      expect(await refundOrder(db(), made.orderId, "No reason")).toEqual({
        ok: false,
        status: 409,
        message: "Only a paid or fulfilled order can be refunded.",
      });
      expect(await refundsOf(made.orderId)).toHaveLength(0);
    }
    expect(await refundOrder(db(), "ord_nothere", "No reason")).toEqual({
      ok: false,
      status: 404,
    });
  });

  test("two refunds at the same moment never give back more than was paid", async () => {
    const { order } = await paidOrder(2);
    const results = await Promise.all(
      [300_000, 300_000, 300_000].map((amountKobo) =>
        refundOrder(db(), order.id, "Both clicked refund.", { amountKobo }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.status === 400)).toHaveLength(2);
    const made = await refundsOf(order.id);
    expect(made.reduce((sum, refund) => sum + refund.amountKobo, 0)).toBe(300_000);
  });
});
