import { sql } from "drizzle-orm";
import { businesses, products } from "#app/catalog/schema.server.ts";
import type { Database } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import {
  type CitySeed,
  createRandom,
  ensureCategories,
  generateBusiness,
  generateProducts,
  type Random,
  seedCategories,
  seedCities,
} from "./demo.server.ts";

/**
 * A large synthetic catalogue for benchmarks: the demo's generators at scale, without pictures
 * or collections. Each batch of about 1,000 rows commits on its own, so progress is visible and
 * an interrupted run keeps what it wrote (slugs stay unique against existing rows).
 */
export interface BenchmarkOptions {
  businesses: number;
  products: number;
  onProgress(done: number, total: number): void;
}

const benchSeed = 1_000_003;
const batchSize = 1_000;

function weightedCity(random: Random): CitySeed {
  const total = seedCities.reduce((sum, city) => sum + city.weight, 0);
  let roll = random.next() * total;
  for (const city of seedCities) {
    roll -= city.weight;
    if (roll < 0) return city;
  }
  return seedCities[0] as CitySeed;
}

export async function seedBenchmark(
  db: Database,
  options: BenchmarkOptions,
): Promise<{ businesses: number; products: number }> {
  const businessCount = Math.floor(options.businesses);
  const productCount = Math.floor(options.products);
  if (businessCount < 0 || productCount < 0) {
    throw new RangeError("business and product counts cannot be negative");
  }
  if (productCount > 0 && businessCount === 0) {
    throw new RangeError("products need at least one business to belong to");
  }

  const random = createRandom(benchSeed);
  const now = Date.now();
  const categoryIds = await db.transaction((tx) => ensureCategories(tx));
  const existing = await db.select({ slug: businesses.slug }).from(businesses);
  const used = { names: new Set<string>(), slugs: new Set(existing.map((row) => row.slug)) };
  const total = businessCount + productCount;
  let done = 0;
  options.onProgress(done, total);

  // Products are spread evenly; the first `remainder` businesses get one more.
  const perBusiness = businessCount === 0 ? 0 : Math.floor(productCount / businessCount);
  const remainder = businessCount === 0 ? 0 : productCount % businessCount;

  for (let start = 0; start < businessCount; start += batchSize) {
    const end = Math.min(start + batchSize, businessCount);
    const businessRows: Array<typeof businesses.$inferInsert> = [];
    const productRows: Array<typeof products.$inferInsert> = [];
    for (let index = start; index < end; index++) {
      const category = seedCategories[
        index % seedCategories.length
      ] as (typeof seedCategories)[number];
      const draft = generateBusiness(random, category, weightedCity(random), used, now);
      const businessId = newId("biz");
      businessRows.push({
        id: businessId,
        categoryId: categoryIds.get(category.slug) as string,
        slug: draft.slug,
        name: draft.name,
        tagline: draft.tagline,
        description: draft.description,
        city: draft.city,
        address: draft.address,
        phone: draft.phone,
        email: draft.email,
        brandColor: draft.brandColor,
        hours: draft.hours,
        status: "active",
        createdAt: draft.createdAt,
        updatedAt: draft.createdAt,
      });
      const howMany = perBusiness + (index < remainder ? 1 : 0);
      for (const product of generateProducts(random, category, draft, howMany, now)) {
        productRows.push({
          id: newId("prd"),
          businessId,
          slug: product.slug,
          name: product.name,
          description: product.description,
          priceKobo: product.priceKobo,
          compareAtKobo: product.compareAtKobo,
          sizes: product.sizes,
          stock: product.stock,
          tags: product.tags,
          status: "active",
          createdAt: product.createdAt,
          updatedAt: product.createdAt,
        });
      }
    }

    await db.transaction(async (tx) => {
      await tx.insert(businesses).values(businessRows);
    });
    done += businessRows.length;
    options.onProgress(done, total);

    for (let from = 0; from < productRows.length; from += batchSize) {
      const batch = productRows.slice(from, from + batchSize);
      await db.transaction(async (tx) => {
        await tx.insert(products).values(batch);
      });
      done += batch.length;
      options.onProgress(done, total);
    }
  }
  // Planner statistics for the new rows (see seedDemo).
  await db.execute(sql`analyze`);
  return { businesses: businessCount, products: productCount };
}
