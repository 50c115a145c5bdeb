import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { users } from "#app/auth/schema.server.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { discountSales, flashSales } from "#app/sales/schema.server.ts";
import { voucherOffers } from "#app/vouchers/schema.server.ts";
import { createBusiness, createCategory, createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import {
  decodeFeedCursor,
  type FeedEntry,
  giftIdeas,
  InvalidFeedCursorError,
  latestListings,
  newBusinessesNear,
  savedCity,
  spaLanding,
  timeAgo,
} from "./feeds.server.ts";
import { products } from "./schema.server.ts";

/**
 * One small catalogue for the file. Times are fixed so the feed's order is known in advance,
 * including a business and a product made at the same instant and two products one microsecond
 * apart (JavaScript dates cannot tell those apart; the cursor must).
 */
let handle: DatabaseHandle;
const db = () => handle.db;
const at = (day: number, hour = 12) => new Date(Date.UTC(2026, 0, day, hour));

const closed = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
const evenings = { ...closed, wed: [["17:00", "23:00"]] as Array<[string, string]> };
const mornings = { ...closed, wed: [["08:00", "12:00"]] as Array<[string, string]> };
// Wednesday 14 January 2026, 19:00 in Lagos (UTC+1).
const wednesdayEvening = new Date(Date.UTC(2026, 0, 14, 18, 0));

let expected: string[] = [];
const ids: Record<string, string> = {};

beforeAll(async () => {
  handle = await createTestDatabase();
  const spas = await createCategory(db(), { slug: "spas-wellness", name: "Spas & Wellness" });
  const food = await createCategory(db(), { slug: "food-drinks", name: "Food & Drinks" });

  const ewa = await createBusiness(db(), {
    name: "Ewa Spa",
    slug: "ewa-spa",
    categoryId: spas.id,
    city: "Lagos",
    hours: mornings,
    createdAt: at(1),
  });
  const omi = await createBusiness(db(), {
    name: "Omi Day Spa",
    slug: "omi-day-spa",
    categoryId: spas.id,
    city: "Abuja",
    hours: evenings,
    createdAt: at(2),
  });
  const lotus = await createBusiness(db(), {
    name: "Lotus Retreat",
    slug: "lotus-retreat",
    categoryId: spas.id,
    city: "Lagos",
    hours: evenings,
    createdAt: at(3),
  });
  const mama = await createBusiness(db(), {
    name: "Mama Put Kitchen",
    slug: "mama-put-kitchen",
    categoryId: food.id,
    city: "Lagos",
    hours: evenings,
    createdAt: at(5),
  });
  const shut = await createBusiness(db(), {
    name: "Shut Spa",
    slug: "shut-spa",
    categoryId: spas.id,
    city: "Lagos",
    hours: evenings,
    status: "suspended",
    createdAt: at(9),
  });
  Object.assign(ids, { ewa: ewa.id, omi: omi.id, lotus: lotus.id, mama: mama.id, shut: shut.id });

  const product = async (
    key: string,
    businessId: string,
    createdAt: Date,
    fields: Partial<Parameters<typeof createProduct>[1]> = {},
  ) => {
    const row = await createProduct(db(), {
      businessId,
      slug: key,
      name: key,
      createdAt,
      ...fields,
    });
    ids[key] = row.id;
    return row;
  };
  await product("couples-massage", ewa.id, at(4), { tags: ["massage", "couples", "gift-idea"] });
  await product("spa-day", omi.id, at(6), { tags: ["package", "gift-idea"] });
  // Made at the same instant as the business: both appear, each once.
  await product("jollof", mama.id, at(5), { tags: ["gift-idea-not"] });
  await product("suya", mama.id, at(7));
  await product("pepper-soup", mama.id, at(7));
  await product("draft-massage", ewa.id, at(8), { status: "draft", tags: ["gift-idea"] });
  await product("shut-sauna", shut.id, at(8), { tags: ["gift-idea", "package"] });
  await product("swedish", lotus.id, at(3, 13), { tags: ["massage"] });
  // suya is one microsecond newer than pepper-soup.
  await db()
    .update(products)
    .set({ createdAt: sql`${products.createdAt} + interval '1 microsecond'` })
    .where(eq(products.id, ids.suya as string));

  // Voucher offers: one on sale, and one each paused and past its end (never in the feed).
  const offer = async (key: string, fields: Partial<typeof voucherOffers.$inferInsert>) => {
    ids[key] = newId("vof");
    await db()
      .insert(voucherOffers)
      .values({
        id: ids[key] as string,
        businessId: omi.id,
        title: key,
        valueKobo: 2_000_000,
        priceKobo: 1_500_000,
        validDays: 30,
        ...fields,
      });
  };
  await offer("spa-voucher", { createdAt: at(6, 13) });
  await offer("paused-voucher", { createdAt: at(8), status: "paused" });
  await offer("past-voucher", { createdAt: at(8), validDays: null, validUntil: "2026-01-09" });

  // Sales not over: a flash sale and a discount sale; one ended and one called off are not.
  const flash = async (key: string, createdAt: Date, endsAt: Date) => {
    ids[key] = newId("fls");
    await db()
      .insert(flashSales)
      .values({
        id: ids[key] as string,
        businessId: mama.id,
        productId: ids.suya as string,
        units: 3,
        salePriceKobo: 100_000,
        wasPriceKobo: 1_400_000,
        perShopperLimit: 1,
        startsAt: at(7),
        endsAt,
        createdAt,
      });
  };
  await flash("suya-flash", at(8), at(20));
  await flash("ended-flash", at(9), at(9, 13));
  const discount = async (key: string, createdAt: Date, cancelledAt: Date | null = null) => {
    ids[key] = newId("dsl");
    await db()
      .insert(discountSales)
      .values({
        id: ids[key] as string,
        businessId: mama.id,
        name: key,
        kind: "percent",
        percentOff: 10,
        startsAt: at(6),
        endsAt: at(20),
        createdAt,
        cancelledAt,
      });
  };
  await discount("mama-discount", at(6, 14));
  await discount("called-off-discount", at(9), at(9, 1));

  // Newest first; at equal instants the larger id first (the cursor's tie-break).
  const same = [ids.mama as string, ids.jollof as string].sort().reverse();
  expected = [
    ids["suya-flash"],
    ids.suya,
    ids["pepper-soup"],
    ids["mama-discount"],
    ids["spa-voucher"],
    ids["spa-day"],
    ...same,
    ids["couples-massage"],
    ids.swedish,
    ids.lotus,
    ids.omi,
    ids.ewa,
  ] as string[];
});

afterAll(() => handle.close());

async function allPages(limit: number) {
  const pages: FeedEntry[][] = [];
  let after: string | null = null;
  do {
    const page = await latestListings(db(), { after, limit, now: at(10) });
    pages.push(page.items);
    after = page.nextCursor;
  } while (after && pages.length < 50);
  return pages;
}

describe("the latest listings", () => {
  test.each([1, 2, 3, 4, 10, 20])(
    "hold every active business, product, voucher on sale and sale not over exactly once, newest first, %i to a page",
    async (limit) => {
      const pages = await allPages(limit);
      const seen = pages.flat().map((entry) => entry.id);
      expect(seen).toEqual(expected);
      expect(pages.length).toBe(Math.max(1, Math.ceil(expected.length / limit)));
      for (const page of pages.slice(0, -1)) expect(page).toHaveLength(limit);
    },
  );

  test("mark each entry as a new business, product, voucher or sale, with its age", async () => {
    const { items } = await latestListings(db(), { limit: 20, now: at(10) });
    const omi = items.find((entry) => entry.id === ids.omi);
    expect(omi).toMatchObject({ kind: "business", age: "last week" });
    expect(omi?.kind === "business" && omi.business.slug).toBe("omi-day-spa");
    const suya = items.find((entry) => entry.id === ids.suya);
    expect(suya).toMatchObject({ kind: "product", age: "3 days ago" });
    expect(suya?.kind === "product" && suya.product.business.slug).toBe("mama-put-kitchen");
    expect(suya?.createdAt).toBe("2026-01-07T12:00:00.000001Z");
    const sale = items.find((entry) => entry.id === ids["suya-flash"]);
    expect(sale).toMatchObject({
      kind: "sale",
      age: "2 days ago",
      sale: {
        href: `/flash/${ids["suya-flash"]}`,
        name: "suya",
        business: { slug: "mama-put-kitchen" },
      },
    });
    expect(sale?.kind === "sale" && sale.sale.summary).toMatch(
      /^₦1,000\.00 instead of ₦14,000\.00/,
    );
    const event = items.find((entry) => entry.id === ids["mama-discount"]);
    expect(event).toMatchObject({
      kind: "sale",
      sale: { href: `/discountsales/${ids["mama-discount"]}`, name: "mama-discount" },
    });
    expect(event?.kind === "sale" && event.sale.summary).toMatch(/^10% off · until /);
    const voucher = items.find((entry) => entry.id === ids["spa-voucher"]);
    expect(voucher).toMatchObject({ kind: "voucher", age: "3 days ago" });
    expect(voucher?.kind === "voucher" && voucher.offer).toMatchObject({
      title: "spa-voucher",
      priceKobo: 1_500_000,
      business: { slug: "omi-day-spa" },
    });
  });

  test("never show drafts, suspended businesses or their products, or vouchers not on sale", async () => {
    const seen = (await allPages(20)).flat().map((entry) => entry.id);
    expect(seen).not.toContain(ids["paused-voucher"]);
    expect(seen).not.toContain(ids["past-voucher"]);
    expect(seen).not.toContain(ids.shut);
    expect(seen).not.toContain(ids["shut-sauna"]);
    expect(seen).not.toContain(ids["draft-massage"]);
  });

  test.each([
    "nonsense",
    Buffer.from("[1,2]").toString("base64url"),
    Buffer.from('["2026-01-01","biz_x"]').toString("base64url"),
    Buffer.from('["2026-01-01T00:00:00.000000Z","biz_x\' or 1=1"]').toString("base64url"),
    Buffer.from('["2026-13-45T00:00:00.000000Z","biz_x"]').toString("base64url"),
  ])("refuse the cursor %s", async (after) => {
    await expect(latestListings(db(), { after })).rejects.toBeInstanceOf(InvalidFeedCursorError);
  });

  test("cursors read back what they hold", () => {
    const cursor = Buffer.from('["2026-01-07T12:00:00.000001Z","prd_abc"]').toString("base64url");
    expect(decodeFeedCursor(cursor)).toEqual({ at: "2026-01-07T12:00:00.000001Z", id: "prd_abc" });
  });
});

describe("gift ideas", () => {
  test("are the gift-tagged active products of active businesses, newest first", async () => {
    const { items, nextCursor } = await giftIdeas(db());
    expect(items.map((product) => product.slug)).toEqual(["spa-day", "couples-massage"]);
    expect(nextCursor).toBeNull();
  });

  test("page one at a time without repeating", async () => {
    const first = await giftIdeas(db(), { limit: 1 });
    expect(first.items.map((product) => product.slug)).toEqual(["spa-day"]);
    const second = await giftIdeas(db(), { limit: 1, after: first.nextCursor });
    expect(second.items.map((product) => product.slug)).toEqual(["couples-massage"]);
    expect(second.nextCursor).toBeNull();
  });

  test("put a sold-out gift after those that can be bought, paging included", async () => {
    const spaDay = ids["spa-day"] as string;
    await db().update(products).set({ stock: 0 }).where(eq(products.id, spaDay));
    try {
      const first = await giftIdeas(db(), { limit: 1 });
      expect(first.items.map((product) => product.slug)).toEqual(["couples-massage"]);
      const second = await giftIdeas(db(), { limit: 1, after: first.nextCursor });
      expect(second.items).toMatchObject([{ slug: "spa-day", inStock: false }]);
      expect(second.nextCursor).toBeNull();
    } finally {
      await db().update(products).set({ stock: 10 }).where(eq(products.id, spaDay));
    }
  });
});

describe("the spa landing page", () => {
  test("lists only spas, those open at the given moment first", async () => {
    const landing = await spaLanding(db(), { now: wednesdayEvening });
    expect(landing.businesses.map((business) => [business.slug, business.openNow])).toEqual([
      ["lotus-retreat", true],
      ["omi-day-spa", true],
      ["ewa-spa", false],
    ]);
    const morning = await spaLanding(db(), { now: new Date(Date.UTC(2026, 0, 14, 8, 0)) });
    expect(morning.businesses.map((business) => [business.slug, business.openNow])).toEqual([
      ["ewa-spa", true],
      ["lotus-retreat", false],
      ["omi-day-spa", false],
    ]);
  });

  test("narrows spas and packages to one city and offers every city with spas", async () => {
    const lagos = await spaLanding(db(), { city: "lagos", now: wednesdayEvening });
    expect(lagos.businesses.map((business) => business.slug)).toEqual(["lotus-retreat", "ewa-spa"]);
    expect(lagos.packages.map((product) => product.slug)).toEqual(["couples-massage", "swedish"]);
    expect(lagos.cities).toEqual([
      { name: "Lagos", count: 2 },
      { name: "Abuja", count: 1 },
    ]);
  });

  test("shows packages before couples' treatments before massages, one per spa", async () => {
    const landing = await spaLanding(db(), { now: wednesdayEvening });
    expect(landing.packages.map((product) => product.slug)).toEqual([
      "spa-day",
      "couples-massage",
      "swedish",
    ]);
  });
});

describe("new businesses near the shopper", () => {
  test("are the newest of the given city, or of every city", async () => {
    const lagos = await newBusinessesNear(db(), { city: "LAGOS", limit: 8 });
    expect(lagos.map((business) => business.slug)).toEqual([
      "mama-put-kitchen",
      "lotus-retreat",
      "ewa-spa",
    ]);
    const all = await newBusinessesNear(db(), { city: null, limit: 2 });
    expect(all.map((business) => business.slug)).toEqual(["mama-put-kitchen", "lotus-retreat"]);
  });

  test("follow the city saved on the shopper's account", async () => {
    const userId = "usr_feedstest";
    await db().insert(users).values({
      id: userId,
      name: "Ada Obi",
      email: "ada-feeds@example.com",
      city: " Abuja ",
    });
    expect(await savedCity(db(), userId)).toBe("Abuja");
    const near = await newBusinessesNear(db(), { userId, limit: 8 });
    expect(near.map((business) => business.slug)).toEqual(["omi-day-spa"]);
    await db().update(users).set({ city: null }).where(eq(users.id, userId));
    expect(await savedCity(db(), userId)).toBeNull();
    expect(await newBusinessesNear(db(), { userId, limit: 8 })).toHaveLength(4);
  });
});

describe("an age", () => {
  const now = new Date(Date.UTC(2026, 0, 10, 12));
  test.each([
    [new Date(Date.UTC(2026, 0, 10, 11, 59, 30)), "just now"],
    [new Date(Date.UTC(2026, 0, 10, 11, 55)), "5 minutes ago"],
    [new Date(Date.UTC(2026, 0, 9, 12)), "yesterday"],
    [new Date(Date.UTC(2026, 0, 8, 12)), "2 days ago"],
    [new Date(Date.UTC(2025, 11, 1, 12)), "last month"],
    [new Date(Date.UTC(2026, 0, 11, 12)), "just now"],
  ])("of %s reads %s", (date, text) => {
    expect(timeAgo(date, now)).toBe(text);
  });
});
