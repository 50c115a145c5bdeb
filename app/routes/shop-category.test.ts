import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { voucherOffers } from "#app/vouchers/schema.server.ts";
import { createBusiness, createCategory, createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { loaderArgs, thrownBy } from "#tests/support/router-context.ts";
import { loader } from "./shop-category.tsx";

/**
 * /shop/{id} through its loader: two restaurants (Lagos, Abuja), a suspended one and a spa, so
 * each filter has something to keep and something to leave out.
 */
let handle: DatabaseHandle;
const day = (n: number) => new Date(Date.UTC(2026, 1, n));

beforeAll(async () => {
  handle = await createTestDatabase();
  const { db } = handle;
  const food = await createCategory(db, { slug: "restaurants", name: "Restaurants & Food" });
  const spas = await createCategory(db, { slug: "spas-wellness", name: "Spas & Wellness" });
  const mama = await createBusiness(db, {
    categoryId: food.id,
    slug: "mama-put",
    name: "Mama Put",
    city: "Lagos",
    createdAt: day(1),
  });
  const suya = await createBusiness(db, {
    categoryId: food.id,
    slug: "suya-spot",
    name: "Suya Spot",
    city: "Abuja",
    createdAt: day(2),
  });
  const gone = await createBusiness(db, {
    categoryId: food.id,
    slug: "gone-grill",
    city: "Lagos",
    status: "suspended",
  });
  const ewa = await createBusiness(db, { categoryId: spas.id, slug: "ewa-spa", city: "Lagos" });
  const product = (businessId: string, slug: string, priceKobo: number, n: number) =>
    createProduct(db, { businessId, slug, name: slug, priceKobo, createdAt: day(n) });
  await product(mama.id, "jollof", 350_000, 3); // ₦3,500
  await product(mama.id, "party-tray", 6_000_000, 4); // ₦60,000
  await product(suya.id, "suya", 250_000, 5); // ₦2,500
  await product(suya.id, "asun", 800_000, 6); // ₦8,000
  await product(gone.id, "burnt-rice", 100_000, 7);
  await product(ewa.id, "massage", 2_000_000, 8);
  // Vouchers: one of each restaurant, one of the spa (another category).
  const offer = (businessId: string, title: string, priceKobo: number) =>
    db.insert(voucherOffers).values({
      id: newId("vof"),
      businessId,
      title,
      valueKobo: 1_000_000,
      priceKobo,
      validDays: 30,
    });
  await offer(mama.id, "Lunch for two", 700_000);
  await offer(suya.id, "Suya night", 500_000);
  await offer(ewa.id, "Spa day", 600_000);
});

afterAll(() => handle.close());

async function load(path: string) {
  const url = new URL(path, "http://localhost:3000");
  const id = url.pathname.split("/")[2] ?? "";
  return loader(loaderArgs(handle.db, path, "/shop/:id", { id }) as never);
}

const slugs = (items: Array<{ slug: string }>) => items.map((item) => item.slug);

describe("/shop/{id}", () => {
  test("shows the category's products of active businesses, newest first, and its businesses", async () => {
    const page = await load("/shop/restaurants");
    expect(page.category.name).toBe("Restaurants & Food");
    expect(slugs(page.products.items)).toEqual(["asun", "suya", "party-tray", "jollof"]);
    expect(slugs(page.businesses.items)).toEqual(["suya-spot", "mama-put"]);
    expect(page.products.facets.cities).toEqual([
      { name: "Abuja", count: 2 },
      { name: "Lagos", count: 2 },
    ]);
    expect(page.filtered).toBe(false);
  });

  test("matches the category slug whatever its case", async () => {
    expect((await load("/shop/Restaurants")).category.slug).toBe("restaurants");
  });

  test("filters by city, price range and sorts", async () => {
    const lagos = await load("/shop/restaurants?city=lagos");
    expect(slugs(lagos.products.items)).toEqual(["party-tray", "jollof"]);
    expect(slugs(lagos.businesses.items)).toEqual(["mama-put"]);
    const cheap = await load("/shop/restaurants?price=0-5000&sort=price-asc");
    expect(slugs(cheap.products.items)).toEqual(["suya", "jollof"]);
    expect(cheap.chosen).toEqual({ city: "", price: "0-5000", sort: "price-asc" });
    expect(cheap.filtered).toBe(true);
    const dear = await load("/shop/restaurants?price=50000-100000");
    expect(slugs(dear.products.items)).toEqual(["party-tray"]);
    const byName = await load("/shop/restaurants?sort=name");
    expect(slugs(byName.products.items)).toEqual(["asun", "jollof", "party-tray", "suya"]);
    // The price facet counts what each range would show with the other filters kept.
    expect(
      lagos.priceOptions.filter((option) => option.count > 0).map((o) => [o.key, o.count]),
    ).toEqual([
      ["0-5000", 1],
      ["50000-100000", 1],
    ]);
  });

  test("pages through products with the next link, each once", async () => {
    const seen: string[] = [];
    let path: string | null = "/shop/restaurants?sort=price-desc";
    for (let n = 0; path && n < 10; n++) {
      const page = await load(path);
      seen.push(...slugs(page.products.items));
      path = page.products.nextCursor
        ? `/shop/restaurants?sort=price-desc&after=${page.products.nextCursor}`
        : null;
    }
    expect(seen).toEqual(["party-tray", "asun", "jollof", "suya"]);
  });

  test("answers 404 for an unknown category", async () => {
    const thrown = await thrownBy(() => load("/shop/unicorns"));
    expect(thrown).toEqual({ status: 404, data: { message: "Page not found: /shop/unicorns" } });
  });

  test.each([
    ["/shop/restaurants?sort=cheapest", "sort", "Choose a sort from the list"],
    ["/shop/restaurants?price=1-2", "price", "Choose a price range from the list"],
    [
      "/shop/restaurants?after=garbage",
      "after",
      "This page of results has expired; please search again.",
    ],
  ])("answers 400 with a field message for %s", async (path, field, message) => {
    const thrown = await thrownBy(() => load(path));
    expect(thrown.status).toBe(400);
    expect(thrown.data).toMatchObject({ fields: { [field]: message } });
  });
});

describe("the category's vouchers", () => {
  test("lists the category's vouchers on sale, biggest saving first, within the chosen city", async () => {
    const all = await load("/shop/restaurants");
    expect(all.vouchers.items.map((offer) => offer.title)).toEqual(["Suya night", "Lunch for two"]);
    const lagos = await load("/shop/restaurants?city=Lagos");
    expect(lagos.vouchers.items.map((offer) => offer.title)).toEqual(["Lunch for two"]);
  });
});
