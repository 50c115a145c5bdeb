import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses, categories, products } from "#app/catalog/schema.server.ts";
import { type DatabaseHandle, queryRows } from "#app/db/database.server.ts";
import { createBusiness, createCategory, createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { type ProductHit, search, suggest } from "./search.server.ts";

/**
 * The distinct words of the active products' documents (drizzle/0022_search_words.sql), which
 * typo corrections and "reads like" look words up in: against the documents they come from after
 * every kind of write a trigger must notice, and what a search finds through them.
 */
let handle: DatabaseHandle;
let spas: string;
let food: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  spas = (await createCategory(handle.db, { slug: "spas-wellness", name: "Spas & Wellness" })).id;
  food = (await createCategory(handle.db, { slug: "food-drinks", name: "Food & Drinks" })).id;
}, 60_000);

afterAll(async () => {
  await handle?.close();
});

type Word = { word: string; products: number };

/** The kept words, and what counting the documents of active products of active businesses gives. */
async function expectExactWords() {
  const kept = await queryRows<Word>(
    handle.db,
    sql`select word, products from search_words order by word collate "C"`,
  );
  const truth = await queryRows<Word>(
    handle.db,
    sql`select w.word, count(*)::int as products
      from products p join businesses b on b.id = p.business_id
        cross join lateral unnest(tsvector_to_array(p.search_document)) as w(word)
      where p.status = 'active' and b.status = 'active'
      group by w.word order by w.word collate "C"`,
  );
  expect(kept).toEqual(truth);
}

async function count(word: string): Promise<number> {
  const [row] = await queryRows<{ products: number }>(
    handle.db,
    sql`select products from search_words where word = ${word}`,
  );
  return row?.products ?? 0;
}

let n = 0;
function shop(fields: Partial<typeof businesses.$inferInsert> = {}) {
  n++;
  return createBusiness(handle.db, {
    slug: `words-shop-${n}`,
    name: `Shop ${n}`,
    categoryId: spas,
    ...fields,
  });
}

describe("the words of the products' documents", () => {
  it("follow products added, renamed, hidden, moved and deleted", async () => {
    const ewa = await shop({ name: "Ewa Spa", city: "Lagos" });
    const kitchen = await shop({ name: "Mama Put Kitchen", city: "Ibadan", categoryId: food });
    const steam = await createProduct(handle.db, { businessId: ewa.id, name: "Steam Session" });
    await createProduct(handle.db, { businessId: ewa.id, name: "Draft Ritual", status: "draft" });
    // Several rows in one statement, like the seed's batches.
    await handle.db.insert(products).values(
      [1, 2, 3].map((k) => ({
        id: `prd_words${k}`,
        businessId: kitchen.id,
        slug: `words-${k}`,
        name: `Jollof Tray ${k}`,
        description: "Smoky party jollof",
        priceKobo: 500_000,
        status: "active" as const,
      })),
    );
    await expectExactWords();
    expect(await count("jollof")).toBe(3);
    expect(await count("steam")).toBe(1);
    expect(await count("ritual")).toBe(0);

    await handle.db
      .update(products)
      .set({ name: "Hammam Ritual" })
      .where(eq(products.id, steam.id));
    await expectExactWords();
    expect(await count("hammam")).toBe(1);
    expect(await count("steam")).toBe(0);

    await handle.db
      .update(products)
      .set({ status: "archived" })
      .where(eq(products.id, "prd_words1"));
    await expectExactWords();
    expect(await count("jollof")).toBe(2);
    await handle.db.update(products).set({ status: "active" }).where(eq(products.id, "prd_words1"));
    // Moved to another business: its business's words (name, city) go with it.
    await handle.db
      .update(products)
      .set({ businessId: ewa.id })
      .where(eq(products.id, "prd_words2"));
    await expectExactWords();
    // A change the documents don't hold (stock after an order, a price) changes no word.
    await handle.db
      .update(products)
      .set({ stock: 1, priceKobo: 700_000 })
      .where(eq(products.businessId, kitchen.id));
    await expectExactWords();
    await handle.db.delete(products).where(inArray(products.id, ["prd_words1", "prd_words3"]));
    await expectExactWords();
    expect(await count("jollof")).toBe(1);
  });

  it("follow businesses renamed, suspended, reinstated and deleted, and categories renamed", async () => {
    const business = await shop({ name: "Serenity Day Spa", city: "Abuja" });
    await createProduct(handle.db, { businessId: business.id, name: "Signature Facial" });
    await createProduct(handle.db, { businessId: business.id, name: "Hot Stone Massage" });
    await expectExactWords();

    await handle.db
      .update(businesses)
      .set({ name: "Tranquil Day Spa" })
      .where(eq(businesses.id, business.id));
    await expectExactWords();
    expect(await count("tranquil")).toBe(2);
    await handle.db
      .update(businesses)
      .set({ status: "suspended" })
      .where(eq(businesses.id, business.id));
    await expectExactWords();
    expect(await count("tranquil")).toBe(0);
    await handle.db
      .update(businesses)
      .set({ status: "active" })
      .where(eq(businesses.id, business.id));
    await expectExactWords();
    await handle.db
      .update(categories)
      .set({ name: "Spas & Retreats" })
      .where(eq(categories.id, spas));
    await expectExactWords();
    expect(await count("retreats")).toBeGreaterThanOrEqual(2);
    await handle.db.delete(businesses).where(eq(businesses.id, business.id));
    await expectExactWords();
    expect(await count("tranquil")).toBe(0);
  });

  it("are rebuilt after a truncate", async () => {
    await handle.db.execute(sql`truncate products cascade`);
    await expectExactWords();
    const business = await shop({ name: "Bukka Hut" });
    await createProduct(handle.db, { businessId: business.id, name: "Asun Platter" });
    await expectExactWords();
    await handle.db.execute(sql`truncate businesses cascade`);
    await expectExactWords();
    expect(await count("asun")).toBe(0);
  });
});

describe("a typo found through the words", () => {
  async function productNames(text: string): Promise<string[]> {
    const result = await search(handle.db, { kind: "products", text, limit: 48 });
    return (result.items as ProductHit[]).map((hit) => hit.name).sort();
  }

  it("is read as the word it misspells, found only in descriptions", async () => {
    const shopOfDrinks = await shop({ name: "Chilled Corner", categoryId: food });
    // "zobo" is in the descriptions alone, so only a correction (a word of search_words)
    // finds these: no name reads like "zoboo", no city, no swapped letters.
    await createProduct(handle.db, {
      businessId: shopOfDrinks.id,
      name: "Hibiscus Cooler",
      description: "Chilled zobo with ginger and cloves",
    });
    await createProduct(handle.db, {
      businessId: shopOfDrinks.id,
      name: "Party Bottle",
      description: "A litre of zobo for the table",
    });
    await createProduct(handle.db, { businessId: shopOfDrinks.id, name: "Tiger Nut Drink" });
    expect(await productNames("zobo")).toEqual(["Hibiscus Cooler", "Party Bottle"]);
    expect(await productNames("zoboo")).toEqual(["Hibiscus Cooler", "Party Bottle"]);
    expect(await productNames("zobbo")).toEqual(["Hibiscus Cooler", "Party Bottle"]);
  });

  it("finds a business by the names of what it sells, whatever characters they hold", async () => {
    const fabrics = await shop({ name: "Adire Lane", categoryId: food });
    await createProduct(handle.db, {
      businessId: fabrics.id,
      name: 'Ankara "Queen" Wrap \\ Gele, {Set}',
    });
    const found = async (text: string) =>
      (await search(handle.db, { kind: "businesses", text })).items.map((hit) => hit.name);
    expect(await found("ankara")).toEqual(["Adire Lane"]);
    expect(await found("ankra")).toEqual(["Adire Lane"]);
  });

  it("matches a name with a word that reads like it, and two swapped letters", async () => {
    const grill = await shop({ name: "Suya Spot", categoryId: food });
    await createProduct(handle.db, { businessId: grill.id, name: "Kilishi Pack" });
    await createProduct(handle.db, { businessId: grill.id, name: "Beef Suya" });
    expect(await productNames("kilshi")).toEqual(["Kilishi Pack"]);
    expect(await productNames("kilihsi")).toEqual(["Kilishi Pack"]);
    // Autocomplete reads the typo through the same words.
    const labels = async (text: string) => (await suggest(handle.db, text)).map((s) => s.label);
    expect(await labels("kilshi")).toEqual(["Kilishi Pack"]);
    expect(await labels("kilihsi")).toEqual(["Kilishi Pack"]);
  });
});
