import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { getFrom } from "#tests/support/accounts.ts";
import { createBusiness, createCategory, createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import * as suggestRoute from "./api-search-suggest.ts";

let database: DatabaseHandle;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  const spas = await createCategory(db(), { slug: "spas-wellness", name: "Spas & Wellness" });
  const ewa = await createBusiness(db(), {
    slug: "ewa-spa",
    name: "Ewa Spa",
    categoryId: spas.id,
    city: "Lagos",
  });
  await createProduct(db(), {
    businessId: ewa.id,
    slug: "swedish-massage",
    name: "Swedish Massage",
  });
}, 60_000);

afterAll(() => database?.close());

async function suggestFor(query: string) {
  const outcome = await getFrom(db(), suggestRoute, `/api/search/suggest${query}`);
  const response = outcome.response as Response;
  return { response, body: (await response.json()) as unknown };
}

describe("/api/search/suggest", () => {
  test("answers suggestions as JSON that browsers may cache for a minute", async () => {
    const { response, body } = await suggestFor("?q=masage");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=60");
    expect(body).toEqual([
      {
        kind: "product",
        label: "Swedish Massage",
        detail: "Ewa Spa",
        href: "/ewa-spa/products/swedish-massage",
      },
    ]);
  });

  test("one or two letters suggest the names that start with them", async () => {
    const { body } = await suggestFor("?q=EW");
    expect(body).toEqual([expect.objectContaining({ kind: "business", href: "/ewa-spa" })]);
  });

  test("a prefix suggests the business and the category", async () => {
    const { body } = await suggestFor("?q=spa");
    expect(body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "business", label: "Ewa Spa", href: "/ewa-spa" }),
        expect.objectContaining({ kind: "category", href: "/shop/spas-wellness" }),
      ]),
    );
  });

  test("no text, or text that is only spaces, suggests nothing rather than failing", async () => {
    expect((await suggestFor("")).body).toEqual([]);
    expect((await suggestFor("?q=%20%20")).body).toEqual([]);
    expect((await suggestFor(`?q=${"a".repeat(5000)}`)).body).toEqual([]);
  });
});
