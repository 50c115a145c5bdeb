import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { buildSitemapIndex, staticSitemapPaths } from "#app/seo/sitemap.server.ts";
import { createBusiness, createCategory, createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { loaderArgs, thrownBy } from "#tests/support/router-context.ts";
import { loader as indexLoader } from "./sitemap-index.ts";
import { loader as fileLoader } from "./sitemap-page.ts";

let database: DatabaseHandle;
const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));

/**
 * Five active businesses (updated on days 1–5, by slug), one of each other status, and products
 * of every status; only ada, bola and chi's active products may be listed.
 */
beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const category = await createCategory(db);
  const business = (slug: string, n: number) =>
    createBusiness(db, { categoryId: category.id, slug, updatedAt: day(n) });
  // Inserted out of order: files list businesses by slug, not by insertion.
  const chi = await business("chi-spa", 3);
  const ada = await business("ada-foods", 1);
  const bola = await business("bola-salon", 2);
  await business("efe-bakery", 5);
  await business("dayo-gym", 4);
  const closed = await createBusiness(db, {
    categoryId: category.id,
    slug: "closed-spa",
    status: "suspended",
  });
  await createBusiness(db, { categoryId: category.id, slug: "new-shop", status: "pending" });
  await createBusiness(db, { categoryId: category.id, slug: "gone-shop", status: "rejected" });
  const product = (businessId: string, slug: string, n: number) =>
    createProduct(db, { businessId, slug, updatedAt: day(n) });
  await product(ada.id, "jollof", 10);
  await product(bola.id, "braids", 1); // older than its business: lastmod is the business's
  await product(chi.id, "massage", 11);
  await createProduct(db, { businessId: ada.id, slug: "old-menu", status: "archived" });
  await createProduct(db, { businessId: ada.id, slug: "new-dish", status: "draft" });
  await createProduct(db, { businessId: closed.id, slug: "steam", status: "active" });
});

afterAll(() => database.close());

/** The text of every `<tag>` element, in order. */
function elements(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, "g"))].map((m) => m[1] ?? "");
}

/**
 * A small well-formedness check: the XML declaration first, every tag closed in order, one
 * root, and no `<` or bare `&` in text.
 */
function expectWellFormed(xml: string, root: string) {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const body = xml.slice(xml.indexOf("\n") + 1);
  const open: string[] = [];
  let roots = 0;
  for (const token of body.split(/(<[^>]*>)/)) {
    if (token.startsWith("<")) {
      const tag = /^<(\/?)([a-z]+)(?:\s+xmlns="[^"]*")?>$/.exec(token);
      expect(tag, token).not.toBeNull();
      if (tag?.[1]) expect(open.pop()).toBe(tag[2]);
      else if (tag?.[2]) {
        if (open.length === 0) roots++;
        open.push(tag[2]);
      }
    } else {
      expect(token).not.toMatch(/<|>|&(?!(amp|lt|gt|quot|apos);)/);
      if (open.length === 0) expect(token.trim()).toBe("");
    }
  }
  expect(open).toEqual([]);
  expect(roots).toBe(1);
  expect(body).toMatch(
    new RegExp(`^<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`),
  );
}

async function sitemapFile(name: string, env: Record<string, string> = {}) {
  const path = `/sitemaps/${name}`;
  return fileLoader(loaderArgs(database.db, path, "/sitemaps/:name", { name }, env));
}

describe("the sitemap index", () => {
  test("is well-formed XML, cached ten minutes, naming pages, businesses and products", async () => {
    const response = await indexLoader(loaderArgs(database.db, "/sitemap.xml", "/sitemap.xml"));
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe(
      "public, max-age=600, stale-while-revalidate=3600",
    );
    const xml = await response.text();
    expectWellFormed(xml, "sitemapindex");
    expect(elements(xml, "loc")).toEqual([
      "http://localhost:3000/sitemaps/pages.xml",
      "http://localhost:3000/sitemaps/businesses-1.xml",
      "http://localhost:3000/sitemaps/products-1.xml",
    ]);
  });

  test("lists one file per page of businesses and of products, each with its newest change", async () => {
    const xml = await buildSitemapIndex(database.db, { publicUrl: "https://oja.ng", pageSize: 2 });
    expectWellFormed(xml, "sitemapindex");
    // 5 active businesses make 3 files of 2; 3 listed products make 2.
    expect(elements(xml, "loc")).toEqual([
      "https://oja.ng/sitemaps/pages.xml",
      "https://oja.ng/sitemaps/businesses-1.xml",
      "https://oja.ng/sitemaps/businesses-2.xml",
      "https://oja.ng/sitemaps/businesses-3.xml",
      "https://oja.ng/sitemaps/products-1.xml",
      "https://oja.ng/sitemaps/products-2.xml",
    ]);
    expect(elements(xml, "lastmod")).toEqual([
      day(2).toISOString(), // ada-foods, bola-salon
      day(4).toISOString(), // chi-spa, dayo-gym
      day(5).toISOString(), // efe-bakery
      expect.any(String),
      expect.any(String),
    ]);
  });

  test("holds only pages.xml when nothing is listed yet", async () => {
    const empty = await createTestDatabase();
    try {
      const response = await indexLoader(loaderArgs(empty.db, "/sitemap.xml", "/sitemap.xml"));
      expect(elements(await response.text(), "loc")).toEqual([
        "http://localhost:3000/sitemaps/pages.xml",
      ]);
    } finally {
      await empty.close();
    }
  });
});

describe("a sitemap file", () => {
  test("of pages lists the static discovery pages in the spec's spelling", async () => {
    const response = await sitemapFile("pages.xml", { PUBLIC_URL: "https://oja.ng" });
    const xml = await response.text();
    expectWellFormed(xml, "urlset");
    expect(elements(xml, "loc")).toEqual(staticSitemapPaths.map((path) => `https://oja.ng${path}`));
    expect(elements(xml, "loc")).toContain("https://oja.ng/rewardShop");
  });

  test("of businesses holds only active businesses, by slug, at absolute canonical URLs", async () => {
    const response = await sitemapFile("businesses-1.xml", { PUBLIC_URL: "https://oja.ng/" });
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe(
      "public, max-age=600, stale-while-revalidate=3600",
    );
    const xml = await response.text();
    expectWellFormed(xml, "urlset");
    expect(xml.match(/<url>/g)).toHaveLength(5);
    expect(elements(xml, "loc")).toEqual([
      "https://oja.ng/ada-foods",
      "https://oja.ng/bola-salon",
      "https://oja.ng/chi-spa",
      "https://oja.ng/dayo-gym",
      "https://oja.ng/efe-bakery",
    ]);
    expect(elements(xml, "lastmod")).toEqual([1, 2, 3, 4, 5].map((n) => day(n).toISOString()));
  });

  test("of products leaves out archived and draft products and every product of a suspended business", async () => {
    const xml = await (await sitemapFile("products-1.xml")).text();
    expectWellFormed(xml, "urlset");
    const locs = elements(xml, "loc");
    expect(xml.match(/<url>/g)).toHaveLength(3);
    expect([...locs].sort()).toEqual([
      "http://localhost:3000/ada-foods/products/jollof",
      "http://localhost:3000/bola-salon/products/braids",
      "http://localhost:3000/chi-spa/products/massage",
    ]);
    expect(xml).not.toContain("closed-spa");
    expect(xml).not.toContain("old-menu");
    expect(xml).not.toContain("new-dish");
    const braids = xml.split("\n").find((line) => line.includes("/braids<"));
    expect(braids).toContain(`<lastmod>${day(2).toISOString()}</lastmod>`);
  });

  test.each([
    "businesses-2.xml", // past the last file at 10,000 a file
    "businesses-0.xml",
    "Businesses-1.xml",
    "products-01.xml",
    "users-1.xml",
    "pages",
    "sitemap.xml",
  ])("named %s answers 404", async (name) => {
    const thrown = await thrownBy(() => sitemapFile(name));
    expect(thrown).toEqual({ status: 404, data: { message: `Page not found: /sitemaps/${name}` } });
  });

  test("of products answers 404 when no product is listed", async () => {
    const empty = await createTestDatabase();
    try {
      const thrown = await thrownBy(() =>
        fileLoader(
          loaderArgs(empty.db, "/sitemaps/products-1.xml", "/sitemaps/:name", {
            name: "products-1.xml",
          }),
        ),
      );
      expect(thrown.status).toBe(404);
    } finally {
      await empty.close();
    }
  });
});
