import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lagosMoment } from "#app/catalog/opening-hours.ts";
import { businesses, categories } from "#app/catalog/schema.server.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { createBusiness, createCategory, createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import {
  cleanSearchText,
  InvalidSearchCursorError,
  type SearchInput,
  type SearchKind,
  type SearchSort,
  search,
  searchTimedOutMessage,
  suggest,
} from "./search.server.ts";

/**
 * One small catalogue for the whole file, built so every expectation below is exact: the same
 * names in the same order on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
let handle: DatabaseHandle;
const day = 24 * 60 * 60 * 1000;
const start = Date.UTC(2026, 0, 1);

const closed = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
// Friday and Saturday nights, 20:00 to 02:00 the next morning.
const lateNights = {
  ...closed,
  fri: [["20:00", "02:00"]] as Array<[string, string]>,
  sat: [["20:00", "02:00"]] as Array<[string, string]>,
};

beforeAll(async () => {
  handle = await createTestDatabase();
  const db = handle.db;
  const spas = await createCategory(db, { slug: "spas-wellness", name: "Spas & Wellness" });
  const food = await createCategory(db, { slug: "food-drinks", name: "Food & Drinks" });
  const fashion = await createCategory(db, { slug: "fashion", name: "Fashion" });

  let n = 0;
  const business = (fields: Parameters<typeof createBusiness>[1]) =>
    createBusiness(db, { createdAt: new Date(start + n++ * day), ...fields });
  const product = (
    businessId: string,
    name: string,
    priceKobo: number,
    fields: Partial<Parameters<typeof createProduct>[1]> = {},
  ) =>
    createProduct(db, {
      businessId,
      name,
      priceKobo,
      slug: name
        .toLowerCase()
        .normalize("NFKD")
        .replace(/[\u0300-\u036f]/g, "")
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, ""),
      createdAt: new Date(start + n++ * day),
      ...fields,
    });

  const ewa = await business({
    slug: "ewa-spa",
    name: "Ewa Spa",
    tagline: "Relax, restore, glow.",
    categoryId: spas.id,
    city: "Lagos",
  });
  await product(ewa.id, "Swedish Massage", 2_500_000, { tags: ["massage", "relaxation"] });
  await product(ewa.id, "Steam & Sauna Session", 1_200_000, { tags: ["sauna", "steam"] });
  await product(ewa.id, "Hot Stone Massage", 4_500_000, { tags: ["massage", "hot-stone"] });
  await product(ewa.id, "Secret Draft Massage", 100_000, { status: "draft" });

  const serenity = await business({
    slug: "serenity-day-spa",
    name: "Serenity Day Spa",
    description: "A calm boutique retreat in Wuse 2.",
    categoryId: spas.id,
    city: "Abuja",
  });
  await product(serenity.id, "Signature Facial", 3_000_000, { tags: ["facial", "skincare"] });
  await product(serenity.id, "Couples Massage", 9_000_000, { tags: ["massage", "couples"] });

  const mamaPut = await business({
    slug: "mama-put-kitchen",
    name: "Mama Put Kitchen",
    description: "Home cooking, swallow and soups.",
    categoryId: food.id,
    city: "Lagos",
  });
  await product(mamaPut.id, "Jollof Rice & Chicken", 550_000, { tags: ["jollof", "rice"] });
  await product(mamaPut.id, "Party Jollof Tray", 8_000_000, { tags: ["party", "catering"] });
  await product(mamaPut.id, "Fried Plantain", 150_000, {
    description: "Sweet dodo, perfect beside a plate of jollof.",
  });
  await product(mamaPut.id, "Jollof Draft", 500_000, { status: "draft" });

  const lumiere = await business({
    slug: "cafe-lumiere",
    name: "Café Lumière",
    categoryId: food.id,
    city: "Port Harcourt",
  });
  await product(lumiere.id, "Café au Lait", 250_000);
  await product(lumiere.id, "Croissant", 180_000, { description: "Buttery, baked at dawn." });

  const bloom = await business({
    slug: "cafe-bloom",
    name: "Cafe Bloom",
    categoryId: food.id,
    city: "Ibadan",
  });
  await product(bloom.id, "Iced Cafe Latte", 300_000);

  const owambe = await business({
    slug: "owambe-lounge",
    name: "Owambe Lounge",
    categoryId: food.id,
    city: "Lagos",
    hours: lateNights,
  });
  await product(owambe.id, "Chapman Cocktail", 400_000);
  await product(owambe.id, "VIP Table", 25_000_000);

  await business({
    slug: "quiet-tailor",
    name: "Quiet Tailor",
    categoryId: fashion.id,
    city: "Kano",
  });

  const shady = await business({
    slug: "shady-spa",
    name: "Shady Spa",
    categoryId: spas.id,
    city: "Lagos",
    status: "suspended",
  });
  await product(shady.id, "Shady Jollof Special", 500_000);
  const pending = await business({
    slug: "pending-jollof-joint",
    name: "Pending Jollof Joint",
    categoryId: food.id,
    city: "Lagos",
    status: "pending",
  });
  await product(pending.id, "Pending Jollof Plate", 600_000);
}, 60_000);

afterAll(async () => {
  await handle?.close();
});

const activeBusinesses = [
  "Ewa Spa",
  "Serenity Day Spa",
  "Mama Put Kitchen",
  "Café Lumière",
  "Cafe Bloom",
  "Owambe Lounge",
  "Quiet Tailor",
];
const activeProducts = [
  "Swedish Massage",
  "Steam & Sauna Session",
  "Hot Stone Massage",
  "Signature Facial",
  "Couples Massage",
  "Jollof Rice & Chicken",
  "Party Jollof Tray",
  "Fried Plantain",
  "Café au Lait",
  "Croissant",
  "Iced Cafe Latte",
  "Chapman Cocktail",
  "VIP Table",
];

async function names(input: SearchInput, options?: Parameters<typeof search>[2]) {
  const result = await search(handle.db, { limit: 48, ...input }, options);
  expect(result.timedOut).toBeUndefined();
  expect(result.nextCursor).toBeNull();
  return result.items.map((item) => item.name);
}

const sorted = (list: string[]) => [...list].sort();

describe("matching", () => {
  it("an exact word finds the business named by it", async () => {
    expect(await names({ kind: "businesses", text: "serenity" })).toEqual(["Serenity Day Spa"]);
    expect(await names({ kind: "products", text: "croissant" })).toEqual(["Croissant"]);
  });

  it("several words must all match, anywhere in the document", async () => {
    // "massage" is a name word or a tag, "abuja" is the business's city.
    expect(await names({ kind: "products", text: "massage abuja" })).toEqual(["Couples Massage"]);
    // "in" is too common to be required.
    expect(sorted(await names({ kind: "businesses", text: "spa in abuja" }))).toEqual([
      "Serenity Day Spa",
    ]);
  });

  it("accents fold both ways: café finds cafe and cafe finds café", async () => {
    const both = ["Cafe Bloom", "Café Lumière"];
    expect(sorted(await names({ kind: "businesses", text: "café" }))).toEqual(both);
    expect(sorted(await names({ kind: "businesses", text: "CAFE" }))).toEqual(both);
    // The Croissant comes in through its business's name, Café Lumière (weight D).
    expect(sorted(await names({ kind: "products", text: "cafe" }))).toEqual([
      "Café au Lait",
      "Croissant",
      "Iced Cafe Latte",
    ]);
    expect(await names({ kind: "businesses", text: "lumiere" })).toEqual(["Café Lumière"]);
  });

  it("a typo in a name still finds it: spaa finds the spas, jolof finds the jollof", async () => {
    expect(sorted(await names({ kind: "businesses", text: "spaa" }))).toEqual([
      "Ewa Spa",
      "Serenity Day Spa",
    ]);
    // "jolof" is searched as "jollof" too, so the plantain whose description names it comes.
    expect(sorted(await names({ kind: "products", text: "jolof" }))).toEqual([
      "Fried Plantain",
      "Jollof Rice & Chicken",
      "Party Jollof Tray",
    ]);
  });

  it("two letters swapped still find the word: facail finds the facial", async () => {
    expect(await names({ kind: "products", text: "facail" })).toEqual(["Signature Facial"]);
    expect(await names({ kind: "businesses", text: "serentiy" })).toEqual(["Serenity Day Spa"]);
  });

  it("a misspelt city matches the city: lagso finds the businesses in Lagos", async () => {
    expect(sorted(await names({ kind: "businesses", text: "lagso" }))).toEqual([
      "Ewa Spa",
      "Mama Put Kitchen",
      "Owambe Lounge",
    ]);
  });

  it("the last word is a prefix, so a half-typed word already finds results", async () => {
    expect(sorted(await names({ kind: "products", text: "jol" }))).toEqual([
      "Fried Plantain",
      "Jollof Rice & Chicken",
      "Party Jollof Tray",
    ]);
  });

  it("a name match ranks above a description-only match", async () => {
    // Jollof Rice also carries the tag "jollof" (weight B), so it outranks the Party Tray.
    expect(await names({ kind: "products", text: "jollof" })).toEqual([
      "Jollof Rice & Chicken",
      "Party Jollof Tray",
      "Fried Plantain",
    ]);
  });

  it("a category name matches every business and product in it", async () => {
    expect(sorted(await names({ kind: "businesses", text: "wellness" }))).toEqual([
      "Ewa Spa",
      "Serenity Day Spa",
    ]);
  });

  it("suspended and pending businesses, their products and draft products never appear", async () => {
    expect(sorted(await names({ kind: "businesses" }))).toEqual(sorted(activeBusinesses));
    expect(sorted(await names({ kind: "products" }))).toEqual(sorted(activeProducts));
    expect(await names({ kind: "businesses", text: "shady" })).toEqual([]);
    expect(await names({ kind: "products", text: "shady jollof" })).toEqual([]);
    expect(await names({ kind: "products", text: "draft" })).toEqual([]);
    expect(await names({ kind: "businesses", text: "pending" })).toEqual([]);
    expect(await suggest(handle.db, "shady")).toEqual([]);
    expect(await suggest(handle.db, "pending")).toEqual([]);
  });

  it("text that is only punctuation browses, and query syntax in the text is just text", async () => {
    expect(sorted(await names({ kind: "businesses", text: " !!! " }))).toEqual(
      sorted(activeBusinesses),
    );
    expect(await names({ kind: "products", text: "jollof & | ! ' :* (" })).toEqual([
      "Jollof Rice & Chicken",
      "Party Jollof Tray",
      "Fried Plantain",
    ]);
    expect(await names({ kind: "businesses", text: "100%_\\" })).toEqual([]);
  });
});

describe("input hygiene", () => {
  it("search text is trimmed, its spaces collapsed and capped at 100 characters", async () => {
    expect(cleanSearchText("  jollof \n\t  rice  ")).toBe("jollof rice");
    expect(cleanSearchText(null)).toBe("");
    expect(cleanSearchText("a".repeat(150))).toHaveLength(100);
    const result = await search(handle.db, {
      kind: "products",
      text: `  jollof   ${"x".repeat(200)}`,
    });
    expect(result.text).toBe(`jollof ${"x".repeat(93)}`);
  });

  it("empty text browses with the filters, and relevance falls back to newest", async () => {
    const relevance = await names({ kind: "businesses", text: "   ", sort: "relevance" });
    const newest = await names({ kind: "businesses", sort: "newest" });
    expect(relevance).toEqual(newest);
    expect(newest).toEqual([...activeBusinesses].reverse());
  });

  it("an unknown kind or sort from a URL is refused", async () => {
    await expect(
      search(handle.db, { kind: "toString" as SearchKind, text: "spa" }),
    ).rejects.toBeInstanceOf(RangeError);
    await expect(
      search(handle.db, { kind: "products", sort: "popular" as SearchSort }),
    ).rejects.toBeInstanceOf(RangeError);
  });

  it("the page size defaults to 24 and never exceeds 48", async () => {
    const page = await search(handle.db, { kind: "products", limit: 1_000 });
    expect(page.items).toHaveLength(activeProducts.length);
    const one = await search(handle.db, { kind: "products", limit: 0 });
    expect(one.items).toHaveLength(1);
  });
});

describe("filters", () => {
  it("the city filter ignores case and applies to products through their business", async () => {
    expect(sorted(await names({ kind: "businesses", filters: { city: "lagos" } }))).toEqual([
      "Ewa Spa",
      "Mama Put Kitchen",
      "Owambe Lounge",
    ]);
    expect(sorted(await names({ kind: "products", filters: { city: "Abuja" } }))).toEqual([
      "Couples Massage",
      "Signature Facial",
    ]);
  });

  it("the business filter searches one catalogue: its products only, typos included", async () => {
    const [ewa] = await handle.db
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.slug, "ewa-spa"));
    const inEwa = { businessId: ewa?.id as string };
    expect(sorted(await names({ kind: "products", text: "masage", filters: inEwa }))).toEqual([
      "Hot Stone Massage",
      "Swedish Massage",
    ]);
    expect(sorted(await names({ kind: "products", filters: inEwa }))).toEqual([
      "Hot Stone Massage",
      "Steam & Sauna Session",
      "Swedish Massage",
    ]);
    expect(await names({ kind: "products", text: "jollof", filters: inEwa })).toEqual([]);
    expect(await names({ kind: "businesses", text: "spa", filters: inEwa })).toEqual(["Ewa Spa"]);
    const { facets } = await search(handle.db, { kind: "products", filters: inEwa });
    expect(facets.categories).toEqual([
      { slug: "spas-wellness", name: "Spas & Wellness", count: 3 },
    ]);
    expect(facets.cities).toEqual([{ name: "Lagos", count: 3 }]);
  });

  it("the category filter takes a slug and combines with the text", async () => {
    expect(
      sorted(
        await names({
          kind: "products",
          text: "massage",
          filters: { categorySlug: "spas-wellness" },
        }),
      ),
    ).toEqual(["Couples Massage", "Hot Stone Massage", "Swedish Massage"]);
    expect(
      await names({ kind: "products", text: "massage", filters: { categorySlug: "food-drinks" } }),
    ).toEqual([]);
  });

  it("price bounds are inclusive kobo; a business qualifies by any active product in range", async () => {
    expect(
      await names({
        kind: "products",
        sort: "price-asc",
        filters: { minPriceKobo: 250_000, maxPriceKobo: 550_000 },
      }),
    ).toEqual(["Café au Lait", "Iced Cafe Latte", "Chapman Cocktail", "Jollof Rice & Chicken"]);
    expect(
      sorted(
        await names({
          kind: "businesses",
          filters: { minPriceKobo: 2_000_000, maxPriceKobo: 5_000_000 },
        }),
      ),
    ).toEqual(["Ewa Spa", "Serenity Day Spa"]);
  });

  it("open now reads the hours in Lagos time, including spans past midnight", async () => {
    // 2026-11-20 is a Friday; Lagos is UTC+1 all year.
    const fridayMorning = new Date("2026-11-20T09:00:00Z");
    const fridayLate = new Date("2026-11-20T22:30:00Z");
    const saturdayEarly = new Date("2026-11-21T00:30:00Z");
    const saturdayDawn = new Date("2026-11-21T01:30:00Z");
    expect(lagosMoment(saturdayEarly)).toEqual({ day: "sat", previousDay: "fri", time: "01:30" });
    const open = (now: Date) =>
      names({ kind: "businesses", filters: { openNow: true } }, { now }).then(sorted);
    expect(await open(fridayMorning)).toEqual(
      sorted(activeBusinesses.filter((n) => n !== "Owambe Lounge")),
    );
    expect(await open(fridayLate)).toEqual(["Owambe Lounge"]);
    expect(await open(saturdayEarly)).toEqual(["Owambe Lounge"]);
    expect(await open(saturdayDawn)).toEqual([]);
    expect(
      sorted(await names({ kind: "products", filters: { openNow: true } }, { now: fridayLate })),
    ).toEqual(["Chapman Cocktail", "VIP Table"]);
  });
});

describe("sorting", () => {
  it("businesses sort by name, newest, and their cheapest product's price", async () => {
    expect(await names({ kind: "businesses", sort: "name" })).toEqual([
      "Cafe Bloom",
      "Café Lumière",
      "Ewa Spa",
      "Mama Put Kitchen",
      "Owambe Lounge",
      "Quiet Tailor",
      "Serenity Day Spa",
    ]);
    expect(await names({ kind: "businesses", sort: "newest" })).toEqual(
      [...activeBusinesses].reverse(),
    );
    // From prices: Mama Put ₦1,500, Lumière ₦1,800, Bloom ₦3,000, Owambe ₦4,000, Ewa ₦12,000,
    // Serenity ₦30,000; Quiet Tailor sells nothing and comes last either way.
    expect(await names({ kind: "businesses", sort: "price-asc" })).toEqual([
      "Mama Put Kitchen",
      "Café Lumière",
      "Cafe Bloom",
      "Owambe Lounge",
      "Ewa Spa",
      "Serenity Day Spa",
      "Quiet Tailor",
    ]);
    expect(await names({ kind: "businesses", sort: "price-desc" })).toEqual([
      "Serenity Day Spa",
      "Ewa Spa",
      "Owambe Lounge",
      "Cafe Bloom",
      "Café Lumière",
      "Mama Put Kitchen",
      "Quiet Tailor",
    ]);
  });

  it("products sort by price both ways, by name and by newest", async () => {
    const result = await search(handle.db, { kind: "products", sort: "price-asc", limit: 48 });
    const prices = result.items.map((item) => item.priceKobo);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(result.items.map((item) => item.name)).toEqual([
      "Fried Plantain",
      "Croissant",
      "Café au Lait",
      "Iced Cafe Latte",
      "Chapman Cocktail",
      "Jollof Rice & Chicken",
      "Steam & Sauna Session",
      "Swedish Massage",
      "Signature Facial",
      "Hot Stone Massage",
      "Party Jollof Tray",
      "Couples Massage",
      "VIP Table",
    ]);
    const descending = await names({ kind: "products", sort: "price-desc" });
    expect(descending).toEqual(result.items.map((item) => item.name).reverse());
    expect(await names({ kind: "products", sort: "name" })).toEqual([
      "Café au Lait",
      "Chapman Cocktail",
      "Couples Massage",
      "Croissant",
      "Fried Plantain",
      "Hot Stone Massage",
      "Iced Cafe Latte",
      "Jollof Rice & Chicken",
      "Party Jollof Tray",
      "Signature Facial",
      "Steam & Sauna Session",
      "Swedish Massage",
      "VIP Table",
    ]);
    expect(await names({ kind: "products", sort: "newest" })).toEqual(
      [...activeProducts].reverse(),
    );
  });
});

describe("facets", () => {
  it("facet counts add up to the items found", async () => {
    for (const kind of ["businesses", "products"] as const) {
      const result = await search(handle.db, { kind, limit: 48 });
      const total = result.items.length;
      const sum = (counts: Array<{ count: number }>) => counts.reduce((s, c) => s + c.count, 0);
      expect(sum(result.facets.categories)).toBe(total);
      expect(sum(result.facets.cities)).toBe(total);
      expect(sum(result.facets.priceRanges)).toBe(kind === "products" ? total : 0);
    }
  });

  it("facets count each value, largest first", async () => {
    const result = await search(handle.db, { kind: "products" });
    expect(result.facets).toEqual({
      categories: [
        { slug: "food-drinks", name: "Food & Drinks", count: 8 },
        { slug: "spas-wellness", name: "Spas & Wellness", count: 5 },
      ],
      cities: [
        { name: "Lagos", count: 8 },
        { name: "Abuja", count: 2 },
        { name: "Port Harcourt", count: 2 },
        { name: "Ibadan", count: 1 },
      ],
      priceRanges: [
        { label: "Under ₦5,000", minKobo: 0, maxKobo: 500_000, count: 5 },
        { label: "₦5,000 – ₦20,000", minKobo: 500_000, maxKobo: 2_000_000, count: 2 },
        { label: "₦20,000 – ₦50,000", minKobo: 2_000_000, maxKobo: 5_000_000, count: 3 },
        { label: "₦50,000 – ₦100,000", minKobo: 5_000_000, maxKobo: 10_000_000, count: 2 },
        { label: "₦100,000 and above", minKobo: 10_000_000, maxKobo: null, count: 1 },
      ],
      ratings: [],
    });
  });

  it("a facet ignores its own filter but applies the others, so alternatives stay visible", async () => {
    const result = await search(handle.db, {
      kind: "businesses",
      filters: { categorySlug: "spas-wellness", city: "Lagos" },
    });
    expect(result.items.map((item) => item.name)).toEqual(["Ewa Spa"]);
    // Categories of Lagos businesses; cities of spa businesses.
    expect(result.facets.categories).toEqual([
      { slug: "food-drinks", name: "Food & Drinks", count: 2 },
      { slug: "spas-wellness", name: "Spas & Wellness", count: 1 },
    ]);
    expect(result.facets.cities).toEqual([
      { name: "Abuja", count: 1 },
      { name: "Lagos", count: 1 },
    ]);
    expect(result.facets.priceRanges).toEqual([]);
  });

  it("facets follow the search text", async () => {
    const result = await search(handle.db, { kind: "products", text: "massage" });
    expect(result.facets.categories).toEqual([
      { slug: "spas-wellness", name: "Spas & Wellness", count: 3 },
    ]);
    expect(result.facets.cities).toEqual([
      { name: "Lagos", count: 2 },
      { name: "Abuja", count: 1 },
    ]);
  });
});

describe("keyset pagination", () => {
  const sorts: SearchSort[] = ["relevance", "newest", "price-asc", "price-desc", "name"];
  const cases: Array<{ kind: SearchKind; text?: string }> = [
    { kind: "businesses" },
    { kind: "products" },
    { kind: "products", text: "massage" },
    { kind: "businesses", text: "spa lagos" },
  ];

  it("pages return every row exactly once, in the order of a single page", async () => {
    for (const { kind, text } of cases) {
      for (const sort of sorts) {
        const whole = await search(handle.db, { kind, text, sort, limit: 48 });
        const ids: string[] = [];
        let after: string | null = null;
        let pages = 0;
        do {
          const page: Awaited<ReturnType<typeof search>> = await search(handle.db, {
            kind,
            text,
            sort,
            after,
            limit: 2,
          });
          expect(page.items.length).toBeLessThanOrEqual(2);
          ids.push(...page.items.map((item) => item.id));
          after = page.nextCursor;
          pages++;
        } while (after && pages < 50);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids, `${kind} "${text ?? ""}" by ${sort}`).toEqual(
          whole.items.map((item) => item.id),
        );
      }
    }
  });

  it("a cursor is opaque and only valid for the search that made it", async () => {
    const first = await search(handle.db, { kind: "products", sort: "name", limit: 3 });
    expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    await expect(
      search(handle.db, { kind: "products", sort: "newest", after: first.nextCursor }),
    ).rejects.toBeInstanceOf(InvalidSearchCursorError);
    await expect(
      search(handle.db, {
        kind: "products",
        sort: "name",
        text: "jollof",
        after: first.nextCursor,
      }),
    ).rejects.toBeInstanceOf(InvalidSearchCursorError);
    await expect(
      search(handle.db, { kind: "products", after: "not-a-cursor" }),
    ).rejects.toBeInstanceOf(InvalidSearchCursorError);
    const forged = Buffer.from(JSON.stringify(["price-asc", "", "1; drop", "x"])).toString(
      "base64url",
    );
    await expect(
      search(handle.db, { kind: "products", sort: "price-asc", after: forged }),
    ).rejects.toBeInstanceOf(InvalidSearchCursorError);
  });
});

describe("suggestions", () => {
  it("a prefix suggests products, businesses and categories with their links", async () => {
    expect(await suggest(handle.db, "jol")).toEqual([
      {
        kind: "product",
        label: "Jollof Rice & Chicken",
        detail: "Mama Put Kitchen",
        href: "/mama-put-kitchen/products/jollof-rice-chicken",
      },
      {
        kind: "product",
        label: "Party Jollof Tray",
        detail: "Mama Put Kitchen",
        href: "/mama-put-kitchen/products/party-jollof-tray",
      },
    ]);
    const spa = await suggest(handle.db, "spa");
    expect(spa.slice(0, 3)).toEqual([
      { kind: "category", label: "Spas & Wellness", detail: null, href: "/shop/spas-wellness" },
      { kind: "business", label: "Ewa Spa", detail: "Lagos", href: "/ewa-spa" },
      { kind: "business", label: "Serenity Day Spa", detail: "Abuja", href: "/serenity-day-spa" },
    ]);
  });

  it("suggestions tolerate typos and accents, and respect the limit", async () => {
    expect((await suggest(handle.db, "jolof")).map((s) => s.label)).toEqual([
      "Jollof Rice & Chicken",
      "Party Jollof Tray",
    ]);
    expect((await suggest(handle.db, "lumière")).map((s) => s.href)).toEqual(["/cafe-lumiere"]);
    expect(await suggest(handle.db, "massage", 2)).toHaveLength(2);
    expect(await suggest(handle.db, "   ")).toEqual([]);
    expect(await suggest(handle.db, "%")).toEqual([]);
  });
});

describe("the search documents", () => {
  it("follow renames of the category and the business", async () => {
    const db = handle.db;
    const category = await createCategory(db, { slug: "tailoring", name: "Tailoring" });
    const shop = await createBusiness(db, {
      slug: "needle-house",
      name: "Needle House",
      categoryId: category.id,
      city: "Enugu",
    });
    await createProduct(db, { businessId: shop.id, slug: "agbada", name: "Agbada Set" });
    try {
      await db
        .update(categories)
        .set({ name: "Bespoke Aso Oke" })
        .where(eq(categories.id, category.id));
      await db.update(businesses).set({ city: "Onitsha" }).where(eq(businesses.id, shop.id));
      expect(await names({ kind: "products", text: "aso oke onitsha" })).toEqual(["Agbada Set"]);
      expect(await names({ kind: "businesses", text: "bespoke" })).toEqual(["Needle House"]);
      expect(await names({ kind: "products", text: "tailoring" })).toEqual([]);
    } finally {
      await db.delete(businesses).where(eq(businesses.id, shop.id));
      await db.delete(categories).where(eq(categories.id, category.id));
    }
  });
});

describe("the time limit", () => {
  it("a search that runs out of time answers timedOut with nothing found", async () => {
    // The hook raises exactly what PostgreSQL raises when statement_timeout fires (57014), so the
    // mapping is tested the same way on both engines.
    const result = await search(
      handle.db,
      { kind: "products", text: "jollof" },
      {
        beforeQueries: (tx) =>
          tx.execute(
            sql.raw(`do $$ begin raise exception 'canceling statement due to statement timeout'
              using errcode = 'query_canceled'; end $$`),
          ),
      },
    );
    expect(result).toEqual({
      items: [],
      nextCursor: null,
      facets: { categories: [], cities: [], priceRanges: [], ratings: [] },
      timedOut: true,
      text: "jollof",
    });
    expect(searchTimedOutMessage).toMatch(/try again/);
  });

  it("statement_timeout stops a slow search on PostgreSQL, and PGlite ignores it", async () => {
    const result = await search(
      handle.db,
      { kind: "products", text: "jollof" },
      { timeoutMs: 50, beforeQueries: (tx) => tx.execute(sql`select pg_sleep(0.3)`) },
    );
    // PGlite (single-threaded WebAssembly) has no timer to cancel a running statement: the
    // setting is accepted but never fires. Embedded installs therefore have no time limit; this
    // expectation fails loudly if a PGlite upgrade starts honouring it.
    if (handle.engine === "pglite") {
      expect(result.timedOut).toBeUndefined();
      expect(result.items).toHaveLength(3);
    } else {
      expect(result.timedOut).toBe(true);
    }
  });

  it("other errors are not mistaken for a timeout", async () => {
    await expect(
      search(
        handle.db,
        { kind: "products" },
        { beforeQueries: (tx) => tx.execute(sql`select 1 / 0`) },
      ),
    ).rejects.toThrow();
  });
});
