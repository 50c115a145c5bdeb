import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { exportPersonalData } from "#app/auth/personal-data.server.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { checkouts, products } from "#app/db/schema.server.ts";
import type { Quote } from "#app/orders/checkout-quote.ts";
import { recordPoints, walletOf } from "#app/points/ledger.server.ts";
import { getFrom, postTo, signUpAs, type TestAccount } from "#tests/support/accounts.ts";
import { createBusiness, createCategory, createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { createOrder } from "#tests/support/orders.ts";
import { startTestPayments, type TestPayments } from "#tests/support/payments.ts";
import * as quoteRoute from "./api-checkout-quote.ts";
import * as webhook from "./api-paystack-webhook.ts";
import * as checkout from "./checkout.tsx";
import * as callback from "./checkout-callback.ts";
import * as status from "./checkout-status.tsx";
import * as profileOrder from "./profile-order.tsx";
import * as profileOrders from "./profile-orders.tsx";

/**
 * The checkout screens as the browser uses them: quote, pay, confirm after the popup, the
 * provider's redirect, the status page and the shopper's order pages, on a real database with
 * the Paystack simulator over HTTP.
 */
let database: DatabaseHandle;
const db = () => database.db;
let pay: TestPayments;
let ada: TestAccount;
let tunde: TestAccount;
let spa: { id: string; slug: string };

beforeAll(async () => {
  database = await createTestDatabase();
  pay = await startTestPayments();
  const category = await createCategory(db());
  spa = await createBusiness(db(), { categoryId: category.id, name: "Ewa Spa" });
  ada = await signUpAs(db(), { name: "Ada Obi" });
  tunde = await signUpAs(db(), { name: "Tunde Bello" });
}, 60_000);

afterAll(async () => {
  await pay.close();
  await database.close();
});

const asAda = () => ({ cookie: ada.cookie, env: pay.env });

async function payForm(productId: string, quantity: number) {
  const lines = JSON.stringify([{ id: productId, quantity, size: null, amount: 14_000 }]);
  const quote = await getFrom(
    db(),
    quoteRoute,
    `/api/checkout/quote?${new URLSearchParams({ lines })}`,
    asAda(),
  );
  const totalKobo = (quote.data as { quote: { totalKobo: number } }).quote.totalKobo;
  return {
    intent: "pay",
    lines,
    expectedTotalKobo: String(totalKobo),
    email: ada.email,
    phone: "08031234567",
    [`fulfilment.${spa.id}`]: "pickup",
  };
}

describe("/checkout", () => {
  test("a guest is sent to sign in and brought back", async () => {
    const answer = await getFrom(db(), checkout, "/checkout", { env: pay.env });
    expect(answer).toMatchObject({ status: 302, location: "/Login?redirectTo=%2Fcheckout" });
  });

  test("the page knows the shopper's email and which payment script to load", async () => {
    const answer = await getFrom(db(), checkout, "/checkout", asAda());
    expect(answer.data).toMatchObject({
      contact: { email: ada.email },
      inlineScriptUrl: `${pay.env.PAYSTACK_BASE_URL}/v2/inline.js`,
    });
  });

  test("a quote of an unreadable cart or an unknown action is a 400 with a message", async () => {
    const bad = await getFrom(db(), quoteRoute, "/api/checkout/quote?lines=%5B%7B", asAda());
    expect(bad).toMatchObject({
      status: 400,
      data: { error: expect.stringContaining("couldn't be read") },
    });
    const unknown = await postTo(db(), checkout, "/checkout", { intent: "steal" }, asAda());
    expect(unknown.status).toBe(400);
  });

  test("pay → popup success → confirm lands on the paid checkout; the product is sold", async () => {
    const product = await createProduct(db(), { businessId: spa.id, stock: 3 });
    const paid = await postTo(db(), checkout, "/checkout", await payForm(product.id, 2), asAda());
    expect(paid.status).toBe(200);
    const { payment } = (
      paid.data as {
        result: { payment: { reference: string; checkoutId: string; accessCode: string } };
      }
    ).result;
    expect(payment.accessCode).toBeTruthy();
    pay.simulator.complete(payment.reference, "success");
    const confirmed = await postTo(
      db(),
      checkout,
      "/checkout",
      { intent: "confirm", reference: payment.reference },
      asAda(),
    );
    expect(confirmed).toMatchObject({ status: 302, location: `/checkout/${payment.checkoutId}` });
    const page = await getFrom(db(), status, `/checkout/${payment.checkoutId}`, {
      ...asAda(),
      pattern: "/checkout/:checkoutId",
      params: { checkoutId: payment.checkoutId },
    });
    expect(page.data).toMatchObject({
      state: "paid",
      footer: "after-payment",
      totalKobo: 2_800_000,
      orders: [
        { status: "paid", number: expect.stringMatching(/^OJA-/), lines: [{ quantity: 2 }] },
      ],
    });
    const [row] = await db()
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row?.stock).toBe(1);
  });

  test("the provider's redirect confirms too; an unknown reference is a 404", async () => {
    const product = await createProduct(db(), { businessId: spa.id, stock: 1 });
    const paid = await postTo(db(), checkout, "/checkout", await payForm(product.id, 1), asAda());
    const { payment } = (
      paid.data as { result: { payment: { reference: string; checkoutId: string } } }
    ).result;
    pay.simulator.complete(payment.reference, "success");
    const back = await getFrom(
      db(),
      callback,
      `/checkout/callback?trxref=${payment.reference}&reference=${payment.reference}`,
      asAda(),
    );
    expect(back).toMatchObject({ status: 302, location: `/checkout/${payment.checkoutId}` });
    const unknown = await getFrom(
      db(),
      callback,
      "/checkout/callback?reference=oja-nothing-here",
      asAda(),
    );
    expect(unknown.status).toBe(404);
  });

  test("an unpaid checkout can be cancelled from its page, which then says nothing was charged", async () => {
    const product = await createProduct(db(), { businessId: spa.id, stock: 2 });
    const started = await postTo(
      db(),
      checkout,
      "/checkout",
      await payForm(product.id, 2),
      asAda(),
    );
    const { payment } = (started.data as { result: { payment: { checkoutId: string } } }).result;
    const where = {
      ...asAda(),
      pattern: "/checkout/:checkoutId",
      params: { checkoutId: payment.checkoutId },
    };
    const waiting = await getFrom(db(), status, `/checkout/${payment.checkoutId}`, where);
    expect(waiting.data).toMatchObject({
      state: "waiting",
      footer: "cart",
      holdExpiresAt: expect.any(String),
    });
    const cancelled = await postTo(
      db(),
      status,
      `/checkout/${payment.checkoutId}`,
      { intent: "cancel" },
      where,
    );
    expect(cancelled).toMatchObject({ status: 200, data: { message: null } });
    const after = await getFrom(db(), status, `/checkout/${payment.checkoutId}`, where);
    expect(after.data).toMatchObject({
      state: "closed",
      footer: "cart",
      orders: [{ status: "cancelled" }],
    });
    const [row] = await db()
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row?.stock).toBe(2);
  });

  test("an order whose time to pay ran out can't be paid from its page, and Start again gives its lines back and closes it", async () => {
    const product = await createProduct(db(), { businessId: spa.id, stock: 3 });
    const started = await postTo(
      db(),
      checkout,
      "/checkout",
      await payForm(product.id, 2),
      asAda(),
    );
    const { payment } = (
      started.data as { result: { payment: { checkoutId: string; reference: string } } }
    ).result;
    // Half an hour later (the hold's end, moved back instead of waiting).
    await db()
      .update(checkouts)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(checkouts.id, payment.checkoutId));
    const where = {
      ...asAda(),
      pattern: "/checkout/:checkoutId",
      params: { checkoutId: payment.checkoutId },
    };
    const page = await getFrom(db(), status, `/checkout/${payment.checkoutId}`, where);
    expect(page.data).toMatchObject({ state: "expired", orders: [{ status: "pending_payment" }] });
    const [order] = (page.data as { orders: Array<{ number: string }> }).orders;
    const orderPage = await getFrom(db(), profileOrder, `/profile/orders/${order?.number}`, {
      ...asAda(),
      pattern: "/profile/orders/:number",
      params: { number: order?.number ?? "" },
    });
    expect(orderPage.data).toMatchObject({ order: { expired: true, status: "pending_payment" } });

    const payAgain = await postTo(
      db(),
      checkout,
      "/checkout",
      { intent: "pay-again", checkoutId: payment.checkoutId },
      asAda(),
    );
    expect(payAgain).toMatchObject({
      status: 409,
      data: { result: { message: expect.stringContaining("ran out") } },
    });

    const stranger = await postTo(
      db(),
      status,
      `/checkout/${payment.checkoutId}`,
      { intent: "start-again" },
      { cookie: tunde.cookie, env: pay.env, pattern: where.pattern, params: where.params },
    );
    expect(stranger.status).toBe(404);
    const restarted = await postTo(
      db(),
      status,
      `/checkout/${payment.checkoutId}`,
      { intent: "start-again" },
      where,
    );
    expect(restarted).toMatchObject({
      status: 200,
      data: { restored: [{ id: product.id, quantity: 2, businessId: spa.id, amount: 14_000 }] },
    });
    const after = await getFrom(db(), status, `/checkout/${payment.checkoutId}`, where);
    expect(after.data).toMatchObject({ state: "closed", orders: [{ status: "cancelled" }] });
    const [row] = await db()
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row?.stock).toBe(3);
  });

  test("back on /checkout, the last units the shopper's own open checkout holds aren't shown as sold out, and Pay resumes it", async () => {
    const product = await createProduct(db(), { businessId: spa.id, stock: 2 });
    const form = await payForm(product.id, 2);
    const first = await postTo(db(), checkout, "/checkout", form, asAda());
    const { payment } = (first.data as { result: { payment: { checkoutId: string } } }).result;
    const lines = JSON.stringify([{ id: product.id, quantity: 2, size: null, amount: 14_000 }]);
    const quoteUrl = `/api/checkout/quote?${new URLSearchParams({ lines })}`;
    const mine = await getFrom(db(), quoteRoute, quoteUrl, asAda());
    expect(mine.data).toMatchObject({
      quote: { blocked: false, groups: [{ lines: [{ issues: [] }] }] },
    });
    const theirs = await getFrom(db(), quoteRoute, quoteUrl, {
      cookie: tunde.cookie,
      env: pay.env,
    });
    expect(theirs.data).toMatchObject({
      quote: { blocked: true, groups: [{ lines: [{ issues: [{ kind: "out_of_stock" }] }] }] },
    });
    const again = await postTo(db(), checkout, "/checkout", form, asAda());
    expect(again).toMatchObject({ status: 200, data: { result: { ok: true, payment } } });
  });

  test("the quote offers a shopper's points, at most half the total; paying with them charges the rest", async () => {
    const kemi = await signUpAs(db(), { name: "Kemi Points" });
    await db().transaction((tx) =>
      recordPoints(tx, {
        userId: kemi.userId,
        kind: "earn",
        availableDelta: 9_000,
        cause: `test-gift:${kemi.userId}`,
      }),
    );
    const product = await createProduct(db(), {
      businessId: spa.id,
      stock: 3,
      priceKobo: 1_400_000,
    });
    const lines = JSON.stringify([{ id: product.id, quantity: 1, size: null, amount: 14_000 }]);
    const asKemi = { cookie: kemi.cookie, env: pay.env };
    const quoted = await getFrom(
      db(),
      quoteRoute,
      `/api/checkout/quote?${new URLSearchParams({ lines })}`,
      asKemi,
    );
    // ₦14,000: 7,000 points at most, of the 9,000 she has.
    expect(quoted.data).toMatchObject({ points: { offered: 7_000, spendable: 9_000 } });
    const guest = await getFrom(
      db(),
      quoteRoute,
      `/api/checkout/quote?${new URLSearchParams({ lines })}`,
      { env: pay.env },
    );
    expect(guest.data).toMatchObject({ points: { offered: 0, spendable: 0 } });
    const paid = await postTo(
      db(),
      checkout,
      "/checkout",
      {
        intent: "pay",
        lines,
        expectedTotalKobo: String(700_000),
        usePoints: "7000",
        email: kemi.email,
        phone: "08031234567",
        [`fulfilment.${spa.id}`]: "pickup",
      },
      asKemi,
    );
    const { payment } = (paid.data as { result: { payment: { reference: string } } }).result;
    expect(pay.simulator.transaction(payment.reference)?.amount).toBe(700_000);
    expect(await walletOf(db(), kemi.userId)).toEqual({ available: 2_000, pending: 0 });
  });

  test("the webhook URL answers GET with 405", async () => {
    const response = webhook.loader();
    expect(response.status).toBe(405);
  });
});

describe("the shopper's orders", () => {
  test("each shopper sees only their own orders, newest first, and another's number is a 404", async () => {
    const first = await createOrder(db(), { shopperId: tunde.userId, businessId: spa.id });
    const second = await createOrder(db(), {
      shopperId: tunde.userId,
      businessId: spa.id,
      status: "pending_payment",
    });
    const list = await getFrom(db(), profileOrders, "/profile/orders", { cookie: tunde.cookie });
    expect(
      (list.data as { orders: Array<{ number: string }> }).orders.map((order) => order.number),
    ).toEqual([second.number, first.number]);
    const mine = await getFrom(db(), profileOrder, `/profile/orders/${first.number}`, {
      cookie: tunde.cookie,
      pattern: "/profile/orders/:number",
      params: { number: first.number },
    });
    expect(mine.data).toMatchObject({ order: { number: first.number, status: "paid" } });
    const theirs = await getFrom(db(), profileOrder, `/profile/orders/${first.number}`, {
      cookie: ada.cookie,
      pattern: "/profile/orders/:number",
      params: { number: first.number },
    });
    expect(theirs.status).toBe(404);
  });

  test("the list pages with a real link, and a forged cursor is a 400", async () => {
    const shopper = await signUpAs(db(), { name: "Chioma Eze" });
    for (let index = 0; index < 22; index++) {
      await createOrder(db(), { shopperId: shopper.userId, businessId: spa.id });
    }
    const first = await getFrom(db(), profileOrders, "/profile/orders", { cookie: shopper.cookie });
    const page = first.data as { orders: Array<{ number: string }>; nextCursor: string | null };
    expect(page.orders).toHaveLength(20);
    expect(page.nextCursor).toBeTruthy();
    const second = await getFrom(db(), profileOrders, `/profile/orders?after=${page.nextCursor}`, {
      cookie: shopper.cookie,
    });
    const rest = second.data as { orders: Array<{ number: string }>; nextCursor: string | null };
    expect(rest.orders).toHaveLength(2);
    expect(rest.nextCursor).toBeNull();
    const seen = new Set([...page.orders, ...rest.orders].map((order) => order.number));
    expect(seen.size).toBe(22);
    const forged = await getFrom(db(), profileOrders, "/profile/orders?after=bm9wZQ", {
      cookie: shopper.cookie,
    });
    expect(forged.status).toBe(400);
  });

  test("'Download my data' includes the shopper's orders with their lines", async () => {
    const order = await createOrder(db(), { shopperId: tunde.userId, businessId: spa.id });
    const exported = await exportPersonalData(db(), tunde.userId);
    expect(exported?.orders).toContainEqual(
      expect.objectContaining({
        number: order.number,
        business: "Ewa Spa",
        lines: [expect.objectContaining({ name: "Steam & Sauna Session", quantity: 1 })],
      }),
    );
  });
});

describe("bounds on holding stock (decision 030)", () => {
  test("a stranger's quote never says how many there are above the threshold", async () => {
    const product = await createProduct(db(), { businessId: spa.id, stock: 37 });
    const few = await createProduct(db(), { businessId: spa.id, stock: 2 });
    const lines = JSON.stringify([
      { id: product.id, quantity: 60 },
      { id: few.id, quantity: 9 },
    ]);
    const answer = await getFrom(
      db(),
      quoteRoute,
      `/api/checkout/quote?${new URLSearchParams({ lines })}`,
      { env: pay.env },
    );
    const quote = (answer.data as { quote: Quote }).quote;
    expect(quote.groups[0]?.lines.map((line) => line.issues)).toEqual([
      [{ kind: "over_limit", reason: "share", allowed: 10 }],
      [{ kind: "short_stock", available: 2 }],
    ]);
    expect(JSON.stringify(answer.data)).not.toMatch(/\b37\b/);
  });

  test("Pay is rate limited per shopper: past 20 presses in 15 minutes a 429 says when to try again, and nothing is written", async () => {
    const eager = await signUpAs(db(), { name: "Eager Presser", ip: "198.51.100.61" });
    const product = await createProduct(db(), { businessId: spa.id, stock: 50 });
    const asEager = { cookie: eager.cookie, env: pay.env, ip: "198.51.100.61" };
    const press = () =>
      postTo(
        db(),
        checkout,
        "/checkout",
        {
          intent: "pay",
          lines: JSON.stringify([{ id: product.id, quantity: 1 }]),
          // A stale total: each press is refused (409) before anything is written.
          expectedTotalKobo: "1",
          email: eager.email,
          phone: "08031234567",
          [`fulfilment.${spa.id}`]: "pickup",
        },
        asEager,
      );
    for (let n = 0; n < 20; n++) expect((await press()).status).toBe(409);
    const limited = await press();
    expect(limited).toMatchObject({
      status: 429,
      data: {
        intent: "pay",
        result: {
          ok: false,
          status: 429,
          message: expect.stringMatching(
            /^Too many payments started\. Try again in \d+ minutes?\.$/,
          ),
        },
      },
    });
    // Pay again counts too.
    const again = await postTo(
      db(),
      checkout,
      "/checkout",
      { intent: "pay-again", checkoutId: "chk_none" },
      asEager,
    );
    expect(again.status).toBe(429);
    const theirs = await db()
      .select({ id: checkouts.id })
      .from(checkouts)
      .where(eq(checkouts.shopperId, eager.userId));
    expect(theirs).toHaveLength(0);
  });

  test("…and per address, across shoppers", async () => {
    const ip = "198.51.100.62";
    const people: TestAccount[] = [];
    for (const name of ["Ope Shared", "Dayo Shared", "Femi Shared", "Tobi Shared"]) {
      people.push(await signUpAs(db(), { name, ip: "198.51.100.70" }));
    }
    const pressAs = (person: TestAccount) =>
      postTo(
        db(),
        checkout,
        "/checkout",
        { intent: "pay-again", checkoutId: "chk_none" },
        { cookie: person.cookie, env: pay.env, ip },
      );
    // 20 each from three shoppers behind one address (a 404 each: no such checkout)...
    for (const person of people.slice(0, 3)) {
      for (let n = 0; n < 20; n++) expect((await pressAs(person)).status).toBe(404);
    }
    // ...and the address has had its 60.
    expect((await pressAs(people[3] as TestAccount)).status).toBe(429);
  });
});
