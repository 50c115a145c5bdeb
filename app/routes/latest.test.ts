import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { createBusiness, createCategory, createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { loaderArgs, thrownBy } from "#tests/support/router-context.ts";
import { loader } from "./latest.tsx";

/**
 * /ll through its loader: 30 businesses and 30 products, one made each hour and in pairs at the
 * same instant, paged 20 at a time by following the real `?after=` link.
 */
let handle: DatabaseHandle;
const hour = 60 * 60 * 1000;
const start = Date.UTC(2026, 2, 1);
const made: Array<{ id: string; at: number }> = [];

beforeAll(async () => {
  handle = await createTestDatabase();
  const { db } = handle;
  const category = await createCategory(db);
  for (let i = 0; i < 30; i++) {
    const createdAt = new Date(start + i * hour);
    const business = await createBusiness(db, {
      categoryId: category.id,
      slug: `shop-${i}`,
      createdAt,
    });
    const product = await createProduct(db, {
      businessId: business.id,
      slug: `item-${i}`,
      createdAt,
    });
    made.push(
      { id: business.id, at: createdAt.getTime() },
      { id: product.id, at: createdAt.getTime() },
    );
  }
  await createBusiness(db, { categoryId: category.id, slug: "pending-shop", status: "pending" });
});

afterAll(() => handle.close());

const load = (path: string) => loader(loaderArgs(handle.db, path, "/ll") as never);

describe("/ll", () => {
  test("pages return every listing exactly once, newest first, by following the next link", async () => {
    const seen: string[] = [];
    let path: string | null = "/ll";
    let pages = 0;
    while (path && pages < 10) {
      const page = await load(path);
      pages++;
      seen.push(...page.items.map((entry) => entry.id));
      path = page.nextCursor ? `/ll?after=${page.nextCursor}` : null;
    }
    const expected = [...made]
      .sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1))
      .map((entry) => entry.id);
    expect(pages).toBe(3);
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(60);
  });

  test("say which page they are, so only the first is indexed", async () => {
    const first = await load("/ll");
    expect(first.after).toBeNull();
    const second = await load(`/ll?after=${first.nextCursor}`);
    expect(second.after).toBe(first.nextCursor);
  });

  test.each([
    "/ll?after=nonsense",
    `/ll?after=${Buffer.from('["yesterday","biz_1"]').toString("base64url")}`,
    `/ll?after=${"x".repeat(500)}`,
  ])("answers 400 with a message for a bad cursor: %s", async (path) => {
    const thrown = await thrownBy(() => load(path));
    expect(thrown).toEqual({
      status: 400,
      data: { message: "This page of the list has expired; start again from the newest." },
    });
  });
});
