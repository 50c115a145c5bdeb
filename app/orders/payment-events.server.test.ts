import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { consoleAlerts } from "#app/console/orders.server.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { businessMembers, emailOutbox } from "#app/db/schema.server.ts";
import * as checkoutRoute from "#app/routes/checkout.tsx";
import * as checkoutStatus from "#app/routes/checkout-status.tsx";
import * as profileOrder from "#app/routes/profile-order.tsx";
import * as vendorOrder from "#app/routes/vendor-order.tsx";
import { getFrom, postTo, signUpAs, type TestAccount } from "#tests/support/accounts.ts";
import { createBusiness, createCategory, createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { createOrder } from "#tests/support/orders.ts";
import { startTestPayments, type TestPayments } from "#tests/support/payments.ts";
import {
  chargeSuccessEvent,
  disputeEvent,
  type RefundEventName,
  refundEvent,
  signed,
} from "#tests/support/paystack-events.ts";
import { quoteCart, type StartCheckoutResult, startCheckout } from "./checkout.server.ts";
import {
  applyRefundEvent,
  pollRefunds,
  recordDispute,
  sendPendingRefunds,
  verifyAndConfirm,
} from "./confirm.server.ts";
import { refundOrder } from "./lifecycle.server.ts";
import { batchSize, reconcilePayments } from "./payment-jobs.server.ts";
import { checkouts, orders, payments, refunds } from "./schema.server.ts";

/**
 * Paystack's events as Paystack documents them (tests/support/paystack-events.ts cites the
 * pages), through Oja's webhook route, on a real database with the simulator over HTTP: refunds
 * that settle one by one, fee-inclusive charges, disputes, the businesses' new-order alerts,
 * reconciliation that can't loop on the same rows, and the browser's confirm step when Paystack
 * errs (decision 024).
 */
let database: DatabaseHandle;
const db = () => database.db;
let pay: TestPayments;
let shopper: TestAccount;
let owner: TestAccount;
let manager: TestAccount;
let staff: TestAccount;
let spa: { id: string; slug: string };
let salon: { id: string; slug: string };

beforeAll(async () => {
  database = await createTestDatabase();
  pay = await startTestPayments();
  const category = await createCategory(db());
  spa = await createBusiness(db(), { categoryId: category.id, name: "Ewa Spa" });
  salon = await createBusiness(db(), { categoryId: category.id, name: "Braids by Yetunde" });
  shopper = await signUpAs(db(), { name: "Ada Obi" });
  owner = await signUpAs(db(), { name: "Funmi Owner" });
  manager = await signUpAs(db(), { name: "Chidi Manager" });
  staff = await signUpAs(db(), { name: "Bola Staff" });
  await db()
    .insert(businessMembers)
    .values([
      { businessId: spa.id, userId: owner.userId, role: "owner" },
      { businessId: spa.id, userId: manager.userId, role: "manager" },
      { businessId: spa.id, userId: staff.userId, role: "staff" },
    ]);
}, 60_000);

afterAll(async () => {
  await pay.close();
  await database.close();
});

beforeEach(() => {
  // Events are posted by each test, as documented; the simulator's own stay out of the way.
  pay.simulator.setWebhookUrl(undefined);
  pay.simulator.setFeesOnCustomer(false);
  pay.simulator.setRefundOutcome("processed");
});

const context = () => ({
  db: db(),
  payments: pay.provider,
  log: pay.log,
  callbackUrl: "http://localhost:3000/checkout/callback",
  publicUrl: "http://localhost:3000",
  commissionRateBp: 500,
});

/** A checkout of one product per business given, each at `priceKobo`, not paid yet. */
async function checkOut(businessIds: string[], priceKobo = 500_000) {
  const lines = [];
  for (const businessId of businessIds) {
    const product = await createProduct(db(), { businessId, priceKobo, stock: 10 });
    lines.push({ id: product.id, quantity: 1 });
  }
  const quote = await quoteCart(db(), lines);
  const form = new FormData();
  for (const [name, value] of Object.entries({
    email: shopper.email,
    phone: "0803 123 4567",
    lines: JSON.stringify(lines),
    expectedTotalKobo: String(quote.totalKobo),
    ...Object.fromEntries(businessIds.map((id) => [`fulfilment.${id}`, "pickup"])),
  })) {
    form.set(name, value);
  }
  const result: StartCheckoutResult = await startCheckout(context(), { id: shopper.userId }, form);
  if (!result.ok) throw new Error(`checkout refused: ${JSON.stringify(result)}`);
  return result.payment;
}

async function paidCheckout(businessIds: string[], priceKobo = 500_000) {
  const payment = await checkOut(businessIds, priceKobo);
  pay.simulator.complete(payment.reference, "success");
  expect(await verifyAndConfirm(context(), payment.reference)).toMatchObject({ kind: "paid" });
  const rows = await db().select().from(orders).where(eq(orders.checkoutId, payment.checkoutId));
  return { payment, orders: rows };
}

const post = (body: object) => pay.postWebhook(db(), signed(body, pay.env.PAYSTACK_SECRET_KEY));

async function refundOf(orderId: string) {
  const [row] = await db().select().from(refunds).where(eq(refunds.orderId, orderId));
  if (!row) throw new Error(`no refund for ${orderId}`);
  return row;
}

function refundBody(
  event: RefundEventName,
  reference: string,
  amountKobo: number,
  refundReference?: string,
) {
  return refundEvent(event, { transactionReference: reference, amountKobo, refundReference });
}

describe("refund events, which carry no refund id", () => {
  test("two refunds of one payment each settle on their own event, matched by refund_reference or amount", async () => {
    const { payment, orders: paid } = await paidCheckout([spa.id, salon.id]);
    const [first, second] = paid;
    if (!first || !second) throw new Error("two orders expected");
    // Both orders are ₦5,000: the events can only tell their refunds apart by refund_reference.
    expect((await refundOrder(db(), first.id, "Out of towels today.")).ok).toBe(true);
    expect((await refundOrder(db(), second.id, "Stylist is away.")).ok).toBe(true);
    expect(await sendPendingRefunds(context())).toBe(2);

    expect((await post(refundBody("refund.pending", payment.reference, 500_000))).status).toBe(200);
    expect((await post(refundBody("refund.processing", payment.reference, 500_000))).status).toBe(
      200,
    );
    expect([(await refundOf(first.id)).status, (await refundOf(second.id)).status]).toEqual([
      "pending",
      "pending",
    ]);

    const processed = refundBody("refund.processed", payment.reference, 500_000, "132013318360");
    expect((await post(processed)).status).toBe(200);
    const settled = [await refundOf(first.id), await refundOf(second.id)];
    expect(settled.map((refund) => refund.status).sort()).toEqual(["pending", "processed"]);
    // The same event again (Paystack retries) settles nothing more.
    expect((await post(processed)).status).toBe(200);
    expect([(await refundOf(first.id)).status, (await refundOf(second.id)).status].sort()).toEqual([
      "pending",
      "processed",
    ]);

    // The other refund's own event settles it.
    expect(
      (await post(refundBody("refund.processed", payment.reference, 500_000, "132013318361")))
        .status,
    ).toBe(200);
    expect([(await refundOf(first.id)).status, (await refundOf(second.id)).status]).toEqual([
      "processed",
      "processed",
    ]);
  });

  test("two part refunds of one order each settle on their own event, and a failure of one leaves the other", async () => {
    const { payment, orders: paid } = await paidCheckout([spa.id]);
    const [order] = paid;
    if (!order) throw new Error("no order");
    // Two refunds of the same ₦1,000 of a ₦5,000 order: only refund_reference tells them apart.
    for (const reason of ["A towel was torn.", "The sauna was cold."]) {
      const made = await refundOrder(db(), order.id, reason, { amountKobo: 100_000 });
      expect(made).toMatchObject({ ok: true, closed: false });
    }
    expect(await sendPendingRefunds(context())).toBe(2);
    const states = async () =>
      (await db().select().from(refunds).where(eq(refunds.orderId, order.id)))
        .map((refund) => refund.status)
        .sort();

    const first = refundBody("refund.processed", payment.reference, 100_000, "PR-1");
    expect((await post(first)).status).toBe(200);
    expect((await post(first)).status).toBe(200);
    expect(await states()).toEqual(["pending", "processed"]);
    expect(
      (await post(refundBody("refund.failed", payment.reference, 100_000, "TRF_pr2"))).status,
    ).toBe(200);
    expect(await states()).toEqual(["failed", "processed"]);
    // The order stands, partly refunded: what failed may be refunded again.
    const [now] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(now?.status).toBe("paid");
    expect(await refundOrder(db(), order.id, "Trying again.")).toMatchObject({
      ok: true,
      amountKobo: 400_000,
      closed: true,
    });
  });

  test("a refund still queued for Paystack is never settled by another refund's event", async () => {
    const { payment, orders: paid } = await paidCheckout([spa.id, salon.id], 300_000);
    const [first, second] = paid;
    if (!first || !second) throw new Error("two orders expected");
    const sent = await refundOrder(db(), first.id, "Out of towels today.");
    if (!sent.ok || !sent.refundId) throw new Error("refund refused");
    expect(await sendPendingRefunds(context(), { refundId: sent.refundId })).toBe(1);
    // The second is refunded, but not sent yet (Paystack was down, say).
    expect((await refundOrder(db(), second.id, "Stylist is away.")).ok).toBe(true);

    await post(refundBody("refund.processed", payment.reference, 300_000, "RR-1"));
    await post(refundBody("refund.processed", payment.reference, 300_000, "RR-2"));
    expect((await refundOf(first.id)).status).toBe("processed");
    const queued = await refundOf(second.id);
    expect(queued).toMatchObject({ status: "pending", providerRefundId: null });
    // …so the job still sends it.
    expect(await sendPendingRefunds(context(), { refundId: queued.id })).toBe(1);
  });

  test("refunds of different amounts match on the amount, given as Paystack's string of digits", async () => {
    const payment = await checkOut([spa.id]);
    pay.simulator.complete(payment.reference, "success");
    await verifyAndConfirm(context(), payment.reference);
    const [order] = await db()
      .select()
      .from(orders)
      .where(eq(orders.checkoutId, payment.checkoutId));
    if (!order) throw new Error("no order");
    expect((await refundOrder(db(), order.id, "We closed early.")).ok).toBe(true);
    await sendPendingRefunds(context());
    await post(refundBody("refund.processed", payment.reference, 499_999));
    expect((await refundOf(order.id)).status).toBe("pending");
    await post(refundBody("refund.processed", payment.reference, 500_000));
    expect((await refundOf(order.id)).status).toBe("processed");
  });

  test("refund.failed and refund.needs-attention flag the refund for a person and are logged", async () => {
    const { payment, orders: paid } = await paidCheckout([spa.id, salon.id], 250_000);
    for (const order of paid) await refundOrder(db(), order.id, "We can't serve you today.");
    await sendPendingRefunds(context());
    await post(refundBody("refund.failed", payment.reference, 250_000, "TRF_9vgfawjnoz58uxy"));
    // The same as the route does, with a log the test can read.
    const needsAttention = refundBody(
      "refund.needs-attention",
      payment.reference,
      250_000,
      "TRF_x1",
    );
    const parsed = pay.provider.parseWebhookEvent(JSON.stringify(needsAttention));
    expect(
      await applyRefundEvent(
        { db: db(), log: pay.log },
        {
          reference: parsed.data.reference,
          status: parsed.data.status ?? "",
          amountKobo: parsed.data.amountKobo,
          refundReference: parsed.data.refundReference,
        },
      ),
    ).toBe("updated");
    const states = await Promise.all(paid.map(async (order) => (await refundOf(order.id)).status));
    expect(states.sort()).toEqual(["failed", "needs_attention"]);
    expect(pay.logged("error")).toContainEqual(
      expect.objectContaining({
        msg: "a refund did not reach the shopper: check it on Paystack's dashboard",
        reference: payment.reference,
      }),
    );
    // The shopper's page doesn't pretend the money is back.
    const [first] = paid;
    if (!first) throw new Error("no order");
    const page = await getFrom(db(), profileOrder, `/profile/orders/${first.number}`, {
      cookie: shopper.cookie,
      env: pay.env,
      pattern: "/profile/orders/:number",
      params: { number: first.number },
    });
    expect(page.status).toBe(200);
    const shown = (page.data as { order: { refunds: Array<{ status: string }> } }).order.refunds;
    expect(shown.map((refund) => refund.status)).not.toContain("processed");
  });

  test("without any event, reconciliation asks Paystack (GET /refund/:id) and records the outcome", async () => {
    const { orders: paid } = await paidCheckout([spa.id, salon.id], 200_000);
    const [good, bad] = paid;
    if (!good || !bad) throw new Error("two orders expected");
    await refundOrder(db(), good.id, "We closed early.");
    await sendPendingRefunds(context());
    pay.simulator.setRefundOutcome("failed");
    await refundOrder(db(), bad.id, "We closed early.");
    await sendPendingRefunds(context());
    await pay.simulator.idle();
    expect(await pollRefunds(context())).toBeGreaterThanOrEqual(1);
    expect((await refundOf(good.id)).status).toBe("processed");
    expect((await refundOf(bad.id)).status).toBe("failed");
  });
});

describe("fees passed on to the shopper", () => {
  test("a charge above the ask, with requested_amount equal to it, pays the orders (verify and webhook)", async () => {
    pay.simulator.setFeesOnCustomer(true);
    const byVerify = await checkOut([spa.id]);
    pay.simulator.complete(byVerify.reference, "success");
    const verified = await pay.provider.verify(byVerify.reference);
    expect(verified.amountKobo).toBeGreaterThan(500_000);
    expect(verified.requestedAmountKobo).toBe(500_000);
    expect(await verifyAndConfirm(context(), byVerify.reference)).toMatchObject({ kind: "paid" });

    const byWebhook = await checkOut([spa.id]);
    const body = chargeSuccessEvent({
      reference: byWebhook.reference,
      amountKobo: 517_500,
      requestedAmountKobo: 500_000,
    });
    expect((await post(body)).status).toBe(200);
    const [order] = await db()
      .select()
      .from(orders)
      .where(eq(orders.checkoutId, byWebhook.checkoutId));
    expect(order?.status).toBe("paid");
  });

  test("a requested_amount other than the ask is refunded whole, and the checkout page says so", async () => {
    const payment = await checkOut([spa.id]);
    const body = chargeSuccessEvent({
      reference: payment.reference,
      amountKobo: 417_500,
      requestedAmountKobo: 400_000,
    });
    expect((await post(body)).status).toBe(200);
    const [row] = await db()
      .select()
      .from(payments)
      .where(eq(payments.reference, payment.reference));
    expect(row?.status).toBe("mismatch");
    const [refund] = await db()
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, row?.id ?? ""));
    expect(refund).toMatchObject({ amountKobo: 417_500, orderId: null, status: "pending" });
    const page = await getFrom(db(), checkoutStatus, `/checkout/${payment.checkoutId}`, {
      cookie: shopper.cookie,
      env: pay.env,
      pattern: "/checkout/:checkoutId",
      params: { checkoutId: payment.checkoutId },
    });
    expect(page.data).toMatchObject({
      state: "waiting",
      charged: true,
      wholeRefund: { amountKobo: 417_500, status: "pending" },
    });

    // Once its time to pay runs out, the order's own page doesn't say "Nothing was charged".
    await db()
      .update(checkouts)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(checkouts.id, payment.checkoutId));
    const [order] = await db()
      .select({ number: orders.number })
      .from(orders)
      .where(eq(orders.checkoutId, payment.checkoutId));
    const orderPage = await getFrom(db(), profileOrder, `/profile/orders/${order?.number}`, {
      cookie: shopper.cookie,
      env: pay.env,
      pattern: "/profile/orders/:number",
      params: { number: order?.number ?? "" },
    });
    expect(orderPage.data).toMatchObject({ order: { expired: true, charged: true } });
  });
});

describe("disputes", () => {
  test("a dispute flags the paid orders for the shopper and the business, and its resolution closes it", async () => {
    const { payment, orders: paid } = await paidCheckout([spa.id]);
    const [order] = paid;
    if (!order) throw new Error("no order");
    const create = disputeEvent("charge.dispute.create", {
      transactionReference: payment.reference,
      amountKobo: 500_000,
      dueAt: "2026-11-27T18:00:00.000Z",
    });
    expect((await post(create)).status).toBe(200);
    // A reminder, as the route hands it over, with a log the test can read.
    const remind = pay.provider.parseWebhookEvent(
      JSON.stringify(
        disputeEvent("charge.dispute.remind", {
          transactionReference: payment.reference,
          amountKobo: 500_000,
        }),
      ),
    );
    expect(
      await recordDispute(
        { db: db(), log: pay.log },
        {
          event: remind.event,
          reference: remind.data.reference,
          status: remind.data.status,
          resolution: null,
          dueAt: new Date("2026-11-27T18:00:00.000Z"),
        },
      ),
    ).toBe(1);

    const shopperPage = await getFrom(db(), profileOrder, `/profile/orders/${order.number}`, {
      cookie: shopper.cookie,
      env: pay.env,
      pattern: "/profile/orders/:number",
      params: { number: order.number },
    });
    expect((shopperPage.data as { order: { dispute: unknown } }).order.dispute).toMatchObject({
      open: true,
      status: "awaiting-merchant-feedback",
    });
    const consolePage = await getFrom(
      db(),
      vendorOrder,
      `/vendor/${spa.slug}/orders/${order.number}`,
      {
        cookie: staff.cookie,
        env: pay.env,
        pattern: "/vendor/:business/orders/:number",
        params: { business: spa.slug, number: order.number },
      },
    );
    expect((consolePage.data as { order: { dispute: unknown } }).order.dispute).toMatchObject({
      open: true,
    });
    expect((await consoleAlerts(db(), spa.id)).disputed.map((row) => row.number)).toContain(
      order.number,
    );
    expect(pay.logged("error")).toContainEqual(
      expect.objectContaining({
        msg: "a payment is disputed: answer it on Paystack's dashboard",
        reference: payment.reference,
        event: "charge.dispute.remind",
      }),
    );

    const resolve = disputeEvent("charge.dispute.resolve", {
      transactionReference: payment.reference,
      amountKobo: 500_000,
      resolution: "declined",
    });
    expect((await post(resolve)).status).toBe(200);
    const [after] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(after).toMatchObject({ disputeStatus: "resolved", disputeResolution: "declined" });
    expect((await consoleAlerts(db(), spa.id)).disputed.map((row) => row.number)).not.toContain(
      order.number,
    );
  });

  test("the simulator sends disputes in Paystack's shape, and the route reads them", async () => {
    const { payment, orders: paid } = await paidCheckout([salon.id]);
    const [order] = paid;
    if (!order) throw new Error("no order");
    // Nobody listens at this address: the delivery is recorded, and posted here by hand.
    pay.simulator.setWebhookUrl("http://127.0.0.1:9/paystack");
    pay.simulator.dispute(payment.reference, "create");
    const delivery = pay.simulator
      .deliveries()
      .findLast((sent) => sent.event === "charge.dispute.create");
    if (!delivery) throw new Error("no dispute webhook");
    pay.simulator.setWebhookUrl(undefined);
    expect(JSON.parse(delivery.body).data).toMatchObject({
      transaction: { reference: payment.reference },
      transaction_reference: null,
    });
    expect((await pay.postWebhook(db(), delivery)).status).toBe(200);
    const [after] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(after?.disputedAt).toBeInstanceOf(Date);
  });
});

describe("telling the business", () => {
  test("a new paid order emails the owners and managers, not staff, once, and the dashboard alerts", async () => {
    const { orders: paid, payment } = await paidCheckout([spa.id, salon.id]);
    const spaOrder = paid.find((order) => order.businessId === spa.id);
    if (!spaOrder) throw new Error("no spa order");
    // A repeated confirmation tells nobody twice.
    await verifyAndConfirm(context(), payment.reference);
    const mail = await db()
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.kind, "business-new-order"),
          inArray(emailOutbox.toAddress, [owner.email, manager.email, staff.email]),
        ),
      );
    const aboutThis = mail.filter((email) => email.subject.includes(spaOrder.number));
    expect(aboutThis.map((email) => email.toAddress).sort()).toEqual(
      [owner.email, manager.email].sort(),
    );
    expect(aboutThis[0]?.subject).toBe(`New paid order ${spaOrder.number}: ₦5,000.00`);
    expect(aboutThis[0]?.text).toContain(`/vendor/${spa.slug}/orders/${spaOrder.number}`);
    // The salon has no members: nobody is emailed about its order.
    const salonOrder = paid.find((order) => order.businessId === salon.id);
    const aboutSalon = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "business-new-order"));
    expect(aboutSalon.filter((email) => email.subject.includes(salonOrder?.number ?? "?"))).toEqual(
      [],
    );

    const alerts = await consoleAlerts(db(), spa.id);
    expect(alerts.newPaid).toMatchObject({ newest: { number: spaOrder.number } });
    expect(alerts.newPaid?.count).toBeGreaterThanOrEqual(1);
    // A day later it is no longer new.
    const later = await consoleAlerts(db(), spa.id, new Date(Date.now() + 25 * 60 * 60_000));
    expect(later.newPaid).toBeNull();
  });
});

describe("every signed event is acknowledged", () => {
  test.each([
    [
      "an event Oja doesn't use",
      { event: "subscription.create", data: { subscription_code: "SUB_1" } },
    ],
    ["a charge without a reference", { event: "charge.success", data: { amount: 100 } }],
    [
      "a refund of a transaction Oja never made",
      refundEvent("refund.processed", {
        transactionReference: "T2154954_412829_3be32076_6lcg3",
        amountKobo: 5000,
        refundReference: "132013318360",
      }),
    ],
    [
      "a dispute of a transaction Oja never made",
      disputeEvent("charge.dispute.create", {
        transactionReference: "v3mjfgbnc19v97x",
        amountKobo: 5800,
      }),
    ],
    [
      "a charge Oja never made",
      chargeSuccessEvent({
        reference: "qTPrJoy9Bx",
        amountKobo: 10_000,
        requestedAmountKobo: 10_000,
      }),
    ],
  ])("%s answers 200", async (_name, body) => {
    expect((await post(body)).status).toBe(200);
  });

  test("a signed body that isn't JSON answers 200; unsigned, 401", async () => {
    const text = "not json";
    const { sign } = await import("#server/paystack-simulator/index.ts");
    expect(
      (
        await pay.postWebhook(db(), {
          body: text,
          signature: sign(text, pay.env.PAYSTACK_SECRET_KEY),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await pay.postWebhook(db(), {
          body: JSON.stringify(
            refundEvent("refund.processed", { transactionReference: "x", amountKobo: 1 }),
          ),
        })
      ).status,
    ).toBe(401);
  });
});

describe("reconciliation", () => {
  /** A pending payment of a checkout of Ada's, `minutesAgo` old, known to the simulator. */
  async function pendingPayment(minutesAgo: number, known = true) {
    const { checkoutId } = await createOrder(db(), {
      shopperId: shopper.userId,
      businessId: spa.id,
      status: "pending_payment",
    });
    const reference = `oja-test-${newId("pay").slice(4)}`;
    if (known) {
      await pay.provider.initialize({
        email: shopper.email,
        amountKobo: 1_400_000,
        currency: "NGN",
        reference,
        channels: ["card"],
        metadata: {},
        callbackUrl: "http://localhost:3000/checkout/callback",
      });
    }
    const createdAt = new Date(Date.now() - minutesAgo * 60_000);
    await db()
      .insert(payments)
      .values({
        id: newId("pay"),
        checkoutId,
        reference,
        amountKobo: 1_400_000,
        currency: "NGN",
        createdAt,
        updatedAt: createdAt,
      });
    return reference;
  }

  async function paymentRows(references: string[]) {
    return db().select().from(payments).where(inArray(payments.reference, references));
  }

  test("newest first, each asked again only after its backoff, so more than a page never loops on the oldest", async () => {
    // Settle what other tests left pending, so this page is ours.
    await db().update(payments).set({ status: "abandoned" }).where(eq(payments.status, "pending"));
    const references: string[] = [];
    for (let i = 0; i < batchSize + 5; i++) references.push(await pendingPayment(10 + i));
    const oldest = references.slice(batchSize);
    // The oldest one was paid meanwhile, and its browser closed.
    const paidLate = references[references.length - 1] as string;
    pay.simulator.complete(paidLate, "success");

    const now = Date.now();
    const first = await reconcilePayments({ ...context(), now: () => new Date(now) });
    expect(first.verified).toBe(batchSize);
    const afterFirst = await paymentRows(references);
    const asked = afterFirst.filter((row) => row.verifyAttempts === 1).map((row) => row.reference);
    expect(asked.sort()).toEqual(references.slice(0, batchSize).sort());

    // The next run reaches the rest instead of asking the same 50 again.
    const second = await reconcilePayments({ ...context(), now: () => new Date(now + 60_000) });
    expect(second.verified).toBe(oldest.length);
    expect(second.paid).toBe(1);
    const [late] = await paymentRows([paidLate]);
    expect(late?.status).toBe("success");

    // Within the backoff nobody is asked; after it, each is asked again, and waits longer.
    const third = await reconcilePayments({ ...context(), now: () => new Date(now + 90_000) });
    expect(third.verified).toBe(0);
    const fourth = await reconcilePayments({ ...context(), now: () => new Date(now + 3 * 60_000) });
    expect(fourth.verified).toBe(batchSize);
    const [again] = await paymentRows([references[0] as string]);
    expect(again?.verifyAttempts).toBe(2);
    expect(again?.nextVerifyAt?.getTime()).toBe(now + 3 * 60_000 + 4 * 60_000);
  });

  test("payments past their day, or unknown to Paystack, are settled as abandoned and leave the queue", async () => {
    await db().update(payments).set({ status: "abandoned" }).where(eq(payments.status, "pending"));
    const old = await pendingPayment(26 * 60);
    const unknown = await pendingPayment(10, false);
    const report = await reconcilePayments(context());
    expect(report.abandoned).toBe(2);
    const rows = await paymentRows([old, unknown]);
    expect(rows.map((row) => row.status)).toEqual(["abandoned", "abandoned"]);
    expect((await reconcilePayments(context())).verified).toBe(0);
  });
});

describe("the browser's confirm step", () => {
  test("when Paystack errs, /checkout answers 502 with a helpful message and the checkout, never a crash", async () => {
    const { checkoutId } = await createOrder(db(), {
      shopperId: shopper.userId,
      businessId: spa.id,
      status: "pending_payment",
    });
    const reference = `oja-unknown-${newId("pay").slice(4)}`;
    await db()
      .insert(payments)
      .values({
        id: newId("pay"),
        checkoutId,
        reference,
        amountKobo: 1_400_000,
        currency: "NGN",
      });
    const answer = await postTo(
      db(),
      checkoutRoute,
      "/checkout",
      { intent: "confirm", reference },
      { cookie: shopper.cookie, env: pay.env },
    );
    expect(answer.status).toBe(502);
    expect(answer.data).toMatchObject({
      intent: "confirm",
      checkoutId,
      message: expect.stringContaining("no need to pay again"),
    });
    // The checkout's page says the payment is still being checked, instead of only "pay".
    const page = await getFrom(db(), checkoutStatus, `/checkout/${checkoutId}`, {
      cookie: shopper.cookie,
      env: pay.env,
      pattern: "/checkout/:checkoutId",
      params: { checkoutId },
    });
    expect(page.data).toMatchObject({ state: "waiting", unconfirmed: true });

    // Once the webhook has settled it, the same error is no news: straight to the checkout.
    await db().update(payments).set({ status: "success" }).where(eq(payments.reference, reference));
    const settled = await postTo(
      db(),
      checkoutRoute,
      "/checkout",
      { intent: "confirm", reference },
      { cookie: shopper.cookie, env: pay.env },
    );
    expect(settled).toMatchObject({ status: 302, location: `/checkout/${checkoutId}` });
  });
});
