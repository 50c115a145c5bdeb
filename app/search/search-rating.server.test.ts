import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lagosToday } from "#app/console/lagos-time.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { users } from "#app/db/schema.server.ts";
import { writeReview } from "#app/reviews/reviews.server.ts";
import { createBusiness, createCategory, createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import {
  type BusinessHit,
  type ProductHit,
  type SearchFilters,
  type SearchResult,
  search,
} from "./search.server.ts";

/**
 * TrustScore in search (decision 053), on fixed review sets written now (so every review weighs
 * 1 and each score is (7 × 3.5 + Σ stars) / (7 + n)): the rating facet counts, the filter (a
 * business is "4★ and up" when its score shows 4.0 or more), "Top rated" with businesses without
 * reviews last and exact keyset pages, each through the browse read from the index and through
 * the matches worked out for words, "open now" and a price; products filtered by their seller's
 * score; the cards' scores.
 */
let handle: DatabaseHandle;
const db = () => handle.db;

/** Name → [category, city, the stars of its reviews]; its score and what it shows. */
const fixtures = {
  // (24.5 + 75) / 22 = 4.52: 4.5
  "Top Spa": ["spa", "Lagos", [5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5]],
  // (24.5 + 50) / 17 = 4.38: 4.4
  "Good Spa": ["spa", "Abuja", [5, 5, 5, 5, 5, 5, 5, 5, 5, 5]],
  // (24.5 + 31) / 14 = 3.96: shows 4.0, so 4★ and up
  "Edge Spa": ["spa", "Lagos", [5, 5, 5, 4, 4, 4, 4]],
  // (24.5 + 30) / 14 = 3.89: shows 3.9, not 4★ and up
  "Near Kitchen": ["food", "Lagos", [5, 5, 4, 4, 4, 4, 4]],
  // (24.5 + 20) / 12 = 3.71: 3.7
  "Fair Kitchen": ["food", "Lagos", [4, 4, 4, 4, 4]],
  // (24.5 + 3) / 10 = 2.75: 2.8
  "Poor Kitchen": ["food", "Abuja", [1, 1, 1]],
  "New Kitchen": ["food", "Lagos", []],
} as const;
type Name = keyof typeof fixtures;
const ids = {} as Record<Name, string>;
const names = new Map<string, Name>();
let topProduct: string;
let fairProduct: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  const spa = await createCategory(db(), { slug: "spas-wellness", name: "Spas & Wellness" });
  const food = await createCategory(db(), { slug: "food-drinks", name: "Food & Drinks" });
  const now = new Date();
  let created = Date.UTC(2026, 0, 1);
  for (const [name, [category, city, stars]] of Object.entries(fixtures) as Array<
    [Name, (typeof fixtures)[Name]]
  >) {
    const business = await createBusiness(db(), {
      name,
      city,
      categoryId: category === "spa" ? spa.id : food.id,
      // Created in the fixtures' order (the last is the newest), so newest first and Top
      // rated differ.
      createdAt: new Date(created),
    });
    created += 60_000;
    ids[name] = business.id;
    names.set(business.id, name);
    for (const star of stars) {
      const author = newId("usr");
      await db()
        .insert(users)
        .values({ id: author, name: "Ada Obi", email: `${author}@example.com` });
      const result = await writeReview(
        db(),
        { id: author },
        {
          business: business.slug,
          stars: String(star),
          title: "How it went",
          body: "Twenty characters or more about the visit.",
          experiencedOn: lagosToday(now),
        },
        now,
      );
      if (!result.ok) throw new Error(JSON.stringify(result.errors));
    }
  }
  topProduct = (await createProduct(db(), { businessId: ids["Top Spa"], priceKobo: 1_000_000 })).id;
  fairProduct = (await createProduct(db(), { businessId: ids["Fair Kitchen"], priceKobo: 300_000 }))
    .id;
}, 120_000);
afterAll(() => handle.close());

const namesOf = (result: SearchResult) =>
  (result.items as BusinessHit[]).map((hit) => names.get(hit.id));

function businesses(filters: SearchFilters = {}, more: { text?: string; sort?: "rating" } = {}) {
  return search(db(), { kind: "businesses", filters, ...more });
}

/** Every page of a search, two at a time, following the cursors. */
async function allPages(input: { text?: string; filters?: SearchFilters }) {
  const seen: Array<Name | undefined> = [];
  let after: string | null = null;
  do {
    const page: SearchResult = await search(db(), {
      kind: "businesses",
      sort: "rating",
      limit: 2,
      after,
      ...input,
    });
    seen.push(...namesOf(page));
    after = page.nextCursor;
  } while (after);
  return seen;
}

describe("the rating facet and filter", () => {
  it("counts the businesses rated at least 4.5, 4 and 3 as shown, every other filter applied", async () => {
    expect((await businesses()).facets.ratings).toEqual([
      { minRating: 4.5, count: 1 },
      { minRating: 4, count: 3 },
      { minRating: 3, count: 5 },
    ]);
    expect((await businesses({ city: "Lagos" })).facets.ratings).toEqual([
      { minRating: 4.5, count: 1 },
      { minRating: 4, count: 2 },
      { minRating: 3, count: 4 },
    ]);
    expect((await businesses({ categorySlug: "food-drinks" })).facets.ratings).toEqual([
      { minRating: 4.5, count: 0 },
      { minRating: 4, count: 0 },
      { minRating: 3, count: 2 },
    ]);
  });

  it("keeps the businesses whose score shows the rating or more (3.96 shows 4.0; 3.89 shows 3.9), and the other facets count those", async () => {
    const rated = await businesses({ minRating: 4 });
    expect(namesOf(rated)).toEqual(["Edge Spa", "Good Spa", "Top Spa"]);
    // Its own facet ignores the filter; the others apply it.
    expect(rated.facets.ratings).toEqual((await businesses()).facets.ratings);
    expect(rated.facets.categories).toEqual([
      { slug: "spas-wellness", name: "Spas & Wellness", count: 3 },
    ]);
    expect(rated.facets.cities).toEqual([
      { name: "Lagos", count: 2 },
      { name: "Abuja", count: 1 },
    ]);
    expect(namesOf(await businesses({ minRating: 4.5 }))).toEqual(["Top Spa"]);
    expect(namesOf(await businesses({ minRating: 3, city: "Lagos" }))).toEqual([
      "Fair Kitchen",
      "Near Kitchen",
      "Edge Spa",
      "Top Spa",
    ]);
  });

  it("gives the same answers when the matches are worked out: words, open now, a price", async () => {
    const spas = await businesses({ minRating: 4 }, { text: "spa" });
    expect(new Set(namesOf(spas))).toEqual(new Set(["Top Spa", "Good Spa", "Edge Spa"]));
    expect(spas.facets.ratings).toEqual([
      { minRating: 4.5, count: 1 },
      { minRating: 4, count: 3 },
      { minRating: 3, count: 3 },
    ]);
    const kitchens = await businesses({}, { text: "kitchen" });
    expect(kitchens.facets.ratings).toEqual([
      { minRating: 4.5, count: 0 },
      { minRating: 4, count: 0 },
      { minRating: 3, count: 2 },
    ]);
    // Open on a weekday at noon in Lagos: every fixture keeps the default hours.
    const open = await search(
      db(),
      { kind: "businesses", filters: { openNow: true, minRating: 4 } },
      { now: new Date("2026-11-25T11:00:00Z") },
    );
    expect(namesOf(open)).toEqual(["Edge Spa", "Good Spa", "Top Spa"]);
    // Selling something from ₦1 up: Top Spa and Fair Kitchen.
    const selling = await businesses({ minPriceKobo: 100 });
    expect(selling.facets.ratings).toEqual([
      { minRating: 4.5, count: 1 },
      { minRating: 4, count: 1 },
      { minRating: 3, count: 2 },
    ]);
    expect(namesOf(await businesses({ minPriceKobo: 100, minRating: 4 }))).toEqual(["Top Spa"]);
  });

  it("filters products by their seller's score, and counts no rating facet for them", async () => {
    const rated = await search(db(), { kind: "products", filters: { minRating: 4 } });
    expect((rated.items as ProductHit[]).map((hit) => hit.id)).toEqual([topProduct]);
    expect(rated.facets.ratings).toEqual([]);
    const some = await search(db(), { kind: "products", filters: { minRating: 3 } });
    expect(new Set((some.items as ProductHit[]).map((hit) => hit.id))).toEqual(
      new Set([topProduct, fairProduct]),
    );
  });
});

describe("Top rated", () => {
  const order: Name[] = [
    "Top Spa",
    "Good Spa",
    "Edge Spa",
    "Near Kitchen",
    "Fair Kitchen",
    "Poor Kitchen",
    "New Kitchen",
  ];

  it("orders by TrustScore, businesses without reviews last, in exact pages from the index", async () => {
    expect(namesOf(await businesses({}, { sort: "rating" }))).toEqual(order);
    expect(await allPages({})).toEqual(order);
    expect(await allPages({ filters: { minRating: 3, city: "Lagos" } })).toEqual([
      "Top Spa",
      "Edge Spa",
      "Near Kitchen",
      "Fair Kitchen",
    ]);
  });

  it("orders the matches of words the same way, page by page", async () => {
    expect(await allPages({ text: "kitchen" })).toEqual([
      "Near Kitchen",
      "Fair Kitchen",
      "Poor Kitchen",
      "New Kitchen",
    ]);
    expect(await allPages({ filters: { minPriceKobo: 100 } })).toEqual(["Top Spa", "Fair Kitchen"]);
  });

  it("leaves products in their default order: they have no score of their own", async () => {
    const rated = await search(db(), { kind: "products", sort: "rating" });
    const newest = await search(db(), { kind: "products", sort: "newest" });
    expect(rated.items.map((hit) => hit.id)).toEqual(newest.items.map((hit) => hit.id));
  });
});

describe("the cards", () => {
  it("carry each business's TrustScore as shown, or none without reviews", async () => {
    const hits = (await businesses({}, { sort: "rating" })).items as BusinessHit[];
    const byName = new Map(hits.map((hit) => [names.get(hit.id), hit.trustScore]));
    expect(byName.get("Top Spa")).toEqual({
      scoreText: "4.5",
      scoreStars: 4.5,
      reviewCount: 15,
      reviewsText: "15 reviews",
    });
    expect(byName.get("Edge Spa")).toMatchObject({ scoreText: "4.0", scoreStars: 4 });
    expect(byName.get("Near Kitchen")).toMatchObject({ scoreText: "3.9", scoreStars: 4 });
    expect(byName.get("Poor Kitchen")).toMatchObject({ scoreText: "2.8", scoreStars: 3 });
    expect(byName.get("New Kitchen")).toBeNull();
  });
});
