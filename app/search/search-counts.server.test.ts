import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses, products } from "#app/catalog/schema.server.ts";
import { type DatabaseHandle, queryRows } from "#app/db/database.server.ts";
import { createBusiness, createCategory, createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { search } from "./search.server.ts";
import { priceRanges } from "./search-query.ts";

/**
 * The facet counts that browsing reads and the distinct product names that typos and
 * autocomplete match (drizzle/0011_search_facet_counts.sql), and the business keys copied onto
 * products (drizzle/0012_product_search_keys.sql) and each business's cheapest active product
 * (drizzle/0021_search_sort_keys.sql), against the rows they come from, after every
 * kind of write a trigger must notice. Each test leaves them checked, so a missed case fails
 * where it happens.
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

type Row = Record<string, unknown>;

async function expectExactCounts() {
  const db = handle.db;
  const truth = await queryRows<Row>(
    db,
    sql`select b.category_id, b.city, oja_price_bucket(p.price_kobo)::int as price_bucket,
        count(*)::int as count
      from products p join businesses b on b.id = p.business_id
      where p.status = 'active' and b.status = 'active'
      group by 1, 2, 3 order by 1, 2, 3`,
  );
  const kept = await queryRows<Row>(
    db,
    sql`select category_id, city, price_bucket::int as price_bucket, count
      from search_product_counts order by 1, 2, 3`,
  );
  expect(kept).toEqual(truth);
  const businessTruth = await queryRows<Row>(
    db,
    sql`select category_id, city, count(*)::int as count from businesses
      where status = 'active' group by 1, 2 order by 1, 2`,
  );
  const businessKept = await queryRows<Row>(
    db,
    sql`select category_id, city, count from search_business_counts order by 1, 2`,
  );
  expect(businessKept).toEqual(businessTruth);
  const names = await queryRows<Row>(
    db,
    sql`select oja_unaccent(lower(name)) as name_key, count(*)::int as count from products
      group by 1 order by 1`,
  );
  const namesKept = await queryRows<Row>(
    db,
    sql`select name_key, count from search_product_names order by 1`,
  );
  expect(namesKept).toEqual(names);
  // The business keys and name key copied onto each product (drizzle/0012_product_search_keys.sql).
  const staleKeys = await queryRows<Row>(
    db,
    sql`select p.id from products p join businesses b on b.id = p.business_id
      where p.search_business_active is distinct from (b.status = 'active')
        or p.search_category_id is distinct from b.category_id
        or p.search_city is distinct from b.city
        or p.search_name_key is distinct from oja_unaccent(lower(p.name))`,
  );
  expect(staleKeys).toEqual([]);
  // Each business's cheapest active product (drizzle/0021_search_sort_keys.sql).
  const stalePrices = await queryRows<Row>(
    db,
    sql`select b.id, b.search_from_price, (select min(p.price_kobo) from products p
        where p.business_id = b.id and p.status = 'active') as truth
      from businesses b
      where b.search_from_price is distinct from (select min(p.price_kobo) from products p
        where p.business_id = b.id and p.status = 'active')`,
  );
  expect(stalePrices).toEqual([]);
}

let n = 0;
async function shop(fields: { city?: string; categoryId?: string; status?: "active" | "pending" }) {
  n++;
  return createBusiness(handle.db, {
    slug: `shop-${n}`,
    name: `Shop ${n}`,
    categoryId: spas,
    ...fields,
  });
}

async function item(businessId: string, priceKobo: number, status: "active" | "draft" = "active") {
  n++;
  return createProduct(handle.db, {
    businessId,
    slug: `item-${n}`,
    name: `Item ${n}`,
    priceKobo,
    status,
  });
}

describe("the facet counts of browsing", () => {
  it("use the price buckets of the result pages", async () => {
    const rows = await queryRows<{ bucket: number }>(
      handle.db,
      sql.join(
        priceRanges.flatMap((range) => [
          sql`select oja_price_bucket(${range.minKobo}::bigint)::int as bucket`,
          sql`select oja_price_bucket(${(range.maxKobo ?? range.minKobo * 10) - 1}::bigint)::int`,
        ]),
        sql` union all `,
      ),
    );
    expect(rows.map((row) => row.bucket)).toEqual(priceRanges.flatMap((_, i) => [i, i]));
  });

  it("follow products added, repriced, hidden, moved and deleted", async () => {
    const lagos = await shop({ city: "Lagos" });
    const abuja = await shop({ city: "Abuja", categoryId: food });
    const first = await item(lagos.id, 300_000);
    const second = await item(lagos.id, 1_500_000);
    await item(lagos.id, 800_000, "draft");
    // Several rows in one statement, like the seed's batches.
    await handle.db.insert(products).values(
      [1, 2, 3].map((k) => ({
        id: `prd_batch${k}`,
        businessId: abuja.id,
        slug: `batch-${k}`,
        name: `Batch ${k}`,
        priceKobo: k * 3_000_000,
        status: "active" as const,
      })),
    );
    await expectExactCounts();

    await handle.db
      .update(products)
      .set({ priceKobo: 12_000_000 })
      .where(eq(products.id, first.id));
    await expectExactCounts();
    await handle.db.update(products).set({ status: "archived" }).where(eq(products.id, second.id));
    await expectExactCounts();
    await handle.db.update(products).set({ status: "active" }).where(eq(products.id, second.id));
    await handle.db.update(products).set({ businessId: abuja.id }).where(eq(products.id, first.id));
    await expectExactCounts();
    await handle.db.update(products).set({ name: "Ìtàn Oil" }).where(eq(products.id, first.id));
    await expectExactCounts();
    // An update that changes nothing counted (stock) leaves the counts alone.
    await handle.db.update(products).set({ stock: 3 }).where(eq(products.businessId, abuja.id));
    await expectExactCounts();
    await handle.db.delete(products).where(inArray(products.id, [second.id, "prd_batch2"]));
    await expectExactCounts();
  });

  it("follow a business suspended, reinstated, moved to another city or category, and deleted", async () => {
    const business = await shop({ city: "Ibadan" });
    const pending = await shop({ city: "Kano", status: "pending" });
    await item(business.id, 200_000);
    await item(business.id, 6_000_000);
    await item(pending.id, 900_000);
    await expectExactCounts();

    await handle.db
      .update(businesses)
      .set({ status: "suspended" })
      .where(eq(businesses.id, business.id));
    await expectExactCounts();
    await handle.db
      .update(businesses)
      .set({ status: "active" })
      .where(eq(businesses.id, business.id));
    await handle.db
      .update(businesses)
      .set({ status: "active" })
      .where(eq(businesses.id, pending.id));
    await expectExactCounts();
    await handle.db.update(businesses).set({ city: "Enugu" }).where(eq(businesses.id, business.id));
    await expectExactCounts();
    await handle.db
      .update(businesses)
      .set({ categoryId: food })
      .where(eq(businesses.id, business.id));
    await expectExactCounts();
    // Both at once, in one statement over several businesses.
    await handle.db
      .update(businesses)
      .set({ city: "Kano", categoryId: spas })
      .where(inArray(businesses.id, [business.id, pending.id]));
    await expectExactCounts();
    // The products go by the foreign key's cascade, after their business.
    await handle.db.delete(businesses).where(eq(businesses.id, business.id));
    await expectExactCounts();
    await handle.db
      .update(businesses)
      .set({ status: "pending" })
      .where(eq(businesses.id, pending.id));
    await handle.db.delete(businesses).where(eq(businesses.id, pending.id));
    await expectExactCounts();
  });

  it("are what counting the matches gives, filters and all", async () => {
    const store = await shop({ city: "Port Harcourt", categoryId: food });
    await item(store.id, 450_000);
    await item(store.id, 2_500_000);
    // "in the" has only optional words: every row matches, and the facets are counted from the
    // matches instead of the kept counts.
    const filterSets = [
      {},
      { city: "port harcourt" },
      { categorySlug: "food-drinks" },
      { maxPriceKobo: 499_999 },
      { minPriceKobo: 2_000_000, maxPriceKobo: 9_999_999, city: "Abuja" },
      // Ranges that cut buckets: the cut is counted live beside the kept counts.
      { minPriceKobo: 300_000 },
      { minPriceKobo: 450_000, maxPriceKobo: 2_500_000, categorySlug: "food-drinks" },
      { maxPriceKobo: 3_000_000, city: "Port Harcourt" },
      { minPriceKobo: 3_000_000, maxPriceKobo: 1_000_000 },
    ];
    for (const kind of ["products", "businesses"] as const) {
      for (const filters of filterSets) {
        if (kind === "businesses" && ("minPriceKobo" in filters || "maxPriceKobo" in filters)) {
          continue;
        }
        const browsed = await search(handle.db, { kind, filters, limit: 48 });
        const counted = await search(handle.db, { kind, text: "in the", filters, limit: 48 });
        expect(browsed.facets, `${kind} ${JSON.stringify(filters)}`).toEqual(counted.facets);
        expect(browsed.items.map((hit) => hit.id).sort()).toEqual(
          counted.items.map((hit) => hit.id).sort(),
        );
      }
    }
  });

  it("are rebuilt after a truncate", async () => {
    await handle.db.execute(sql`truncate products cascade`);
    await expectExactCounts();
    await handle.db.execute(sql`truncate businesses cascade`);
    await expectExactCounts();
  });
});
