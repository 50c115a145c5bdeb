import type { MetaDescriptor } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { images, productImages } from "#app/catalog/schema.server.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { createBusiness, createCategory, createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { loaderArgs, thrownBy } from "#tests/support/router-context.ts";
import { loader, meta } from "./product.tsx";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const category = await createCategory(db, { name: "Fashion" });
  const ewa = await createBusiness(db, { categoryId: category.id, slug: "ewa-spa" });
  const other = await createBusiness(db, { categoryId: category.id, slug: "other-shop" });
  const closed = await createBusiness(db, {
    categoryId: category.id,
    slug: "closed-spa",
    status: "suspended",
  });
  const robe = await createProduct(db, {
    businessId: ewa.id,
    slug: "silk-robe",
    name: "Silk Robe",
    description: "A robe for after the steam.",
    priceKobo: 1_450_050,
    compareAtKobo: 1_800_000,
    sizes: ["S", "M", "L"],
    stock: 3,
  });
  await createProduct(db, { businessId: ewa.id, slug: "sold-out", name: "Sold Out", stock: 0 });
  await createProduct(db, { businessId: ewa.id, slug: "old-robe", status: "archived" });
  await createProduct(db, { businessId: ewa.id, slug: "next-robe", status: "draft" });
  await createProduct(db, { businessId: other.id, slug: "hair-oil" });
  await createProduct(db, { businessId: closed.id, slug: "steam" });
  for (const position of [1, 0]) {
    const imageId = newId("img");
    await db.insert(images).values({
      id: imageId,
      path: `test/robe-${position}.webp`,
      width: 800,
      height: 800,
      alt: `Silk robe ${position}`,
    });
    await db.insert(productImages).values({ productId: robe.id, imageId, position });
  }
});

afterAll(() => database.close());

const matches = [{ id: "root", loaderData: { publicUrl: "https://oja.ng" } }];

function open(business: string, product: string) {
  return loader(
    loaderArgs(database.db, `/${business}/products/${product}`, "/:id/products/:product", {
      id: business,
      product,
    }),
  );
}

function jsonLdOf(tags: MetaDescriptor[]) {
  const tag = tags.find((entry) => "script:ld+json" in entry) as
    | { "script:ld+json": Record<string, unknown> }
    | undefined;
  return tag?.["script:ld+json"];
}

describe("the product page", () => {
  test("shows the product with its pictures in order, branded by its business", async () => {
    const data = await open("ewa-spa", "silk-robe");
    expect(data.product.images.map((image) => image.alt)).toEqual(["Silk robe 0", "Silk robe 1"]);
    expect(data.brand).toMatchObject({ name: "Ewa Spa", slug: "ewa-spa" });
    expect(data.more.map((item) => item.slug)).toEqual(["sold-out"]);
  });

  test("tells the stock exactly only when it is low (decision 030)", async () => {
    expect((await open("ewa-spa", "silk-robe")).product.stock).toEqual({ kind: "low", left: 3 });
    expect((await open("ewa-spa", "sold-out")).product.stock).toEqual({ kind: "out" });
    const plenty = await open("other-shop", "hair-oil");
    expect(plenty.product.stock).toEqual({ kind: "in" });
    // Nothing else in the page's data carries the count either.
    expect(JSON.stringify(plenty)).not.toMatch(/"(stock|left|available)":\s*\d/);
  });

  test("describes the product for search engines: price in naira, NGN, in stock, seller", async () => {
    const data = await open("EWA-SPA", "Silk-Robe");
    const tags = meta({ loaderData: data, matches } as never);
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://oja.ng/ewa-spa/products/silk-robe",
    });
    expect(tags).toContainEqual({
      property: "og:image",
      content: "https://oja.ng/media/test/robe-0.webp",
    });
    expect(jsonLdOf(tags)).toEqual({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Silk Robe",
      description: "A robe for after the steam.",
      image: ["https://oja.ng/media/test/robe-0.webp", "https://oja.ng/media/test/robe-1.webp"],
      sku: data.product.id,
      category: "Fashion",
      offers: {
        "@type": "Offer",
        priceCurrency: "NGN",
        price: "14500.50",
        availability: "https://schema.org/InStock",
        url: "https://oja.ng/ewa-spa/products/silk-robe",
        seller: { "@type": "Organization", name: "Ewa Spa", url: "https://oja.ng/ewa-spa" },
      },
    });
  });

  test("preloads the main picture", async () => {
    const data = await open("ewa-spa", "silk-robe");
    const tags = meta({ loaderData: data, matches } as never);
    const preload = tags.find((tag) => "rel" in tag && tag.rel === "preload") as Record<
      string,
      string
    >;
    expect(preload).toMatchObject({ tagName: "link", as: "image" });
    expect(JSON.stringify(preload)).toContain("test/robe-0.webp");
    expect(JSON.stringify(preload)).not.toContain("robe-1");
  });

  test("tells search engines a sold-out product is out of stock", async () => {
    const data = await open("ewa-spa", "sold-out");
    const offers = jsonLdOf(meta({ loaderData: data, matches } as never))?.offers;
    expect(offers).toMatchObject({
      availability: "https://schema.org/OutOfStock",
      price: "14000.00",
    });
  });

  test.each([
    ["an archived product", "ewa-spa", "old-robe"],
    ["a draft product", "ewa-spa", "next-robe"],
    ["another business's product under this business", "ewa-spa", "hair-oil"],
    ["a product of a suspended business", "closed-spa", "steam"],
    ["an unknown business", "nobody-here", "silk-robe"],
    ["an unknown product", "ewa-spa", "nothing"],
  ])("answers 404 for %s", async (_label, business, product) => {
    expect(await thrownBy(() => open(business, product))).toEqual({
      status: 404,
      data: { message: `Page not found: /${business}/products/${product}` },
    });
  });
});
