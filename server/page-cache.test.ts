import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import express from "express";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { businesses, products } from "#app/catalog/schema.server.ts";
import { type DatabaseHandle, queryRows } from "#app/db/database.server.ts";
import { createBusiness, createCategory, createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { decoded, listen } from "#tests/support/raw-http.ts";
import {
  createPageCache,
  inlineScriptHashes,
  type PageCache,
  type PageCacheOptions,
  redisFeed,
} from "./page-cache.ts";

/**
 * The render cache against a real database: the triggers of drizzle/0006_page_changes.sql, the
 * poll, and the Express middleware over real HTTP. The renderer stands in for React Router: it
 * reads the business from the database as the real page would, and counts its renders.
 */
let handle: DatabaseHandle;
let categoryId: string;
const log = pino({ level: "silent" });
const caches: PageCache[] = [];

beforeAll(async () => {
  handle = await createTestDatabase();
  categoryId = (await createCategory(handle.db)).id;
});
afterEach(async () => {
  await Promise.all(caches.splice(0).map((cache) => cache.stop()));
});
afterAll(() => handle.close());

function startCache(overrides: Partial<PageCacheOptions> = {}) {
  const renders: string[] = [];
  const cache = createPageCache({
    db: handle.db,
    log,
    pollIntervalMs: 60_000, // tests poll by hand
    securityHeaders: ({ hashes }) => ({
      "Content-Security-Policy": `script-src ${hashes.map((hash) => `'sha256-${hash}'`).join(" ")}`,
    }),
    async render(path, nonce) {
      renders.push(path);
      if (/^\/(?:_\.data|b|b\.data|cart)?$/.test(path)) {
        // A marketplace page: how many businesses are open, and the newest one's name.
        const [row] = await queryRows<{ count: number; newest: string }>(
          handle.db,
          sql`select count(*)::int as count, (array_agg(name order by created_at desc))[1] as newest
              from businesses where status = 'active'`,
        );
        return new Response(`<h1>${row?.count} businesses</h1><p>Newest: ${row?.newest}</p>`, {
          headers: { "Content-Type": "text/html" },
        });
      }
      const term = /^\/search\/([^/.]+)/.exec(path)?.[1];
      if (term !== undefined) {
        // A search's first page: how many products have the word in their name.
        const [row] = await queryRows<{ count: number }>(
          handle.db,
          sql`select count(*)::int as count from products where name ilike ${`%${term}%`}`,
        );
        if (term === "%20") return Response.redirect("http://oja.test/search/ff", 302);
        // The search page answers 503 when the search ran out of time ("busy" stands in).
        return new Response(`<p>${row?.count} found for ${term}</p>`, {
          status: term === "busy" ? 503 : 200,
          headers: { "Content-Type": "text/html" },
        });
      }
      const slug = /^\/([^/.?]+)/.exec(path)?.[1] ?? "";
      const [row] = await queryRows<{ name: string; count: number }>(
        handle.db,
        sql`select b.name, (select count(*)::int from products p where p.business_id = b.id and p.status = 'active') as count
            from businesses b where b.slug = ${slug} and b.status = 'active'`,
      );
      if (!row) return new Response("Page not found", { status: 404 });
      const body = path.includes(".data")
        ? JSON.stringify({ name: row.name, products: row.count })
        : `<h1>${row.name}</h1><p>${row.count} products</p><script nonce="${nonce}">hydrate(${row.count})</script><script src="/assets/a.js" nonce="${nonce}"></script>`;
      return new Response(body, {
        headers: { "Content-Type": path.includes(".data") ? "text/x-script" : "text/html" },
      });
    },
    ...overrides,
  });
  caches.push(cache);
  return { cache, renders };
}

/** When page_changes last noted each of these businesses (ms), as the cache's poll reads it. */
async function changeTimes(businessIds: string[]): Promise<Map<string, number>> {
  const rows = await queryRows<{ business_id: string; changed_at: string }>(
    handle.db,
    sql`select business_id, changed_at from page_changes where business_id in ${businessIds}`,
  );
  return new Map(rows.map((row) => [row.business_id, new Date(row.changed_at).getTime()]));
}

async function serve(cache: PageCache) {
  const app = express();
  app.use(cache.middleware);
  app.use((req, res) => res.status(418).send(`not cached: ${req.path}`));
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    get: (path: string, headers: Record<string, string> = {}) =>
      fetch(`http://127.0.0.1:${port}${path}`, { headers }),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe("the render cache", () => {
  it("renders nothing at start, renders a business's page and payload on their first request, then serves them without rendering again", async () => {
    await createBusiness(handle.db, { categoryId, slug: "warm-spa", name: "Warm Spa" });
    await createBusiness(handle.db, { categoryId, slug: "hidden-spa", status: "pending" });
    const { cache, renders } = startCache();
    await cache.start().ready;
    expect(renders).toEqual([]);

    const http = await serve(cache);
    for (const path of ["/warm-spa", "/warm-spa.data"]) {
      const miss = await http.get(path);
      expect(miss.headers.get("x-oja-page-cache")).toBe("miss");
      const hit = await http.get(path);
      expect(hit.status).toBe(200);
      expect(hit.headers.get("x-oja-page-cache")).toBe("hit");
      expect(hit.headers.get("cache-control")).toContain("stale-while-revalidate");
    }
    expect(await (await http.get("/warm-spa")).text()).toContain("Warm Spa");
    expect(renders).toEqual(["/warm-spa", "/warm-spa.data"]);
    expect((await http.get("/hidden-spa")).status).toBe(418);
    await http.close();
  });

  it("serves the page with its inline scripts' hashes in the CSP (a nonce sent to everyone is no secret), answers 304 to a matching ETag, and leaves other paths alone", async () => {
    await createBusiness(handle.db, { categoryId, slug: "nonce-spa", name: "Nonce Spa" });
    const { cache } = startCache();
    await cache.start().ready;
    const http = await serve(cache);
    await http.get("/nonce-spa");
    const response = await http.get("/nonce-spa");
    expect(response.headers.get("x-oja-page-cache")).toBe("hit");
    const html = await response.text();
    const script = /<script nonce="[^"]+">([^<]*)<\/script>/.exec(html)?.[1] ?? "";
    expect(script).toBe("hydrate(0)");
    const hash = createHash("sha256").update(script).digest("base64");
    expect(response.headers.get("content-security-policy")).toBe(`script-src 'sha256-${hash}'`);
    const etag = response.headers.get("etag") ?? "";
    expect((await http.get("/nonce-spa", { "If-None-Match": etag })).status).toBe(304);
    expect((await http.get("/no-such-business")).status).toBe(418);
    expect((await http.get("/nonce-spa/about")).status).toBe(418);
    expect((await http.get("/nonce-spa.data?_routes=root")).status).toBe(418);
    await http.close();
  });

  it("answers a hit on the fast path in br, gzip or plain by Accept-Encoding, the same page each way, with its CSP hashes and a 304 to its ETag", async () => {
    await createBusiness(handle.db, { categoryId, slug: "fast-spa", name: "Fast Spa" });
    const { cache, renders } = startCache();
    await cache.start().ready;
    const general = await serve(cache);
    for (const path of ["/fast-spa", "/fast-spa.data"]) await general.get(path);
    await general.close();
    const http = await listen((req, res) => {
      if (!cache.serveHit(req, res)) res.writeHead(418).end("the general way");
    });
    const before = renders.length;
    const plain = await http.request("/fast-spa");
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
    const html = plain.body.toString("utf8");
    expect(html).toContain("<h1>Fast Spa</h1>");
    const hash = createHash("sha256").update("hydrate(0)").digest("base64");

    for (const [accept, encoding] of [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip, deflate", "gzip"],
      ["br;q=0", undefined],
    ] as const) {
      const response = await http.request("/fast-spa", { headers: { "Accept-Encoding": accept } });
      expect(response.status, accept).toBe(200);
      expect(response.headers["content-encoding"], accept).toBe(encoding);
      expect(Number(response.headers["content-length"])).toBe(response.body.length);
      expect(decoded(response).toString("utf8"), accept).toBe(html);
      expect(response.headers["content-security-policy"]).toBe(`script-src 'sha256-${hash}'`);
      expect(response.headers["content-type"]).toBe("text/html");
      expect(response.headers.vary).toBe("Accept-Encoding");
      expect(response.headers["cache-control"]).toContain("stale-while-revalidate");
      expect(response.headers["x-oja-page-cache"]).toBe("hit");
      expect(response.headers.etag).toBe(plain.headers.etag);
    }
    const payload = await http.request("/fast-spa.data", { headers: { "Accept-Encoding": "br" } });
    expect(JSON.parse(decoded(payload).toString("utf8"))).toEqual({
      name: "Fast Spa",
      products: 0,
    });

    const etag = String(plain.headers.etag);
    const revalidated = await http.request("/fast-spa", {
      headers: { "If-None-Match": `"other", ${etag}`, "Accept-Encoding": "br" },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers["content-security-policy"]).toBe(`script-src 'sha256-${hash}'`);
    expect(revalidated.headers.etag).toBe(etag);

    const head = await http.request("/fast-spa", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(plain.headers["content-length"]);
    expect(head.body.length).toBe(0);
    expect(renders.length).toBe(before);

    // Only a plain GET or HEAD of a clean address of a stored page takes the fast path.
    for (const [path, method] of [
      ["/fast-spa", "POST"],
      ["/fast-spa?q=%00", "GET"],
      ["/fast-spa?q=a%1Bb", "GET"],
      ["/fast-spa.data?_routes=root", "GET"],
      ["/fast-spa/about", "GET"],
      ["/no-such-spa", "GET"],
    ] as const) {
      expect((await http.request(path, { method })).status, `${method} ${path}`).toBe(418);
    }
    await http.close();
  });

  it("leaves a page that is not stored yet to the general way, which renders and stores it", async () => {
    await createBusiness(handle.db, { categoryId, slug: "cold-spa", name: "Cold Spa" });
    // The business is known, its page not rendered yet.
    const { cache } = startCache();
    await cache.start().ready;
    const fast = await listen((req, res) => {
      if (!cache.serveHit(req, res)) res.writeHead(418).end("the general way");
    });
    expect((await fast.request("/cold-spa")).status).toBe(418);
    const general = await serve(cache);
    const miss = await general.get("/cold-spa");
    expect(miss.headers.get("x-oja-page-cache")).toBe("miss");
    expect(await miss.text()).toContain("Cold Spa");
    const hit = await fast.request("/cold-spa");
    expect(hit.status).toBe(200);
    expect(hit.headers["x-oja-page-cache"]).toBe("hit");
    await Promise.all([fast.close(), general.close()]);
  });

  it("rebuilds a page after its business, or one of its products, changes in the database", async () => {
    const business = await createBusiness(handle.db, {
      categoryId,
      slug: "edit-spa",
      name: "Edit Spa",
    });
    const { cache } = startCache();
    await cache.start().ready;
    const http = await serve(cache);
    expect(await (await http.get("/edit-spa")).text()).toContain("0 products");
    await http.get("/edit-spa.data");
    await http.get("/edit-spa/products/anything");

    await handle.db
      .update(businesses)
      .set({ name: "Edited Spa" })
      .where(eq(businesses.id, business.id));
    await cache.pollNow();
    expect(await (await http.get("/edit-spa")).text()).toContain("Edited Spa");
    expect(await (await http.get("/edit-spa.data")).text()).toContain("Edited Spa");

    await createProduct(handle.db, { businessId: business.id, status: "active" });
    await cache.pollNow();
    for (const path of ["/edit-spa", "/edit-spa/products/anything"]) {
      const response = await http.get(path);
      expect(response.headers.get("x-oja-page-cache"), path).toBe("hit");
      expect(await response.text(), path).toContain("1 products");
    }
    await http.close();
  });

  it("drops the page of a business that is suspended, and moves it when the slug changes", async () => {
    const gone = await createBusiness(handle.db, { categoryId, slug: "gone-spa" });
    const moved = await createBusiness(handle.db, {
      categoryId,
      slug: "old-spa",
      name: "Moving Spa",
    });
    const { cache } = startCache();
    await cache.start().ready;
    const http = await serve(cache);
    for (const path of ["/gone-spa", "/old-spa", "/old-spa.data"]) await http.get(path);
    expect(cache.size()).toBe(3);

    await handle.db
      .update(businesses)
      .set({ status: "suspended" })
      .where(eq(businesses.id, gone.id));
    await handle.db.update(businesses).set({ slug: "new-spa" }).where(eq(businesses.id, moved.id));
    await cache.pollNow();
    expect((await http.get("/gone-spa")).status).toBe(418);
    expect((await http.get("/old-spa")).status).toBe(418);
    expect(await (await http.get("/new-spa")).text()).toContain("Moving Spa");
    expect(cache.size()).toBe(1);
    await http.close();
  });

  it("renders the page of a business that opens after start once, on its first request", async () => {
    const { cache, renders } = startCache();
    await cache.start().ready;
    const business = await createBusiness(handle.db, {
      categoryId,
      slug: "late-spa",
      name: "Late Spa",
    });
    await cache.pollNow();
    const http = await serve(cache);
    expect(await (await http.get("/late-spa")).text()).toContain("Late Spa");
    const count = renders.filter((path) => path === "/late-spa").length;
    await http.get("/late-spa");
    expect(renders.filter((path) => path === "/late-spa").length).toBe(count);
    expect(business.id).toBeTruthy();
    await http.close();
  });

  it("keeps marketplace pages, and rebuilds one visited lately within seconds of any change", async () => {
    await createBusiness(handle.db, { categoryId, slug: "market-a", name: "Market A" });
    const { cache, renders } = startCache({ marketplaceRefreshMs: 20 });
    await cache.start().ready;
    const http = await serve(cache);
    await http.get("/b");
    expect((await http.get("/b")).headers.get("x-oja-page-cache")).toBe("hit");
    // Tracking parameters are no query: the same page. Anything else is rendered per request.
    expect((await http.get("/b?utm_source=tv&fbclid=x")).headers.get("x-oja-page-cache")).toBe(
      "hit",
    );
    expect((await http.get("/b?page=2")).status).toBe(418);
    expect((await http.get("/b.data?_routes=root")).status).toBe(418);

    await createBusiness(handle.db, { categoryId, slug: "market-b", name: "Market B" });
    await cache.pollNow();
    // Rebuilt with nobody asking: the next visitor already gets the new page.
    const stored = () => gunzipSync(cache.page("/b")?.bodies.gzip ?? Buffer.alloc(0)).toString();
    await expect.poll(stored).toContain("Newest: Market B");
    expect(renders.filter((path) => path === "/b")).toHaveLength(2);
    expect(await (await http.get("/b")).text()).toContain("Newest: Market B");
    await http.close();
  });

  it("rebuilds a marketplace page nobody visited lately for its next visitor, who gets the stored one meanwhile", async () => {
    await createBusiness(handle.db, { categoryId, slug: "quiet-a", name: "Quiet A" });
    // "Lately" is 30 refresh intervals: 300 ms here.
    const { cache, renders } = startCache({ marketplaceRefreshMs: 10 });
    await cache.start().ready;
    const http = await serve(cache);
    const first = await (await http.get("/b")).text();
    await new Promise((resolve) => setTimeout(resolve, 400));

    await createBusiness(handle.db, { categoryId, slug: "quiet-b", name: "Quiet B" });
    await cache.pollNow();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(renders.filter((path) => path === "/b")).toHaveLength(1);
    const stale = await http.get("/b");
    expect(stale.headers.get("x-oja-page-cache")).toBe("hit");
    expect(await stale.text()).toBe(first);
    await expect.poll(async () => (await http.get("/b")).text()).toContain("Newest: Quiet B");
    expect(renders.filter((path) => path === "/b")).toHaveLength(2);
    await http.close();
  });

  it("keeps a search's first page, and rebuilds it after a change only when its next visitor comes", async () => {
    const business = await createBusiness(handle.db, { categoryId, slug: "find-spa" });
    await createProduct(handle.db, { businessId: business.id, name: "Findable Oil" });
    const { cache, renders } = startCache({ marketplaceRefreshMs: 10 });
    await cache.start().ready;
    const http = await serve(cache);
    for (const path of ["/search/findable", "/search/findable.data"]) {
      await http.get(path);
      expect((await http.get(path)).headers.get("x-oja-page-cache"), path).toBe("hit");
    }
    await http.get("/b");
    // The search form, a product opened from the results, a later page: rendered per request.
    // An empty term's redirect goes the general way too.
    const paths = ["/search/ff", "/search/findable/p1", "/search/findable?after=x", "/search/%20"];
    for (const path of paths) {
      expect((await http.get(path)).status, path).toBe(418);
    }
    // A search that ran out of time is served once (not rendered again), never kept.
    const busy = await http.get("/search/busy");
    expect(busy.status).toBe(503);
    expect(busy.headers.get("cache-control")).toBe("no-store");
    expect(await busy.text()).toContain("found for busy");
    expect(cache.page("/search/busy")).toBeUndefined();
    expect(renders.filter((path) => path === "/search/busy")).toHaveLength(1);

    await createProduct(handle.db, { businessId: business.id, name: "Findable Soap" });
    await cache.pollNow();
    // The marketplace page visited lately is rebuilt at once; the search waits for a visitor.
    await expect.poll(() => renders.filter((path) => path === "/b").length).toBe(2);
    expect(renders.filter((path) => path === "/search/findable")).toHaveLength(1);
    const stale = await http.get("/search/findable");
    expect(await stale.text()).toContain("1 found");
    await expect.poll(async () => (await http.get("/search/findable")).text()).toContain("2 found");
    await http.close();
  });

  it("serves the home page from the cache to guests only, and says so to shared caches", async () => {
    const { cache } = startCache();
    await cache.start().ready;
    const http = await serve(cache);
    for (const path of ["/", "/_.data", "/cart"]) {
      await http.get(path);
      const guest = await http.get(path, { Cookie: "theme=dark" });
      expect(guest.headers.get("x-oja-page-cache"), path).toBe("hit");
      expect(guest.headers.get("vary"), path).toBe("Accept-Encoding, Cookie");
      for (const cookie of ["oja.session_token=abc", "a=1; __Secure-oja.session_token=abc"]) {
        expect((await http.get(path, { Cookie: cookie })).status, `${path} ${cookie}`).toBe(418);
      }
    }
    await http.close();
  });

  it("never holds more than its limit: the least recently used page leaves, and is rendered again when asked for", async () => {
    const slugs = Array.from({ length: 8 }, (_, i) => `lru-spa-${i}`);
    for (const slug of slugs) await createBusiness(handle.db, { categoryId, slug, name: slug });
    const probe = startCache();
    await probe.cache.start().ready;
    const probeHttp = await serve(probe.cache);
    await probeHttp.get(`/${slugs[0]}`);
    await probeHttp.close();
    const pageBytes = probe.cache.bytes();
    expect(pageBytes).toBeGreaterThan(0);

    // Room for three pages and a half.
    const { cache, renders } = startCache({ maxBytes: Math.floor(pageBytes * 3.5) });
    await cache.start().ready;
    const http = await serve(cache);
    for (const slug of slugs) {
      await http.get(`/${slug}`);
      // The first page stays in use, so it is never the least recently used one.
      expect((await http.get(`/${slugs[0]}`)).status).toBe(200);
      expect(cache.bytes()).toBeLessThanOrEqual(Math.floor(pageBytes * 3.5));
    }
    expect(cache.size()).toBe(3);
    // What it counts is what it holds: each body's memory is its own bytes, not a view of
    // zlib's 64 KB working buffer.
    for (const slug of [slugs[0], slugs[7]]) {
      const bodies = cache.page(`/${slug}`)?.bodies;
      expect(bodies?.br.buffer.byteLength).toBe(bodies?.br.byteLength);
      expect(bodies?.gzip.buffer.byteLength).toBe(bodies?.gzip.byteLength);
    }
    expect(cache.page(`/${slugs[0]}`)).toBeDefined();
    expect(cache.page(`/${slugs[7]}`)).toBeDefined();
    expect(cache.page(`/${slugs[1]}`)).toBeUndefined();
    const again = await http.get(`/${slugs[1]}`);
    expect(again.headers.get("x-oja-page-cache")).toBe("miss");
    expect(renders.filter((path) => path === `/${slugs[1]}`)).toHaveLength(2);
    expect(renders.filter((path) => path === `/${slugs[0]}`)).toHaveLength(1);
    await http.close();
  });

  it("revalidates a page older than its maximum age, for what no trigger notes", async () => {
    await createBusiness(handle.db, { categoryId, slug: "aged-spa", name: "Aged Spa" });
    const { cache, renders } = startCache({ maxAgeMs: 50 });
    await cache.start().ready;
    const http = await serve(cache);
    await http.get("/aged-spa");
    await http.get("/aged-spa");
    expect(renders).toEqual(["/aged-spa"]);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await http.get("/aged-spa")).headers.get("x-oja-page-cache")).toBe("hit");
    await expect.poll(() => renders.length).toBe(2);
    await http.close();
  });

  it("notes a statement changing several products of several businesses as one change per business", async () => {
    const a = await createBusiness(handle.db, { categoryId, slug: "batch-a" });
    const b = await createBusiness(handle.db, { categoryId, slug: "batch-b" });
    await createProduct(handle.db, { businessId: a.id });
    await createProduct(handle.db, { businessId: a.id });
    await createProduct(handle.db, { businessId: b.id });
    const before = await changeTimes([a.id, b.id]);
    await handle.db
      .update(products)
      .set({ stock: 7 })
      .where(sql`business_id in (${a.id}, ${b.id})`);
    const after = await changeTimes([a.id, b.id]);
    expect(after.size).toBe(2);
    for (const id of [a.id, b.id])
      expect(after.get(id)).toBeGreaterThan(before.get(id) ?? Infinity);
  });

  it("notes changes to a business's collections, their products, its delivery choices and its voucher offers", async () => {
    const business = await createBusiness(handle.db, { categoryId, slug: "noted-spa" });
    const product = await createProduct(handle.db, { businessId: business.id });
    const changedAt = async () => (await changeTimes([business.id])).get(business.id) ?? 0;
    const statements = [
      sql`insert into collections (id, business_id, slug, name) values ('noted-c', ${business.id}, 'best', 'Best')`,
      sql`insert into collection_products (collection_id, product_id) values ('noted-c', ${product.id})`,
      sql`update collection_products set position = 2 where collection_id = 'noted-c'`,
      sql`insert into delivery_settings (business_id) values (${business.id})`,
      sql`insert into delivery_areas (business_id, position, city, fee_kobo, estimate) values (${business.id}, 0, 'Lagos', 150000, '1 day')`,
      sql`delete from delivery_areas where business_id = ${business.id}`,
      sql`insert into voucher_offers (id, business_id, title, value_kobo, price_kobo, valid_days) values ('noted-v', ${business.id}, 'Spa day', 2500000, 1800000, 90)`,
      sql`update voucher_offers set status = 'paused' where id = 'noted-v'`,
      sql`delete from voucher_offers where id = 'noted-v'`,
    ];
    for (const statement of statements) {
      const before = await changedAt();
      await handle.db.execute(statement);
      expect(await changedAt(), String(statement.queryChunks[0])).toBeGreaterThan(before);
    }
  });
});

// CI sets TEST_REDIS_URL (.ci/run); without a Redis server these tests are skipped.
const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)("the render cache on several instances (Redis)", () => {
  it("one instance polls and every instance rebuilds the changed page", async () => {
    const { Redis } = await import("ioredis");
    const connections = [new Redis(redisUrl as string), new Redis(redisUrl as string)];
    try {
      await connections[0]?.del("oja:page-poller");
      const business = await createBusiness(handle.db, {
        categoryId,
        slug: "fleet-spa",
        name: "Fleet Spa",
      });
      const instances = connections.map((redis) => startCache({ feed: redisFeed(redis) }));
      for (const { cache } of instances) await cache.start().ready;
      const servers = await Promise.all(instances.map(({ cache }) => serve(cache)));
      for (const server of servers) await server.get("/fleet-spa");

      await handle.db
        .update(businesses)
        .set({ name: "Fleet Spa Renamed" })
        .where(eq(businesses.id, business.id));
      // Both try; the lease lets exactly one of them poll.
      await Promise.all(instances.map(({ cache }) => cache.pollNow()));
      await expect
        .poll(
          async () => Promise.all(servers.map(async (s) => (await s.get("/fleet-spa")).text())),
          {
            timeout: 5_000,
          },
        )
        .toEqual([expect.stringContaining("Renamed"), expect.stringContaining("Renamed")]);
      await Promise.all(servers.map((s) => s.close()));
    } finally {
      for (const redis of connections) redis.disconnect();
    }
  });
});

describe("inlineScriptHashes", () => {
  const sha = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");

  it("hashes each inline script once, exactly as written, and skips scripts loaded by src", () => {
    const html = [
      '<script nonce="n">window.__ctx = {"name":"Àdùké"};</script>',
      '<script type="module" nonce="n">import "/assets/entry.js";\n</script>',
      '<script src="/assets/a.js" nonce="n"></script>',
      "<script>window.__ctx = {&quot;x&quot;:1}</script>",
      '<script nonce="n">window.__ctx = {"name":"Àdùké"};</script>',
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([
      sha('window.__ctx = {"name":"Àdùké"};'),
      sha('import "/assets/entry.js";\n'),
      sha("window.__ctx = {&quot;x&quot;:1}"),
    ]);
  });
});
