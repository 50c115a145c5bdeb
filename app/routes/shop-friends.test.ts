import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { createBusiness, createCategory, createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { loaderArgs, thrownBy } from "#tests/support/router-context.ts";
import { loader } from "./shop-friends.tsx";

/**
 * /shop/friends through its loader. Only the `gift-idea` tag makes a gift: a spa's and a beauty
 * shop's untagged products are not gifts by their category alone.
 */
let handle: DatabaseHandle;
const day = (n: number) => new Date(Date.UTC(2026, 3, n));

beforeAll(async () => {
  handle = await createTestDatabase();
  const { db } = handle;
  const spas = await createCategory(db, { slug: "spas-wellness", name: "Spas & Wellness" });
  const beauty = await createCategory(db, { slug: "beauty", name: "Beauty" });
  const ewa = await createBusiness(db, { categoryId: spas.id, slug: "ewa-spa" });
  const glow = await createBusiness(db, { categoryId: beauty.id, slug: "glow-bar" });
  const shut = await createBusiness(db, {
    categoryId: spas.id,
    slug: "shut-spa",
    status: "suspended",
  });
  const product = (
    businessId: string,
    slug: string,
    n: number,
    fields: Partial<Parameters<typeof createProduct>[1]> = {},
  ) => createProduct(db, { businessId, slug, createdAt: day(n), ...fields });
  await product(ewa.id, "couples-massage", 1, { tags: ["massage", "gift-idea"] });
  await product(ewa.id, "spa-day", 2, { tags: ["package", "gift-idea"] });
  await product(ewa.id, "pedicure", 3, { tags: ["nails"] });
  await product(glow.id, "shea-set", 4, { tags: ["gift-idea", "skincare"] });
  await product(glow.id, "relaxer", 5);
  await product(glow.id, "draft-hamper", 6, { tags: ["gift-idea"], status: "draft" });
  await product(shut.id, "sauna-gift", 7, { tags: ["gift-idea"] });
});

afterAll(() => handle.close());

const load = (path: string) => loader(loaderArgs(handle.db, path, "/shop/friends") as never);

describe("/shop/friends", () => {
  test("lists only gift-idea products of active businesses, newest first", async () => {
    const page = await load("/shop/friends");
    expect(page.items.map((product) => product.slug)).toEqual([
      "shea-set",
      "spa-day",
      "couples-massage",
    ]);
    expect(page.nextCursor).toBeNull();
    expect(page.origin).toBe("http://localhost:3000");
  });

  test("answers 400 for a bad cursor", async () => {
    const thrown = await thrownBy(() => load("/shop/friends?after=%7B%7D"));
    expect(thrown.status).toBe(400);
  });
});
