import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import {
  checkouts,
  emailOutbox,
  orderLines,
  orders,
  users,
  voucherOffers,
  vouchers,
} from "#app/db/schema.server.ts";
import { payAgain, type StartCheckoutResult, startCheckout } from "#app/orders/checkout.server.ts";
import { verifyAndConfirm } from "#app/orders/confirm.server.ts";
import { defaultHoldLimits } from "#app/orders/hold-limits.ts";
import { cancelUnpaidCheckout, markFulfilled, refundOrder } from "#app/orders/lifecycle.server.ts";
import { signUpAs, type TestAccount } from "#tests/support/accounts.ts";
import { createBusiness, createCategory, createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { checkoutForm } from "#tests/support/orders.ts";
import { startTestPayments, type TestPayments } from "#tests/support/payments.ts";
import { createVoucherOffer } from "#tests/support/vouchers.ts";
import { quoteVoucherCart, startVoucherCheckout } from "./checkout.server.ts";
import { validUntilOf } from "./issue.server.ts";
import { readVoucherCode } from "./voucher-code.ts";
import type { VoucherQuote } from "./voucher-quote.ts";

/**
 * The voucher cart's checkout against a real database and the Paystack simulator over HTTP:
 * repricing, the quantity and per-shopper limits held on the server, and vouchers issued once
 * when the payment is confirmed.
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
}, 60_000);

afterAll(async () => {
  await pay.close();
  await database.close();
});

const context = () => ({
  db: db(),
  payments: pay.provider,
  log: pay.log,
  callbackUrl: "http://localhost:3000/checkout/callback",
  publicUrl: "http://localhost:3000",
  commissionRateBp: 500,
  holdLimits: { ...defaultHoldLimits, openPerAddress: 1000 },
});

interface Line {
  id: string;
  quantity: number;
  amount?: number;
}

/** Checks out `lines` at the total the server quotes, as the voucher cart page does. */
async function buy(lines: Line[], who: { userId: string; email: string } = shopper) {
  const quote = await quoteVoucherCart(db(), lines);
  const form = checkoutForm(who.email, lines, { expectedTotalKobo: String(quote.totalKobo) });
  return startVoucherCheckout(context(), { id: who.userId }, form);
}

function started<Q>(result: StartCheckoutResult<Q>) {
  if (!result.ok) throw new Error(`checkout refused: ${JSON.stringify(result)}`);
  return result.payment;
}

function refusal(result: StartCheckoutResult<VoucherQuote>) {
  if (result.ok || result.status !== 409) throw new Error(`not refused: ${JSON.stringify(result)}`);
  return result;
}

async function paid(reference: string) {
  pay.simulator.complete(reference, "success");
  return verifyAndConfirm({ ...context(), payments: pay.provider }, reference);
}

const soldCount = async (offerId: string) =>
  (await db().select().from(voucherOffers).where(eq(voucherOffers.id, offerId)))[0]?.soldCount;

const vouchersOfCheckout = (checkoutId: string) =>
  db()
    .select({ voucher: vouchers })
    .from(vouchers)
    .innerJoin(orders, eq(orders.id, vouchers.orderId))
    .where(eq(orders.checkoutId, checkoutId))
    .then((rows) => rows.map((row) => row.voucher));

/** Shoppers written straight into the database: the race needs a hundred of them. */
async function manyShoppers(count: number) {
  const rows = Array.from({ length: count }, (_, index) => ({
    id: newId("usr"),
    name: `Buyer ${index}`,
    email: `buyer-${index}-${Date.now()}@example.com`,
    emailVerified: true,
  }));
  await db().insert(users).values(rows);
  return rows.map((row) => ({ userId: row.id, email: row.email }));
}

describe("voucher checkout", () => {
  test("one payment buys vouchers of two businesses: one order each, codes issued once on payment", async () => {
    const treat = await createVoucherOffer(db(), spa.id, { title: "Spa treat" });
    const braids = await createVoucherOffer(db(), salon.id, {
      title: "Knotless braids",
      valueKobo: 1_000_000,
      priceKobo: 700_000,
      validDays: null,
      validUntil: "2099-12-31",
    });
    const payment = started(
      await buy([
        { id: treat.id, quantity: 2, amount: 18_000 },
        { id: braids.id, quantity: 1, amount: 7_000 },
      ]),
    );
    const [checkout] = await db()
      .select()
      .from(checkouts)
      .where(eq(checkouts.id, payment.checkoutId));
    expect(checkout).toMatchObject({ kind: "vouchers", totalKobo: 4_300_000, stockHold: "held" });
    const placed = await db()
      .select()
      .from(orders)
      .where(eq(orders.checkoutId, payment.checkoutId));
    expect(placed.map((order) => [order.kind, order.fulfilment, order.subtotalKobo])).toEqual([
      ["vouchers", null, 3_600_000],
      ["vouchers", null, 700_000],
    ]);
    // Held: counted as sold while the shopper pays.
    expect(await soldCount(treat.id)).toBe(2);
    expect(await vouchersOfCheckout(payment.checkoutId)).toEqual([]);

    expect(await paid(payment.reference)).toEqual({
      kind: "paid",
      checkoutId: payment.checkoutId,
    });
    // A second report of the same payment (webhook after the callback) issues nothing more.
    await verifyAndConfirm({ ...context(), payments: pay.provider }, payment.reference);
    const issued = await vouchersOfCheckout(payment.checkoutId);
    expect(issued).toHaveLength(3);
    expect(new Set(issued.map((voucher) => voucher.code)).size).toBe(3);
    for (const voucher of issued) {
      expect(readVoucherCode(voucher.code)).toBe(voucher.code);
      expect(voucher).toMatchObject({ ownerId: shopper.userId, status: "active" });
      expect(voucher.balanceKobo).toBe(voucher.valueKobo);
    }
    const spaVouchers = issued.filter((voucher) => voucher.businessId === spa.id);
    expect(spaVouchers.map((voucher) => [voucher.valueKobo, voucher.priceKobo])).toEqual([
      [2_500_000, 1_800_000],
      [2_500_000, 1_800_000],
    ]);
    expect(issued.find((voucher) => voucher.businessId === salon.id)?.validUntil).toBe(
      "2099-12-31",
    );
    expect(await soldCount(treat.id)).toBe(2);

    const [receipt] = await db()
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.toAddress, shopper.email), eq(emailOutbox.kind, "voucher-receipt")),
      );
    for (const voucher of issued) {
      expect(receipt?.text).toContain(voucher.code.match(/.{4}/g)?.join("-"));
    }
    expect(receipt?.text).toContain("₦43,000.00");
  });

  test("vouchers keep the terms of the checkout, whatever the offer says later", async () => {
    const offer = await createVoucherOffer(db(), spa.id, { validDays: 30 });
    const payment = started(await buy([{ id: offer.id, quantity: 1 }]));
    await db()
      .update(voucherOffers)
      .set({ valueKobo: 5_000_000, priceKobo: 1_000_000, validDays: 7 })
      .where(eq(voucherOffers.id, offer.id));
    await paid(payment.reference);
    const [voucher] = await vouchersOfCheckout(payment.checkoutId);
    if (!voucher) throw new Error("no voucher issued");
    expect(voucher).toMatchObject({ valueKobo: 2_500_000, priceKobo: 1_800_000 });
    expect(voucher.validUntil).toBe(
      validUntilOf({ validDays: 30, validUntil: null }, voucher.issuedAt),
    );
  });

  test("days of validity count from the Lagos day of purchase", () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Lagos.
    expect(
      validUntilOf({ validDays: 30, validUntil: null }, new Date("2026-12-31T23:30:00Z")),
    ).toBe("2027-01-31");
    expect(validUntilOf({ validDays: null, validUntil: "2027-03-01" }, new Date())).toBe(
      "2027-03-01",
    );
  });

  test("the cart is repriced and checked on the server", async () => {
    const offer = await createVoucherOffer(db(), spa.id, { totalQuantity: 3 });
    const paused = await createVoucherOffer(db(), spa.id, { status: "paused" });
    const past = await createVoucherOffer(db(), spa.id, {
      validDays: null,
      validUntil: "2020-01-01",
    });
    const quote = await quoteVoucherCart(db(), [
      { id: offer.id, quantity: 4, amount: 100 },
      { id: paused.id, quantity: 1 },
      { id: past.id, quantity: 1 },
      { id: "vof_unknown", quantity: 1 },
    ]);
    expect(quote.unavailable).toEqual(["vof_unknown"]);
    expect(quote.groups[0]?.lines.map((line) => [line.unitPriceKobo, line.issues])).toEqual([
      [
        1_800_000,
        [
          { kind: "price_changed", cartUnitKobo: 10_000 },
          { kind: "short", available: 3 },
        ],
      ],
      [1_800_000, [{ kind: "not_on_sale" }]],
      [1_800_000, [{ kind: "not_on_sale" }]],
    ]);
    expect(quote.blocked).toBe(true);
    // A price edited in local storage is charged at the offer's price.
    const payment = started(await buy([{ id: offer.id, quantity: 1, amount: 1 }]));
    const [line] = await db()
      .select()
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orders.checkoutId, payment.checkoutId));
    expect(line?.order_lines.unitPriceKobo).toBe(1_800_000);
    // A total that isn't the quote's is refused, nothing written.
    const form = checkoutForm(shopper.email, [{ id: offer.id, quantity: 2 }], {
      expectedTotalKobo: "100",
    });
    const refused = refusal(await startVoucherCheckout(context(), { id: shopper.userId }, form));
    expect(refused.quote.totalKobo).toBe(3_600_000);
  });

  test("bad input gets field messages and a 400", async () => {
    const form = checkoutForm("not-an-email", [], { expectedTotalKobo: "x" });
    form.set("phone", "12");
    const result = await startVoucherCheckout(context(), { id: shopper.userId }, form);
    expect(result.ok).toBe(false);
    if (result.ok || result.status !== 400) throw new Error("expected a 400");
    expect(Object.keys(result.errors).sort()).toEqual(
      ["email", "expectedTotalKobo", "lines", "phone"].sort(),
    );
  });

  test("the last 10 vouchers raced by 100 buyers: exactly 10 sold", async () => {
    const offer = await createVoucherOffer(db(), spa.id, { totalQuantity: 10 });
    const buyers = await manyShoppers(100);
    const results = await Promise.all(
      buyers.map((buyer) => buy([{ id: offer.id, quantity: 1 }], buyer)),
    );
    const winners = results.filter((result) => result.ok);
    expect(winners).toHaveLength(10);
    for (const result of results.filter((result) => !result.ok)) {
      expect(result).toMatchObject({ status: 409 });
    }
    expect(await soldCount(offer.id)).toBe(10);
    // Everyone who got one pays; the offer stays at exactly its quantity.
    for (const result of winners) await paid(started(result).reference);
    const issued = await db().select().from(vouchers).where(eq(vouchers.offerId, offer.id));
    expect(issued).toHaveLength(10);
    expect(await soldCount(offer.id)).toBe(10);
  });

  test("the per-shopper limit counts what was bought and what another tab holds", async () => {
    const [buyer] = await manyShoppers(1);
    if (!buyer) throw new Error("no buyer");
    const offer = await createVoucherOffer(db(), spa.id, { perShopperLimit: 2 });
    // Two tabs press Pay at once with different baskets: one checkout stays open, never both.
    const [first, second] = await Promise.all([
      buy([{ id: offer.id, quantity: 2 }], buyer),
      buy([{ id: offer.id, quantity: 1 }], buyer),
    ]);
    expect(first.ok && second.ok).toBe(true);
    const held = await db()
      .select({ quantity: orderLines.quantity })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orders.shopperId, buyer.userId), eq(orders.status, "pending_payment")));
    expect(held).toHaveLength(1);
    expect(await soldCount(offer.id)).toBe(held[0]?.quantity);

    // Two bought and paid: a third is refused, in any tab.
    const payment = started(await buy([{ id: offer.id, quantity: 2 }], buyer));
    await paid(payment.reference);
    const refused = refusal(await buy([{ id: offer.id, quantity: 1 }], buyer));
    expect(refused.quote.groups[0]?.lines[0]?.issues).toEqual([
      { kind: "limit", allowed: 0, reason: "shopper" },
    ]);
    expect(await soldCount(offer.id)).toBe(2);
  });

  test("an unpaid checkout cancelled puts its vouchers back on sale", async () => {
    const offer = await createVoucherOffer(db(), spa.id, { totalQuantity: 5 });
    const [buyer] = await manyShoppers(1);
    if (!buyer) throw new Error("no buyer");
    const payment = started(await buy([{ id: offer.id, quantity: 3 }], buyer));
    expect(await soldCount(offer.id)).toBe(3);
    expect(await cancelUnpaidCheckout(db(), buyer.userId, payment.checkoutId)).toEqual({
      ok: true,
    });
    expect(await soldCount(offer.id)).toBe(0);
    // The same checkout can't be paid again once cancelled.
    expect(await payAgain(context(), { id: buyer.userId }, payment.checkoutId)).toMatchObject({
      ok: false,
      status: 409,
    });
  });

  test("a voucher checkout and a product checkout of one shopper stay open side by side", async () => {
    const [buyer] = await manyShoppers(1);
    if (!buyer) throw new Error("no buyer");
    const category = await createCategory(db());
    const shop = await createBusiness(db(), { categoryId: category.id, name: "Iya Basira" });
    const product = await createProduct(db(), {
      businessId: shop.id,
      priceKobo: 150_000,
      stock: 5,
    });
    const goodsForm = checkoutForm(buyer.email, [{ id: product.id, quantity: 1 }], {
      expectedTotalKobo: "150000",
      [`fulfilment.${shop.id}`]: "pickup",
    });
    const goods = started(await startCheckout(context(), { id: buyer.userId }, goodsForm));
    const offer = await createVoucherOffer(db(), spa.id);
    started(await buy([{ id: offer.id, quantity: 1 }], buyer));
    const [goodsOrder] = await db()
      .select()
      .from(orders)
      .where(eq(orders.checkoutId, goods.checkoutId));
    expect(goodsOrder?.status).toBe("pending_payment");
  });
});

describe("a paid vouchers order", () => {
  async function boughtOrder(quantity = 2) {
    const [buyer] = await manyShoppers(1);
    if (!buyer) throw new Error("no buyer");
    const offer = await createVoucherOffer(db(), spa.id, { totalQuantity: 10 });
    const payment = started(await buy([{ id: offer.id, quantity }], buyer));
    await paid(payment.reference);
    const [order] = await db()
      .select()
      .from(orders)
      .where(eq(orders.checkoutId, payment.checkoutId));
    if (!order) throw new Error("no order");
    return { order, offer };
  }

  test("has nothing to mark fulfilled", async () => {
    const { order } = await boughtOrder();
    expect(await markFulfilled(db(), order.id)).toMatchObject({ ok: false, status: 409 });
  });

  test("is refunded whole while unused: its vouchers stop working and go back on sale", async () => {
    const { order, offer } = await boughtOrder();
    expect(await refundOrder(db(), order.id, "Changed my mind", { amountKobo: 1_800_000 })).toEqual(
      {
        ok: false,
        status: 409,
        message: "A vouchers order is refunded whole: its vouchers can't be split.",
      },
    );
    expect(await refundOrder(db(), order.id, "Changed my mind")).toMatchObject({
      ok: true,
      amountKobo: 3_600_000,
      closed: true,
    });
    const held = await db().select().from(vouchers).where(eq(vouchers.orderId, order.id));
    expect(held.map((voucher) => voucher.status)).toEqual(["refunded", "refunded"]);
    expect(await soldCount(offer.id)).toBe(0);
  });

  test("isn't refunded once part of a voucher was used", async () => {
    const { order } = await boughtOrder();
    await db()
      .update(vouchers)
      .set({ balanceKobo: 1_000_000 })
      .where(and(eq(vouchers.orderId, order.id), eq(vouchers.serial, 1)));
    expect(await refundOrder(db(), order.id, "Changed my mind")).toEqual({
      ok: false,
      status: 409,
      message: "A voucher of this order has been used, so the order can't be refunded.",
    });
    const held = await db().select().from(vouchers).where(eq(vouchers.orderId, order.id));
    expect(held.every((voucher) => voucher.status === "active")).toBe(true);
  });
});
