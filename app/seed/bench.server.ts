import { sql } from "drizzle-orm";
import {
  businesses,
  collectionProducts,
  collections,
  products,
} from "#app/catalog/schema.server.ts";
import type { Database } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import {
  type BusinessDraft,
  type CategorySeed,
  type CitySeed,
  collectionRowsFor,
  createRandom,
  ensureCategories,
  generateBusiness,
  generatePrice,
  type ProductDraft,
  type Random,
  seedCategories,
  seedCities,
  slugify,
  uniqueSlug,
} from "./demo.server.ts";
import {
  type CategoryVocabulary,
  productName,
  uniqueBusinessName,
  vocabularyFor,
} from "./vocabulary.ts";

/**
 * A large synthetic catalogue for benchmarks: the demo's businesses (cities, hours, addresses)
 * at scale, named and stocked from the per-category vocabularies (./vocabulary.ts) so that
 * 100,000 products have tens of thousands of distinct names and every business name is its own.
 * No pictures. Every tenth business gets the demo's collections (two or three), so the storefront
 * collection page has something real to show. Each batch of about 1,000 rows commits on its own, so progress is
 * visible, memory stays flat at any size, and an interrupted run keeps what it wrote (names and
 * slugs stay unique against existing rows).
 */
export interface BenchmarkOptions {
  businesses: number;
  products: number;
  onProgress(done: number, total: number): void;
}

const benchSeed = 1_000_003;
/**
 * Collections draw from a stream of their own, so adding them left every business and product
 * the same as in the seeds of before (benchmarks stay comparable).
 */
const collectionSeed = 1_000_033;
/** One business in this many has collections: a few thousand pages' worth, not 10,000 × 3. */
const collectionEvery = 10;
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

const day = 24 * 60 * 60 * 1000;

/**
 * `count` products for one business from its category's vocabulary. Names repeat across
 * businesses ("Jollof Rice with Dodo" is sold in many places) but a business does not list the
 * same name twice unless its vocabulary runs dry.
 */
export function generateBenchProducts(
  random: Random,
  vocabulary: CategoryVocabulary,
  category: Pick<CategorySeed, "productLines">,
  business: Pick<BusinessDraft, "name" | "city" | "createdAt">,
  count: number,
  now = Date.now(),
): ProductDraft[] {
  const names = new Set<string>();
  const slugs = new Set<string>();
  const drafts: ProductDraft[] = [];
  for (let i = 0; i < count; i++) {
    let drawn = productName(random, vocabulary);
    for (let attempt = 0; attempt < 4 && names.has(drawn.name); attempt++) {
      drawn = productName(random, vocabulary);
    }
    names.add(drawn.name);
    const [itemName, min, max, group] = drawn.item;
    const { price, compareAt } = generatePrice(random, [min, max]);
    const line = random
      .pick(category.productLines)
      .replaceAll("{business}", business.name)
      .replaceAll("{city}", business.city);
    const tags = [slugify(itemName), group];
    if (drawn.style) tags.push(slugify(drawn.style));
    if (random.chance(0.12)) tags.push("bestseller");
    if (random.chance(0.08)) tags.push("new");
    const since = Math.max(business.createdAt.getTime(), now - 365 * day);
    drafts.push({
      slug: uniqueSlug(slugify(drawn.name), slugs),
      name: drawn.name,
      description: `${drawn.name}, from ${business.name} in ${business.city}. ${line}`,
      priceKobo: price * 100,
      compareAtKobo: compareAt === null ? null : compareAt * 100,
      sizes: [...drawn.options],
      stock: random.chance(0.04) ? 0 : random.int(1, 120),
      tags: [...new Set(tags)],
      group,
      createdAt: new Date(since + random.next() * (now - since)),
    });
  }
  return drafts;
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
  const collectionRandom = createRandom(collectionSeed);
  const now = Date.now();
  const categoryIds = await db.transaction((tx) => ensureCategories(tx));
  const existing = await db
    .select({ slug: businesses.slug, name: businesses.name })
    .from(businesses);
  const used = {
    names: new Set(existing.map((row) => row.name)),
    slugs: new Set(existing.map((row) => row.slug)),
  };
  const total = businessCount + productCount;
  let done = 0;
  options.onProgress(done, total);

  // Products are spread evenly; the first `remainder` businesses get one more.
  const perBusiness = businessCount === 0 ? 0 : Math.floor(productCount / businessCount);
  const remainder = businessCount === 0 ? 0 : productCount % businessCount;

  let productRows: Array<typeof products.$inferInsert> = [];
  let collectionRows: Array<typeof collections.$inferInsert> = [];
  let collectionProductRows: Array<typeof collectionProducts.$inferInsert> = [];
  const flushProducts = async () => {
    const batch = productRows;
    const collectionBatch = collectionRows;
    const memberBatch = collectionProductRows;
    productRows = [];
    collectionRows = [];
    collectionProductRows = [];
    await db.transaction(async (tx) => {
      await tx.insert(products).values(batch);
      if (collectionBatch.length > 0) await tx.insert(collections).values(collectionBatch);
      if (memberBatch.length > 0) await tx.insert(collectionProducts).values(memberBatch);
    });
    done += batch.length;
    options.onProgress(done, total);
  };

  for (let start = 0; start < businessCount; start += batchSize) {
    const end = Math.min(start + batchSize, businessCount);
    const businessRows: Array<typeof businesses.$inferInsert> = [];
    const stocked: Array<{
      id: string;
      category: CategorySeed;
      draft: BusinessDraft;
      howMany: number;
    }> = [];
    for (let index = start; index < end; index++) {
      const category = seedCategories[
        index % seedCategories.length
      ] as (typeof seedCategories)[number];
      const vocabulary = vocabularyFor(category.slug);
      const draft = generateBusiness(random, category, weightedCity(random), used, now, (r) =>
        uniqueBusinessName(r, vocabulary, used.names),
      );
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
      stocked.push({
        id: businessId,
        category,
        draft,
        howMany: perBusiness + (index < remainder ? 1 : 0),
      });
    }

    await db.transaction(async (tx) => {
      await tx.insert(businesses).values(businessRows);
    });
    done += businessRows.length;
    options.onProgress(done, total);

    // Products are made per business and written every ~1,000 rows, so a run of 300,000 (or
    // a few businesses with many products each) never holds more than one batch.
    for (const [offset, { id, category, draft, howMany }] of stocked.entries()) {
      const vocabulary = vocabularyFor(category.slug);
      const drafts = generateBenchProducts(random, vocabulary, category, draft, howMany, now);
      const productIds = drafts.map(() => newId("prd"));
      if ((start + offset) % collectionEvery === 0 && drafts.length > 0) {
        const generated = collectionRowsFor(collectionRandom, { ...draft, id }, drafts, productIds);
        collectionRows.push(...generated.collectionRows);
        collectionProductRows.push(...generated.memberRows);
      }
      for (const [index, product] of drafts.entries()) {
        productRows.push({
          id: productIds[index] as string,
          businessId: id,
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
      if (productRows.length >= batchSize) await flushProducts();
    }
  }
  if (productRows.length > 0) await flushProducts();
  // Planner statistics for the new rows (see seedDemo).
  await db.execute(sql`analyze`);
  return { businesses: businessCount, products: productCount };
}
