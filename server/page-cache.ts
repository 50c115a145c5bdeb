import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, gunzip, gzip, constants as zlib } from "node:zlib";
import { sql } from "drizzle-orm";
import type { RequestHandler } from "express";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import { type Database, queryRows } from "#app/db/database.server.ts";
import { chooseEncoding, type Encoding, matchesETag } from "./encoding.ts";
import { addressProblem } from "./request-input.ts";

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
const brotliAsync = promisify(brotliCompress);

/**
 * The render cache behind /{slug}, the one prerendered route of the spec: each active
 * business's landing page, as HTML and as React Router's `.data` payload for client navigation,
 * rendered without a session and kept in memory compressed twice, brotli and gzip, with its
 * response heads built (decision 032). A request never builds the page from the database; a
 * page is built when the server starts (warming), on its first request if the warming has not
 * reached it yet, and again within seconds of any change to the business.
 *
 * Changes are found by polling `page_changes` (drizzle/0006_page_changes.sql: triggers on the
 * tables a landing page shows note the business and the time). Whatever wrote the change (this
 * instance, another one, a script, psql) every instance sees it within one poll. With Redis, one
 * instance polls and broadcasts what it found (see `pageChangeFeed`), so a fleet costs the
 * database one poll per interval, not one per instance.
 */
export interface CachedPage {
  status: number;
  headers: Record<string, string>;
  /** The page compressed both ways; the plain bytes are unzipped for the rare client that asks. */
  bodies: { br: Buffer; gzip: Buffer };
  etag: string;
  /** SHA-256 (base64) of each inline script: the CSP allows these, not a nonce shared by all. */
  scriptHashes: string[];
  /**
   * The whole response head of a hit for each coding, and of a 304, built once when the page is
   * stored (raw [name, value, …] pairs, as Node's writeHead takes them): a hit only writes.
   */
  heads: Record<Encoding | "notModified", string[]>;
  builtAt: number;
}

/** Tells every instance which businesses changed; in-process without Redis. */
export interface PageChangeFeed {
  /** True when this instance should poll the database now (always, without Redis). */
  shouldPoll(): Promise<boolean>;
  publish(businessIds: string[]): Promise<void>;
  subscribe(onChange: (businessIds: string[]) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

export interface PageCacheOptions {
  db: Database;
  log: Logger;
  /** Renders a path with no cookies, as a stranger would see it, with the given nonce. */
  render(path: string, nonce: string): Promise<Response>;
  /** Headers every response carries that depend on the page (its scripts' hashes, for the CSP). */
  securityHeaders(scripts: { hashes: readonly string[] }): Record<string, string>;
  feed?: PageChangeFeed;
  pollIntervalMs?: number;
  /** Pages rendered at once while warming; each render is a few queries and a React render. */
  concurrency?: number;
}

/**
 * Lets a CDN keep the page a moment and serve it stale while it fetches the new one; browsers
 * always revalidate (cheap: the ETag answers 304), so a change shows on the next visit.
 */
export const pageCacheControl = "public, max-age=0, s-maxage=2, stale-while-revalidate=60";

/** Changes older than the last poll by less than this are looked at again (late commits). */
const lookBackSeconds = 60;

const keptHeaders = ["content-type", "x-remix-response", "x-remix-reload-document"];

interface Business {
  id: string;
  slug: string;
}

/**
 * The SHA-256 (base64) of each inline script of a page, as a CSP hash-source names it. The text
 * of a script is everything up to its `</script`, which React never lets rendered data contain.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script/gi,
  )) {
    if (/\ssrc\s*=/i.test(attributes) || text === "") continue;
    hashes.add(createHash("sha256").update(text, "utf8").digest("base64"));
  }
  return [...hashes];
}

export function createPageCache(options: PageCacheOptions) {
  const { db, log } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const feed = options.feed ?? localFeed();
  const pages = new Map<string, CachedPage>();
  const slugById = new Map<string, string>();
  const idBySlug = new Map<string, string>();
  const keysBySlug = new Map<string, Set<string>>();
  /** One chain of work per business, so two refreshes never race to store a page. */
  const queues = new Map<string, Promise<unknown>>();
  const seenChanges = new Map<string, number>();
  let lastPoll: Date | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  function keyOf(slug: string, data: boolean) {
    return data ? `/${slug}.data` : `/${slug}`;
  }

  function enqueue<T>(businessId: string, work: () => Promise<T>): Promise<T> {
    const previous = queues.get(businessId) ?? Promise.resolve();
    const next = previous.then(work, work);
    queues.set(businessId, next);
    void next.finally(() => {
      if (queues.get(businessId) === next) queues.delete(businessId);
    });
    return next;
  }

  function forget(slug: string) {
    for (const key of keysBySlug.get(slug) ?? []) pages.delete(key);
    keysBySlug.delete(slug);
    const id = idBySlug.get(slug);
    idBySlug.delete(slug);
    if (id && slugById.get(id) === slug) slugById.delete(id);
  }

  function remember(business: Business) {
    const previous = slugById.get(business.id);
    if (previous && previous !== business.slug) forget(previous);
    slugById.set(business.id, business.slug);
    idBySlug.set(business.slug, business.id);
  }

  /** Renders one page and stores it; a 404 means the business is no longer public. */
  async function build(slug: string, key: string): Promise<CachedPage | undefined> {
    // The scripts carry this nonce, but the CSP names their hashes instead (inlineScriptHashes).
    const nonce = randomBytes(16).toString("base64");
    const response = await options.render(key, nonce);
    if (response.status === 404) {
      forget(slug);
      return undefined;
    }
    if (response.status !== 200) {
      // Keep serving the last good page; the next change or restart tries again.
      log.error({ path: key, status: response.status }, "page cache: render failed");
      return pages.get(key);
    }
    const raw = Buffer.from(await response.arrayBuffer());
    const headers: Record<string, string> = {};
    for (const name of keptHeaders) {
      const value = response.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    const [br, gzipped] = await Promise.all([
      brotliAsync(raw, {
        params: {
          // Quality 5: a page is compressed again on every change to its business, on every
          // instance; 5 is within 2% of 9's size for a quarter of its time (a 345 KB page: 3.7
          // against 15 ms), so a change reaches the cache quickly even while pages warm.
          [zlib.BROTLI_PARAM_QUALITY]: 5,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
      gzipAsync(raw, { level: 9 }),
    ]);
    const etag = `"${createHash("sha256").update(raw).digest("base64url").slice(0, 27)}"`;
    const scriptHashes = inlineScriptHashes(raw.toString("utf8"));
    const page: CachedPage = {
      status: response.status,
      headers,
      bodies: { br, gzip: gzipped },
      etag,
      scriptHashes,
      heads: responseHeads({ headers, etag, scriptHashes, br, gzip: gzipped, raw }),
      builtAt: Date.now(),
    };
    // A refresh that raced with the business leaving (or renaming) must not bring it back.
    if (idBySlug.has(slug)) {
      pages.set(key, page);
      const keys = keysBySlug.get(slug) ?? new Set<string>();
      keysBySlug.set(slug, keys.add(key));
    }
    return page;
  }

  /** The slugs' pages as they are now: every variant already cached, or the two main ones. */
  async function refresh(business: Business) {
    remember(business);
    const keys = keysBySlug.get(business.slug);
    const wanted = keys?.size
      ? [...keys]
      : [keyOf(business.slug, false), keyOf(business.slug, true)];
    for (const key of wanted) {
      if (!idBySlug.has(business.slug)) break;
      await build(business.slug, key);
    }
  }

  async function refreshById(ids: string[]) {
    if (ids.length === 0) return;
    const rows = await queryRows<{ id: string; slug: string; status: string }>(
      db,
      sql`select id, slug, status from businesses where id in ${ids}`,
    );
    const found = new Map(rows.map((row) => [row.id, row]));
    await Promise.all(
      ids.map((id) =>
        enqueue(id, async () => {
          const row = found.get(id);
          if (row?.status === "active") return refresh(row);
          const slug = slugById.get(id);
          if (slug) forget(slug);
        }),
      ),
    );
  }

  /** Which businesses' pages changed since the last look (and a minute before it). */
  async function poll() {
    const [clock] = await queryRows<{ now: Date | string }>(
      db,
      sql`select clock_timestamp() as now`,
    );
    const now = new Date(clock?.now ?? Date.now());
    // After a long gap (this instance just took over polling) look back one window only.
    const from = lastPoll && now.getTime() - lastPoll.getTime() < 10_000 ? lastPoll : now;
    const since = lastPoll ? new Date(from.getTime() - lookBackSeconds * 1_000) : now;
    lastPoll = now;
    const rows = await queryRows<{ business_id: string; changed_at: Date | string }>(
      db,
      sql`select business_id, changed_at from page_changes where changed_at > ${since.toISOString()}`,
    );
    const changed: string[] = [];
    for (const row of rows) {
      const at = new Date(row.changed_at).getTime();
      if (seenChanges.get(row.business_id) === at) continue;
      seenChanges.set(row.business_id, at);
      changed.push(row.business_id);
    }
    // Forget changes that fell out of the look-back window.
    for (const [id, at] of seenChanges) if (at < since.getTime()) seenChanges.delete(id);
    return changed;
  }

  async function checkForChanges() {
    if (!(await feed.shouldPoll())) return;
    const changed = await poll();
    if (changed.length > 0) await feed.publish(changed);
  }

  async function tick() {
    try {
      await checkForChanges();
    } catch (error) {
      log.error({ err: error }, "page cache: polling for changes failed");
    } finally {
      if (!stopped) timer = setTimeout(tick, pollIntervalMs);
    }
  }

  async function warm(businesses: Business[]) {
    const started = performance.now();
    let next = 0;
    const worker = async () => {
      while (!stopped && next < businesses.length) {
        const business = businesses[next++] as Business;
        await enqueue(business.id, () => refresh(business)).catch((error: unknown) =>
          log.error({ err: error, slug: business.slug }, "page cache: warming failed"),
        );
      }
    };
    await Promise.all(Array.from({ length: options.concurrency ?? 2 }, worker));
    log.info(
      { pages: pages.size, ms: Math.round(performance.now() - started) },
      "page cache: warmed",
    );
  }

  /** The head of every response of a page, and for each coding, with nothing left to work out. */
  function responseHeads(page: {
    headers: Record<string, string>;
    etag: string;
    scriptHashes: string[];
    br: Buffer;
    gzip: Buffer;
    raw: Buffer;
  }): CachedPage["heads"] {
    const common: string[] = [];
    const add = (values: Record<string, string>) => {
      for (const [name, value] of Object.entries(values)) common.push(name, value);
    };
    add(options.securityHeaders({ hashes: page.scriptHashes }));
    add({
      "Cache-Control": pageCacheControl,
      ETag: page.etag,
      Vary: "Accept-Encoding",
      "X-Oja-Page-Cache": "hit",
    });
    const withBody = (length: number, encoding?: string) => [
      ...Object.entries(page.headers).flat(),
      "Content-Length",
      String(length),
      ...(encoding ? ["Content-Encoding", encoding] : []),
      ...common,
    ];
    return {
      br: withBody(page.br.length, "br"),
      gzip: withBody(page.gzip.length, "gzip"),
      identity: withBody(page.raw.length),
      notModified: common,
    };
  }

  /**
   * Answers with a stored page. `state` is "hit" for a page that was there, "miss" for one
   * rendered for this request; only the header saying which differs, so a miss copies the head.
   */
  function send(req: IncomingMessage, res: ServerResponse, page: CachedPage, state: string) {
    const head = (kind: Encoding | "notModified") => {
      const prebuilt = page.heads[kind];
      if (state === "hit") return prebuilt;
      return prebuilt.map((value, i) => (prebuilt[i - 1] === "X-Oja-Page-Cache" ? state : value));
    };
    if (matchesETag(req.headers["if-none-match"], page.etag)) {
      res.writeHead(304, head("notModified"));
      res.end();
      return;
    }
    const encoding = chooseEncoding(req.headers["accept-encoding"]);
    if (encoding !== "identity" || req.method === "HEAD") {
      res.writeHead(page.status, head(encoding));
      res.end(encoding === "identity" ? undefined : page.bodies[encoding]);
      return;
    }
    void gunzipAsync(page.bodies.gzip).then((raw) => {
      res.writeHead(page.status, head("identity"));
      res.end(raw);
    });
  }

  /** The stored page a GET or HEAD of this address would get, if it is one; nothing else. */
  function pageFor(method: string | undefined, url: string) {
    if (method !== "GET" && method !== "HEAD") return undefined;
    const queryStart = url.indexOf("?");
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    const match = /^\/([^/]+?)(\.data)?$/.exec(path);
    if (!match?.[1]) return undefined;
    let slug: string;
    try {
      slug = decodeURIComponent(match[1]).toLowerCase();
    } catch {
      return undefined;
    }
    const id = idBySlug.get(slug);
    if (!id) return undefined;
    // A payload for some of the page's routes only (`_routes`, sent when a route opts out of
    // revalidation; none does today) is rendered per request: caching each value anyone
    // cares to send would let strangers fill the memory.
    if (queryStart !== -1 && new URLSearchParams(url.slice(queryStart + 1)).has("_routes")) {
      return undefined;
    }
    const key = keyOf(slug, Boolean(match[2]));
    return { id, slug, key, page: pages.get(key) };
  }

  /**
   * The fast path (server.ts runs it before any other middleware): a stored page for a plain GET
   * or HEAD of a clean address is written straight out; true when it answered. Anything else —
   * a page not stored yet, an address the input check refuses — goes the general way.
   */
  function serveHit(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url ?? "";
    const found = pageFor(req.method, url);
    if (!found?.page || addressProblem(url)) return false;
    send(req, res, found.page, "hit");
    return true;
  }

  const middleware: RequestHandler = (req, res, next) => {
    const found = pageFor(req.method, req.url);
    if (!found) return next();
    const { id, slug, key, page } = found;
    if (page) return send(req, res, page, "hit");
    enqueue(id, async () => pages.get(key) ?? build(slug, key))
      .then((built) => (built ? send(req, res, built, "miss") : next()))
      .catch(next);
  };

  return {
    middleware,
    serveHit,
    /** Loads the active businesses, starts polling and warms every page in the background. */
    async start(): Promise<{ warmed: Promise<void> }> {
      await feed.subscribe((ids) =>
        refreshById(ids).catch((error: unknown) =>
          log.error({ err: error }, "page cache: refresh failed"),
        ),
      );
      const businesses = await queryRows<Business>(
        db,
        sql`select id, slug from businesses where status = 'active' order by created_at desc`,
      );
      for (const business of businesses) remember(business);
      // The first poll marks the moment; changes after it are caught by the next ones.
      await poll();
      timer = setTimeout(tick, pollIntervalMs);
      return { warmed: warm(businesses) };
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.allSettled([...queues.values()]);
      await feed.close();
    },
    /** For tests and benchmarks: what is cached, and a poll without waiting for the timer. */
    page: (key: string) => pages.get(key),
    size: () => pages.size,
    pollNow: checkForChanges,
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** One instance, no broadcast: it polls, and what it finds it refreshes itself. */
export function localFeed(): PageChangeFeed {
  let listener: ((ids: string[]) => Promise<void>) | undefined;
  return {
    shouldPoll: async () => true,
    publish: async (ids) => {
      await listener?.(ids);
    },
    subscribe: async (onChange) => {
      listener = onChange;
    },
    close: async () => {},
  };
}

const feedChannel = "oja:page-changes";
const pollerKey = "oja:page-poller";

/**
 * Several instances sharing Redis: the one holding the poller lease polls the database and
 * publishes what changed; every instance (the poller too) refreshes its own cache on the
 * message. The lease lasts three poll intervals, so when its holder stops another instance
 * takes over within a few seconds (and looks back a minute for anything it missed).
 */
export function redisFeed(redis: Redis, pollIntervalMs = 1_000): PageChangeFeed {
  const instance = randomBytes(8).toString("hex");
  const subscriber = redis.duplicate();
  const leaseMs = pollIntervalMs * 3;
  redis.defineCommand("ojaHoldLease", {
    numberOfKeys: 1,
    lua: `if redis.call('get', KEYS[1]) == ARGV[1] then
            return redis.call('pexpire', KEYS[1], ARGV[2])
          end
          if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
          return 0`,
  });
  const holdLease = (
    redis as Redis & {
      ojaHoldLease(key: string, instance: string, ms: number): Promise<number>;
    }
  ).ojaHoldLease.bind(redis);
  return {
    shouldPoll: async () => (await holdLease(pollerKey, instance, leaseMs)) === 1,
    publish: async (ids) => {
      await redis.publish(feedChannel, JSON.stringify(ids));
    },
    subscribe: async (onChange) => {
      subscriber.on("message", (channel, message) => {
        if (channel !== feedChannel) return;
        const ids = JSON.parse(message) as unknown;
        if (Array.isArray(ids)) void onChange(ids.filter((id) => typeof id === "string"));
      });
      await subscriber.subscribe(feedChannel);
    },
    close: async () => {
      subscriber.disconnect();
    },
  };
}
