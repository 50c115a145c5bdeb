import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPglite } from "#app/db/database.server.ts";
import { migrate } from "#app/db/migrate.server.ts";
import { searchTerms } from "../../bench/search/terms.ts";
import { generateBenchProducts, seedBenchmark } from "./bench.server.ts";
import { createRandom, type Random, seedCategories } from "./demo.server.ts";
import {
  givenNames,
  places,
  productName,
  surnames,
  uniqueBusinessName,
  vocabularies,
  vocabularyFor,
} from "./vocabulary.ts";

const business = { name: "Test Shop", city: "Lagos", createdAt: new Date(0) };

/** `count` product names spread over the categories ten per business, as seedBenchmark does. */
function names(random: Random, count: number): string[] {
  const out: string[] = [];
  for (let shop = 0; out.length < count; shop++) {
    const category = seedCategories[shop % seedCategories.length];
    if (!category) throw new Error("no categories");
    const drafts = generateBenchProducts(
      random,
      vocabularyFor(category.slug),
      category,
      business,
      Math.min(10, count - out.length),
      0,
    );
    out.push(...drafts.map((draft) => draft.name));
  }
  return out;
}

describe("the benchmark vocabulary", () => {
  it("has a vocabulary for every demo category, and every item can be named", () => {
    expect(vocabularies.map((v) => v.slug).sort()).toEqual(
      seedCategories.map((c) => c.slug).sort(),
    );
    for (const vocabulary of vocabularies) {
      for (const item of vocabulary.items) {
        expect(vocabulary.groups[item[3]], `${vocabulary.slug}: ${item[0]}`).toBeDefined();
        expect(item[1]).toBeLessThanOrEqual(item[2]);
      }
      // A bare item is always possible, so every group has a usable pattern.
      expect(vocabulary.patterns).toContain("{item}");
    }
    const random = createRandom(7);
    for (let i = 0; i < 2_000; i++) {
      const vocabulary = vocabularies[i % vocabularies.length];
      if (!vocabulary) throw new Error("no vocabularies");
      expect(productName(random, vocabulary).name).not.toMatch(/[{}]|\s{2}|^\s|\s$/);
    }
  });

  it("names 20,000 products with thousands of distinct names that still share words", () => {
    const all = names(createRandom(1_000_003), 20_000);
    expect(all).toHaveLength(20_000);
    const distinct = new Set(all);
    // 13,000–14,000 measured; the demo's generators gave 160 at any size.
    expect(distinct.size).toBeGreaterThan(10_000);
    // Shared words: a search for a common word matches many different products.
    const having = (word: string) =>
      [...distinct].filter((name) => name.toLowerCase().includes(word)).length;
    expect(having("jollof")).toBeGreaterThan(100);
    expect(having("ankara")).toBeGreaterThan(100);
    expect(having("massage")).toBeGreaterThan(300);
    expect(having("moisturiser")).toBeGreaterThan(20);
  });

  it("gives the same names for the same seed, and other names for another", () => {
    expect(names(createRandom(42), 2_000)).toEqual(names(createRandom(42), 2_000));
    expect(names(createRandom(43), 2_000)).not.toEqual(names(createRandom(42), 2_000));
  });

  it("names 30,000 businesses without a repeat", () => {
    const random = createRandom(5);
    const used = new Set<string>();
    for (let i = 0; i < 30_000; i++) {
      const vocabulary = vocabularies[i % vocabularies.length];
      if (!vocabulary) throw new Error("no vocabularies");
      uniqueBusinessName(random, vocabulary, used);
    }
    expect(used.size).toBe(30_000);
    // Mostly real-looking names: branch numbers are a last resort.
    expect([...used].filter((name) => / \d+$/.test(name)).length).toBeLessThan(300);
  });
});

describe("the search benches' terms", () => {
  const terms = searchTerms();
  const named = names(createRandom(1_000_003), 20_000).map((name) => name.toLowerCase());
  const matching = (text: string) => named.filter((name) => name.includes(text)).length;

  it("are at least 200, each once, in every class, the same every time", () => {
    expect(terms.length).toBeGreaterThanOrEqual(200);
    expect(new Set(terms.map((term) => term.text)).size).toBe(terms.length);
    const classes = new Map<string, number>();
    for (const term of terms) classes.set(term.class, (classes.get(term.class) ?? 0) + 1);
    for (const termClass of [
      "common",
      "broad",
      "prefix",
      "misspelling",
      "multi-word",
      "brand",
      "no-result",
    ]) {
      expect(classes.get(termClass), termClass).toBeGreaterThanOrEqual(10);
    }
    expect(searchTerms()).toEqual(terms);
  });

  it("match many seeded names for common words, and none for misspellings and no-result terms", () => {
    const common = terms.filter((term) => term.class === "common" && !term.text.includes(" "));
    const frequent = common.filter((term) => matching(term.text) >= 20);
    expect(frequent.length / common.length).toBeGreaterThan(0.8);
    const vocabularyText = JSON.stringify([
      vocabularies,
      givenNames,
      surnames,
      places,
    ]).toLowerCase();
    const words = new Set(vocabularyText.match(/[a-z]+/g));
    for (const term of terms.filter((t) => t.class === "misspelling" && !t.text.includes(" "))) {
      expect(words.has(term.text), term.text).toBe(false);
    }
    for (const term of terms.filter((t) => t.class === "no-result")) {
      expect(vocabularyText.includes(term.text), term.text).toBe(false);
      expect(matching(term.text), term.text).toBe(0);
    }
  });
});

describe("seedBenchmark", () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openPglite({});
    await migrate(handle.db);
  }, 60_000);

  afterAll(async () => {
    await handle?.close();
  });

  const counts = async () => {
    const result = (await handle.db.execute(
      sql`select (select count(*) from businesses)::int as businesses,
        (select count(distinct name) from businesses)::int as business_names,
        (select count(*) from products)::int as products,
        (select count(distinct name) from products)::int as product_names,
        (select count(*) from products where price_kobo <= 0 or name = '')::int as bad_products`,
    )) as unknown as {
      rows: Array<{
        businesses: number;
        business_names: number;
        products: number;
        product_names: number;
        bad_products: number;
      }>;
    };
    return result.rows[0];
  };

  it("writes the rows asked for, every business name its own, most product names too", async () => {
    const progress: number[] = [];
    const seeded = await seedBenchmark(handle.db, {
      businesses: 240,
      products: 2_500,
      onProgress: (done) => progress.push(done),
    });
    expect(seeded).toEqual({ businesses: 240, products: 2_500 });
    expect(progress.at(-1)).toBe(2_740);
    const after = await counts();
    expect(after).toMatchObject({ businesses: 240, business_names: 240, products: 2_500 });
    expect(after?.bad_products).toBe(0);
    expect(after?.product_names).toBeGreaterThan(1_800);
  }, 120_000);

  it("gives every tenth business two or three collections of its own products", async () => {
    const result = (await handle.db.execute(
      sql`select b.id, count(distinct c.id)::int as collections,
          count(cp.product_id)::int as members,
          count(cp.product_id) filter (where p.business_id <> b.id)::int as foreign_members
        from businesses b
        join collections c on c.business_id = b.id
        left join collection_products cp on cp.collection_id = c.id
        left join products p on p.id = cp.product_id
        group by b.id`,
    )) as unknown as {
      rows: Array<{ collections: number; members: number; foreign_members: number }>;
    };
    expect(result.rows).toHaveLength(24);
    for (const row of result.rows) {
      expect(row.collections).toBeGreaterThanOrEqual(2);
      expect(row.collections).toBeLessThanOrEqual(3);
      expect(row.members).toBeGreaterThan(0);
      expect(row.foreign_members).toBe(0);
    }
  }, 120_000);

  it("keeps business names distinct when run again on the same database", async () => {
    // The same seed draws the same names first: they must step around the rows already there.
    await seedBenchmark(handle.db, { businesses: 60, products: 120, onProgress: () => {} });
    const after = await counts();
    expect(after).toMatchObject({ businesses: 300, business_names: 300, products: 2_620 });
  }, 120_000);
});
