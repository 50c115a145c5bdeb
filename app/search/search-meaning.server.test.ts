import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#app/catalog/schema.server.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { createBusiness, createCategory, createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { type SearchInput, type SearchSort, search } from "./search.server.ts";

/**
 * Issue 15: search ranks what a shopper means. Sold-out products come after those in stock in
 * every order; a category's or business's name outranks a product name that only reads like the
 * words; a typo is read as the word that finds much more; a business is found by what it sells.
 * Its own small catalogue, so the expectations are exact on PGlite and PostgreSQL.
 */
let handle: DatabaseHandle;
const day = 24 * 60 * 60 * 1000;
const start = Date.UTC(2026, 0, 1);
const ids: Record<string, string> = {};

beforeAll(async () => {
  handle = await createTestDatabase();
  const db = handle.db;
  const spas = await createCategory(db, { slug: "spas-wellness", name: "Spas & Wellness" });
  const food = await createCategory(db, { slug: "restaurants", name: "Restaurants & Food" });
  const electronics = await createCategory(db, { slug: "electronics", name: "Electronics" });

  let n = 0;
  const at = () => new Date(start + n++ * day);
  const business = (fields: Parameters<typeof createBusiness>[1]) =>
    createBusiness(db, { createdAt: at(), ...fields });
  const product = async (
    businessId: string,
    name: string,
    priceKobo: number,
    fields: Partial<Parameters<typeof createProduct>[1]> = {},
  ) => {
    const row = await createProduct(db, {
      businessId,
      name,
      priceKobo,
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
      createdAt: at(),
      ...fields,
    });
    ids[name] = row.id;
    return row;
  };

  const gadgets = await business({
    slug: "sparkle-gadgets",
    name: "Sparkle Gadgets",
    categoryId: electronics.id,
    city: "Lagos",
  });
  await product(gadgets.id, "Tecno Spark 20", 15_000_000);
  await product(gadgets.id, "Spark Go Charger", 800_000);

  const ewa = await business({
    slug: "ewa-spa",
    name: "Ewa Spa",
    categoryId: spas.id,
    city: "Lagos",
  });
  await product(ewa.id, "Swedish Massage", 2_500_000);
  await product(ewa.id, "Signature Facial", 3_000_000);
  await product(ewa.id, "Hot Stone Massage", 4_500_000, { stock: 0 });
  await product(ewa.id, "Steam Session", 1_200_000);

  const calm = await business({
    slug: "calm-wellness",
    name: "Calm Wellness House",
    categoryId: spas.id,
    city: "Abuja",
  });
  await product(calm.id, "Deep Tissue Massage", 2_800_000, { stock: 0 });
  await product(calm.id, "Body Scrub", 1_500_000);

  // Restaurants whose names and descriptions never say "jollof": they sell it.
  const calabash = await business({
    slug: "calabash-kitchen",
    name: "Calabash Kitchen",
    description: "Home cooking near Bodija market.",
    categoryId: food.id,
    city: "Ibadan",
  });
  await product(calabash.id, "Jollof Rice & Chicken", 450_000);
  await product(calabash.id, "Amala & Ewedu", 350_000);
  const eko = await business({
    slug: "eko-buka",
    name: "Eko Buka",
    categoryId: food.id,
    city: "Ibadan",
  });
  await product(eko.id, "Party Jollof Tray", 6_000_000);
  const amala = await business({
    slug: "iya-amala-joint",
    name: "Iya Amala Joint",
    categoryId: food.id,
    city: "Ibadan",
  });
  await product(amala.id, "Amala & Gbegiri", 300_000);
  const lagosKitchen = await business({
    slug: "yellow-pepper-kitchen",
    name: "Yellow Pepper Kitchen",
    categoryId: food.id,
    city: "Lagos",
  });
  await product(lagosKitchen.id, "Smoky Jollof Rice", 500_000);
}, 60_000);

afterAll(async () => {
  await handle?.close();
});

async function names(input: SearchInput) {
  const result = await search(handle.db, { limit: 48, ...input });
  expect(result.timedOut).toBeUndefined();
  return result.items.map((item) => item.name);
}

describe("sold-out products", () => {
  const spaProducts = { kind: "products" as const, filters: { categorySlug: "spas-wellness" } };

  it("come after every product in stock, whatever the order asked", async () => {
    const soldOut = ["Deep Tissue Massage", "Hot Stone Massage"];
    const sorts: SearchSort[] = ["newest", "price-asc", "price-desc", "name"];
    for (const sort of sorts) {
      const list = await names({ ...spaProducts, sort });
      expect(list.slice(-2).sort(), sort).toEqual(soldOut);
      expect(list).toHaveLength(6);
    }
    // Within each part the order asked still holds.
    expect(await names({ ...spaProducts, sort: "price-asc" })).toEqual([
      "Steam Session",
      "Body Scrub",
      "Swedish Massage",
      "Signature Facial",
      "Deep Tissue Massage",
      "Hot Stone Massage",
    ]);
  });

  it("rank after the matches that can be bought, however well they match", async () => {
    // Every massage names the word; Swedish Massage, the best match, sells out while Hot Stone
    // Massage comes back: the one that can be bought leads.
    const swedish = ids["Swedish Massage"] as string;
    const hotStone = ids["Hot Stone Massage"] as string;
    await handle.db.update(products).set({ stock: 0 }).where(eq(products.id, swedish));
    await handle.db.update(products).set({ stock: 3 }).where(eq(products.id, hotStone));
    try {
      const list = await names({ kind: "products", text: "massage" });
      expect(list[0]).toBe("Hot Stone Massage");
      expect(list.slice(1).sort()).toEqual(["Deep Tissue Massage", "Swedish Massage"]);
    } finally {
      await handle.db.update(products).set({ stock: 10 }).where(eq(products.id, swedish));
      await handle.db.update(products).set({ stock: 0 }).where(eq(products.id, hotStone));
    }
  });

  it("page after the products in stock, each row exactly once", async () => {
    for (const sort of ["relevance", "newest", "price-desc", "name"] as SearchSort[]) {
      const whole = await names({
        ...spaProducts,
        text: sort === "relevance" ? "spa" : undefined,
        sort,
      });
      const seen: string[] = [];
      let after: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof search>> = await search(handle.db, {
          ...spaProducts,
          text: sort === "relevance" ? "spa" : undefined,
          sort,
          after,
          limit: 2,
        });
        seen.push(...page.items.map((item) => item.name));
        after = page.nextCursor;
      } while (after);
      expect(seen, sort).toEqual(whole);
    }
  });

  it("move back among the others when stock returns", async () => {
    // The dearest spa service: among the sold-out ones at the end, first once restocked.
    expect((await names({ ...spaProducts, sort: "price-desc" })).slice(-2)).toEqual([
      "Hot Stone Massage",
      "Deep Tissue Massage",
    ]);
    await handle.db
      .update(products)
      .set({ stock: 4 })
      .where(eq(products.id, ids["Hot Stone Massage"] as string));
    try {
      const list = await names({ ...spaProducts, sort: "price-desc" });
      expect(list[0]).toBe("Hot Stone Massage");
    } finally {
      await handle.db
        .update(products)
        .set({ stock: 0 })
        .where(eq(products.id, ids["Hot Stone Massage"] as string));
    }
  });
});

describe("what a shopper means", () => {
  it("spaa lists the spas and their services before phones named Spark", async () => {
    const list = await names({ kind: "products", text: "spaa" });
    const firstSpark = list.findIndex((name) => /spark/i.test(name));
    const spaServices = ["Swedish Massage", "Signature Facial", "Steam Session"];
    for (const name of spaServices) expect(list.indexOf(name), name).toBeGreaterThanOrEqual(0);
    expect(list.slice(0, spaServices.length).sort()).toEqual([...spaServices].sort());
    if (firstSpark >= 0) {
      for (const name of spaServices) expect(list.indexOf(name)).toBeLessThan(firstSpark);
    }
  });

  it("spaa finds the spa businesses before a gadget shop whose name reads like it", async () => {
    const list = await names({ kind: "businesses", text: "spaa" });
    expect(list.slice(0, 2).sort()).toEqual(["Calm Wellness House", "Ewa Spa"]);
  });

  it("a business's name outranks a product name that only starts like the word", async () => {
    // "spa" is a prefix of "Spark"; Ewa Spa's services name the word through their business.
    const list = await names({ kind: "products", text: "spa" });
    expect(list.indexOf("Swedish Massage")).toBeLessThan(list.indexOf("Tecno Spark 20"));
  });

  it("jolof in Ibadan finds the Ibadan restaurants that sell jollof, and only those", async () => {
    const list = await names({ kind: "businesses", text: "jolof", filters: { city: "Ibadan" } });
    expect([...list].sort()).toEqual(["Calabash Kitchen", "Eko Buka"]);
    const everywhere = await names({ kind: "businesses", text: "jollof" });
    expect([...everywhere].sort()).toEqual([
      "Calabash Kitchen",
      "Eko Buka",
      "Yellow Pepper Kitchen",
    ]);
  });
});
