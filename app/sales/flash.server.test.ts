import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { products, users } from "#app/db/schema.server.ts";
import { writeHandoverSettings } from "#app/delivery/settings.server.ts";
import { quoteCart, shopperHolds, startCheckout } from "#app/orders/checkout.server.ts";
import { verifyAndConfirm } from "#app/orders/confirm.server.ts";
import { defaultHoldLimits } from "#app/orders/hold-limits.ts";
import { checkouts, orders } from "#app/orders/schema.server.ts";
import {
  createBusiness,
  createCategory,
  createProduct,
  stockOf as productStock,
} from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { checkoutForm } from "#tests/support/orders.ts";
import { startTestPayments, type TestPayments } from "#tests/support/payments.ts";
import { at, saleForm, wholeMinute } from "#tests/support/sales.ts";
import {
  cancelFlashSale,
  closeEndedFlashSales,
  createFlashSale,
  currentFlashSalesOf,
  flashSalesOfBusiness,
  flashSaleUnits,
  flashSaleView,
  holdFlashUnits,
  liveFlashSales,
  lowestPriceOf,
  releaseFlashHold,
} from "./flash.server.ts";
import { toLagosDateTime } from "./sale-window.ts";
import { flashHolds, productPrices } from "./schema.server.ts";

/**
 * Flash sales against a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the
 * console's rules, holds under a crowd, and the sale price at checkout only while a hold lasts.
 * The clock is passed in, so "ten minutes later" is a Date, not a wait.
 */
let database: DatabaseHandle;
const db = () => database.db;
let pay: TestPayments;
let shop: { id: string; slug: string };
let other: { id: string };
const managerId = "usr_flashmanager0000";

beforeAll(async () => {
  database = await createTestDatabase();
  pay = await startTestPayments();
  const category = await createCategory(db());
  shop = await createBusiness(db(), { categoryId: category.id, name: "Kemi's Kicks" });
  other = await createBusiness(db(), { categoryId: category.id, name: "Bayo Bags" });
  await writeHandoverSettings(db(), shop.id, {
    pickupAddress: "",
    pickupHours: "",
    freeDeliveryFromKobo: null,
    areas: [{ city: "Lagos", area: "", feeKobo: 0, estimate: "Same day" }],
  });
  await db().insert(users).values({ id: managerId, name: "Kemi", email: "kemi@flash.example" });
}, 60_000);

afterAll(async () => {
  await pay.close();
  await database.close();
});

const minute = 60_000;

/** "2026-11-27T14:30" in Lagos for an instant, as the date picker sends it. */
const lagos = toLagosDateTime;

const actor = (businessId = shop.id) => ({
  businessId,
  userId: managerId,
  request: new Request("http://localhost/vendor"),
});

/** A product with stock, and a sale of it that starts at `start` and lasts an hour. */
async function liveSale(
  start: Date,
  sale: { units?: number; limit?: number; price?: string } = {},
  product: { stock?: number; priceKobo?: number } = {},
) {
  const made = await createProduct(db(), {
    businessId: shop.id,
    name: "Canvas Sneakers",
    priceKobo: product.priceKobo ?? 2_000_000,
    stock: product.stock ?? 50,
  });
  const result = await createFlashSale(
    db(),
    actor(),
    saleForm({
      product: made.id,
      units: String(sale.units ?? 20),
      salePrice: sale.price ?? "12000",
      perShopperLimit: String(sale.limit ?? 1),
      startsAt: lagos(start),
      endsAt: lagos(at(start, 60)),
    }),
    at(start, -5),
  );
  if (!result.ok) throw new Error(`sale refused: ${JSON.stringify(result)}`);
  return { product: made, saleId: result.saleId };
}

/** Shoppers written straight to the database: a crowd needs no passwords. */
async function shoppers(count: number) {
  const rows = Array.from({ length: count }, (_, index) => ({
    id: newId("usr"),
    name: `Shopper ${index}`,
    email: `flash-${newId("usr").toLowerCase()}@example.com`,
  }));
  await db().insert(users).values(rows);
  return rows;
}

describe("the price history", () => {
  test("the lowest price of the last 30 days counts every price set in them and the one they opened with", async () => {
    const product = await createProduct(db(), { businessId: shop.id, priceKobo: 1_500_000 });
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * minute);
    await db().delete(productPrices).where(eq(productPrices.productId, product.id));
    await db()
      .insert(productPrices)
      .values([
        { productId: product.id, priceKobo: 900_000, fromAt: daysAgo(60) },
        { productId: product.id, priceKobo: 1_300_000, fromAt: daysAgo(40) },
        { productId: product.id, priceKobo: 1_800_000, fromAt: daysAgo(10) },
        { productId: product.id, priceKobo: 1_500_000, fromAt: daysAgo(2) },
      ]);
    // ₦13,000 held when the window opened 30 days ago; ₦9,000 was before it.
    expect(await lowestPriceOf(db(), product.id, now)).toBe(1_300_000);
    expect(await lowestPriceOf(db(), product.id, daysAgo(35))).toBe(900_000);
  });

  test("a price change through the database is recorded by the trigger, and an unchanged price is not", async () => {
    const product = await createProduct(db(), { businessId: shop.id, priceKobo: 1_500_000 });
    await db().update(products).set({ priceKobo: 1_200_000 }).where(eq(products.id, product.id));
    await db().update(products).set({ stock: 3 }).where(eq(products.id, product.id));
    const history = await db()
      .select({ priceKobo: productPrices.priceKobo })
      .from(productPrices)
      .where(eq(productPrices.productId, product.id))
      .orderBy(productPrices.fromAt);
    expect(history.map((row) => row.priceKobo)).toEqual([1_500_000, 1_200_000]);
  });
});

describe("making a flash sale", () => {
  test("a sale price not below the lowest of the last 30 days is refused; below it, the units leave the stock", async () => {
    const product = await createProduct(db(), {
      businessId: shop.id,
      priceKobo: 2_000_000,
      stock: 30,
    });
    // Cheaper a week ago: ₦18,000 is the "was" price, not today's ₦20,000.
    await db()
      .insert(productPrices)
      .values({
        productId: product.id,
        priceKobo: 1_800_000,
        fromAt: new Date(Date.now() - 7 * 24 * 60 * minute),
      });
    await db()
      .insert(productPrices)
      .values({
        productId: product.id,
        priceKobo: 2_000_000,
        fromAt: new Date(Date.now() - 24 * 60 * minute),
      });
    const start = wholeMinute(10);
    const fields = {
      product: product.id,
      units: "10",
      perShopperLimit: "2",
      startsAt: lagos(start),
      endsAt: lagos(at(start, 90)),
    };
    const tooHigh = await createFlashSale(
      db(),
      actor(),
      saleForm({ ...fields, salePrice: "18000" }),
    );
    expect(tooHigh).toEqual({
      ok: false,
      status: 400,
      errors: { salePrice: "Below ₦18,000.00, the lowest price of the last 30 days" },
    });
    expect(await productStock(db(), product.id)).toBe(30);
    const made = await createFlashSale(db(), actor(), saleForm({ ...fields, salePrice: "17999" }));
    expect(made.ok).toBe(true);
    expect(await productStock(db(), product.id)).toBe(20);
    const [listed] = await flashSalesOfBusiness(db(), shop.id);
    expect(listed).toMatchObject({
      salePriceKobo: 1_799_900,
      wasPriceKobo: 1_800_000,
      units: 10,
      sold: 0,
      state: "scheduled",
    });
  });

  test("bad dates, prices and units each get their own field's message", async () => {
    const product = await createProduct(db(), {
      businessId: shop.id,
      stock: 5,
      sizes: ["42", "43"],
    });
    const start = wholeMinute(10);
    const good = {
      product: product.id,
      size: "42",
      units: "5",
      salePrice: "9000",
      perShopperLimit: "1",
      startsAt: lagos(start),
      endsAt: lagos(at(start, 60)),
    };
    const refusal = async (fields: Record<string, string>) => {
      const result = await createFlashSale(db(), actor(), saleForm({ ...good, ...fields }));
      if (result.ok) throw new Error("accepted");
      return { status: result.status, errors: result.errors };
    };
    expect(await refusal({ startsAt: lagos(wholeMinute(-10)) })).toEqual({
      status: 400,
      errors: { startsAt: "The start has passed" },
    });
    expect(await refusal({ endsAt: lagos(at(start, 2)) })).toEqual({
      status: 400,
      errors: { endsAt: "End at least 5 minutes after the start" },
    });
    expect(await refusal({ endsAt: lagos(at(start, 15 * 24 * 60)) })).toEqual({
      status: 400,
      errors: { endsAt: "A flash sale lasts at most 14 days" },
    });
    expect((await refusal({ startsAt: "2026-02-31T10:00" })).errors).toEqual({
      startsAt: "Choose the start with the calendar",
    });
    expect((await refusal({ salePrice: "cheap" })).errors).toEqual({
      salePrice: "Sale price must be an amount like 18000 or 18000.50",
    });
    expect((await refusal({ units: "0" })).errors).toEqual({
      units: "Units must be a whole number from 1 to 10,000",
    });
    expect((await refusal({ units: "6" })).errors).toEqual({
      units: "Only 5 in stock: the sale's units come from it",
    });
    expect((await refusal({ size: "" })).errors).toEqual({ size: "Choose a size: 42, 43" });
    expect((await refusal({ perShopperLimit: "11" })).errors).toEqual({
      perShopperLimit: "Limit per shopper must be a whole number from 1 to 10",
    });
    // Another business's product is not one of this business's products.
    expect(
      (
        await createFlashSale(db(), actor(other.id), saleForm(good)).then((result) =>
          result.ok ? null : result.errors,
        )
      )?.product,
    ).toBe("Choose one of your products on sale");
    expect(await productStock(db(), product.id)).toBe(5);
  });

  test("a second sale of the same product at overlapping times is refused; after it ends, another is fine", async () => {
    const start = wholeMinute(30);
    const { product } = await liveSale(start, { units: 5 });
    const fields = {
      product: product.id,
      units: "5",
      salePrice: "11000",
      perShopperLimit: "1",
    };
    const overlapping = await createFlashSale(
      db(),
      actor(),
      saleForm({ ...fields, startsAt: lagos(at(start, 30)), endsAt: lagos(at(start, 120)) }),
    );
    expect(overlapping).toMatchObject({
      ok: false,
      status: 409,
      errors: { startsAt: expect.any(String) },
    });
    const after = await createFlashSale(
      db(),
      actor(),
      saleForm({ ...fields, startsAt: lagos(at(start, 60)), endsAt: lagos(at(start, 120)) }),
    );
    expect(after.ok).toBe(true);
  });

  test("a sale called off before it starts gives its units back; a started one can't be called off", async () => {
    const start = wholeMinute(20);
    const { product, saleId } = await liveSale(start, { units: 8 }, { stock: 10 });
    expect(await productStock(db(), product.id)).toBe(2);
    expect(await cancelFlashSale(db(), actor(other.id), saleId)).toMatchObject({ status: 404 });
    expect(await cancelFlashSale(db(), actor(), saleId, at(start, 1))).toMatchObject({
      status: 409,
    });
    expect(await cancelFlashSale(db(), actor(), saleId, at(start, -1))).toEqual({ ok: true });
    expect(await productStock(db(), product.id)).toBe(10);
    // Twice is once.
    expect(await cancelFlashSale(db(), actor(), saleId, at(start, -1))).toEqual({ ok: true });
    expect(await productStock(db(), product.id)).toBe(10);
  });
});

describe("holding units", () => {
  test("500 shoppers pressing buy at once for 20 units: exactly 20 are held", async () => {
    const start = wholeMinute(-1);
    const { saleId } = await liveSale(start, { units: 20 }, { stock: 20 });
    const crowd = await shoppers(500);
    const now = at(start, 2);
    const results = await Promise.all(
      crowd.map((shopper) => holdFlashUnits(db(), shopper, saleId, 1, now)),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(20);
    expect(results.filter((result) => !result.ok && result.message === "Sold out.")).toHaveLength(
      480,
    );
    const view = await flashSaleView(db(), saleId, null, now);
    expect(view).toMatchObject({ left: 0, state: "sold_out" });
  });

  test("a hold lasts ten minutes, then its unit is free again; pressing twice holds once; the limit counts what was held", async () => {
    const start = wholeMinute(-1);
    const { saleId } = await liveSale(start, { units: 1, limit: 1 });
    const [ada, bola] = await shoppers(2);
    if (!ada || !bola) throw new Error("no shoppers");
    const now = at(start, 1);
    const first = await holdFlashUnits(db(), ada, saleId, 1, now);
    expect(first).toMatchObject({ ok: true, alreadyHeld: false });
    const again = await holdFlashUnits(db(), ada, saleId, 1, at(now, 1));
    expect(again).toMatchObject({ ok: true, alreadyHeld: true });
    expect(await holdFlashUnits(db(), bola, saleId, 1, at(now, 9))).toMatchObject({
      ok: false,
      message: "Sold out.",
    });
    // Ten minutes on, Ada's hold has run out: Bola gets the unit.
    expect(await holdFlashUnits(db(), bola, saleId, 1, at(now, 10))).toMatchObject({ ok: true });
    const view = await flashSaleView(db(), saleId, ada, at(now, 10));
    expect(view).toMatchObject({ left: 0, myHold: null, myBought: 0 });
    // What every watcher polls says the same, and that the unit came back in between.
    expect(await flashSaleUnits(db(), saleId, at(now, 10))).toEqual({ left: 0, state: "sold_out" });
    expect(await flashSaleUnits(db(), saleId, at(now, 10.5))).toEqual({
      left: 0,
      state: "sold_out",
    });
    expect(await flashSaleUnits(db(), saleId, at(now, 20.5))).toEqual({ left: 1, state: "live" });
  });

  test("more than the limit is refused, a shopper may let a hold go, and a sale not started or over holds nothing", async () => {
    const start = wholeMinute(-1);
    const { saleId } = await liveSale(start, { units: 10, limit: 2 });
    const [ada] = await shoppers(1);
    if (!ada) throw new Error("no shopper");
    const now = at(start, 1);
    expect(await holdFlashUnits(db(), ada, saleId, 3, now)).toEqual({
      ok: false,
      status: 409,
      message: "You can buy at most 2 in this sale.",
    });
    const held = await holdFlashUnits(db(), ada, saleId, 2, now);
    if (!held.ok) throw new Error("not held");
    expect(await releaseFlashHold(db(), ada, held.hold.id, at(now, 1))).toBe(true);
    expect(await releaseFlashHold(db(), ada, held.hold.id, at(now, 1))).toBe(false);
    expect((await flashSaleView(db(), saleId, ada, at(now, 1)))?.left).toBe(10);
    expect(await holdFlashUnits(db(), ada, saleId, 1, at(start, -1))).toMatchObject({
      status: 409,
      message: "This sale hasn't started yet.",
    });
    expect(await holdFlashUnits(db(), ada, saleId, 1, at(start, 60))).toMatchObject({
      status: 410,
      message: "This sale has ended.",
    });
    expect(await holdFlashUnits(db(), ada, "fls_nosuchsale0000", 1, now)).toMatchObject({
      status: 404,
    });
  });
});

describe("checkout", () => {
  const context = (now: Date) => ({
    db: db(),
    payments: pay.provider,
    log: pay.log,
    callbackUrl: "http://localhost:3000/checkout/callback",
    publicUrl: "http://localhost:3000",
    commissionRateBp: 500,
    holdLimits: { ...defaultHoldLimits, sharePercent: 100 },
    now: () => now,
  });

  async function checkOut(
    shopper: { id: string; email: string },
    line: { id: string; quantity: number; amount?: number; flashHold?: string },
    now: Date,
  ) {
    const holds = await shopperHolds(db(), shopper, now);
    const quote = await quoteCart(db(), [line], undefined, holds, undefined, now);
    const form = checkoutForm(shopper.email, [line], {
      expectedTotalKobo: String(quote.totalKobo),
      [`fulfilment.${shop.id}`]: "pickup",
    });
    return { quote, result: await startCheckout(context(now), { id: shopper.id }, form) };
  }

  test("the sale price is charged while the hold lasts, whatever the cart says, and the hold is sold on payment", async () => {
    const start = wholeMinute(-1);
    const { product, saleId } = await liveSale(start, { units: 5, price: "12000" });
    const [ada] = await shoppers(1);
    if (!ada) throw new Error("no shopper");
    const now = at(start, 1);
    const held = await holdFlashUnits(db(), ada, saleId, 1, now);
    if (!held.ok) throw new Error("not held");
    // The cart says ₦1: the line is charged ₦12,000, the sale's price.
    const { quote, result } = await checkOut(
      ada,
      { id: product.id, quantity: 1, amount: 1, flashHold: held.hold.id },
      at(now, 2),
    );
    expect(quote.totalKobo).toBe(1_200_000);
    expect(quote.groups[0]?.lines[0]).toMatchObject({
      unitPriceKobo: 1_200_000,
      flashHold: { id: held.hold.id },
      issues: [{ kind: "price_changed", cartUnitKobo: 100 }],
    });
    if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
    const [checkout] = await db()
      .select()
      .from(checkouts)
      .where(eq(checkouts.id, result.payment.checkoutId));
    // The checkout's hold ends with the flash hold, not 30 minutes on.
    expect(checkout?.holdExpiresAt).toEqual(held.hold.expiresAt);
    // The product's own stock is untouched: the units are the sale's.
    expect(await productStock(db(), product.id)).toBe(45);
    pay.simulator.complete(result.payment.reference, "success");
    expect(await verifyAndConfirm(context(at(now, 3)), result.payment.reference)).toMatchObject({
      kind: "paid",
    });
    const [hold] = await db().select().from(flashHolds).where(eq(flashHolds.id, held.hold.id));
    expect(hold?.status).toBe("sold");
    expect(await flashSaleView(db(), saleId, ada, at(now, 30))).toMatchObject({
      left: 4,
      myBought: 1,
      myHold: null,
    });
  });

  test("an expired hold is priced at the product's own price and can't be paid as a flash line", async () => {
    const start = wholeMinute(-1);
    const { product, saleId } = await liveSale(start, { units: 5 });
    const [ada] = await shoppers(1);
    if (!ada) throw new Error("no shopper");
    const held = await holdFlashUnits(db(), ada, saleId, 1, at(start, 1));
    if (!held.ok) throw new Error("not held");
    const { quote, result } = await checkOut(
      ada,
      { id: product.id, quantity: 1, amount: 12_000, flashHold: held.hold.id },
      at(start, 12),
    );
    // One note, not two: the hold ran out (the usual price follows from it).
    expect(quote.groups[0]?.lines[0]).toMatchObject({
      unitPriceKobo: 2_000_000,
      flashHold: null,
      issues: [{ kind: "flash_hold_ended" }],
    });
    expect(quote.blocked).toBe(true);
    expect(result).toMatchObject({ ok: false, status: 409 });
    // Someone else's hold id is no hold at all.
    const [bola] = await shoppers(1);
    if (!bola) throw new Error("no shopper");
    const stolen = await checkOut(
      bola,
      { id: product.id, quantity: 1, amount: 12_000, flashHold: held.hold.id },
      at(start, 2),
    );
    expect(stolen.quote.groups[0]?.lines[0]?.unitPriceKobo).toBe(2_000_000);
    expect(stolen.result.ok).toBe(false);
  });

  test("paid after the hold ran out and the unit went to someone else: the money is returned", async () => {
    const start = wholeMinute(-1);
    const { product, saleId } = await liveSale(start, { units: 1 });
    const [ada, bola] = await shoppers(2);
    if (!ada || !bola) throw new Error("no shoppers");
    const held = await holdFlashUnits(db(), ada, saleId, 1, at(start, 1));
    if (!held.ok) throw new Error("not held");
    const { result } = await checkOut(
      ada,
      { id: product.id, quantity: 1, amount: 12_000, flashHold: held.hold.id },
      at(start, 2),
    );
    if (!result.ok) throw new Error("refused");
    expect((await holdFlashUnits(db(), bola, saleId, 1, at(start, 12))).ok).toBe(true);
    pay.simulator.complete(result.payment.reference, "success");
    expect(await verifyAndConfirm(context(at(start, 13)), result.payment.reference)).toMatchObject({
      kind: "refunded",
    });
    const [order] = await db()
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.checkoutId, result.payment.checkoutId));
    expect(order?.status).toBe("cancelled");
    const [hold] = await db().select().from(flashHolds).where(eq(flashHolds.id, held.hold.id));
    expect(hold?.status).toBe("held");
  });
});

describe("a business's current sales", () => {
  test("on now and starting within the week are listed, ending soonest first; called off and far off are not", async () => {
    const category = await createCategory(db());
    const business = await createBusiness(db(), { categoryId: category.id, name: "Sale Shop" });
    const product = async () =>
      createProduct(db(), { businessId: business.id, priceKobo: 2_000_000, stock: 10 });
    const schedule = async (startMinutes: number, lengthMinutes: number) => {
      const start = wholeMinute(startMinutes);
      const made = await createFlashSale(
        db(),
        actor(business.id),
        saleForm({
          product: (await product()).id,
          units: "2",
          salePrice: "10000",
          perShopperLimit: "1",
          startsAt: lagos(start),
          endsAt: lagos(at(start, lengthMinutes)),
        }),
        at(start, -1),
      );
      if (!made.ok) throw new Error(JSON.stringify(made));
      return made.saleId;
    };
    const longLive = await schedule(-1, 600);
    const shortLive = await schedule(-1, 60);
    const tomorrow = await schedule(24 * 60, 60);
    await schedule(8 * 24 * 60, 60);
    const calledOff = await schedule(60, 60);
    await cancelFlashSale(db(), actor(business.id), calledOff);
    const listed = await currentFlashSalesOf(db(), business.id);
    expect(listed.map((sale) => sale.id)).toEqual([shortLive, longLive, tomorrow]);
    expect(listed[0]?.summary).toMatch(
      /^₦10,000\.00 instead of ₦20,000\.00 · until .+ · 2 of 2 left$/,
    );
    expect(listed[2]?.summary).toMatch(/ · starts .+ · 2 of 2 left$/);
  });

  test("the marketplace's live sales (home page, search): on now with units left, by words of the product's name", async () => {
    const category = await createCategory(db());
    const business = await createBusiness(db(), { categoryId: category.id, name: "Live Shop" });
    const word = `zobo${newId("prd").slice(-6).toLowerCase()}`;
    const schedule = async (name: string, startMinutes: number, units = 2) => {
      const start = wholeMinute(startMinutes);
      const product = await createProduct(db(), {
        businessId: business.id,
        name,
        priceKobo: 2_000_000,
        stock: 10,
      });
      const made = await createFlashSale(
        db(),
        actor(business.id),
        saleForm({
          product: product.id,
          units: String(units),
          salePrice: "10000",
          perShopperLimit: "1",
          startsAt: lagos(start),
          endsAt: lagos(at(start, 120)),
        }),
        at(start, -1),
      );
      if (!made.ok) throw new Error(JSON.stringify(made));
      return made.saleId;
    };
    const drink = await schedule(`Chilled Zóbo ${word} drink`, -1);
    const gone = await schedule(`Zobo ${word} soldout`, -1, 1);
    await schedule(`Zobo ${word} tomorrow`, 24 * 60);
    const [buyer] = await shoppers(1);
    if (!buyer) throw new Error("no shopper");
    expect((await holdFlashUnits(db(), buyer, gone, 1)).ok).toBe(true);
    // Accents and case aside, every word must be in the name; the sold-out and the coming are out.
    const found = await liveFlashSales(db(), { limit: 4, words: ["ZOBO", word] });
    expect(found.map((sale) => sale.id)).toEqual([drink]);
    expect(found[0]).toMatchObject({
      href: `/flash/${drink}`,
      kind: "flash",
      business: { name: "Live Shop" },
    });
    expect(await liveFlashSales(db(), { limit: 4, words: [word, "tea"] })).toEqual([]);
    // A percent sign is a character to find, not a wildcard.
    expect(await liveFlashSales(db(), { limit: 4, words: [`${word}%`] })).toEqual([]);
    const home = await liveFlashSales(db(), { limit: 50 });
    expect(home.map((sale) => sale.id)).toContain(drink);
    expect(home.map((sale) => sale.id)).not.toContain(gone);
  });
});

describe("closing a sale", () => {
  test("a quarter of an hour after the end, what wasn't sold goes back to the product's stock, once", async () => {
    const start = wholeMinute(-1);
    const { product, saleId } = await liveSale(start, { units: 6, limit: 2 }, { stock: 10 });
    const [ada] = await shoppers(1);
    if (!ada) throw new Error("no shopper");
    const held = await holdFlashUnits(db(), ada, saleId, 2, at(start, 1));
    if (!held.ok) throw new Error("not held");
    await db().update(flashHolds).set({ status: "sold" }).where(eq(flashHolds.id, held.hold.id));
    expect(await productStock(db(), product.id)).toBe(4);
    expect(await closeEndedFlashSales(db(), at(start, 70))).toBe(0);
    await closeEndedFlashSales(db(), at(start, 75));
    expect(await productStock(db(), product.id)).toBe(8);
    await closeEndedFlashSales(db(), at(start, 90));
    expect(await productStock(db(), product.id)).toBe(8);
  });
});
