import { and, desc, eq, or, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import {
  auditEvents,
  businessMembers,
  emailOutbox,
  orders,
  payments,
  refunds,
} from "#app/db/schema.server.ts";
import { writeHandoverSettings } from "#app/delivery/settings.server.ts";
import { quoteCart, startCheckout } from "#app/orders/checkout.server.ts";
import { pollRefunds, sendPendingRefunds, verifyAndConfirm } from "#app/orders/confirm.server.ts";
import { defaultHoldLimits } from "#app/orders/hold-limits.ts";
import { markFulfilled, refundOrder } from "#app/orders/lifecycle.server.ts";
import { ordersOfShopper } from "#app/orders/orders.server.ts";
import { orderLineCause } from "#app/points/order-points.server.ts";
import { pointsEntries } from "#app/points/schema.server.ts";
import * as checkoutStatus from "#app/routes/checkout-status.tsx";
import * as profileOrder from "#app/routes/profile-order.tsx";
import * as dashboard from "#app/routes/vendor-dashboard.tsx";
import * as orderPage from "#app/routes/vendor-order.tsx";
import * as ordersPage from "#app/routes/vendor-orders.tsx";
import { getFrom, postTo, signUpAs, type TestAccount } from "#tests/support/accounts.ts";
import { createBusiness, createCategory, createProduct, stockOf } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { checkoutForm, createOrder } from "#tests/support/orders.ts";
import { startTestPayments, type TestPayments } from "#tests/support/payments.ts";
import { dashboardFigures, needsAttention, ordersOfBusiness } from "./orders.server.ts";

/**
 * The console's orders on a real database, with payments and refunds through the Paystack
 * simulator over HTTP: the dashboard's figures, the list, fulfilling and refunding (state rules,
 * audit entries, the shopper's emails), and the refund rules themselves (decision 027): each
 * refund reaches Paystack with its own amount, only what is left may be refunded (a failed refund
 * gives its share back), refunding the rest closes the order, stock returns only for goods never
 * handed over, and refunds at the same moment can't exceed the total.
 */
let database: DatabaseHandle;
const db = () => database.db;
let pay: TestPayments;
let shopper: TestAccount;
let staff: TestAccount;
let manager: TestAccount;
let business: { id: string; slug: string; name: string };
let otherBusiness: { id: string; slug: string };

beforeAll(async () => {
  database = await createTestDatabase();
  pay = await startTestPayments();
  const category = await createCategory(db());
  business = await createBusiness(db(), { categoryId: category.id, name: "Ewa Spa" });
  otherBusiness = await createBusiness(db(), { categoryId: category.id, name: "Other Spa" });
  shopper = await signUpAs(db(), { name: "Ada Obi" });
  staff = await signUpAs(db(), { name: "Bola Staff" });
  manager = await signUpAs(db(), { name: "Chidi Manager" });
  await db()
    .insert(businessMembers)
    .values([
      { businessId: business.id, userId: staff.userId, role: "staff" },
      { businessId: business.id, userId: manager.userId, role: "manager" },
    ]);
  // Delivery to the test address costs ₦1,000 (decision 021): refunds give it back too.
  await writeHandoverSettings(db(), business.id, {
    pickupAddress: "",
    pickupHours: "",
    freeDeliveryFromKobo: null,
    areas: [{ city: "Lekki", area: "", feeKobo: 100_000, estimate: "Same day" }],
  });
}, 60_000);

afterAll(async () => {
  await pay.close();
  await database.close();
});

const paymentContext = () => ({
  db: db(),
  payments: pay.provider,
  log: pay.log,
  callbackUrl: "http://localhost:3000/checkout/callback",
  publicUrl: "http://localhost:3000",
  commissionRateBp: 500,
  // Tests here write several unpaid orders for one shopper straight into the database, more
  // than the open checkouts one shopper may have (decision 030).
  holdLimits: { ...defaultHoldLimits, openPerShopper: 100 },
});

/** A shopper's real checkout at the business, paid through the simulator; its order number. */
async function paidOrder(
  options: { fulfilment?: "delivery" | "pickup"; quantity?: number; priceKobo?: number } = {},
) {
  const product = await createProduct(db(), {
    businessId: business.id,
    stock: 10,
    priceKobo: options.priceKobo ?? 450_000,
  });
  const lines = [{ id: product.id, quantity: options.quantity ?? 2 }];
  const fulfilment = options.fulfilment ?? "delivery";
  const quote = await quoteCart(db(), lines, {
    place: { city: "Lekki", area: "" },
    pickup: new Set(fulfilment === "pickup" ? [business.id] : []),
  });
  const form = checkoutForm(shopper.email, lines, {
    city: "Lekki",
    expectedTotalKobo: String(quote.totalKobo),
    [`fulfilment.${business.id}`]: fulfilment,
  });
  const started = await startCheckout(paymentContext(), { id: shopper.userId }, form);
  if (!started.ok) throw new Error(`checkout refused: ${JSON.stringify(started)}`);
  pay.simulator.complete(started.payment.reference, "success");
  await verifyAndConfirm(paymentContext(), started.payment.reference);
  const [order] = await db()
    .select()
    .from(orders)
    .where(eq(orders.checkoutId, started.payment.checkoutId));
  if (order?.status !== "paid") throw new Error("the order wasn't paid");
  return { order, product, reference: started.payment.reference };
}

const orderPath = (number: string, slug = business.slug) => `/vendor/${slug}/orders/${number}`;

function act(account: TestAccount, number: string, form: Record<string, string>) {
  return postTo(db(), orderPage, orderPath(number), form, {
    cookie: account.cookie,
    pattern: "/vendor/:business/orders/:number",
    params: { business: business.slug, number },
    env: pay.env,
  });
}

async function statusOf(orderId: string) {
  const [row] = await db()
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.status;
}

async function emailsTo(address: string, kind: string) {
  return db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, kind)))
    .orderBy(desc(emailOutbox.createdAt));
}

async function auditOf(action: string) {
  return db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.subjectId, business.id)))
    .orderBy(desc(auditEvents.at));
}

describe("fulfilling an order", () => {
  test("staff mark a paid delivery fulfilled: the order changes, the audit log names them, and the shopper hears it's on its way", async () => {
    const { order } = await paidOrder({ fulfilment: "delivery" });
    const answer = await act(staff, order.number, { intent: "fulfil" });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ ok: true });
    expect(await statusOf(order.id)).toBe("fulfilled");
    const [entry] = await auditOf("order.fulfilled");
    expect(entry).toMatchObject({ actorId: staff.userId, subjectId: business.id });
    expect(entry?.details).toMatchObject({ orderNumber: order.number });
    const [email] = await emailsTo(shopper.email, "order-fulfilled");
    expect(email?.subject).toBe(`Your order ${order.number} is on its way`);
    expect(email?.text).toContain("Ada Obi, 12 Admiralty Way, Lekki, Lagos");
  });

  test("a pickup order's email says it's ready to collect, with the business's address", async () => {
    const { order } = await paidOrder({ fulfilment: "pickup" });
    expect((await act(manager, order.number, { intent: "fulfil" })).status).toBe(200);
    const [email] = await emailsTo(shopper.email, "order-fulfilled");
    expect(email?.subject).toBe(`Your order ${order.number} is ready for pickup`);
    expect(email?.text).toContain(
      "Pick it up at 12 Admiralty Way, Lekki Phase 1, Lagos. Pickup times: During opening hours.",
    );
  });

  test("an order already fulfilled, unpaid or cancelled can't be fulfilled: 409, and nothing is written", async () => {
    const { order } = await paidOrder();
    expect((await act(staff, order.number, { intent: "fulfil" })).status).toBe(200);
    const before = (await auditOf("order.fulfilled")).length;
    const mailBefore = (await emailsTo(shopper.email, "order-fulfilled")).length;
    const again = await act(staff, order.number, { intent: "fulfil" });
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({ message: "Only a paid order can be marked fulfilled." });
    const unpaid = await createOrder(db(), {
      shopperId: shopper.userId,
      businessId: business.id,
      status: "pending_payment",
    });
    expect((await act(staff, unpaid.number, { intent: "fulfil" })).status).toBe(409);
    expect(await statusOf(unpaid.orderId)).toBe("pending_payment");
    expect(await auditOf("order.fulfilled")).toHaveLength(before);
    expect(await emailsTo(shopper.email, "order-fulfilled")).toHaveLength(mailBefore);
  });

  test("another business's order number is a 404, and its order is untouched", async () => {
    const theirs = await createOrder(db(), {
      shopperId: shopper.userId,
      businessId: otherBusiness.id,
    });
    const answer = await act(manager, theirs.number, { intent: "fulfil" });
    expect(answer).toMatchObject({ status: 404, thrown: true });
    expect(await statusOf(theirs.orderId)).toBe("paid");
    const page = await getFrom(db(), orderPage, orderPath(theirs.number), {
      cookie: manager.cookie,
      pattern: "/vendor/:business/orders/:number",
      params: { business: business.slug, number: theirs.number },
    });
    expect(page.status).toBe(404);
  });
});

describe("refunding an order", () => {
  test("a manager refunds a paid order, delivery fee included, through the provider with a reason: stock back, audit entry, and the shopper is emailed the reason", async () => {
    const { order, product, reference } = await paidOrder({ quantity: 3, priceKobo: 250_000 });
    const answer = await act(manager, order.number, {
      intent: "refund",
      scope: "all",
      reason: "We ran out of this oil today.",
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      ok: true,
      message: expect.stringMatching(/^Refunded ₦8,500\.00: nothing is left to refund\. /),
    });
    expect(await statusOf(order.id)).toBe("refunded");
    const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({ amountKobo: 850_000, reason: "We ran out of this oil today." });
    expect(refund?.providerRefundId).toBeTruthy();
    expect(pay.simulator.transaction(reference)?.refunds.map((entry) => entry.amount)).toEqual([
      850_000,
    ]);
    expect(await stockOf(db(), product.id)).toBe(10);
    const [entry] = await auditOf("order.refunded");
    expect(entry).toMatchObject({ actorId: manager.userId });
    expect(entry?.details).toMatchObject({ orderNumber: order.number, amountKobo: 850_000 });
    const [email] = await emailsTo(shopper.email, "order-refunded");
    expect(email?.subject).toBe(`Your order ${order.number} was refunded`);
    expect(email?.text).toContain("Their reason: We ran out of this oil today.");
    expect(email?.text).toContain("Ewa Spa cancelled your order");
    expect(email?.text).toContain("₦8,500.00");
  });

  test("an owner or manager refunds part of a fulfilled order in naira: that amount to the kobo goes to Paystack, the order stays fulfilled, and the shopper is emailed the amount and reason", async () => {
    const { order, product, reference } = await paidOrder({ quantity: 2, priceKobo: 250_000 });
    expect((await act(staff, order.number, { intent: "fulfil" })).status).toBe(200);
    const answer = await act(manager, order.number, {
      intent: "refund",
      scope: "part",
      amount: "₦1,250.5",
      reason: "One bottle arrived cracked.",
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      ok: true,
      message: expect.stringMatching(/^Refunded ₦1,250\.50; ₦4,749\.50 is left\. /),
    });
    expect(await statusOf(order.id)).toBe("fulfilled");
    expect(pay.simulator.transaction(reference)?.refunds.map((entry) => entry.amount)).toEqual([
      125_050,
    ]);
    expect(await stockOf(db(), product.id)).toBe(8);
    const [entry] = await auditOf("order.refunded");
    expect(entry?.details).toMatchObject({ orderNumber: order.number, amountKobo: 125_050 });
    const [email] = await emailsTo(shopper.email, "order-refunded");
    expect(email?.subject).toBe(`₦1,250.50 of your order ${order.number} was refunded`);
    expect(email?.text).toContain(`Ewa Spa refunded ₦1,250.50 of your order ${order.number}.`);
    expect(email?.text).toContain("Their reason: One bottle arrived cracked.");

    // The page lists it and what is left; refunding the rest closes the order.
    const page = await getFrom(db(), orderPage, orderPath(order.number), {
      cookie: manager.cookie,
      pattern: "/vendor/:business/orders/:number",
      params: { business: business.slug, number: order.number },
    });
    expect(page.data).toMatchObject({
      order: {
        status: "fulfilled",
        refundedKobo: 125_050,
        leftKobo: 474_950,
        refundable: true,
        refunds: [{ amountKobo: 125_050, reason: "One bottle arrived cracked." }],
      },
    });
    // The shopper's order page, their list and their checkout's page show it too.
    const shopperPage = await getFrom(db(), profileOrder, `/profile/orders/${order.number}`, {
      cookie: shopper.cookie,
      pattern: "/profile/orders/:number",
      params: { number: order.number },
    });
    expect(shopperPage.data).toMatchObject({
      order: { status: "fulfilled", refundedKobo: 125_050, refunds: [{ status: "pending" }] },
    });
    const listed = await ordersOfShopper(db(), shopper.userId);
    expect(listed.items.find((item) => item.number === order.number)).toMatchObject({
      refundedKobo: 125_050,
    });
    const checkoutPage = await getFrom(db(), checkoutStatus, `/checkout/${order.checkoutId}`, {
      cookie: shopper.cookie,
      pattern: "/checkout/:checkoutId",
      params: { checkoutId: order.checkoutId },
      env: pay.env,
    });
    expect(checkoutPage.data).toMatchObject({
      state: "paid",
      orders: [{ number: order.number, refundedKobo: 125_050, refunds: [{ amountKobo: 125_050 }] }],
    });

    const rest = await act(manager, order.number, {
      intent: "refund",
      scope: "all",
      reason: "Sorry again.",
    });
    expect(rest.status).toBe(200);
    expect(await statusOf(order.id)).toBe("refunded");
    const [last] = await emailsTo(shopper.email, "order-refunded");
    expect(last?.subject).toBe(`Your order ${order.number} was refunded`);
    expect(last?.text).toContain(`Ewa Spa refunded ₦4,749.50 of your order ${order.number}.`);
    expect(last?.text).toContain("That is everything you paid for it (₦6,000.00).");
  });

  test("a part amount that isn't naira with two decimals at most, is zero, or is more than is left: 400 on the amount, nothing written", async () => {
    const { order } = await paidOrder({ quantity: 1, priceKobo: 250_000 });
    const cases: Array<[string | undefined, string]> = [
      [undefined, "Enter how much to refund, like 2500.00"],
      ["", "Enter how much to refund, like 2500.00"],
      ["12.345", "Enter naira with at most two decimals, like 2500.50"],
      ["-100", "Enter naira with at most two decimals, like 2500.50"],
      ["two thousand", "Enter naira with at most two decimals, like 2500.50"],
      ["0.00", "Enter an amount above ₦0"],
      ["3500.01", "You can refund at most ₦3,500.00, what is left of this order."],
    ];
    for (const [amount, message] of cases) {
      const form: Record<string, string> = {
        intent: "refund",
        scope: "part",
        reason: "Late delivery",
      };
      if (amount !== undefined) form.amount = amount;
      const answer = await act(manager, order.number, form);
      expect(answer.status, `amount ${amount}`).toBe(400);
      expect(answer.data).toMatchObject({ ok: false, errors: { amount: message } });
    }
    const noScope = await act(manager, order.number, { intent: "refund", reason: "Late delivery" });
    expect(noScope.status).toBe(400);
    expect(noScope.data).toMatchObject({
      errors: { scope: "Choose to refund all that is left or a part" },
    });
    expect(await db().select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(0);
    expect(await statusOf(order.id)).toBe("paid");
  });

  test("a refund needs a reason the shopper can read: 400 with the field's message, and nothing changes", async () => {
    const { order } = await paidOrder();
    const answer = await act(manager, order.number, {
      intent: "refund",
      scope: "all",
      reason: "  no ",
    });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      errors: { reason: "Say why in a few words: the shopper reads this" },
    });
    expect(await statusOf(order.id)).toBe("paid");
  });

  test("an unpaid, cancelled or already refunded order can't be refunded (409), and nothing more is written", async () => {
    const second = await paidOrder();
    const all = { intent: "refund", scope: "all", reason: "Out of stock" };
    expect((await act(manager, second.order.number, all)).status).toBe(200);
    const twice = await act(manager, second.order.number, all);
    expect(twice.status).toBe(409);
    expect(twice.data).toMatchObject({
      message: "Everything paid for this order was refunded.",
    });
    expect(
      await db().select().from(refunds).where(eq(refunds.orderId, second.order.id)),
    ).toHaveLength(1);
    for (const status of ["pending_payment", "cancelled"] as const) {
      const made = await createOrder(db(), {
        shopperId: shopper.userId,
        businessId: business.id,
        status,
      });
      const refused = await act(manager, made.number, all);
      expect(refused.status).toBe(409);
      expect(refused.data).toMatchObject({
        message: "Only a paid or fulfilled order can be refunded.",
      });
    }
  });

  test("staff can't refund: the action answers 404 and the order stays paid", async () => {
    const { order } = await paidOrder();
    const answer = await act(staff, order.number, {
      intent: "refund",
      scope: "all",
      reason: "Out of stock",
    });
    expect(answer).toMatchObject({ status: 404, thrown: true });
    expect(await statusOf(order.id)).toBe("paid");
  });
});

describe("the dashboard", () => {
  async function freshBusiness() {
    const category = await createCategory(db());
    return createBusiness(db(), { categoryId: category.id, name: "Fresh Spa" });
  }

  async function orderAt(
    businessId: string,
    status: "paid" | "fulfilled" | "refunded" | "pending_payment",
    times: { paidAt?: string; refundedAt?: string; subtotalKobo?: number },
  ) {
    const made = await createOrder(db(), { shopperId: shopper.userId, businessId, status });
    await db()
      .update(orders)
      .set({
        paidAt: times.paidAt ? new Date(times.paidAt) : null,
        refundedAt: times.refundedAt ? new Date(times.refundedAt) : null,
        subtotalKobo: times.subtotalKobo ?? 100_000,
      })
      .where(eq(orders.id, made.orderId));
    return made;
  }

  /** A refund of `amountKobo` of the order, made at `at`, in the state given. */
  async function refundAt(
    made: { orderId: string; checkoutId: string },
    amountKobo: number,
    at: string,
    status: "pending" | "processed" | "failed" = "processed",
  ) {
    const paymentId = newId("pay");
    await db()
      .insert(payments)
      .values({
        id: paymentId,
        checkoutId: made.checkoutId,
        reference: newId("pay"),
        amountKobo: 1_400_000,
        currency: "NGN",
        status: "success",
      });
    await db()
      .insert(refunds)
      .values({
        id: newId("rfd"),
        paymentId,
        orderId: made.orderId,
        amountKobo,
        status,
        reason: "Test refund",
        createdAt: new Date(at),
      });
  }

  test("counts today and this week in Lagos time from Monday: paid and fulfilled orders, less those refunded, with refunds beside them", async () => {
    const spa = await freshBusiness();
    // Now: Wednesday 2026-11-25, 00:30 in Lagos (Tuesday 23:30 UTC).
    const now = new Date("2026-11-24T23:30:00Z");
    await orderAt(spa.id, "paid", { paidAt: "2026-11-24T23:10:00Z", subtotalKobo: 100_000 }); // today
    await orderAt(spa.id, "fulfilled", { paidAt: "2026-11-24T22:50:00Z", subtotalKobo: 200_000 }); // Tuesday
    await orderAt(spa.id, "paid", { paidAt: "2026-11-22T23:00:00Z", subtotalKobo: 400_000 }); // Monday 00:00
    await orderAt(spa.id, "paid", { paidAt: "2026-11-22T22:59:00Z", subtotalKobo: 800_000 }); // last Sunday
    const refunded = await orderAt(spa.id, "refunded", {
      paidAt: "2026-11-23T10:00:00Z",
      refundedAt: "2026-11-24T23:20:00Z",
      subtotalKobo: 1_600_000,
    });
    await refundAt(refunded, 1_600_000, "2026-11-24T23:20:00Z");
    await orderAt(spa.id, "pending_payment", {});
    const figures = await dashboardFigures(db(), spa.id, now);
    expect(figures.today).toEqual({
      orders: 1,
      revenueKobo: 100_000,
      refunds: 1,
      refundedKobo: 1_600_000,
    });
    expect(figures.week).toEqual({
      orders: 3,
      revenueKobo: 700_000,
      refunds: 1,
      refundedKobo: 1_600_000,
    });
  });

  test("a part refund counts by its own amount on the day it was made, and the sale counts what the business keeps; a failed refund counts for nothing", async () => {
    const spa = await freshBusiness();
    const now = new Date("2026-11-24T23:30:00Z");
    // Paid on Monday, ₦4,000 of ₦10,000 refunded today, and ₦500 that failed.
    const kept = await orderAt(spa.id, "fulfilled", {
      paidAt: "2026-11-23T10:00:00Z",
      subtotalKobo: 1_000_000,
    });
    await refundAt(kept, 400_000, "2026-11-24T23:20:00Z", "pending");
    await refundAt(kept, 50_000, "2026-11-24T23:25:00Z", "failed");
    // Paid last week, ₦1,000 of it refunded on Tuesday.
    const older = await orderAt(spa.id, "paid", {
      paidAt: "2026-11-18T10:00:00Z",
      subtotalKobo: 500_000,
    });
    await refundAt(older, 100_000, "2026-11-24T10:00:00Z");
    const figures = await dashboardFigures(db(), spa.id, now);
    expect(figures.today).toEqual({ orders: 0, revenueKobo: 0, refunds: 1, refundedKobo: 400_000 });
    expect(figures.week).toEqual({
      orders: 1,
      revenueKobo: 600_000,
      refunds: 2,
      refundedKobo: 500_000,
    });
  });

  test("needs attention: paid orders of goods oldest first, and products on sale with 3 or fewer left", async () => {
    const spa = await freshBusiness();
    const newer = await orderAt(spa.id, "paid", { paidAt: "2026-11-24T10:00:00Z" });
    const older = await orderAt(spa.id, "paid", { paidAt: "2026-11-20T10:00:00Z" });
    await orderAt(spa.id, "fulfilled", { paidAt: "2026-11-19T10:00:00Z" });
    // Vouchers sold stay paid, with nothing to hand over: they never wait.
    const vouchers = await orderAt(spa.id, "paid", { paidAt: "2026-11-18T10:00:00Z" });
    await db()
      .update(orders)
      .set({ kind: "vouchers", fulfilment: null })
      .where(eq(orders.id, vouchers.orderId));
    await createProduct(db(), { businessId: spa.id, name: "Plenty", stock: 4 });
    await createProduct(db(), { businessId: spa.id, name: "Three left", stock: 3 });
    await createProduct(db(), { businessId: spa.id, name: "Sold out", stock: 0 });
    await createProduct(db(), {
      businessId: spa.id,
      name: "Archived",
      stock: 0,
      status: "archived",
    });
    const attention = await needsAttention(db(), spa.id);
    expect(attention.waiting.map((order) => order.number)).toEqual([older.number, newer.number]);
    expect(attention.waitingCount).toBe(2);
    expect(attention.lowStock.map((product) => [product.name, product.stock])).toEqual([
      ["Sold out", 0],
      ["Three left", 3],
    ]);
    expect(attention.hasOrders).toBe(true);
  });

  test("a new business's dashboard says so instead of showing empty figures", async () => {
    const spa = await freshBusiness();
    const owner = await signUpAs(db(), { name: "Dayo Owner" });
    await db()
      .insert(businessMembers)
      .values({ businessId: spa.id, userId: owner.userId, role: "owner" });
    const answer = await getFrom(db(), dashboard, `/vendor/${spa.slug}`, {
      cookie: owner.cookie,
      pattern: "/vendor/:business",
      params: { business: spa.slug },
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ isNew: true, waitingCount: 0, lowStockCount: 0 });
  });
});

describe("the orders list", () => {
  test("newest first, a status filter, and keyset pages that neither skip nor repeat", async () => {
    const category = await createCategory(db());
    const spa = await createBusiness(db(), { categoryId: category.id, name: "Listed Spa" });
    const made = [];
    for (const status of ["paid", "fulfilled", "paid", "cancelled", "paid"] as const) {
      made.push(await createOrder(db(), { shopperId: shopper.userId, businessId: spa.id, status }));
    }
    const all = await ordersOfBusiness(db(), spa.id);
    expect(all.items.map((order) => order.number)).toEqual(
      made.map((order) => order.number).reverse(),
    );
    expect(all.items[0]).toMatchObject({ buyerName: "Ada Obi", items: 1 });
    const first = await ordersOfBusiness(db(), spa.id, { status: "paid", limit: 2 });
    expect(first.items).toHaveLength(2);
    const second = await ordersOfBusiness(db(), spa.id, {
      status: "paid",
      limit: 2,
      after: first.nextCursor ?? "",
    });
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((order) => order.number)).toEqual(
      [made[4], made[2], made[0]].map((order) => order?.number),
    );
  });

  test("a forged page link is a 400 with a message, never a 500", async () => {
    const answer = await getFrom(db(), ordersPage, `/vendor/${business.slug}/orders?after=bogus`, {
      cookie: staff.cookie,
      pattern: "/vendor/:business/orders",
      params: { business: business.slug },
    });
    expect(answer).toMatchObject({ status: 400, thrown: true });
  });
});

describe("the refund rules (refundOrder, decision 027)", () => {
  /** A paid pickup order of `quantity` × ₦2,500 (the product's stock is 10). */
  const pickup = (quantity: number) => ({
    fulfilment: "pickup" as const,
    quantity,
    priceKobo: 250_000,
  });

  async function orderNow(orderId: string) {
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
    if (!row) throw new Error("no order");
    return row;
  }

  async function refundsOf(orderId: string) {
    return db()
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, orderId))
      .orderBy(refunds.createdAt);
  }

  afterEach(() => pay.simulator.setRefundOutcome("processed"));

  test("a fulfilled order refunded in two parts: each reaches Paystack with its amount, the order stays fulfilled until the rest is refunded, and no stock comes back", async () => {
    const { order, product, reference } = await paidOrder(pickup(2));
    expect(await stockOf(db(), product.id)).toBe(8);
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
    expect(await sendPendingRefunds(paymentContext(), { refundId: first.refundId })).toBe(1);

    const rest = await refundOrder(db(), order.id, "We're sorry about the session.");
    expect(rest).toMatchObject({ ok: true, amountKobo: 349_950, closed: true, leftKobo: 0 });
    if (!rest.ok) throw new Error("refused");
    expect(await sendPendingRefunds(paymentContext(), { refundId: rest.refundId })).toBe(1);
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
    expect(await stockOf(db(), product.id)).toBe(8);
    // Nothing is left: a third refund is refused.
    expect(await refundOrder(db(), order.id, "Once more")).toMatchObject({
      ok: false,
      status: 409,
    });
  });

  test("a part refund of an order not handed over keeps its stock out; refunding the rest cancels it and puts the stock back", async () => {
    const { order, product } = await paidOrder(pickup(3));
    expect(await stockOf(db(), product.id)).toBe(7);
    await refundOrder(db(), order.id, "Discount for the wait.", { amountKobo: 50_000 });
    expect((await orderNow(order.id)).status).toBe("paid");
    expect(await stockOf(db(), product.id)).toBe(7);
    const rest = await refundOrder(db(), order.id, "We closed for the week.");
    expect(rest).toMatchObject({ ok: true, amountKobo: 700_000, closed: true });
    expect((await orderNow(order.id)).status).toBe("refunded");
    expect(await stockOf(db(), product.id)).toBe(10);
  });

  test("more than is left, nothing, or a fraction of a kobo is refused on the amount, and nothing is written", async () => {
    const { order } = await paidOrder(pickup(2));
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
    const { order, reference } = await paidOrder(pickup(2));
    pay.simulator.setRefundOutcome("failed");
    const failed = await refundOrder(db(), order.id, "Wrong size.", { amountKobo: 300_000 });
    if (!failed.ok) throw new Error("refused");
    await sendPendingRefunds(paymentContext(), { refundId: failed.refundId });
    await pay.simulator.idle();
    await pollRefunds(paymentContext());
    expect((await refundsOf(order.id))[0]?.status).toBe("failed");
    pay.simulator.setRefundOutcome("processed");
    // ₦5,000 is left again, all of it.
    const again = await refundOrder(db(), order.id, "Wrong size.");
    expect(again).toMatchObject({ ok: true, amountKobo: 500_000, closed: true });
    if (!again.ok) throw new Error("refused");
    expect(await sendPendingRefunds(paymentContext(), { refundId: again.refundId })).toBe(1);
    expect(pay.simulator.transaction(reference)?.refunds.map((entry) => entry.amount)).toEqual([
      300_000, 500_000,
    ]);
  });

  test("a refunded order whose last refund failed may be refunded again, without closing it twice or restocking", async () => {
    const { order, product } = await paidOrder(pickup(1));
    pay.simulator.setRefundOutcome("failed");
    const whole = await refundOrder(db(), order.id, "Closed today.");
    if (!whole.ok) throw new Error("refused");
    expect(await stockOf(db(), product.id)).toBe(10);
    await sendPendingRefunds(paymentContext(), { refundId: whole.refundId });
    await pay.simulator.idle();
    await pollRefunds(paymentContext());
    const closedAt = (await orderNow(order.id)).refundedAt;
    const retried = await refundOrder(db(), order.id, "Closed today.");
    expect(retried).toMatchObject({ ok: true, amountKobo: 250_000, closed: false, leftKobo: 0 });
    expect(await orderNow(order.id)).toMatchObject({ status: "refunded", refundedAt: closedAt });
    expect(await stockOf(db(), product.id)).toBe(10);
  });

  test("points: a paid order's line earns pending points once, and its refunds take back their share", async () => {
    const { order, reference } = await paidOrder(pickup(2));
    // Told again (webhook after the callback): nothing more.
    await verifyAndConfirm(paymentContext(), reference);
    const cause = orderLineCause(order.id, 0);
    const movesOf = async () =>
      (
        await db()
          .select({
            kind: pointsEntries.kind,
            points: sql<number>`${pointsEntries.availableDelta} + ${pointsEntries.pendingDelta}`,
          })
          .from(pointsEntries)
          .where(or(eq(pointsEntries.cause, cause), eq(pointsEntries.settles, cause)))
          .orderBy(pointsEntries.createdAt)
      ).map(({ kind, points }) => [kind, Number(points)]);
    // 2 × ₦2,500: 50 points, pending for the shopper, at Ewa Spa.
    expect(await movesOf()).toEqual([["pending", 50]]);
    const [earned] = await db().select().from(pointsEntries).where(eq(pointsEntries.cause, cause));
    expect(earned).toMatchObject({ userId: shopper.userId, businessId: business.id });
    expect(earned?.note).toBe(`Order ${order.number} at Ewa Spa`);

    // ₦1,500.50 of ₦5,000 back: the line keeps the points of ₦3,499.50, 34.
    await refundOrder(db(), order.id, "One towel was torn.", { amountKobo: 150_050 });
    expect(await movesOf()).toEqual([
      ["pending", 50],
      ["reverse", -16],
    ]);
    await refundOrder(db(), order.id, "Closed for the week.");
    expect(await movesOf()).toEqual([
      ["pending", 50],
      ["reverse", -16],
      ["reverse", -34],
    ]);
  });

  test("unpaid, cancelled and replaced orders can't be refunded (409), and another's id is a 404", async () => {
    for (const status of ["pending_payment", "cancelled", "replaced"] as const) {
      const made = await createOrder(db(), {
        shopperId: shopper.userId,
        businessId: business.id,
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
    const { order } = await paidOrder(pickup(2));
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
