import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, gunzip, gzip, constants as zlib } from "node:zlib";
import { sql } from "drizzle-orm";
import type { RequestHandler } from "express";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import { type Database, queryRows } from "#app/db/database.server.ts";
import { pageCacheAnswers } from "#app/metrics/metrics.server.ts";
import { chooseEncoding, type Encoding, matchesETag } from "./encoding.ts";
import { addressProblem } from "./request-input.ts";

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
const brotliAsync = promisify(brotliCompress);

/**
 * The render cache of public pages (decisions 011, 032, 033): a business's landing page (the
 * spec's one prerendered route), its product pages and collections, and the marketplace's
 * guest pages (`/`, `/b`, `/businesses`, `/shop/{category}`, a search's first page, a guest's `/cart`). Each is rendered without a session,
 * as a stranger sees it, and kept in memory compressed twice, brotli and gzip, with its response
 * heads built (decision 032). Whatever depends on the visitor is filled in by the browser: the
 * account menu from /api/me, the cart count from local storage, follow buttons from their API.
 *
 * Pages are rendered on their first request, never all at start, and the memory they take is
 * bounded (PAGE_CACHE_MB): past it the least recently used leave, to be rendered again when
 * asked for. A business's pages are rebuilt within seconds of a change to it. A marketplace page
 * shows many businesses, so any change marks it stale: one visited lately (the last 30 refresh
 * intervals, a minute by default) is rebuilt within seconds too, at most once per
 * `marketplaceRefreshMs` however busy the marketplace is; any other is rebuilt when its next
 * visitor gets the stored one (stale-while-revalidate). Every
 * page is also revalidated after `maxAgeMs`, which bounds how long anything no trigger notes
 * (held stock, categories) can lag.
 *
 * Changes are found by polling `page_changes` (drizzle/0006_page_changes.sql and 0020: triggers
 * on the tables these pages show note the business and the time). Whatever wrote the change
 * (this instance, another one, a script, psql) every instance sees it within one poll. With
 * Redis, one instance polls and broadcasts what it found (see `pageChangeFeed`), so a fleet costs
 * the database one poll per interval, not one per instance.
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
  /** What it takes in memory: both bodies and the heads. */
  bytes: number;
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
  /** The most the stored pages may take in memory, bodies and heads (PAGE_CACHE_MB). */
  maxBytes?: number;
  /** A page older than this is served once more while it is rebuilt. */
  maxAgeMs?: number;
  /** The least time between two rebuilds of the marketplace pages after changes. */
  marketplaceRefreshMs?: number;
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

/** A public address the cache keeps, and what its page depends on. */
export interface CacheableAddress {
  /** The path as asked for (`.data` included: React Router's payload for client navigation). */
  key: string;
  /** The business the page belongs to, lower-cased; none for a marketplace page. */
  slug?: string;
  /**
   * Served from the cache only to visitors without a session: the page shows a signed-in
   * shopper something of their own (the home page: businesses near their saved city).
   */
  guestsOnly: boolean;
  /**
   * After a change, rebuilt only when its next visitor comes (a search's first page): searches
   * are too many to rebuild eagerly whenever any business changes.
   */
  rebuiltOnVisit?: boolean;
}

/** Query parameters that only say where a visitor came from; no page reads them. */
const trackingParameter = /^(?:utm_[a-z]+|fbclid|gclid)$/i;
const marketplacePage = /^\/(?:b|businesses|shop\/(?!friends$)[^/]+)$/i;
/** A search's first page (`/search/ff` is the search form; `/search/{term}/{id}` a product). */
const searchPage = /^\/search\/(?!ff$)[^/]+$/i;
const businessPage = /^\/(?:b\/([^/]+)\/collection\/[^/]+|([^/]+)(?:\/products\/[^/]+)?)$/i;

/**
 * Whether the cache keeps this address, and under which key. A query string other than tracking
 * parameters (a filter, a page number, React Router's `_routes`) is rendered per request:
 * caching every value a stranger could send would let them churn the cache.
 */
export function cacheableAddress(url: string): CacheableAddress | undefined {
  const queryStart = url.indexOf("?");
  const key = queryStart === -1 ? url : url.slice(0, queryStart);
  if (queryStart !== -1) {
    for (const name of new URLSearchParams(url.slice(queryStart + 1)).keys()) {
      if (!trackingParameter.test(name)) return undefined;
    }
  }
  // React Router asks `/_.data` for the home page's payload and `{path}.data` for the others.
  const page = key === "/_.data" ? "/" : key.endsWith(".data") ? key.slice(0, -5) : key;
  if (page === "/") return { key, guestsOnly: true };
  // A guest's cart lives in the browser: the page is the same for every guest, and shows no
  // business, so a change need not rebuild it before someone asks.
  if (page === "/cart") return { key, guestsOnly: true, rebuiltOnVisit: true };
  if (marketplacePage.test(page)) return { key, guestsOnly: false };
  if (searchPage.test(page)) return { key, guestsOnly: false, rebuiltOnVisit: true };
  const match = businessPage.exec(page);
  const slug = match?.[1] ?? match?.[2];
  if (slug === undefined) return undefined;
  try {
    return { key, slug: decodeURIComponent(slug).toLowerCase(), guestsOnly: false };
  } catch {
    return undefined;
  }
}

/** Better Auth's session cookie (`oja` prefix; `__Secure-` over HTTPS). */
const sessionCookie = /(?:^|;\s*)(?:__Secure-)?oja\.session_token=/;

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

interface Entry {
  page: CachedPage;
  /** The business whose changes rebuild it; null for a marketplace page. */
  businessId: string | null;
  slug: string | undefined;
  guestsOnly: boolean;
  rebuiltOnVisit: boolean;
  /** A change it shows may be out of date; the next visitor gets it while it is rebuilt. */
  stale: boolean;
  /** When a visitor last got it (Date.now()). */
  servedAt: number;
}

/** What a request asks of the cache: an address it keeps, and the page if it is stored. */
interface Lookup extends CacheableAddress {
  businessId: string | null;
  entry: Entry | undefined;
}

/**
 * The buffer's bytes in memory of their own. zlib hands back its output as a view of its 64 KB
 * working buffer: kept as is, a 6 KB page's body held all 64 KB for as long as it was cached,
 * so the cache's count (the bodies' lengths) was a tenth of its memory, and the soak's
 * instances grew past their budget (issue 18).
 */
function ownBytes(buffer: Buffer): Buffer {
  if (buffer.byteLength === buffer.buffer.byteLength) return buffer;
  // Not from Node's shared pool either (Buffer.from would use it under 4 KB): that is a view too.
  const copy = Buffer.allocUnsafeSlow(buffer.byteLength);
  buffer.copy(copy);
  return copy;
}

export function createPageCache(options: PageCacheOptions) {
  const { db, log } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const maxBytes = options.maxBytes ?? 100 * 1024 * 1024;
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const marketplaceRefreshMs = options.marketplaceRefreshMs ?? 2_000;
  const feed = options.feed ?? localFeed();
  /** In order of use, least recent first: a Map keeps insertion order, and a hit re-inserts. */
  const entries = new Map<string, Entry>();
  let storedBytes = 0;
  const slugById = new Map<string, string>();
  const idBySlug = new Map<string, string>();
  const keysByBusiness = new Map<string, Set<string>>();
  /** One chain of work per page, so two builds never race to store it. */
  const queues = new Map<string, Promise<unknown>>();
  const seenChanges = new Map<string, number>();
  /** Counts the batches of changes: a marketplace page rendered across one is stale at once. */
  let changeBatches = 0;
  let marketplaceRefresh: NodeJS.Timeout | undefined;
  let marketplaceRefreshedAt = 0;
  let lastPoll: Date | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  function enqueue<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = queues.get(key) ?? Promise.resolve();
    const next = previous.then(work, work);
    queues.set(key, next);
    void next.finally(() => {
      if (queues.get(key) === next) queues.delete(key);
    });
    return next;
  }

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    storedBytes -= entry.page.bytes;
    if (entry.businessId === null) return;
    const keys = keysByBusiness.get(entry.businessId);
    keys?.delete(key);
    if (keys?.size === 0) keysByBusiness.delete(entry.businessId);
  }

  function store(key: string, entry: Entry) {
    drop(key);
    // A page bigger than the whole cache is served to whoever asked, never kept.
    if (entry.page.bytes > maxBytes) return;
    entries.set(key, entry);
    storedBytes += entry.page.bytes;
    if (entry.businessId !== null) {
      const keys = keysByBusiness.get(entry.businessId) ?? new Set<string>();
      keysByBusiness.set(entry.businessId, keys.add(key));
    }
    for (const oldest of entries.keys()) {
      if (storedBytes <= maxBytes) break;
      drop(oldest);
    }
  }

  function forget(businessId: string) {
    for (const key of keysByBusiness.get(businessId) ?? []) drop(key);
    const slug = slugById.get(businessId);
    slugById.delete(businessId);
    if (slug !== undefined && idBySlug.get(slug) === businessId) idBySlug.delete(slug);
  }

  function remember(business: Business) {
    const previous = slugById.get(business.id);
    // A new slug: the pages under the old one go (their addresses answer 404 now).
    if (previous !== undefined && previous !== business.slug) forget(business.id);
    slugById.set(business.id, business.slug);
    idBySlug.set(business.slug, business.id);
  }

  /**
   * Renders one page and stores it; undefined when it is not a page (404). A rebuild that raced
   * with its business leaving or changing its slug is served to whoever waited, never stored.
   */
  async function build(
    address: Omit<Lookup, "entry">,
    previous?: CachedPage,
  ): Promise<CachedPage | undefined> {
    const { key } = address;
    const batchAtStart = changeBatches;
    // The scripts carry this nonce, but the CSP names their hashes instead (inlineScriptHashes).
    const nonce = randomBytes(16).toString("base64");
    const response = await options.render(key, nonce);
    // Not a page (404), or a redirect (an empty search term): React Router answers per request.
    if (response.status === 404 || (response.status >= 300 && response.status < 400)) {
      drop(key);
      return undefined;
    }
    const kept = response.status === 200;
    if (!kept && previous) {
      // Keep serving the last good page; the next change or revalidation tries again.
      log.error({ path: key, status: response.status }, "page cache: render failed");
      return previous;
    }
    // Not kept but served to whoever asked (a search that timed out answers 503): rendering it
    // again per request would run the slow search twice.
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
          // against 15 ms), so a change reaches the cache quickly.
          [zlib.BROTLI_PARAM_QUALITY]: 5,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
      gzipAsync(raw, { level: 9 }),
    ]).then((bodies) => bodies.map(ownBytes) as [Buffer, Buffer]);
    const etag = `"${createHash("sha256").update(raw).digest("base64url").slice(0, 27)}"`;
    const scriptHashes = inlineScriptHashes(raw.toString("utf8"));
    const heads = responseHeads({
      headers,
      etag,
      scriptHashes,
      br,
      gzip: gzipped,
      raw,
      guestsOnly: address.guestsOnly,
      kept,
    });
    const headBytes = Object.values(heads).reduce(
      (sum, head) => sum + head.reduce((length, value) => length + value.length, 0),
      0,
    );
    const page: CachedPage = {
      status: response.status,
      headers,
      bodies: { br, gzip: gzipped },
      etag,
      scriptHashes,
      heads,
      builtAt: Date.now(),
      bytes: br.length + gzipped.length + headBytes,
    };
    const { businessId, slug } = address;
    if (!kept) return page;
    if (businessId === null || (slug !== undefined && idBySlug.get(slug) === businessId)) {
      const stale = businessId === null && changeBatches !== batchAtStart;
      const servedAt = entries.get(key)?.servedAt ?? Date.now();
      store(key, {
        page,
        businessId,
        slug,
        guestsOnly: address.guestsOnly,
        rebuiltOnVisit: address.rebuiltOnVisit ?? false,
        stale,
        servedAt,
      });
      // Rendered while a change came in: it may not show it.
      if (stale) scheduleMarketplaceRefresh();
    }
    return page;
  }

  /** Rebuilds a stored page in the background; its visitors get the stored one meanwhile. */
  function rebuild(key: string): Promise<void> {
    return enqueue(key, async () => {
      const entry = entries.get(key);
      if (entry) await build({ key, ...entry }, entry.page);
    }).catch((error: unknown) =>
      log.error({ err: error, path: key }, "page cache: refresh failed"),
    );
  }

  async function refreshById(ids: string[]) {
    if (ids.length === 0) return;
    const rows = await queryRows<{ id: string; slug: string; status: string }>(
      db,
      sql`select id, slug, status from businesses where id in ${ids}`,
    );
    const found = new Map(rows.map((row) => [row.id, row]));
    const rebuilt: Promise<void>[] = [];
    for (const id of ids) {
      const row = found.get(id);
      if (row?.status !== "active") {
        forget(id);
        continue;
      }
      remember(row);
      // A business's own pages are few and its owner looks at them right after a change.
      for (const key of keysByBusiness.get(id) ?? []) rebuilt.push(rebuild(key));
    }
    // Any business may show on a marketplace page: those wait for their next visitor.
    changeBatches += 1;
    for (const entry of entries.values()) if (entry.businessId === null) entry.stale = true;
    scheduleMarketplaceRefresh();
    await Promise.all(rebuilt);
  }

  /** Rebuilds the stale marketplace pages visited lately, soon but not too often. */
  function scheduleMarketplaceRefresh() {
    if (marketplaceRefresh || stopped) return;
    const wait = Math.max(0, marketplaceRefreshedAt + marketplaceRefreshMs - Date.now());
    marketplaceRefresh = setTimeout(() => {
      marketplaceRefresh = undefined;
      marketplaceRefreshedAt = Date.now();
      for (const [key, entry] of entries) {
        const visited = marketplaceRefreshedAt - entry.servedAt < marketplaceRefreshMs * 30;
        const eager = entry.businessId === null && !entry.rebuiltOnVisit;
        if (eager && entry.stale && visited && !queues.has(key)) {
          void rebuild(key);
        }
      }
    }, wait);
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

  /** The head of every response of a page, and for each coding, with nothing left to work out. */
  function responseHeads(page: {
    headers: Record<string, string>;
    etag: string;
    scriptHashes: string[];
    br: Buffer;
    gzip: Buffer;
    raw: Buffer;
    guestsOnly: boolean;
    /** False for a page served once and not kept: no shared cache may keep it either. */
    kept: boolean;
  }): CachedPage["heads"] {
    const common: string[] = [];
    const add = (values: Record<string, string>) => {
      for (const [name, value] of Object.entries(values)) common.push(name, value);
    };
    add(options.securityHeaders({ hashes: page.scriptHashes }));
    add({
      "Cache-Control": page.kept ? pageCacheControl : "no-store",
      ETag: page.etag,
      // A page kept for guests only must not reach a signed-in visitor from a shared cache.
      Vary: page.guestsOnly ? "Accept-Encoding, Cookie" : "Accept-Encoding",
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
    pageCacheAnswers.inc({ result: state });
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

  /** What the cache has for a GET or HEAD of this address, if it keeps such a page. */
  function lookup(req: IncomingMessage): Lookup | undefined {
    if (req.method !== "GET" && req.method !== "HEAD") return undefined;
    const address = cacheableAddress(req.url ?? "");
    if (!address) return undefined;
    if (address.guestsOnly && sessionCookie.test(req.headers.cookie ?? "")) return undefined;
    let businessId: string | null = null;
    if (address.slug !== undefined) {
      // Only an active business's slug: anything else is React Router's (a 404, a spec route).
      businessId = idBySlug.get(address.slug) ?? null;
      if (businessId === null) return undefined;
    }
    return { ...address, businessId, entry: entries.get(address.key) };
  }

  /** Answers with a stored page, marks it most recently used and refreshes it if it is due. */
  function answer(req: IncomingMessage, res: ServerResponse, key: string, entry: Entry) {
    entries.delete(key);
    entries.set(key, entry);
    entry.servedAt = Date.now();
    if ((entry.stale || entry.servedAt - entry.page.builtAt > maxAgeMs) && !queues.has(key)) {
      void rebuild(key);
    }
    send(req, res, entry.page, "hit");
  }

  /**
   * The fast path (server.ts runs it before any other middleware): a stored page for a plain GET
   * or HEAD of a clean address is written straight out; true when it answered. Anything else —
   * a page not stored yet, an address the input check refuses — goes the general way.
   */
  function serveHit(req: IncomingMessage, res: ServerResponse): boolean {
    const found = lookup(req);
    if (!found?.entry || addressProblem(req.url ?? "")) return false;
    answer(req, res, found.key, found.entry);
    return true;
  }

  const middleware: RequestHandler = (req, res, next) => {
    const found = lookup(req);
    if (!found) return next();
    if (found.entry) return answer(req, res, found.key, found.entry);
    enqueue(found.key, async () => entries.get(found.key)?.page ?? build(found))
      .then((page) => (page ? send(req, res, page, "miss") : next()))
      .catch(next);
  };

  return {
    middleware,
    serveHit,
    /**
     * Starts following changes and learns the active businesses' slugs, in the background: the
     * server answers meanwhile, rendering per request what the cache can't place yet. `ready`
     * settles when the cache is in use (tests wait for it).
     */
    start(): { ready: Promise<void> } {
      const ready = (async () => {
        await feed.subscribe((ids) =>
          refreshById(ids).catch((error: unknown) =>
            log.error({ err: error }, "page cache: refresh failed"),
          ),
        );
        // The first poll marks the moment, before the slugs are read: a change after it is
        // caught by the next poll, which looks back a minute.
        await poll();
        const businesses = await queryRows<Business>(
          db,
          sql`select id, slug from businesses where status = 'active'`,
        );
        for (const business of businesses) remember(business);
        if (!stopped) timer = setTimeout(tick, pollIntervalMs);
      })().catch((error: unknown) => {
        log.error({ err: error }, "page cache: could not start; pages are rendered per request");
      });
      return { ready };
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(marketplaceRefresh);
      await Promise.allSettled([...queues.values()]);
      await feed.close();
    },
    /** For tests and benchmarks: what is cached, and a poll without waiting for the timer. */
    page: (key: string) => entries.get(key)?.page,
    size: () => entries.size,
    bytes: () => storedBytes,
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
