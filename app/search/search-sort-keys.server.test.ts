import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { businesses, products } from "#app/catalog/schema.server.ts";
import { type DatabaseHandle, queryRows } from "#app/db/database.server.ts";
import { createBusiness, createCategory, createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { type BusinessHit, maxRanked, type SearchResult, search } from "./search.server.ts";

/**
 * A business's cheapest active product, kept on write (drizzle/0021_search_sort_keys.sql), as the
 * businesses' price sorts read it: the kept key against the products it comes from
 * (search-counts.server.test.ts checks it after every kind of write too), the browse read in
 * index order against the order worked out from the products, and two writers at once. And the
 * full rank of a broad word, worked out for `maxRanked` candidates only.
 */
let handle: DatabaseHandle;
let spas: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  spas = (await createCategory(handle.db, { slug: "spas-wellness", name: "Spas & Wellness" })).id;
}, 60_000);

afterAll(async () => {
  await handle?.close();
});

let n = 0;
async function shop(name: string) {
  n++;
  return createBusiness(handle.db, { slug: `shop-${n}`, name, categoryId: spas, city: "Lagos" });
}

/** A product of the business at this price (createProduct gives each a slug of its own). */
function item(businessId: string, priceKobo: number, status: "active" | "draft" = "active") {
  return createProduct(handle.db, { businessId, priceKobo, status });
}

async function fromPrice(businessId: string): Promise<number | null> {
  const [row] = await queryRows<{ price: string | null }>(
    handle.db,
    sql`select search_from_price::text as price from businesses where id = ${businessId}`,
  );
  return row?.price == null ? null : Number(row.price);
}

/** Every page of a business browse in one price order, following the cursors. */
async function browse(sort: "price-asc" | "price-desc", text?: string): Promise<string[]> {
  const ids: string[] = [];
  let after: string | null = null;
  do {
    const page: SearchResult = await search(handle.db, {
      kind: "businesses",
      text,
      sort,
      after,
      limit: 2,
    });
    ids.push(...(page.items as BusinessHit[]).map((hit) => hit.id));
    after = page.nextCursor;
  } while (after);
  return ids;
}

describe("a business's cheapest active product", () => {
  it("follows its products added, repriced, hidden, moved and deleted", async () => {
    const first = await shop("First Spa");
    const second = await shop("Second Spa");
    expect(await fromPrice(first.id)).toBeNull();
    const cheap = await item(first.id, 300_000);
    await item(first.id, 900_000);
    await item(first.id, 100_000, "draft");
    expect(await fromPrice(first.id)).toBe(300_000);
    await handle.db.update(products).set({ priceKobo: 1_200_000 }).where(eq(products.id, cheap.id));
    expect(await fromPrice(first.id)).toBe(900_000);
    await handle.db.update(products).set({ status: "active" }).where(eq(products.status, "draft"));
    expect(await fromPrice(first.id)).toBe(100_000);
    await handle.db
      .update(products)
      .set({ status: "archived" })
      .where(eq(products.priceKobo, 100_000));
    expect(await fromPrice(first.id)).toBe(900_000);
    // Moved: the old business loses it, the new one gains it.
    await handle.db
      .update(products)
      .set({ businessId: second.id })
      .where(eq(products.id, cheap.id));
    expect(await fromPrice(first.id)).toBe(900_000);
    expect(await fromPrice(second.id)).toBe(1_200_000);
    await handle.db.delete(products).where(eq(products.businessId, first.id));
    expect(await fromPrice(first.id)).toBeNull();
    // Stock changes after every order: they change no price and leave the key alone.
    await handle.db.update(products).set({ stock: 0 }).where(eq(products.businessId, second.id));
    expect(await fromPrice(second.id)).toBe(1_200_000);
    // A business hidden and shown again keeps its key (its status decides whether it is shown).
    await handle.db
      .update(businesses)
      .set({ status: "suspended" })
      .where(eq(businesses.id, second.id));
    expect(await fromPrice(second.id)).toBe(1_200_000);
    await handle.db
      .update(businesses)
      .set({ status: "active" })
      .where(eq(businesses.id, second.id));
    expect(await fromPrice(second.id)).toBe(1_200_000);
    await handle.db.delete(businesses).where(eq(businesses.id, first.id));
  });

  it("orders the businesses' price browse and searches as their products do", async () => {
    await handle.db.delete(businesses);
    const prices: Record<string, number[]> = {
      "Amber Spa": [500_000, 2_000_000],
      "Bloom Spa": [200_000],
      "Coral Spa": [500_000],
      "Dune Spa": [],
      "Ember Spa": [7_000_000, 300_000],
      "Fern Spa": [],
    };
    const made: Array<{ id: string; min: number | null }> = [];
    for (const [name, list] of Object.entries(prices)) {
      const business = await shop(name);
      for (const price of list) await item(business.id, price);
      // A draft never counts.
      await item(business.id, 1, "draft");
      made.push({ id: business.id, min: list.length > 0 ? Math.min(...list) : null });
    }
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const ascending = [...made]
      .sort(
        (a, b) =>
          (a.min ?? Number.MAX_SAFE_INTEGER) - (b.min ?? Number.MAX_SAFE_INTEGER) || byId(a, b),
      )
      .map((row) => row.id);
    const descending = [...made]
      .sort((a, b) => (b.min ?? -1) - (a.min ?? -1) || byId(a, b))
      .map((row) => row.id);
    // Browsing reads the kept key in index order; a search reads it over its matches.
    expect(await browse("price-asc")).toEqual(ascending);
    expect(await browse("price-desc")).toEqual(descending);
    expect(await browse("price-asc", "spa")).toEqual(ascending);
    expect(await browse("price-desc", "spa")).toEqual(descending);
  });

  it.runIf(inject("testDatabase").engine === "postgresql")(
    "is right when two transactions reprice products of one business at once",
    async () => {
      const business = await shop("Busy Spa");
      const first = await item(business.id, 5_000_000);
      const second = await item(business.id, 6_000_000);
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      // The first writer makes its product the cheapest and waits before committing; the second
      // lowers the other one meanwhile. Had the second read the minimum without the first's new
      // price, it would write 4,000,000 over the 1,000,000 the first wrote.
      const firstWriter = handle.db.transaction(async (tx) => {
        await tx.update(products).set({ priceKobo: 1_000_000 }).where(eq(products.id, first.id));
        await held;
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      // A query builder runs when awaited: then() starts it now.
      const secondWriter = handle.db
        .update(products)
        .set({ priceKobo: 4_000_000 })
        .where(eq(products.id, second.id))
        .then(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 200));
      release();
      await Promise.all([firstWriter, secondWriter]);
      expect(await fromPrice(business.id)).toBe(1_000_000);
    },
  );
});

describe("a broad word", () => {
  it("ranks the best candidates fully and pages through every match once", async () => {
    const business = await shop("Broad Foods");
    const start = Date.parse("2026-01-01T00:00:00Z");
    const extra = 40;
    const count = maxRanked + extra;
    // The 20 products named by the word are the oldest; the others only mention it.
    const rows = Array.from({ length: count }, (_, k) => ({
      id: `prd_broad${String(k).padStart(4, "0")}`,
      businessId: business.id,
      slug: `broad-${k}`,
      name: k < 20 ? `Ofada Rice ${k}` : `Bag ${k}`,
      description: k < 20 ? "" : "Goes well with rice.",
      priceKobo: 100_000,
      status: "active" as const,
      createdAt: new Date(start + k * 60_000),
    }));
    await handle.db.insert(products).values(rows);
    const filters = { businessId: business.id };
    const ids: string[] = [];
    let after: string | null = null;
    do {
      const page: SearchResult = await search(handle.db, {
        kind: "products",
        text: "rice",
        filters,
        after,
        limit: 48,
      });
      ids.push(...page.items.map((hit) => hit.id));
      after = page.nextCursor;
    } while (after);
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
    // The name matches are candidates whatever their age, and their rank puts them first.
    expect(ids.slice(0, 20).sort()).toEqual(rows.slice(0, 20).map((row) => row.id));
    // Beyond the candidates, the oldest mentions come last, by the rest of the rank (equal
    // here), then id.
    expect(ids.slice(-extra)).toEqual(rows.slice(20, 20 + extra).map((row) => row.id));
  });
});
