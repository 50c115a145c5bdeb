import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { InvalidPageCursorError } from "#app/db/page-cursor.server.ts";
import { createBusiness, createCategory, createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { businessProfile } from "./catalog.server.ts";
import {
  collectionProducts,
  collections,
  images,
  productImages,
  products,
} from "./schema.server.ts";
import {
  collectionPage,
  findProductDetail,
  listCollections,
  moreFromBusiness,
  storefrontProducts,
} from "./storefront.server.ts";

/**
 * One shop, ewa-spa, with seven active products (three created in the same microsecond, one a
 * microsecond later), an archived and a draft product, two collections with products and one
 * holding only the draft; a suspended shop and another active shop beside it.
 */
let handle: DatabaseHandle;
let ewaId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  handle = await createTestDatabase();
  const { db } = handle;
  const category = await createCategory(db);
  const ewa = await createBusiness(db, { categoryId: category.id, slug: "ewa-spa" });
  ewaId = ewa.id;
  const closed = await createBusiness(db, {
    categoryId: category.id,
    slug: "closed-spa",
    status: "suspended",
  });
  const other = await createBusiness(db, { categoryId: category.id, slug: "other-shop" });

  const made = async (slug: string, fields: Partial<Parameters<typeof createProduct>[1]> = {}) => {
    const row = await createProduct(db, { businessId: ewa.id, slug, name: slug, ...fields });
    ids[slug] = row.id;
    return row;
  };
  for (const [index, slug] of ["steam", "scrub", "facial", "massage"].entries()) {
    await made(slug, { createdAt: new Date(Date.UTC(2026, 0, 10 + index)) });
  }
  await made("tie-a");
  await made("tie-b");
  await made("tie-c");
  await made("later");
  await made("old-menu", { status: "archived" });
  await made("new-dish", { status: "draft" });
  // Same instant to the microsecond, and one microsecond after: a cursor that kept only
  // milliseconds would repeat or skip these.
  for (const slug of ["tie-a", "tie-b", "tie-c"]) {
    await db
      .update(products)
      .set({ createdAt: sql`'2026-02-01 10:00:00.123456+00'::timestamptz` })
      .where(sql`${products.id} = ${ids[slug]}`);
  }
  await db
    .update(products)
    .set({ createdAt: sql`'2026-02-01 10:00:00.123457+00'::timestamptz` })
    .where(sql`${products.id} = ${ids.later}`);

  ids.closedSteam = (await createProduct(db, { businessId: closed.id, slug: "closed-steam" })).id;
  const otherProduct = await createProduct(db, { businessId: other.id, slug: "hair-oil" });
  ids["hair-oil"] = otherProduct.id;

  const collection = async (slug: string, position: number, members: Array<[string, number]>) => {
    const id = newId("col");
    await db.insert(collections).values({ id, businessId: ewa.id, slug, name: slug, position });
    if (members.length > 0) {
      await db.insert(collectionProducts).values(
        members.map(([product, order]) => ({
          collectionId: id,
          productId: ids[product] as string,
          position: order,
        })),
      );
    }
  };
  await collection("weekend", 1, [["massage", 0]]);
  await collection("best-sellers", 0, [
    ["facial", 0],
    ["steam", 1],
    ["tie-b", 1],
    ["new-dish", 2],
    ["scrub", 3],
    ["old-menu", 4],
    ["later", 5],
  ]);
  await collection("coming-soon", 2, [["new-dish", 0]]);

  // Three pictures of the steam session, inserted out of their order.
  for (const [position, name] of [
    [2, "third"],
    [0, "first"],
    [1, "second"],
  ] as const) {
    const imageId = newId("img");
    await db.insert(images).values({
      id: imageId,
      path: `test/${imageId}-${name}.webp`,
      width: 800,
      height: 600,
      alt: name === "second" ? "" : `Steam room, ${name} picture`,
    });
    await db.insert(productImages).values({ productId: ids.steam as string, imageId, position });
  }
});

afterAll(() => handle.close());

async function everyStorefrontPage(limit: number) {
  const seen: string[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const page = await storefrontProducts(handle.db, ewaId, { after, limit });
    seen.push(...page.items.map((item) => item.slug));
    after = page.nextCursor;
    pages++;
  } while (after && pages < 20);
  return { seen, pages };
}

describe("the storefront's products", () => {
  test("are the active products only, newest first", async () => {
    const { items, nextCursor } = await storefrontProducts(handle.db, ewaId);
    expect(items.map((item) => item.slug)).toEqual([
      "later",
      ...["tie-a", "tie-b", "tie-c"].sort((a, b) =>
        (ids[a] as string) < (ids[b] as string) ? -1 : 1,
      ),
      "massage",
      "facial",
      "scrub",
      "steam",
    ]);
    expect(nextCursor).toBeNull();
  });

  test.each([1, 2, 3])("paged %i at a time, show each product exactly once", async (limit) => {
    const all = (await storefrontProducts(handle.db, ewaId)).items.map((item) => item.slug);
    const { seen, pages } = await everyStorefrontPage(limit);
    expect(seen).toEqual(all);
    expect(pages).toBe(Math.ceil(all.length / limit));
  });

  test.each([
    ["not base64 JSON", "%%%"],
    ["the wrong shape", Buffer.from(JSON.stringify({ a: 1 })).toString("base64url")],
    [
      "a key that is not a number",
      Buffer.from(JSON.stringify(["x';--", "prd_1"])).toString("base64url"),
    ],
    ["an empty id", Buffer.from(JSON.stringify(["1", ""])).toString("base64url")],
  ])("refuse a cursor with %s", async (_label, after) => {
    await expect(storefrontProducts(handle.db, ewaId, { after })).rejects.toBeInstanceOf(
      InvalidPageCursorError,
    );
  });
});

describe("sold-out products on a storefront", () => {
  async function soldOut<T>(slug: string, run: () => Promise<T>): Promise<T> {
    await handle.db.update(products).set({ stock: 0 }).where(sql`${products.id} = ${ids[slug]}`);
    try {
      return await run();
    } finally {
      await handle.db.update(products).set({ stock: 10 }).where(sql`${products.id} = ${ids[slug]}`);
    }
  }

  test("come after every product in stock, and pages still show each product once", async () => {
    await soldOut("later", async () => {
      const { items } = await storefrontProducts(handle.db, ewaId);
      expect(items.at(-1)).toMatchObject({ slug: "later", inStock: false });
      expect(items.slice(0, -1).every((item) => item.inStock)).toBe(true);
      for (const limit of [1, 2, 3]) {
        expect((await everyStorefrontPage(limit)).seen).toEqual(items.map((item) => item.slug));
      }
    });
  });

  test("come last in a collection too, whatever their place in it", async () => {
    await soldOut("facial", async () => {
      const page = await collectionPage(handle.db, ewaId, "best-sellers");
      const slugs = page?.items.map((item) => item.slug) ?? [];
      expect(slugs.at(-1)).toBe("facial");
      const seen: string[] = [];
      let after: string | null = null;
      do {
        const next = await collectionPage(handle.db, ewaId, "best-sellers", { after, limit: 2 });
        seen.push(...(next?.items.map((item) => item.slug) ?? []));
        after = next?.nextCursor ?? null;
      } while (after);
      expect(seen).toEqual(slugs);
    });
  });
});

describe("a storefront's business", () => {
  test("is found by its slug in any case, with its category", async () => {
    const business = await businessProfile(handle.db, "EWA-Spa");
    expect(business).toMatchObject({ slug: "ewa-spa", name: "Ewa Spa", brandColor: "#0b7a4b" });
    expect(business?.category.name).toBe("Spas & Wellness");
  });

  test("is not found when unknown or suspended", async () => {
    expect(await businessProfile(handle.db, "nobody-here")).toBeUndefined();
    expect(await businessProfile(handle.db, "closed-spa")).toBeUndefined();
  });
});

describe("collections", () => {
  test("are listed in the business's order, leaving out those with no active product", async () => {
    expect(await listCollections(handle.db, ewaId)).toEqual([
      { slug: "best-sellers", name: "best-sellers" },
      { slug: "weekend", name: "weekend" },
    ]);
  });

  test("show their active products in the collection's order, ties by id", async () => {
    const page = await collectionPage(handle.db, ewaId, "best-sellers");
    const tied = [
      ["steam", ids.steam],
      ["tie-b", ids["tie-b"]],
    ]
      .sort((a, b) => ((a[1] as string) < (b[1] as string) ? -1 : 1))
      .map(([slug]) => slug);
    expect(page?.items.map((item) => item.slug)).toEqual(["facial", ...tied, "scrub", "later"]);
    expect(page?.collection).toEqual({
      slug: "best-sellers",
      name: "best-sellers",
      description: "",
    });
  });

  test("page through the same order, each product once", async () => {
    const all = (await collectionPage(handle.db, ewaId, "best-sellers"))?.items.map((i) => i.slug);
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page = await collectionPage(handle.db, ewaId, "best-sellers", { after, limit: 2 });
      seen.push(...(page?.items.map((item) => item.slug) ?? []));
      after = page?.nextCursor ?? null;
    } while (after);
    expect(seen).toEqual(all);
  });

  test("are found by slug in any case, and an unknown one is not found", async () => {
    expect((await collectionPage(handle.db, ewaId, "WEEKEND"))?.items.map((i) => i.slug)).toEqual([
      "massage",
    ]);
    expect(await collectionPage(handle.db, ewaId, "no-such-collection")).toBeUndefined();
  });

  test("refuse a storefront cursor whose key is not a position", async () => {
    const storefront = await storefrontProducts(handle.db, ewaId, { limit: 1 });
    const page = collectionPage(handle.db, ewaId, "best-sellers", {
      after: Buffer.from(JSON.stringify(["1.5", "prd_x"])).toString("base64url"),
    });
    await expect(page).rejects.toBeInstanceOf(InvalidPageCursorError);
    expect(storefront.nextCursor).not.toBeNull();
  });
});

describe("a product's detail", () => {
  test("has every picture in position order, the alt text falling back to the name", async () => {
    const product = await findProductDetail(handle.db, {
      businessSlug: "ewa-spa",
      productSlug: "steam",
    });
    expect(product?.images.map((image) => image.alt)).toEqual([
      "Steam room, first picture",
      "steam",
      "Steam room, third picture",
    ]);
    expect(product?.images.every((image) => image.url.startsWith("/media/test/"))).toBe(true);
    expect(product?.images[0]).toMatchObject({ width: 800, height: 600 });
    expect(product?.business).toMatchObject({ slug: "ewa-spa", name: "Ewa Spa" });
    expect(product).toMatchObject({ priceKobo: 1_400_000, stock: { kind: "in" }, sizes: [] });
  });

  test("is found whatever the case of either slug", async () => {
    expect(
      (await findProductDetail(handle.db, { businessSlug: "Ewa-Spa", productSlug: "STEAM" }))?.id,
    ).toBe(ids.steam);
  });

  test("is found by its id, but not when its business is suspended", async () => {
    expect((await findProductDetail(handle.db, { id: ids.steam as string }))?.slug).toBe("steam");
    const closed = await findProductDetail(handle.db, { id: ids.closedSteam as string });
    expect(closed).toBeUndefined();
  });

  test.each([
    ["an archived product", "ewa-spa", "old-menu"],
    ["a draft product", "ewa-spa", "new-dish"],
    ["another business's product under this slug", "ewa-spa", "hair-oil"],
    ["a product of a suspended business", "closed-spa", "closed-steam"],
    ["an unknown business", "nobody-here", "steam"],
    ["an unknown product", "ewa-spa", "nothing"],
  ])("is not found for %s", async (_label, business, product) => {
    expect(
      await findProductDetail(handle.db, { businessSlug: business, productSlug: product }),
    ).toBeUndefined();
  });
});

describe("more from the business", () => {
  test("lists other active products of the same business only", async () => {
    const more = await moreFromBusiness(handle.db, ewaId, ids.steam as string, 20);
    const slugs = more.map((item) => item.slug);
    expect(slugs).not.toContain("steam");
    expect(slugs).not.toContain("old-menu");
    expect(slugs).not.toContain("new-dish");
    expect(slugs).not.toContain("hair-oil");
    expect(slugs).toHaveLength(7);
  });

  test("puts products in stock before sold-out ones", async () => {
    await handle.db.update(products).set({ stock: 0 }).where(sql`${products.id} = ${ids.later}`);
    try {
      const more = await moreFromBusiness(handle.db, ewaId, ids.steam as string, 20);
      expect(more.at(-1)?.slug).toBe("later");
      expect(more.at(-1)?.inStock).toBe(false);
    } finally {
      await handle.db.update(products).set({ stock: 10 }).where(sql`${products.id} = ${ids.later}`);
    }
  });
});
