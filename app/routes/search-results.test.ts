import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import type { BusinessHit, ProductHit } from "#app/search/search.server.ts";
import { getFrom } from "#tests/support/accounts.ts";
import { createBusiness, createCategory, createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { createVoucherOffer } from "#tests/support/vouchers.ts";
import * as catalogSearch from "./business-catalog-search.tsx";
import * as businessesSearch from "./businesses-search.tsx";
import * as results from "./search-results.tsx";

let database: DatabaseHandle;
const db = () => database.db;

/** Two spas (Lagos, Abuja), a kitchen in Lagos, a suspended spa; prices from ₦1,500 to ₦90,000. */
beforeAll(async () => {
  database = await createTestDatabase();
  const spas = await createCategory(db(), { slug: "spas-wellness", name: "Spas & Wellness" });
  const food = await createCategory(db(), { slug: "food-drinks", name: "Food & Drinks" });
  const ewa = await createBusiness(db(), {
    slug: "ewa-spa",
    name: "Ewa Spa",
    categoryId: spas.id,
    city: "Lagos",
  });
  const serenity = await createBusiness(db(), {
    slug: "serenity-day-spa",
    name: "Serenity Day Spa",
    categoryId: spas.id,
    city: "Abuja",
  });
  const mama = await createBusiness(db(), {
    slug: "mama-put-kitchen",
    name: "Mama Put Kitchen",
    categoryId: food.id,
    city: "Lagos",
  });
  const shady = await createBusiness(db(), {
    slug: "shady-spa",
    name: "Shady Spa",
    categoryId: spas.id,
    city: "Lagos",
    status: "suspended",
  });
  const product = (businessId: string, name: string, priceKobo: number) =>
    createProduct(db(), {
      businessId,
      name,
      priceKobo,
      slug: name.toLowerCase().replace(/[^a-z]+/g, "-"),
    });
  await product(ewa.id, "Swedish Massage", 2_500_000);
  await product(ewa.id, "Hot Stone Massage", 4_500_000);
  await product(ewa.id, "Steam Session", 1_200_000);
  await product(serenity.id, "Couples Massage", 9_000_000);
  await product(mama.id, "Jollof Rice", 150_000);
  await product(shady.id, "Shady Massage", 100_000);
  await createBusiness(db(), {
    slug: "quiet-tailor",
    name: "Quiet Tailor",
    categoryId: food.id,
    city: "Kano",
  });
  const zobo = await createBusiness(db(), {
    slug: "zobo-hut",
    name: "Zobo Hut",
    categoryId: food.id,
    city: "Kano",
  });
  for (let n = 1; n <= 26; n++)
    await product(zobo.id, `Zobo Drink ${String.fromCharCode(96 + n)}`, 50_000 + n);
  // Vouchers: two on sale at Ewa Spa, one paused, one of the suspended spa.
  await createVoucherOffer(db(), ewa.id, { title: "Full-body massage for two" });
  await createVoucherOffer(db(), ewa.id, {
    title: "Steam and sauna afternoon",
    valueKobo: 1_000_000,
    priceKobo: 500_000,
  });
  await createVoucherOffer(db(), ewa.id, { title: "Paused massage deal", status: "paused" });
  await createVoucherOffer(db(), shady.id, { title: "Shady massage deal" });
}, 60_000);

afterAll(() => database?.close());

type Loaded = {
  text: string;
  kind: "products" | "businesses";
  result: { items: Array<ProductHit | BusinessHit>; nextCursor: string | null } | null;
  cursorError: string | null;
};

async function searchPage(path: string) {
  const id = decodeURIComponent(new URL(path, "http://x").pathname.split("/")[2] ?? "");
  const outcome = await getFrom(db(), results, path, { pattern: "/search/:id", params: { id } });
  return { ...outcome, page: outcome.data as Loaded };
}

const names = (page: Loaded) => (page.result?.items ?? []).map((item) => item.name).sort();

describe("/search/{id}", () => {
  test("a typo still finds the products: masage finds every active massage", async () => {
    const { status, page } = await searchPage("/search/masage");
    expect(status).toBe(200);
    expect(page.kind).toBe("products");
    expect(names(page)).toEqual(["Couples Massage", "Hot Stone Massage", "Swedish Massage"]);
  });

  test("a misspelt city shows the businesses there when no product matches: lagso", async () => {
    const { page } = await searchPage("/search/lagso?tab=businesses");
    expect(names(page)).toEqual(["Ewa Spa", "Mama Put Kitchen"]);
  });

  test("without a tab, products come first, and businesses when no product matches", async () => {
    expect((await searchPage("/search/massage")).page.kind).toBe("products");
    // The typo "spaa" is read as "spa": the spas' services come up as products.
    const spaa = await searchPage("/search/spaa");
    expect(spaa.page.kind).toBe("products");
    expect(names(spaa.page).sort()).toEqual([
      "Couples Massage",
      "Hot Stone Massage",
      "Steam Session",
      "Swedish Massage",
    ]);
    // A tailor sells nothing on Oja yet: only the business itself is found.
    const tailor = await searchPage("/search/tailor");
    expect(tailor.page.kind).toBe("businesses");
    expect(names(tailor.page)).toEqual(["Quiet Tailor"]);
    const none = await searchPage("/search/quiet%20zzzz");
    expect(none.page.kind).toBe("businesses");
    expect(none.page.result?.items).toEqual([]);
  });

  test("filters from the query string narrow the results: city, category, price and sort", async () => {
    expect(names((await searchPage("/search/massage?city=abuja")).page)).toEqual([
      "Couples Massage",
    ]);
    expect(names((await searchPage("/search/massage?min=30000")).page)).toEqual([
      "Couples Massage",
      "Hot Stone Massage",
    ]);
    // A price facet bucket: from ₦20,000 up to (not including) ₦50,000.
    expect(names((await searchPage("/search/massage?price=20000-50000")).page)).toEqual([
      "Hot Stone Massage",
      "Swedish Massage",
    ]);
    const sorted = await searchPage("/search/massage?sort=price-desc");
    expect(sorted.page.result?.items.map((item) => item.name)).toEqual([
      "Couples Massage",
      "Hot Stone Massage",
      "Swedish Massage",
    ]);
    const businesses = await searchPage("/search/spa?tab=businesses&category=food-drinks");
    expect(names(businesses.page)).toEqual([]);
  });

  test("bad filter values are ignored instead of failing the page", async () => {
    const { status, page } = await searchPage(
      "/search/massage?min=lots&max=-3&sort=cheapest&tab=rewards&price=abc&category=%3Cb%3E",
    );
    expect(status).toBe(200);
    expect(names(page)).toEqual(["Couples Massage", "Hot Stone Massage", "Swedish Massage"]);
  });

  test("the vouchers tab lists the offers on sale that match, typos included", async () => {
    const titles = async (path: string) => {
      const { status, data } = await getFrom(db(), results, path, {
        pattern: "/search/:id",
        params: { id: decodeURIComponent(path.split("/")[2]?.split("?")[0] ?? "") },
      });
      const page = data as { kind: string; vouchers: { items: Array<{ title: string }> } | null };
      return { status, kind: page.kind, titles: (page.vouchers?.items ?? []).map((o) => o.title) };
    };
    expect(await titles("/search/masage?tab=vouchers")).toEqual({
      status: 200,
      kind: "vouchers",
      titles: ["Full-body massage for two"],
    });
    // The business's name finds its offers; the biggest saving first among equals.
    expect((await titles("/search/ewa?tab=vouchers")).titles).toEqual([
      "Steam and sauna afternoon",
      "Full-body massage for two",
    ]);
    expect((await titles("/search/jollof?tab=vouchers")).titles).toEqual([]);
    expect((await titles("/search/massage?tab=vouchers&after=nonsense")).status).toBe(400);
  });

  test("a stale or forged cursor answers 400 with its message, not a server error", async () => {
    const { status, page } = await searchPage("/search/massage?after=not-a-cursor");
    expect(status).toBe(400);
    expect(page.result).toBeNull();
    expect(page.cursorError).toBe("This page of results has expired; please search again.");
  });

  test("Show more pages through the results without repeating any, keeping the default tab", async () => {
    const first = (await searchPage("/search/zobo")).page;
    expect(first.kind).toBe("products");
    expect(first.result?.items).toHaveLength(24);
    const cursor = first.result?.nextCursor;
    expect(cursor).toBeTruthy();
    const second = (await searchPage(`/search/zobo?after=${cursor}`)).page;
    expect(second.kind).toBe("products");
    expect(second.result?.nextCursor).toBeNull();
    const all = [...names(first), ...names(second)];
    expect(all).toHaveLength(26);
    expect(new Set(all).size).toBe(26);
  });

  test("a blank term goes to the advanced search form", async () => {
    const { status, location } = await getFrom(db(), results, "/search/%20", {
      pattern: "/search/:id",
      params: { id: " " },
    });
    expect(status).toBe(302);
    expect(location).toBe("/search/ff");
  });
});

describe("/businesses/search/{id}", () => {
  test("only businesses, active ones, with the same filters", async () => {
    const load = (path: string, id: string) =>
      getFrom(db(), businessesSearch, path, { pattern: "/businesses/search/:id", params: { id } });
    const spa = await load("/businesses/search/spa", "spa");
    expect((spa.data as Loaded).kind).toBe("businesses");
    expect(names(spa.data as Loaded)).toEqual(["Ewa Spa", "Serenity Day Spa"]);
    const lagos = await load("/businesses/search/spa?city=Lagos", "spa");
    expect(names(lagos.data as Loaded)).toEqual(["Ewa Spa"]);
    const stale = await load("/businesses/search/spa?after=eyJ4IjoxfQ", "spa");
    expect(stale.status).toBe(400);
  });
});

describe("/b/{id}/{search}", () => {
  const load = (path: string, id: string, search: string) =>
    getFrom(db(), catalogSearch, path, { pattern: "/b/:id/:search", params: { id, search } });

  test("searches one business's catalogue only, its slug in any case", async () => {
    const { status, data } = await load("/b/EWA-SPA/massage", "EWA-SPA", "massage");
    expect(status).toBe(200);
    expect(names(data as Loaded)).toEqual(["Hot Stone Massage", "Swedish Massage"]);
    const typo = await load("/b/ewa-spa/masage", "ewa-spa", "masage");
    expect(names(typo.data as Loaded)).toEqual(["Hot Stone Massage", "Swedish Massage"]);
    const cheap = await load("/b/ewa-spa/massage?max=30000", "ewa-spa", "massage");
    expect(names(cheap.data as Loaded)).toEqual(["Swedish Massage"]);
  });

  test("an unknown or suspended business answers 404", async () => {
    expect((await load("/b/nobody/massage", "nobody", "massage")).status).toBe(404);
    expect((await load("/b/shady-spa/massage", "shady-spa", "massage")).status).toBe(404);
  });
});
