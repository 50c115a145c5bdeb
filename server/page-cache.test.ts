import { createHash } from "node:crypto";
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
  it("warms every active business's page and payload at start, and serves them without rendering again", async () => {
    const open = await createBusiness(handle.db, {
      categoryId,
      slug: "warm-spa",
      name: "Warm Spa",
    });
    await createBusiness(handle.db, { categoryId, slug: "hidden-spa", status: "pending" });
    const { cache, renders } = startCache();
    await (await cache.start()).warmed;
    expect(renders).toContain("/warm-spa");
    expect(renders).toContain("/warm-spa.data");
    expect(renders.some((path) => path.startsWith("/hidden-spa"))).toBe(false);

    const http = await serve(cache);
    const before = renders.length;
    for (const path of ["/warm-spa", "/Warm-Spa", "/warm-spa.data"]) {
      const response = await http.get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("x-oja-page-cache")).toBe("hit");
      expect(response.headers.get("cache-control")).toContain("stale-while-revalidate");
    }
    expect(await (await http.get("/warm-spa")).text()).toContain("Warm Spa");
    expect(renders.length).toBe(before);
    expect(open.id).toBeTruthy();
    await http.close();
  });

  it("serves the page with its inline scripts' hashes in the CSP (a nonce sent to everyone is no secret), answers 304 to a matching ETag, and leaves other paths alone", async () => {
    await createBusiness(handle.db, { categoryId, slug: "nonce-spa", name: "Nonce Spa" });
    const { cache } = startCache();
    await (await cache.start()).warmed;
    const http = await serve(cache);
    const response = await http.get("/nonce-spa");
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
    await (await cache.start()).warmed;
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
      const response = await http.request("/Fast-Spa", { headers: { "Accept-Encoding": accept } });
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
    // No warming: the business is known, its page not rendered yet.
    const { cache } = startCache({ concurrency: 0 });
    await (await cache.start()).warmed;
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
    await (await cache.start()).warmed;
    const http = await serve(cache);
    expect(await (await http.get("/edit-spa")).text()).toContain("0 products");

    await handle.db
      .update(businesses)
      .set({ name: "Edited Spa" })
      .where(eq(businesses.id, business.id));
    await cache.pollNow();
    expect(await (await http.get("/edit-spa")).text()).toContain("Edited Spa");
    expect(await (await http.get("/edit-spa.data")).text()).toContain("Edited Spa");

    await createProduct(handle.db, { businessId: business.id, status: "active" });
    await cache.pollNow();
    expect(await (await http.get("/edit-spa")).text()).toContain("1 products");
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
    await (await cache.start()).warmed;
    const http = await serve(cache);

    await handle.db
      .update(businesses)
      .set({ status: "suspended" })
      .where(eq(businesses.id, gone.id));
    await handle.db.update(businesses).set({ slug: "new-spa" }).where(eq(businesses.id, moved.id));
    await cache.pollNow();
    expect((await http.get("/gone-spa")).status).toBe(418);
    expect((await http.get("/old-spa")).status).toBe(418);
    expect(await (await http.get("/new-spa")).text()).toContain("Moving Spa");
    await http.close();
  });

  it("renders a page that warming has not reached yet once, on its first request", async () => {
    const { cache, renders } = startCache();
    await (await cache.start()).warmed;
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

  it("notes a statement changing several products of several businesses as one change per business", async () => {
    const a = await createBusiness(handle.db, { categoryId, slug: "batch-a" });
    const b = await createBusiness(handle.db, { categoryId, slug: "batch-b" });
    await createProduct(handle.db, { businessId: a.id });
    await createProduct(handle.db, { businessId: a.id });
    await createProduct(handle.db, { businessId: b.id });
    const changedAt = async () =>
      new Map(
        (
          await queryRows<{ business_id: string; changed_at: string }>(
            handle.db,
            sql`select business_id, changed_at from page_changes where business_id in (${a.id}, ${b.id})`,
          )
        ).map((row) => [row.business_id, new Date(row.changed_at).getTime()]),
      );
    const before = await changedAt();
    await handle.db
      .update(products)
      .set({ stock: 7 })
      .where(sql`business_id in (${a.id}, ${b.id})`);
    const after = await changedAt();
    expect(after.size).toBe(2);
    for (const id of [a.id, b.id])
      expect(after.get(id)).toBeGreaterThan(before.get(id) ?? Infinity);
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
      for (const { cache } of instances) await (await cache.start()).warmed;
      const servers = await Promise.all(instances.map(({ cache }) => serve(cache)));

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
