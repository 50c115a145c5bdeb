import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { findProductDetail } from "#app/catalog/storefront.server.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { businesses, collectionProducts, collections, users } from "#app/db/schema.server.ts";
import { writeHandoverSettings } from "#app/delivery/settings.server.ts";
import { quoteCart, shopperHolds, startCheckout } from "#app/orders/checkout.server.ts";
import { defaultHoldLimits } from "#app/orders/hold-limits.ts";
import { orderLines } from "#app/orders/schema.server.ts";
import { search } from "#app/search/search.server.ts";
import { createBusiness, createCategory, createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { checkoutForm } from "#tests/support/orders.ts";
import { startTestPayments, type TestPayments } from "#tests/support/payments.ts";
import { at, saleForm, wholeMinute } from "#tests/support/sales.ts";
import {
  createDiscountSale,
  currentDiscountSalesOf,
  discountSalesOfBusiness,
  discountSaleView,
  endDiscountSale,
  setSaleFloor,
} from "./discounts.server.ts";
import { toLagosDateTime } from "./sale-window.ts";

/**
 * Discount sales against a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the one
 * pricing rule (the database's `oja_discount_sale`) as cards, product pages, search and checkout
 * see it, the floor, collections, overlaps, and the console's refusals.
 */
let database: DatabaseHandle;
const db = () => database.db;
let pay: TestPayments;
let shop: { id: string; slug: string };
let other: { id: string };
const managerId = "usr_discountmanager0";

beforeAll(async () => {
  database = await createTestDatabase();
  pay = await startTestPayments();
  const category = await createCategory(db());
  shop = await createBusiness(db(), { categoryId: category.id, name: "Zainab's Wigs" });
  other = await createBusiness(db(), { categoryId: category.id, name: "Other Wigs" });
  await writeHandoverSettings(db(), shop.id, {
    pickupAddress: "",
    pickupHours: "",
    freeDeliveryFromKobo: null,
    areas: [{ city: "Lagos", area: "", feeKobo: 0, estimate: "Same day" }],
  });
  await db().insert(users).values({ id: managerId, name: "Zainab", email: "zainab@disc.example" });
}, 60_000);

afterAll(async () => {
  await pay.close();
  await database.close();
});

const actor = (businessId = shop.id) => ({
  businessId,
  userId: managerId,
  request: new Request("http://localhost/vendor"),
});

/** A sale made five minutes before `start`, lasting `minutes`; throws when refused. */
async function makeSale(
  start: Date,
  fields: Record<string, string | string[]>,
  minutes = 60,
  businessId = shop.id,
) {
  const result = await createDiscountSale(
    db(),
    actor(businessId),
    saleForm({
      name: "Black Friday",
      startsAt: toLagosDateTime(start),
      endsAt: toLagosDateTime(at(start, minutes)),
      ...fields,
    }),
    at(start, -5),
  );
  if (!result.ok) throw new Error(`sale refused: ${JSON.stringify(result)}`);
  return result.saleId;
}

async function unitPrice(productId: string, now: Date, amount?: number) {
  const quote = await quoteCart(
    db(),
    [{ id: productId, quantity: 1, amount }],
    undefined,
    undefined,
    undefined,
    now,
  );
  return quote.groups[0]?.lines[0];
}

describe("the price a sale gives", () => {
  test("a percentage off chosen products, only between its start and end, the discount rounded down to the kobo", async () => {
    const wig = await createProduct(db(), { businessId: shop.id, priceKobo: 2_000_050 });
    const untouched = await createProduct(db(), { businessId: shop.id, priceKobo: 1_000_000 });
    const start = wholeMinute(-1);
    await makeSale(start, {
      kind: "percent",
      percentOff: "15",
      scope: "products",
      products: [wig.id],
    });
    // 15% of ₦20,000.50 is ₦3,000.075: the discount is rounded down to the kobo, ₦3,000.07.
    expect((await unitPrice(wig.id, at(start, 1)))?.unitPriceKobo).toBe(1_700_043);
    expect((await unitPrice(wig.id, at(start, -1)))?.unitPriceKobo).toBe(2_000_050);
    expect((await unitPrice(wig.id, at(start, 60)))?.unitPriceKobo).toBe(2_000_050);
    expect((await unitPrice(untouched.id, at(start, 1)))?.unitPriceKobo).toBe(1_000_000);

    // The product page (on the database's clock: the sale is running) shows it with its end.
    const page = await findProductDetail(db(), { id: wig.id });
    expect(page).toMatchObject({
      priceKobo: 1_700_043,
      compareAtKobo: 2_000_050,
      discountSale: { endsLabel: expect.stringMatching(/^Sale ends /) },
    });
    expect((await findProductDetail(db(), { id: untouched.id }))?.discountSale).toBeNull();
  });

  test("an amount off stops at the business's floor, and never goes to nothing", async () => {
    const floorShop = await createBusiness(db(), {
      categoryId: (await createCategory(db())).id,
      name: "Floor Shop",
    });
    const cheap = await createProduct(db(), { businessId: floorShop.id, priceKobo: 1_000_000 });
    const dear = await createProduct(db(), { businessId: floorShop.id, priceKobo: 5_000_000 });
    const start = wholeMinute(-1);
    await makeSale(
      start,
      { kind: "amount", amountOff: "7000", scope: "products", products: [dear.id] },
      60,
      floorShop.id,
    );
    expect((await unitPrice(dear.id, at(start, 1)))?.unitPriceKobo).toBe(4_300_000);
    // The floor is 90% of the usual price: ₦45,000, above ₦50,000 − ₦7,000.
    expect(await setSaleFloor(db(), actor(floorShop.id), saleForm({ floorPercent: "90" }))).toEqual(
      { ok: true, floorPercent: 90 },
    );
    expect((await unitPrice(dear.id, at(start, 1)))?.unitPriceKobo).toBe(4_500_000);
    // At a floor of 90% a sale lowers nothing below it; the floor back to 0 lets it through.
    await setSaleFloor(db(), actor(floorShop.id), saleForm({ floorPercent: "0" }));

    // An amount off as big as a chosen product's price is refused, under its field.
    const refused = await createDiscountSale(
      db(),
      actor(floorShop.id),
      saleForm({
        name: "Too generous",
        kind: "amount",
        amountOff: "10000",
        scope: "products",
        products: [cheap.id, dear.id],
        startsAt: toLagosDateTime(start),
        endsAt: toLagosDateTime(at(start, 60)),
      }),
      at(start, -5),
    );
    expect(refused).toEqual({
      ok: false,
      status: 400,
      errors: { amountOff: "Less than ₦10,000.00, the price of Steam & Sauna Session" },
    });
  });

  test("a collection's sale follows the collection as it is; overlapping sales give the lower price", async () => {
    const start = wholeMinute(-1);
    const collectionId = newId("col");
    await db()
      .insert(collections)
      .values({ id: collectionId, businessId: shop.id, slug: collectionId, name: "Braids" });
    const braid = await createProduct(db(), { businessId: shop.id, priceKobo: 3_000_000 });
    const later = await createProduct(db(), { businessId: shop.id, priceKobo: 3_000_000 });
    await db().insert(collectionProducts).values({ collectionId, productId: braid.id });
    await makeSale(start, {
      kind: "percent",
      percentOff: "10",
      scope: "collection",
      collection: collectionId,
    });
    const now = at(start, 1);
    expect((await unitPrice(braid.id, now))?.unitPriceKobo).toBe(2_700_000);
    expect((await unitPrice(later.id, now))?.unitPriceKobo).toBe(3_000_000);
    await db().insert(collectionProducts).values({ collectionId, productId: later.id });
    expect((await unitPrice(later.id, now))?.unitPriceKobo).toBe(2_700_000);

    // A second sale on the same product: the lower of the two prices is the one charged.
    await makeSale(start, {
      kind: "amount",
      amountOff: "5000",
      scope: "products",
      products: [braid.id],
    });
    expect((await unitPrice(braid.id, now))?.unitPriceKobo).toBe(2_500_000);
    expect((await unitPrice(later.id, now))?.unitPriceKobo).toBe(2_700_000);

    // The sale's page lists the collection's products at the sale's prices.
    const sales = await discountSalesOfBusiness(db(), shop.id, now);
    const collectionSale = sales.find((sale) => sale.appliesTo === "the collection Braids");
    expect(collectionSale).toMatchObject({ state: "live", offLabel: "10% off" });
    const view = await discountSaleView(db(), collectionSale?.id ?? "", now);
    expect(view?.productCount).toBe(2);
    expect(view?.products.map((card) => card.priceKobo).sort()).toEqual([2_500_000, 2_700_000]);
  });

  test("search results show the sale price and its end", async () => {
    const start = wholeMinute(-1);
    const word = `kinky${newId("prd").slice(-6).toLowerCase()}`;
    const product = await createProduct(db(), {
      businessId: shop.id,
      name: `Kinky curls ${word}`,
      priceKobo: 4_000_000,
    });
    await makeSale(start, {
      kind: "percent",
      percentOff: "25",
      scope: "products",
      products: [product.id],
    });
    const results = await search(db(), { text: word, kind: "products" });
    const hit = results.items.find((item) => item.id === product.id);
    expect(hit).toMatchObject({ priceKobo: 3_000_000, compareAtKobo: 4_000_000 });
    expect(hit?.saleEnds).toMatch(/^Sale ends /);
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

  test("the order is written at the sale price whatever the cart says; after the end at the usual one", async () => {
    const start = wholeMinute(-1);
    const wig = await createProduct(db(), { businessId: shop.id, priceKobo: 2_000_000 });
    await makeSale(start, {
      kind: "percent",
      percentOff: "50",
      scope: "products",
      products: [wig.id],
    });
    const [shopper] = await db()
      .insert(users)
      .values({
        id: newId("usr"),
        name: "Ada",
        email: `ada-${newId("usr").toLowerCase()}@x.example`,
      })
      .returning();
    if (!shopper) throw new Error("no shopper");
    const now = at(start, 2);
    // A tampered cart (₦1) is flagged and charged the sale price, ₦10,000.
    const tampered = await unitPrice(wig.id, now, 1);
    expect(tampered).toMatchObject({
      unitPriceKobo: 1_000_000,
      issues: [{ kind: "price_changed", cartUnitKobo: 100 }],
    });
    const line = { id: wig.id, quantity: 1, amount: 10_000 };
    const holds = await shopperHolds(db(), shopper, now);
    const quote = await quoteCart(db(), [line], undefined, holds, undefined, now);
    expect(quote.totalKobo).toBe(1_000_000);
    const result = await startCheckout(
      context(now),
      { id: shopper.id },
      checkoutForm(shopper.email, [line], {
        expectedTotalKobo: String(quote.totalKobo),
        [`fulfilment.${shop.id}`]: "pickup",
      }),
    );
    expect(result.ok).toBe(true);
    const written = await db()
      .select({ unitPriceKobo: orderLines.unitPriceKobo })
      .from(orderLines)
      .where(eq(orderLines.productId, wig.id));
    expect(written).toEqual([{ unitPriceKobo: 1_000_000 }]);
    // After the end a cart still saying ₦10,000 is told the price changed and charged ₦20,000.
    expect(await unitPrice(wig.id, at(start, 61), 10_000)).toMatchObject({
      unitPriceKobo: 2_000_000,
      issues: [{ kind: "price_changed", cartUnitKobo: 1_000_000 }],
    });
  });
});

describe("the console", () => {
  test("field-level refusals: the off, the products, the dates, another business's things", async () => {
    const start = wholeMinute(5);
    const mine = await createProduct(db(), { businessId: shop.id });
    const theirs = await createProduct(db(), { businessId: other.id });
    const theirCollection = newId("col");
    await db()
      .insert(collections)
      .values({ id: theirCollection, businessId: other.id, slug: theirCollection, name: "Theirs" });
    const base = {
      name: "Sallah sale",
      kind: "percent",
      percentOff: "15",
      scope: "products",
      products: [mine.id],
      startsAt: toLagosDateTime(start),
      endsAt: toLagosDateTime(at(start, 120)),
    };
    const refusal = async (fields: Record<string, string | string[]>) => {
      const result = await createDiscountSale(
        db(),
        actor(),
        saleForm({ ...base, ...fields }),
        wholeMinute(),
      );
      return result.ok ? result : { status: result.status, errors: result.errors };
    };
    expect(await refusal({ percentOff: "0" })).toEqual({
      status: 400,
      errors: { percentOff: "Percentage off must be a whole number from 1 to 90" },
    });
    expect(await refusal({ percentOff: "95" })).toMatchObject({
      errors: { percentOff: expect.any(String) },
    });
    expect(await refusal({ kind: "amount", amountOff: "abc" })).toMatchObject({
      errors: { amountOff: "Amount off must be an amount like 18000 or 18000.50" },
    });
    expect(await refusal({ name: "x" })).toMatchObject({
      errors: { name: "Name the sale in 3 to 80 characters" },
    });
    expect(await refusal({ products: [] })).toMatchObject({
      errors: { products: "Choose at least one product" },
    });
    expect(await refusal({ products: [theirs.id] })).toEqual({
      status: 400,
      errors: { products: "Choose among your products on sale" },
    });
    expect(await refusal({ products: ["x".repeat(5_000)] })).toEqual({
      status: 400,
      errors: { products: "Choose among your products on sale" },
    });
    expect(await refusal({ products: Array.from({ length: 201 }, (_, i) => `prd_${i}`) })).toEqual({
      status: 400,
      errors: { products: "Choose at most 200 products, or use a collection" },
    });
    expect(await refusal({ kind: "half" })).toMatchObject({
      errors: { kind: "Choose a percentage or an amount off" },
    });
    expect(await refusal({ scope: "collection", collection: theirCollection })).toEqual({
      status: 400,
      errors: { collection: "Choose one of your collections" },
    });
    expect(await refusal({ startsAt: toLagosDateTime(wholeMinute(-30)) })).toMatchObject({
      errors: { startsAt: "The start has passed" },
    });
    expect(await refusal({ endsAt: toLagosDateTime(at(start, 5)) })).toMatchObject({
      errors: { endsAt: "End at least 15 minutes after the start" },
    });
    expect(await refusal({ endsAt: toLagosDateTime(at(start, 32 * 24 * 60)) })).toMatchObject({
      errors: { endsAt: "A discount sale lasts at most 31 days" },
    });
    expect(await refusal({ startsAt: "2026-02-31T10:00" })).toMatchObject({
      errors: { startsAt: "Choose the start with the calendar" },
    });
    expect(await setSaleFloor(db(), actor(), saleForm({ floorPercent: "96" }))).toMatchObject({
      status: 400,
      errors: { floorPercent: "Floor must be a whole number from 0 to 95" },
    });
    const [unchanged] = await db()
      .select({ floor: businesses.saleFloorPercent })
      .from(businesses)
      .where(eq(businesses.id, shop.id));
    expect(unchanged?.floor).toBe(0);
  });

  test("ending: a coming sale is called off, a running one ends now, an ended one says so, another's is not found", async () => {
    const start = wholeMinute(-1);
    const wig = await createProduct(db(), { businessId: shop.id, priceKobo: 1_000_000 });
    const running = await makeSale(start, {
      kind: "percent",
      percentOff: "30",
      scope: "products",
      products: [wig.id],
    });
    const coming = await makeSale(at(start, 30), {
      kind: "percent",
      percentOff: "30",
      scope: "products",
      products: [wig.id],
    });
    const now = at(start, 2);
    expect(await endDiscountSale(db(), actor(other.id), running, now)).toMatchObject({
      status: 404,
    });
    expect(await endDiscountSale(db(), actor(), coming, now)).toEqual({
      ok: true,
      was: "scheduled",
    });
    expect((await unitPrice(wig.id, now))?.unitPriceKobo).toBe(700_000);
    expect(await endDiscountSale(db(), actor(), running, now)).toEqual({ ok: true, was: "live" });
    expect((await unitPrice(wig.id, at(now, 1)))?.unitPriceKobo).toBe(1_000_000);
    expect(await endDiscountSale(db(), actor(), running, at(now, 1))).toMatchObject({
      status: 409,
    });
    const listed = await discountSalesOfBusiness(db(), shop.id, at(now, 1));
    expect(listed.find((sale) => sale.id === running)).toMatchObject({
      state: "ended",
      endsAt: now.toISOString(),
    });
    expect(listed.find((sale) => sale.id === coming)?.state).toBe("cancelled");
    expect(await discountSaleView(db(), "dsl_nosuchsale00000", now)).toBeNull();
  });

  test("the Sales section lists the sales on now and those starting within the week", async () => {
    const listShop = await createBusiness(db(), {
      categoryId: (await createCategory(db())).id,
      name: "List Shop",
    });
    const product = await createProduct(db(), { businessId: listShop.id, priceKobo: 1_000_000 });
    const on = { kind: "percent", percentOff: "10", scope: "products", products: [product.id] };
    const start = wholeMinute(-1);
    const running = await makeSale(start, { ...on, name: "Running" }, 60, listShop.id);
    const soon = await makeSale(at(start, 3 * 24 * 60), { ...on, name: "Soon" }, 60, listShop.id);
    await makeSale(at(start, 8 * 24 * 60), { ...on, name: "Later" }, 60, listShop.id);
    const off = await makeSale(at(start, 60), { ...on, name: "Off" }, 60, listShop.id);
    await endDiscountSale(db(), actor(listShop.id), off, at(start, 1));
    const listed = await currentDiscountSalesOf(db(), listShop.id, at(start, 2));
    expect(listed.map((sale) => [sale.id, sale.name, sale.href])).toEqual([
      [running, "Running", `/discountsales/${running}`],
      [soon, "Soon", `/discountsales/${soon}`],
    ]);
    expect(listed[0]?.summary).toMatch(/^10% off · until \d/);
    expect(listed[1]?.summary).toMatch(/^10% off · starts \d/);
  });
});
