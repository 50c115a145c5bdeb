import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { searchTerms } from "../search/terms.ts";
import {
  type CeilingSample,
  type CeilingVerdict,
  ceilingCheck,
  chooseGenerator,
  type LoadOptions,
  type LoadResult,
} from "./generator.ts";
import { browserHeaders, capture } from "./load.ts";
import { machine, machineLine, markdownTable, percentile, record, round } from "./record.ts";
import { choosePages, startServer, targetFrom } from "./server.ts";

/**
 * Requests per second, p50, p99 and errors at 32 keep-alive connections (issue 17) for every
 * public page class, against the production build (build/, `node server.ts`), each as a ratio to
 * a bare node:http server sending the recorded `/{id}` answer from its own process: the limit a
 * page served from memory could reach on this machine (goal ≥ 0.5 for /{id} and guest-cached
 * pages).
 *
 *   npm run bench:http -- --data-dir /tmp/bench-pglite-data
 *   npm run bench:http -- --database-url postgres://postgres@127.0.0.1:5432/oja_bench
 *
 * The generator is wrk when installed (./generator.ts says why), else node:http processes. Its
 * ceiling check runs first: the bare server loaded with 1, 2, 4 … generator workers; if a step
 * up still raises the bare figure by more than 10 %, the generator, not the server, was the
 * limit, and the output and the record say so. The bare server is measured again at the end,
 * and the higher of the two figures is the one every ratio divides by.
 */
const { values } = parseArgs({
  options: {
    "data-dir": { type: "string" },
    "database-url": { type: "string" },
    port: { type: "string", default: "3191" },
    connections: { type: "string", default: "32" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    /** Generator sizes of the ceiling check, ascending: wrk threads or node:http processes. */
    workers: { type: "string", default: "1,2,4" },
    "no-record": { type: "boolean", default: false },
  },
});
const target = targetFrom(values);
const port = Number(values.port);
const base = {
  connections: Number(values.connections),
  durationMs: Number(values.duration) * 1000,
  warmupMs: Number(values.warmup) * 1000,
};
const workerSteps = (values.workers as string)
  .split(",")
  .map(Number)
  .filter((n) => Number.isInteger(n) && n >= 1);
if (workerSteps.length === 0) throw new Error("--workers: a list of whole numbers, e.g. 1,2,4");
const ratioGoal = 0.5;
const searchP99GoalMs = 100;

const host = machine();
const pages = await choosePages(target);
const terms = searchTerms();
const generator = chooseGenerator();

/** What the autocomplete asks while a shopper types a term: its first three letters, then all. */
const suggestQueries = [
  ...new Set(terms.flatMap((term) => [term.text.slice(0, 3), term.text])),
].filter((q) => q.trim().length >= 2);

interface PageClass {
  name: string;
  /** What the table shows. */
  label: string;
  paths: string[];
  /** Rendered once for guests and served from cache (issue 17 item 3): goal ≥ 0.5 × bare. */
  guestCached: boolean;
  /** Why there is nothing to measure, when there isn't. */
  missing?: string;
  /**
   * Ask every path once, one at a time, before the load (search terms): what a shopper waits for
   * when nobody asked that term lately (the search and the render; decision 033), reported as a
   * row of its own. The load after it then measures popular terms, as the cache keeps them.
   */
  firstAsks?: boolean;
}
const businessPath = `/${pages.business}`;
const classes: PageClass[] = [
  { name: "business", label: "/{id}", paths: [businessPath], guestCached: true },
  { name: "home", label: "/", paths: ["/"], guestCached: true },
  {
    name: "product",
    label: "/{id}/products/{product}",
    paths: [`${businessPath}/products/${pages.product}`],
    guestCached: true,
  },
  { name: "b", label: "/b", paths: ["/b"], guestCached: true },
  { name: "businesses", label: "/businesses", paths: ["/businesses"], guestCached: true },
  pages.collection
    ? {
        name: "collection",
        label: "/b/{id}/collection/{collection}",
        paths: [`/b/${pages.collection.business}/collection/${pages.collection.slug}`],
        guestCached: true,
      }
    : {
        name: "collection",
        label: "/b/{id}/collection/{collection}",
        paths: [],
        guestCached: true,
        missing: "no collection in this dataset",
      },
  pages.category
    ? {
        name: "category",
        label: "/shop/{id}",
        paths: [`/shop/${pages.category}`],
        guestCached: true,
      }
    : {
        name: "category",
        label: "/shop/{id}",
        paths: [],
        guestCached: true,
        missing: "no category",
      },
  {
    name: "search",
    label: `/search/{term}, ${terms.length} terms`,
    paths: terms.map((term) => `/search/${encodeURIComponent(term.text)}`),
    guestCached: false,
    firstAsks: true,
  },
  {
    name: "suggest",
    label: `/api/search/suggest?q=, ${suggestQueries.length} prefixes and terms`,
    paths: suggestQueries.map((q) => `/api/search/suggest?q=${encodeURIComponent(q)}`),
    guestCached: false,
  },
  { name: "cart", label: "/cart", paths: ["/cart"], guestCached: true },
];

const machineText = `${machineLine(host)}, engine ${target.engine === "postgresql" ? "PostgreSQL" : "PGlite"}`;
console.log(`Machine: ${machineText}.`);
console.log(
  `Dataset: ${pages.businesses} active businesses, ${pages.products} active products. Generator: ${generator.name}; ` +
    `${base.connections} connections, ${base.durationMs / 1000} s each after ${base.warmupMs / 1000} s warm-up.`,
);
if (!generator.preferred) {
  console.warn(
    "WARNING: wrk is not installed; the node:http fallback costs several times wrk's CPU per request, " +
      "so on a small machine the bare figure is lower than the server's real ceiling and ratios flatter the app.",
  );
}

const server = await startServer(target, port);
const scratch = mkdtempSync(path.join(tmpdir(), "oja-bench-http-"));

type Row = {
  page: string;
  status: string;
  "req/s": number;
  p50_ms: number;
  p99_ms: number;
  errors: string;
  "× bare": number | string;
  bytes: number;
};
const results: Record<string, LoadResult | { skipped: string }> = {};
const measured: Array<{ page: PageClass; result: LoadResult }> = [];
/** Each path of a `firstAsks` class asked once, one at a time: latency percentiles. */
const firstAskResults: Record<
  string,
  { asks: number; seconds: number; p50Ms: number; p99Ms: number; maxMs: number; non2xx: number }
> = {};

async function askEachOnce(origin: string, paths: readonly string[]) {
  const latencies: number[] = [];
  let non2xx = 0;
  const start = performance.now();
  for (const path of paths) {
    const sent = performance.now();
    const answer = await capture(`${origin}${path}`);
    latencies.push(performance.now() - sent);
    if (answer.status < 200 || answer.status > 299) non2xx += 1;
  }
  return {
    asks: paths.length,
    seconds: (performance.now() - start) / 1000,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    maxMs: Math.max(...latencies),
    non2xx,
  };
}

const statusText = (result: LoadResult) =>
  result.requests === 0
    ? "no answer in window"
    : Object.entries(result.statuses)
        .map(([status, count]) =>
          Object.keys(result.statuses).length > 1 ? `${status}×${count}` : status,
        )
        .join(" ");
const errorText = (result: LoadResult) =>
  result.non2xx + result.socketErrors === 0
    ? "0"
    : `${result.non2xx} non-2xx, ${result.socketErrors} socket`;
const row = (page: string, result: LoadResult, bare?: number): Row => ({
  page,
  status: statusText(result),
  "req/s": round(result.requestsPerSecond, 0),
  p50_ms: round(result.p50Ms),
  p99_ms: round(result.p99Ms),
  errors: errorText(result),
  "× bare": bare ? round(result.requestsPerSecond / bare, 3) : "",
  bytes: result.bytesPerRequest,
});

/**
 * Waits until the server has worked off the requests still queued when a load stopped (a slow
 * page at 32 connections leaves up to 32 behind; PGlite runs one query at a time), so they do not
 * slow the next page's numbers: /readyz goes through the database queue.
 */
async function settle(origin: string) {
  const until = performance.now() + 60_000;
  while (performance.now() < until) {
    const sent = performance.now();
    await fetch(`${origin}/readyz`).catch(() => undefined);
    if (performance.now() - sent < 50) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function startBare(recorded: string, barePort: number): Promise<ChildProcess> {
  const bare = spawn(
    process.execPath,
    [path.join(import.meta.dirname, "bare-server.ts"), recorded, String(barePort)],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise((resolve, reject) => {
    bare.stdout?.once("data", resolve);
    bare.once("exit", (code) => reject(new Error(`bare-server exited with ${code}`)));
  });
  return bare;
}

let verdict: CeilingVerdict | undefined;
let bareStart: LoadResult | undefined;
let bareEnd: LoadResult | undefined;
let bareLabel = "";
const ceilingSamples: Array<CeilingSample & { result: LoadResult }> = [];
try {
  // The bare server replays /{id} exactly as the app sent it to a browser.
  const first = await capture(`${server.origin}${businessPath}`);
  if (first.status !== 200)
    throw new Error(`${businessPath} answers ${first.status}: no bare yardstick`);
  const recorded = path.join(scratch, "business.json");
  writeFileSync(recorded, JSON.stringify({ ...first, body: first.body.toString("base64") }));
  const encoding = first.rawHeaders.findIndex(
    (header) => header.toLowerCase() === "content-encoding",
  );
  bareLabel = `bare node:http, same ${first.body.length} bytes (${encoding >= 0 ? first.rawHeaders[encoding + 1] : "identity"})`;
  const barePort = port + 1;
  const bareOrigin = `http://127.0.0.1:${barePort}`;

  const bare = await startBare(recorded, barePort);
  try {
    for (const workers of workerSteps) {
      const result = await generator.load(bareOrigin, ["/"], { ...base, workers });
      ceilingSamples.push({ workers, requestsPerSecond: result.requestsPerSecond, result });
      console.log(
        `bare, ${workers} generator worker(s): ${round(result.requestsPerSecond, 0)} req/s`,
      );
    }
  } finally {
    bare.kill();
  }
  verdict = ceilingCheck(ceilingSamples);
  console.log(verdict.reached ? verdict.text : `\n*** ${verdict.text} ***\n`);
  bareStart = ceilingSamples.find((s) => s.workers === verdict?.workers)?.result;
  const options: LoadOptions = { ...base, workers: verdict.workers };

  for (const page of classes) {
    const firstPath = page.paths[0];
    if (!firstPath) {
      results[page.name] = { skipped: page.missing ?? "nothing to measure" };
      continue;
    }
    const answer = await capture(`${server.origin}${firstPath}`);
    if (answer.status !== 200) {
      // An older build may not have the route yet; measuring its 404 page says nothing.
      console.warn(`${firstPath} answers ${answer.status}; skipped`);
      results[page.name] = { skipped: `status ${answer.status}` };
      continue;
    }
    const origin = server.origin;
    if (page.firstAsks) {
      const asked = await askEachOnce(origin, page.paths);
      firstAskResults[page.name] = asked;
      console.log(
        `${page.label}, each asked once, one at a time: p50 ${round(asked.p50Ms)} ms, p99 ${round(asked.p99Ms)} ms`,
      );
    }
    const result = await generator.load(origin, page.paths, {
      ...options,
      afterWarmup: () => settle(origin),
    });
    results[page.name] = result;
    measured.push({ page, result });
    console.log(
      `${page.label}: ${round(result.requestsPerSecond, 0)} req/s, p99 ${round(result.p99Ms)} ms`,
    );
    await settle(server.origin);
  }

  // Once more at the end: how much the machine changed during the run.
  const bareAgain = await startBare(recorded, barePort);
  try {
    bareEnd = await generator.load(bareOrigin, ["/"], options);
  } finally {
    bareAgain.kill();
  }
} finally {
  await server.stop();
  rmSync(scratch, { recursive: true, force: true });
}

if (!verdict || !bareStart || !bareEnd) throw new Error("The bare server was not measured");
// The higher of the two bare figures: a ratio to the lower one would flatter the app.
const bareRps = Math.max(bareStart.requestsPerSecond, bareEnd.requestsPerSecond);
const rows: Row[] = [
  row(`${bareLabel}, start`, bareStart, bareRps),
  row(`${bareLabel}, end`, bareEnd, bareRps),
];
for (const page of classes) {
  const result = results[page.name];
  const shown = measured.find((entry) => entry.page === page);
  const asked = firstAskResults[page.name];
  if (asked) {
    rows.push({
      page: `${page.label}, each asked once, 1 connection`,
      status: asked.non2xx === 0 ? "200" : `${asked.non2xx} non-2xx`,
      "req/s": round(asked.asks / asked.seconds, 0),
      p50_ms: round(asked.p50Ms),
      p99_ms: round(asked.p99Ms),
      errors: String(asked.non2xx),
      "× bare": "",
      bytes: 0,
    });
  }
  if (shown) rows.push(row(page.label, shown.result, bareRps));
  else {
    rows.push({
      page: page.label,
      status: result && "skipped" in result ? result.skipped : "not measured",
      "req/s": 0,
      p50_ms: 0,
      p99_ms: 0,
      errors: "",
      "× bare": "",
      bytes: 0,
    });
  }
}
console.table(rows);

const goals: string[] = [
  `generator: ${generator.name}, ${verdict.workers} worker(s) for the pages; ${verdict.text}`,
  `bare node:http on the recorded /{id}: ${round(bareStart.requestsPerSecond, 0)} req/s at the start, ${round(bareEnd.requestsPerSecond, 0)} at the end; ratios divide by ${round(bareRps, 0)}`,
];
if (!generator.preferred) {
  goals.push(
    "FALLBACK GENERATOR (wrk not installed): its CPU per request is several times wrk's, so the bare figure is low and the ratios flatter the app",
  );
}
const cachedMisses = measured.filter(
  ({ page, result }) => page.guestCached && result.requestsPerSecond / bareRps < ratioGoal,
);
goals.push(
  cachedMisses.length === 0
    ? `every guest-cached page ≥ ${ratioGoal} × bare ✓`
    : `under ${ratioGoal} × bare: ${cachedMisses.map(({ page, result }) => `${page.label} ${round(result.requestsPerSecond / bareRps, 3)}`).join(", ")}`,
);
const search = measured.find(({ page }) => page.name === "search");
if (search) {
  goals.push(
    search.result.requests === 0
      ? `/search/{term} over ${terms.length} terms: no answer in the ${base.durationMs / 1000} s window ✗`
      : `/search/{term} over ${terms.length} terms: p99 ${round(search.result.p99Ms)} ms, ${round(search.result.p99Ms / searchP99GoalMs, 2)} of the ${searchP99GoalMs} ms goal ${search.result.p99Ms < searchP99GoalMs ? "✓" : "✗"}`,
  );
}
const silent = measured.filter(({ result }) => result.requests === 0);
if (silent.length > 0) {
  goals.push(
    `no answer at all in the ${base.durationMs / 1000} s window (slower than that at ${base.connections} connections): ${silent.map(({ page }) => page.label).join(", ")} ✗`,
  );
}
const withErrors = [
  ...measured.map(({ page, result }) => ({ label: page.label, result })),
  { label: "bare", result: bareStart },
  { label: "bare (end)", result: bareEnd },
].filter(({ result }) => result.non2xx + result.socketErrors > 0);
goals.push(
  withErrors.length === 0
    ? "no errors (non-2xx or socket) ✓"
    : `errors: ${withErrors.map(({ label, result }) => `${label} ${errorText(result)}`).join("; ")}`,
);
for (const page of classes.filter((entry) => entry.missing)) {
  goals.push(`${page.label}: ${page.missing}`);
}
console.log(goals.join("\n"));

if (!values["no-record"]) {
  const file = record({
    bench: "http",
    engine: target.engine,
    host,
    note: `Generator: ${generator.name}.`,
    dataset: { businesses: pages.businesses, products: pages.products },
    settings: {
      ...base,
      workerSteps,
      workers: verdict.workers,
      generator: generator.name,
      acceptEncoding: browserHeaders["accept-encoding"],
    },
    table: markdownTable(rows),
    goals,
    data: {
      classes: classes.map(({ name, label, paths, guestCached, missing }) => ({
        name,
        label,
        guestCached,
        missing,
        paths: paths.length > 5 ? [...paths.slice(0, 5), `… ${paths.length} in all`] : paths,
      })),
      ceiling: { verdict, samples: ceilingSamples },
      bare: { start: bareStart, end: bareEnd, divisor: bareRps },
      results,
      firstAsks: firstAskResults,
    },
  });
  console.log(`Written ${file}`);
}
