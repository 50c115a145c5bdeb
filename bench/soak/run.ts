import { readFileSync, rmSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { businessMembers } from "#app/console/schema.server.ts";
import { openPostgres, queryRows } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { migrate } from "#app/db/migrate.server.ts";
import { accounts, products, users } from "#app/db/schema.server.ts";
import { diskMediaStore } from "#app/media/store.server.ts";
import type { StartCheckoutResult } from "#app/orders/checkout.server.ts";
import { seedDemo } from "#app/seed/demo.server.ts";
import { startPaystackSimulator } from "#server/paystack-simulator/index.ts";
import { addressOf, browserHeaders, postAction, signIn } from "../checkout/shopper.ts";
import { machine, markdownTable, percentile, record, round } from "../http/record.ts";
import { type RunningServer, startServer } from "../http/server.ts";

/**
 * The soak (issue 18, item 5): `--instances` (3) production servers on one PostgreSQL and Redis
 * behind a small round-robin load balancer in this process, the Paystack simulator as its own
 * server (one for all instances, as Paystack is), and `--users` (24) shoppers each doing, for
 * `--minutes` (10), what shoppers do: browse, search, autocomplete, open the cart, and buy (a
 * checkout paid in the simulator and confirmed, as the popup's callback does), while the owner
 * of one business archives and restores a product in the console. With `--rolling-restart` two
 * instances are stopped (SIGTERM: decision 035's graceful stop) and started again during the run.
 *
 * It reports throughput, p50/p99 and errors per kind of request (errors must be 0: an answer of
 * 5xx, a socket error, a checkout not confirmed), that the paid checkouts in the database equal
 * the payments the simulator completed, and each instance's memory after the warm-up and at the
 * end: its live heap and its RSS (flat: each within 10 %), its render cache (within its budget),
 * with RSS and V8's reserved heap every 30 s to show where they level off.
 *
 *   npx react-router build
 *   npm run bench:soak -- --database-url postgres://postgres@127.0.0.1:5432/oja_soak [--minutes 10]
 *
 * The database is the soak's own: dropped and made again (its name must contain "soak").
 */
const { values } = parseArgs({
  options: {
    "database-url": { type: "string" },
    "redis-url": { type: "string", default: process.env.REDIS_URL ?? "redis://127.0.0.1:6379" },
    minutes: { type: "string", default: "10" },
    instances: { type: "string", default: "3" },
    users: { type: "string", default: "24" },
    port: { type: "string", default: "3320" },
    "rolling-restart": { type: "boolean", default: false },
    "no-record": { type: "boolean", default: false },
  },
});
const databaseUrl = values["database-url"];
if (!databaseUrl || !new URL(databaseUrl).pathname.includes("soak")) {
  throw new Error("Give --database-url of a PostgreSQL database whose name contains 'soak'.");
}
const minutes = Number(values.minutes);
const instanceCount = Number(values.instances);
const userCount = Number(values.users);
const port = Number(values.port);
const durationMs = minutes * 60_000;
/**
 * Until an instance has compiled its hot code, filled its caches and V8 has sized its heap for
 * the load: RSS levels off 3.5–4 minutes in under these 24 shoppers in every run recorded
 * (bench/README.md, the 30-second samples). Four minutes, or 40 % of a shorter run.
 */
const warmupMs = Math.min(240_000, durationMs * 0.4);
/** How often each instance's memory is sampled for the trajectory in the report. */
const sampleEveryMs = 30_000;
const dataDir = "/tmp/oja-soak-data";
const password = "Soak shopper password, long enough 17";
const host = machine();

// ---------------------------------------------------------------------------------------------
// A fresh database with the demo data, stock for the whole run, shoppers and one owner.

const name = new URL(databaseUrl).pathname.slice(1);
const adminUrl = new URL(databaseUrl);
adminUrl.pathname = "/postgres";
const admin = new pg.Client({ connectionString: adminUrl.toString() });
await admin.connect();
await admin.query(`drop database if exists "${name}" with (force)`);
await admin.query(`create database "${name}"`);
await admin.end();
rmSync(dataDir, { recursive: true, force: true });

const setup = openPostgres(databaseUrl, 4, () => {});
await migrate(setup.db);
// The instances' media store: DATA_DIR's disk (the soak sets no S3_BUCKET).
await seedDemo(setup.db, { media: diskMediaStore(path.join(dataDir, "media")) });
// Nobody runs out: the soak measures serving, not selling out (bench:checkout races for stock).
await setup.db.update(products).set({ stock: 1_000_000 });
const passwordHash = await hashPassword(password);
const people = Array.from({ length: userCount }, (_, index) => ({
  id: newId("usr"),
  name: `Soak Shopper ${index + 1}`,
  email: `soak-${index + 1}@bench.oja.test`,
  emailVerified: true,
}));
await setup.db.insert(users).values(people);
await setup.db.insert(accounts).values(
  people.map((person) => ({
    id: newId("acc"),
    userId: person.id,
    accountId: person.id,
    providerId: "credential",
    password: passwordHash,
  })),
);
const catalogue = await queryRows<{
  business: string;
  business_id: string;
  product: string;
  product_id: string;
  category: string;
  name: string;
  price_kobo: number;
}>(
  setup.db,
  sql`select b.slug as business, b.id as business_id, p.slug as product, p.id as product_id,
        c.slug as category, p.name, p.price_kobo
      from products p join businesses b on b.id = p.business_id join categories c on c.id = b.category_id
      where p.status = 'active' and b.status = 'active'
        -- Products sold in sizes need one chosen: the shoppers buy the others.
        and jsonb_array_length(p.sizes) = 0
      order by p.id`,
);
// The first user owns the first business, and archives and restores its last product (which
// nobody buys: the shoppers buy the others).
const owned = catalogue[0];
if (!owned) throw new Error("The demo seed made no products");
const edited = catalogue.filter((row) => row.business_id === owned.business_id).at(-1) ?? owned;
const forSale = catalogue.filter((row) => row.product_id !== edited.product_id);
await setup.db.insert(businessMembers).values({
  businessId: owned.business_id,
  userId: people[0]?.id as string,
  role: "owner",
});
const terms = [...new Set(catalogue.flatMap((row) => row.name.toLowerCase().split(/\W+/)))].filter(
  (word) => word.length >= 3,
);
await setup.close();

// ---------------------------------------------------------------------------------------------
// The simulator, the instances, the load balancer.

const simulator = await startPaystackSimulator();
const lbOrigin = `http://127.0.0.1:${port}`;
const serverEnv = {
  ...simulator.env,
  REDIS_URL: values["redis-url"] as string,
  PUBLIC_URL: lbOrigin,
  AUTH_SECRET: "soak-auth-secret-the-same-on-every-instance-0001",
  TRUST_PROXY: "loopback",
};
const target = { engine: "postgresql" as const, dataDir, databaseUrl };
const instances: Array<{ port: number; server: RunningServer; downUntil: number }> = [];
for (let i = 0; i < instanceCount; i++) {
  const instancePort = port + 1 + i;
  instances.push({
    port: instancePort,
    server: await startServer(target, instancePort, { env: serverEnv }),
    downUntil: 0,
  });
}

let next = 0;
let lbRetries = 0;
/**
 * Round robin over the instances, a new connection per request (no keep-alive to them): a
 * stopping instance refuses new connections, and a refused request never reached it, so it is
 * sent to the next one. Anything else that fails is the client's 502.
 */
const balancer = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const body = Buffer.concat(chunks);
    const attempt = (tries: number) => {
      const now = Date.now();
      let instance = instances[next++ % instances.length];
      for (let i = 0; i < instances.length && instance && instance.downUntil > now; i++) {
        instance = instances[next++ % instances.length];
      }
      if (!instance || tries >= instances.length * 2) {
        res.writeHead(502).end("no instance answered");
        return;
      }
      const chosen = instance;
      const upstream = http.request(
        {
          host: "127.0.0.1",
          port: chosen.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
          agent: false,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code === "ECONNREFUSED" && !res.headersSent) {
          chosen.downUntil = Date.now() + 500;
          lbRetries += 1;
          attempt(tries + 1);
        } else if (!res.headersSent) {
          res.writeHead(502).end(`upstream: ${error.code ?? error.message}`);
        } else {
          res.destroy();
        }
      });
      upstream.end(body);
    };
    attempt(0);
  });
});
await new Promise<void>((resolve) => balancer.listen(port, "127.0.0.1", resolve));

// ---------------------------------------------------------------------------------------------
// The shoppers.

type Kind = "browse" | "search" | "suggest" | "cart" | "checkout" | "console";
const samples: Record<Kind, number[]> = {
  browse: [],
  search: [],
  suggest: [],
  cart: [],
  checkout: [],
  console: [],
};
const errors: Array<{ kind: Kind; what: string }> = [];
let paymentsCompleted = 0;
let checkoutsConfirmed = 0;
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

async function timed(kind: Kind, work: () => Promise<string | undefined>) {
  const started = performance.now();
  try {
    const problem = await work();
    if (problem) errors.push({ kind, what: problem });
  } catch (error) {
    errors.push({ kind, what: error instanceof Error ? error.message : String(error) });
  }
  samples[kind].push(performance.now() - started);
}

async function get(pathname: string, headers: Record<string, string>) {
  const response = await fetch(`${lbOrigin}${pathname}`, { headers, redirect: "manual" });
  await response.arrayBuffer();
  return response.status >= 500 ? `GET ${pathname}: ${response.status}` : undefined;
}

async function buy(index: number, headers: Record<string, string>) {
  // One unit, picked up: the total is the price the shopper saw (the server prices it again).
  const item = pick(forSale);
  const form = new URLSearchParams({
    intent: "pay",
    email: people[index]?.email as string,
    phone: "0803 123 4567",
    lines: JSON.stringify([{ id: item.product_id, quantity: 1, amount: item.price_kobo / 100 }]),
    expectedTotalKobo: String(item.price_kobo),
    [`fulfilment.${item.business_id}`]: "pickup",
  });
  const started = await postAction(`${lbOrigin}/checkout.data`, headers, form);
  const result = (started.data as { result?: StartCheckoutResult } | undefined)?.result;
  if (started.status !== 200 || !result?.ok) {
    return `checkout: ${started.status} ${JSON.stringify(started.data).slice(0, 200)}`;
  }
  simulator.simulator.complete(result.payment.reference, "success");
  paymentsCompleted += 1;
  const confirmed = await postAction(
    `${lbOrigin}/checkout.data`,
    headers,
    new URLSearchParams({ intent: "confirm", reference: result.payment.reference }),
  );
  if (confirmed.redirect !== `/checkout/${result.payment.checkoutId}`) {
    return `confirm: ${confirmed.status} ${JSON.stringify(confirmed.data).slice(0, 200)}`;
  }
  checkoutsConfirmed += 1;
  return undefined;
}

let archived = false;
async function editInConsole(headers: Record<string, string>) {
  archived = !archived;
  const answer = await postAction(
    `${lbOrigin}/vendor/${owned?.business}/products/${edited.product_id}.data`,
    headers,
    new URLSearchParams({ intent: archived ? "archive" : "restore" }),
  );
  return answer.status === 200 ? undefined : `console: ${answer.status}`;
}

/**
 * A shopper may start 20 payments in 15 minutes (decision 030's limit per shopper); a real one
 * starts far fewer. Past it, this shopper browses instead of buying.
 */
const paymentStartsAllowed = 19;
const paymentWindowMs = 15 * 60_000;
const paymentStarts = new Map<number, number[]>();
function mayBuy(index: number): boolean {
  const now = performance.now();
  const recent = (paymentStarts.get(index) ?? []).filter((at) => now - at < paymentWindowMs);
  if (recent.length >= paymentStartsAllowed) return false;
  paymentStarts.set(index, [...recent, now]);
  return true;
}

const startedAt = performance.now();
const deadline = startedAt + durationMs;
async function shopper(index: number) {
  const address = addressOf(index + 1);
  const cookie = await signIn(lbOrigin, people[index]?.email as string, password, address);
  const signedIn = browserHeaders(lbOrigin, address, cookie);
  const guest = browserHeaders(lbOrigin, address);
  while (performance.now() < deadline) {
    const roll = Math.random();
    // Half the browsing is done signed out: the home page is cached for guests only.
    const headers = Math.random() < 0.5 ? guest : signedIn;
    const item = pick(catalogue);
    if (index === 0 && roll < 0.2) await timed("console", () => editInConsole(signedIn));
    else if (roll >= 0.88 && mayBuy(index)) await timed("checkout", () => buy(index, signedIn));
    else if (roll < 0.45 || roll >= 0.88) {
      const page = pick([
        "/",
        "/b",
        "/businesses",
        `/${item.business}`,
        `/${item.business}/products/${item.product}`,
        `/shop/${item.category}`,
      ]);
      await timed("browse", () => get(page, headers));
    } else if (roll < 0.65) {
      await timed("search", () => get(`/search/${encodeURIComponent(pick(terms))}`, headers));
    } else if (roll < 0.8) {
      const term = pick(terms);
      const typed = term.slice(0, 2 + Math.floor(Math.random() * (term.length - 1)));
      await timed("suggest", () =>
        get(`/api/search/suggest?q=${encodeURIComponent(typed)}`, headers),
      );
    } else await timed("cart", () => get("/cart", headers));
  }
}

// ---------------------------------------------------------------------------------------------
// Memory after the warm-up and at the end; the rolling restart in between.

function rssMb(server: RunningServer): number | null {
  try {
    const status = readFileSync(`/proc/${server.process.pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? round(kb / 1024) : null;
  } catch {
    return null;
  }
}

/** One look at an instance's memory, in MB: RSS from /proc, the rest from its /metrics. */
interface MemorySample {
  minute: number;
  rss: number | null;
  /** V8's heap in use at that moment: live data plus garbage not collected yet. */
  heapUsed: number | null;
  /** What V8 has reserved for its heap, and of that its young generation (new space). */
  heapTotal: number | null;
  newSpace: number | null;
  /** The render cache's stored pages, and its budget (PAGE_CACHE_MB). */
  cache: number | null;
  cacheBudget: number | null;
}

/**
 * `/metrics` is asked on the loopback, so it answers. The render cache fills up to its budget by
 * design; V8 sizes its heap (and RSS follows) for the load and keeps the high-water mark; what a
 * leak grows is the live data, which the lowest heap-in-use of a few minutes shows (each major
 * collection brings it down to what is live).
 */
async function sampleMemory(instance: (typeof instances)[number]): Promise<MemorySample> {
  const minute = round((performance.now() - startedAt) / 60_000, 1);
  const rss = rssMb(instance.server);
  try {
    const text = await (await fetch(`http://127.0.0.1:${instance.port}/metrics`)).text();
    const value = (name: string) => {
      const found = Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1]);
      return Number.isFinite(found) ? round(found / 1024 / 1024) : null;
    };
    return {
      minute,
      rss,
      heapUsed: value("oja_nodejs_heap_size_used_bytes"),
      heapTotal: value("oja_nodejs_heap_size_total_bytes"),
      newSpace: value('oja_nodejs_heap_space_size_total_bytes\\{space="new"\\}'),
      cache: value("oja_page_cache_bytes"),
      cacheBudget: value("oja_page_cache_max_bytes"),
    };
  } catch {
    return {
      minute,
      rss,
      heapUsed: null,
      heapTotal: null,
      newSpace: null,
      cache: null,
      cacheBudget: null,
    };
  }
}

/** Every instance's samples since its start (a restarted instance starts a new list). */
const memorySamples: MemorySample[][] = instances.map(() => []);
const restartedInstances = new Set<number>();
const sampler = setInterval(() => {
  for (const [i, instance] of instances.entries()) {
    void sampleMemory(instance).then((sample) => memorySamples[i]?.push(sample));
  }
}, sampleEveryMs);
const restarts: string[] = [];
async function restart(i: number) {
  const instance = instances[i];
  if (!instance) return;
  const began = performance.now();
  await instance.server.stop();
  instance.server = await startServer(target, instance.port, { env: serverEnv });
  restarts.push(`instance ${i + 1} in ${round((performance.now() - began) / 1000)} s`);
  // A new process: its samples start again, shown but not judged against a warmed-up one.
  memorySamples[i] = [];
  restartedInstances.add(i);
}
const rolling = values["rolling-restart"]
  ? (async () => {
      await new Promise((resolve) => setTimeout(resolve, durationMs * 0.4));
      await restart(0);
      await restart(1);
    })()
  : Promise.resolve();

console.log(
  `Soak: ${instanceCount} instances behind ${lbOrigin}, ${userCount} shoppers, ${minutes} min${values["rolling-restart"] ? ", rolling restart" : ""}…`,
);
await Promise.all(Array.from({ length: userCount }, (_, index) => shopper(index)));
await rolling;
clearInterval(sampler);
const elapsedS = (performance.now() - startedAt) / 1000;
for (const [i, instance] of instances.entries()) {
  memorySamples[i]?.push(await sampleMemory(instance));
}

// ---------------------------------------------------------------------------------------------
// What the database says, then the report.

const check = openPostgres(databaseUrl, 2, () => {});
const [state] = await queryRows<{ paid_checkouts: number; success_payments: number }>(
  check.db,
  sql`select (select count(distinct checkout_id) from orders where status = 'paid')::int as paid_checkouts,
        (select count(*) from payments where status = 'success')::int as success_payments`,
);
await check.close();
await Promise.all(instances.map((instance) => instance.server.stop()));
await new Promise((resolve) => balancer.close(resolve));
await simulator.close();

const rows = (Object.keys(samples) as Kind[]).map((kind) => {
  const times = samples[kind];
  return {
    kind,
    requests: times.length,
    "per s": round(times.length / elapsedS, 1),
    p50_ms: round(percentile(times, 0.5)),
    p99_ms: round(percentile(times, 0.99)),
    errors: errors.filter((error) => error.kind === kind).length,
  };
});
console.table(rows);
/**
 * Per instance: RSS right after the warm-up and at the end, judged (the issue's "memory flat");
 * the live heap as the lowest heap in use over the first `windowMinutes` after the warm-up and
 * over the last `windowMinutes`, shown (a few samples at random points of the collector's cycle:
 * ±25 % between runs of the same code); the cache at the end against its budget, judged.
 */
const windowMinutes = Math.min(3, (durationMs - warmupMs) / 60_000 / 3);
const warmMinute = warmupMs / 60_000;
const endMinute = durationMs / 60_000;
const lowest = (list: MemorySample[], from: number, to: number) => {
  const values = list
    .filter((sample) => sample.minute >= from && sample.minute <= to)
    .flatMap((sample) => (sample.heapUsed === null ? [] : [sample.heapUsed]));
  return values.length > 0 ? Math.min(...values) : null;
};
const memory = memorySamples.map((list, i) => {
  const afterWarmup = list.find((sample) => sample.minute >= warmMinute);
  const end = list.at(-1);
  const liveAfterWarmup = lowest(list, warmMinute, warmMinute + windowMinutes);
  const liveAtEnd = lowest(list, endMinute - windowMinutes, endMinute + 1);
  return {
    instance: i + 1,
    restarted: restartedInstances.has(i),
    rssAfterWarmupMb: afterWarmup?.rss ?? null,
    rssEndMb: end?.rss ?? null,
    liveHeapAfterWarmupMb: liveAfterWarmup,
    liveHeapEndMb: liveAtEnd,
    cacheEndMb: end?.cache ?? null,
    cacheBudgetMb: end?.cacheBudget ?? null,
  };
});
console.table(memory);
console.log(
  `RSS every ${sampleEveryMs / 1000} s (MB, per instance): ${memorySamples[0]
    ?.map(
      (sample, k) =>
        `${sample.minute} min ${memorySamples.map((list) => list[k]?.rss ?? "?").join("/")}`,
    )
    .join(", ")}`,
);
console.log(
  `V8 heap reserved (of it, new space) every ${sampleEveryMs / 1000} s (MB, per instance): ${memorySamples[0]
    ?.map(
      (sample, k) =>
        `${sample.minute} min ${memorySamples.map((list) => `${list[k]?.heapTotal ?? "?"} (${list[k]?.newSpace ?? "?"})`).join("/")}`,
    )
    .join(", ")}`,
);
const change = (from: number | null, to: number | null) =>
  from && to !== null ? (to - from) / from : null;
const percent = (value: number | null) => (value === null ? "?" : `${round(value * 100)} %`);
const liveGrowth = memory.map((entry) => change(entry.liveHeapAfterWarmupMb, entry.liveHeapEndMb));
const rssJudged = memory
  .filter((entry) => !entry.restarted)
  .map((entry) => change(entry.rssAfterWarmupMb, entry.rssEndMb));
const withinBudget = memory.every(
  (entry) =>
    entry.cacheEndMb !== null &&
    entry.cacheBudgetMb !== null &&
    entry.cacheEndMb <= entry.cacheBudgetMb,
);
const goals = [
  `errors: ${errors.length} ${
    errors.length === 0
      ? "✓"
      : `✗ (first: ${errors
          .slice(0, 3)
          .map((error) => `${error.kind}: ${error.what}`)
          .join("; ")})`
  }`,
  `paid checkouts ${state?.paid_checkouts} = successful payments ${state?.success_payments} = payments completed in the simulator ${paymentsCompleted} ${state?.paid_checkouts === paymentsCompleted && state?.success_payments === paymentsCompleted ? "✓" : "✗"}`,
  `live heap (lowest in use over ${round(windowMinutes)} min; shown, not judged) after the warm-up → end: ${memory.map((entry, i) => `instance ${entry.instance}${entry.restarted ? " (restarted)" : ""} ${entry.liveHeapAfterWarmupMb} → ${entry.liveHeapEndMb} MB (${percent(liveGrowth[i] ?? null)})`).join(", ")}`,
  `render cache at the end: ${memory.map((entry) => `instance ${entry.instance} ${entry.cacheEndMb} MB of ${entry.cacheBudgetMb}`).join(", ")} ${withinBudget ? "✓ (within its budget)" : "✗"}`,
  `RSS after the ${round(warmMinute)}-min warm-up → end: ${memory.map((entry) => `instance ${entry.instance}${entry.restarted ? " (restarted)" : ""} ${entry.rssAfterWarmupMb} → ${entry.rssEndMb} MB (${percent(change(entry.rssAfterWarmupMb, entry.rssEndMb))})`).join(", ")} ${rssJudged.length > 0 && rssJudged.every((value) => value !== null && value <= 0.1) ? "✓ (≤ 10 % on the instances that ran throughout)" : "✗"}`,
  `load balancer: ${lbRetries} requests sent on after a refused connection${restarts.length ? `; restarted ${restarts.join(", ")}` : ""}`,
];
console.log(goals.join("\n"));
if (!values["no-record"]) {
  const file = record({
    bench: "soak",
    engine: "postgresql",
    host,
    dataset: {
      businesses: new Set(catalogue.map((row) => row.business_id)).size,
      products: catalogue.length,
    },
    settings: {
      minutes,
      instances: instanceCount,
      users: userCount,
      rollingRestart: values["rolling-restart"],
    },
    table: markdownTable(rows),
    goals,
    data: {
      rows,
      memory,
      memorySamples,
      warmupMinutes: warmupMs / 60_000,
      errors: errors.slice(0, 50),
      checkoutsConfirmed,
      paymentsCompleted,
      state,
    },
  });
  console.log(`Written ${file}`);
}
process.exit(errors.length === 0 ? 0 : 1);
