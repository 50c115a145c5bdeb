import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { createBusiness, createCategory, createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { cursorKind, search } from "./search.server.ts";
import { resultsPage, resultsStatus } from "./search-pages.server.ts";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  const spas = await createCategory(handle.db, { slug: "spas-wellness", name: "Spas & Wellness" });
  for (const [i, name] of ["Ewa Spa", "Serenity Day Spa", "Glow Spa"].entries()) {
    const business = await createBusiness(handle.db, {
      slug: `spa-${i}`,
      name,
      categoryId: spas.id,
    });
    await createProduct(handle.db, { businessId: business.id, slug: "spa-day", name: "Spa Day" });
  }
}, 60_000);

afterAll(async () => {
  await handle?.close();
});

describe("result pages", () => {
  it("a later page without a tab pages through the kind its cursor was made for", async () => {
    const query = { tab: undefined, filters: {}, sort: "relevance" as const, after: null };
    const first = await resultsPage(handle.db, "spa", query);
    // Products match, so the first page shows them.
    expect(first.kind).toBe("products");

    const businesses = await search(handle.db, { kind: "businesses", text: "spa", limit: 1 });
    const after = businesses.nextCursor as string;
    expect(cursorKind(after)).toBe("businesses");
    const later = await resultsPage(handle.db, "spa", { ...query, after });
    expect(later.kind).toBe("businesses");
    expect(later.result?.items).toHaveLength(2);

    // A cursor of a kind the screen does not show is a stale link, not another tab.
    const onlyProducts = await resultsPage(handle.db, "spa", { ...query, after }, ["products"]);
    expect(onlyProducts.cursorError).toMatch(/expired/);
    expect(cursorKind("not-a-cursor")).toBeNull();
  });
});

describe("the status of a result page", () => {
  const result = { items: [], nextCursor: null, facets: null, text: "spa" } as never;
  it("is 503 for a search that ran out of time (so no cache keeps it), 400 for a bad cursor, else 200", () => {
    expect(resultsStatus({ kind: "products", result, cursorError: null })).toBe(200);
    expect(
      resultsStatus({
        kind: "products",
        result: { ...(result as object), timedOut: true } as never,
        cursorError: null,
      }),
    ).toBe(503);
    expect(resultsStatus({ kind: "products", result: null, cursorError: "Old link" })).toBe(400);
  });
});
