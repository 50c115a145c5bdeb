import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { collectionProducts, collections } from "#app/catalog/schema.server.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { createBusiness, createCategory, createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { loaderArgs, thrownBy } from "#tests/support/router-context.ts";
import { loader as storefrontLoader, meta as storefrontMeta } from "./storefront.tsx";
import { loader as collectionLoader, meta as collectionMeta } from "./storefront-collection.tsx";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const category = await createCategory(db, { slug: "spas-wellness" });
  const ewa = await createBusiness(db, {
    categoryId: category.id,
    slug: "ewa-spa",
    tagline: "Steam, scrub and calm in Lekki",
    brandColor: "#8a2be2",
  });
  await createBusiness(db, { categoryId: category.id, slug: "closed-spa", status: "suspended" });
  const steam = await createProduct(db, { businessId: ewa.id, slug: "steam", name: "Steam" });
  const id = newId("col");
  await db
    .insert(collections)
    .values({ id, businessId: ewa.id, slug: "weekend", name: "Weekend treats" });
  await db.insert(collectionProducts).values({ collectionId: id, productId: steam.id });
});

afterAll(() => database.close());

const matches = [{ id: "root", loaderData: { publicUrl: "https://oja.ng" } }];

function storefront(path: string, id: string) {
  return storefrontLoader(loaderArgs(database.db, path, "/b/:id", { id }));
}

function collection(path: string, id: string, name: string) {
  return collectionLoader(
    loaderArgs(database.db, path, "/b/:id/collection/:collection", { id, collection: name }),
  );
}

describe("the storefront", () => {
  test("brands the page with the business's name, slug and colour", async () => {
    const data = await storefront("/b/EWA-SPA", "EWA-SPA");
    expect(data.brand).toEqual({
      name: "Ewa Spa",
      slug: "ewa-spa",
      color: "#8a2be2",
      logoUrl: null,
    });
    expect(data.products.items.map((item) => item.slug)).toEqual(["steam"]);
    expect(data.collections).toEqual([{ slug: "weekend", name: "Weekend treats" }]);
  });

  test("names its canonical address in lower case, whatever was typed", async () => {
    const data = await storefront("/b/EWA-SPA", "EWA-SPA");
    const tags = storefrontMeta({ loaderData: data, matches } as never);
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://oja.ng/b/ewa-spa",
    });
    expect(tags).toContainEqual({ name: "description", content: "Steam, scrub and calm in Lekki" });
  });

  test.each([
    ["an unknown business", "/b/nobody-here", "nobody-here"],
    ["a suspended business", "/b/closed-spa", "closed-spa"],
  ])("answers 404 for %s", async (_label, path, id) => {
    expect(await thrownBy(() => storefront(path, id))).toEqual({
      status: 404,
      data: { message: `Page not found: ${path}` },
    });
  });

  test("sends its search box's term to the shop's search page when JavaScript has not loaded", async () => {
    const thrown = await thrownBy(() => storefront("/b/ewa-spa?q=hot%20stone", "ewa-spa"));
    expect(thrown).toEqual({ status: 302, data: "/b/ewa-spa/hot%20stone" });
  });

  test("answers 400 with a field message for a broken page link", async () => {
    const thrown = await thrownBy(() => storefront("/b/ewa-spa?after=nonsense", "ewa-spa"));
    expect(thrown.status).toBe(400);
    expect(thrown.data).toMatchObject({ fields: { after: expect.any(String) } });
  });
});

describe("a collection page", () => {
  test("shows the collection's products with the business to go back to", async () => {
    const data = await collection("/b/ewa-spa/collection/Weekend", "ewa-spa", "Weekend");
    expect(data.business).toMatchObject({ slug: "ewa-spa", name: "Ewa Spa" });
    expect(data.collection.name).toBe("Weekend treats");
    expect(data.items.map((item) => item.slug)).toEqual(["steam"]);
    const tags = collectionMeta({ loaderData: data, matches } as never);
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://oja.ng/b/ewa-spa/collection/weekend",
    });
  });

  test.each([
    ["an unknown collection", "/b/ewa-spa/collection/nothing", "ewa-spa", "nothing"],
    ["an unknown business", "/b/nobody-here/collection/weekend", "nobody-here", "weekend"],
    ["a suspended business", "/b/closed-spa/collection/weekend", "closed-spa", "weekend"],
  ])("answers 404 for %s", async (_label, path, id, name) => {
    expect(await thrownBy(() => collection(path, id, name))).toEqual({
      status: 404,
      data: { message: `Page not found: ${path}` },
    });
  });

  test("answers 400 for a broken page link", async () => {
    const thrown = await thrownBy(() =>
      collection("/b/ewa-spa/collection/weekend?after=abc", "ewa-spa", "weekend"),
    );
    expect(thrown.status).toBe(400);
  });
});
