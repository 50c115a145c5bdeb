import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import {
  auditEvents,
  businessMembers,
  emailOutbox,
  orders,
  products,
  refunds,
} from "#app/db/schema.server.ts";
import { writeHandoverSettings } from "#app/delivery/settings.server.ts";
import { quoteCart, startCheckout } from "#app/orders/checkout.server.ts";
import { verifyAndConfirm } from "#app/orders/confirm.server.ts";
import * as dashboard from "#app/routes/vendor-dashboard.tsx";
import * as orderPage from "#app/routes/vendor-order.tsx";
import * as ordersPage from "#app/routes/vendor-orders.tsx";
import { getFrom, postTo, signUpAs, type TestAccount } from "#tests/support/accounts.ts";
import { createBusiness, createCategory, createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { createOrder } from "#tests/support/orders.ts";
import { startTestPayments, type TestPayments } from "#tests/support/payments.ts";
import { dashboardFigures, needsAttention, ordersOfBusiness } from "./orders.server.ts";

/**
 * The console's orders on a real database, with payments and refunds through the Paystack
 * simulator over HTTP: the dashboard's figures, the list, fulfilling and refunding (state rules,
 * audit entries, the shopper's emails).
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
  const form = new FormData();
  for (const [name, value] of Object.entries({
    email: shopper.email,
    phone: "0803 123 4567",
    lines: JSON.stringify(lines),
    recipient: "Ada Obi",
    line1: "12 Admiralty Way",
    city: "Lekki",
    state: "Lagos",
    expectedTotalKobo: String(quote.totalKobo),
    [`fulfilment.${business.id}`]: fulfilment,
  })) {
    form.set(name, value);
  }
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
      reason: "We ran out of this oil today.",
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ ok: true, message: expect.stringMatching(/^Refunded\./) });
    expect(await statusOf(order.id)).toBe("refunded");
    const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({ amountKobo: 850_000, reason: "We ran out of this oil today." });
    expect(refund?.providerRefundId).toBeTruthy();
    expect(pay.simulator.transaction(reference)?.refunds.map((entry) => entry.amount)).toEqual([
      850_000,
    ]);
    const [stock] = await db()
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id));
    expect(stock?.stock).toBe(10);
    const [entry] = await auditOf("order.refunded");
    expect(entry).toMatchObject({ actorId: manager.userId });
    expect(entry?.details).toMatchObject({ orderNumber: order.number, amountKobo: 850_000 });
    const [email] = await emailsTo(shopper.email, "order-refunded");
    expect(email?.subject).toBe(`Your order ${order.number} was refunded`);
    expect(email?.text).toContain("Their reason: We ran out of this oil today.");
    expect(email?.text).toContain("₦8,500.00");
  });

  test("a refund needs a reason the shopper can read: 400 with the field's message, and nothing changes", async () => {
    const { order } = await paidOrder();
    const answer = await act(manager, order.number, { intent: "refund", reason: "  no " });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      errors: { reason: "Say why in a few words: the shopper reads this" },
    });
    expect(await statusOf(order.id)).toBe("paid");
  });

  test("a fulfilled or already refunded order can't be refunded here (409)", async () => {
    const { order } = await paidOrder();
    await act(staff, order.number, { intent: "fulfil" });
    const late = await act(manager, order.number, { intent: "refund", reason: "Changed our mind" });
    expect(late.status).toBe(409);
    const second = await paidOrder();
    expect(
      (await act(manager, second.order.number, { intent: "refund", reason: "Out of stock" }))
        .status,
    ).toBe(200);
    const twice = await act(manager, second.order.number, {
      intent: "refund",
      reason: "Out of stock",
    });
    expect(twice.status).toBe(409);
    expect(
      await db().select().from(refunds).where(eq(refunds.orderId, second.order.id)),
    ).toHaveLength(1);
  });

  test("staff can't refund: the action answers 404 and the order stays paid", async () => {
    const { order } = await paidOrder();
    const answer = await act(staff, order.number, { intent: "refund", reason: "Out of stock" });
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

  test("counts today and this week in Lagos time from Monday: paid and fulfilled orders, less those refunded, with refunds beside them", async () => {
    const spa = await freshBusiness();
    // Now: Wednesday 2026-11-25, 00:30 in Lagos (Tuesday 23:30 UTC).
    const now = new Date("2026-11-24T23:30:00Z");
    await orderAt(spa.id, "paid", { paidAt: "2026-11-24T23:10:00Z", subtotalKobo: 100_000 }); // today
    await orderAt(spa.id, "fulfilled", { paidAt: "2026-11-24T22:50:00Z", subtotalKobo: 200_000 }); // Tuesday
    await orderAt(spa.id, "paid", { paidAt: "2026-11-22T23:00:00Z", subtotalKobo: 400_000 }); // Monday 00:00
    await orderAt(spa.id, "paid", { paidAt: "2026-11-22T22:59:00Z", subtotalKobo: 800_000 }); // last Sunday
    await orderAt(spa.id, "refunded", {
      paidAt: "2026-11-23T10:00:00Z",
      refundedAt: "2026-11-24T23:20:00Z",
      subtotalKobo: 1_600_000,
    });
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

  test("needs attention: paid orders oldest first, and products on sale with 3 or fewer left", async () => {
    const spa = await freshBusiness();
    const newer = await orderAt(spa.id, "paid", { paidAt: "2026-11-24T10:00:00Z" });
    const older = await orderAt(spa.id, "paid", { paidAt: "2026-11-20T10:00:00Z" });
    await orderAt(spa.id, "fulfilled", { paidAt: "2026-11-19T10:00:00Z" });
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
