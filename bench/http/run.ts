import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { browserHeaders, capture, type LoadResult, load } from "./load.ts";
import { markdownTable, record, round } from "./record.ts";
import { choosePages, startServer, targetFrom } from "./server.ts";

/**
 * Requests per second and p99 latency at 32 connections (issue 5) for /, /{id}, a product page
 * and /search/{term}, against the production build (build/, `node server.ts`), plus /{id}'s ratio
 * to a bare node:http server sending the same recorded response (goal ≥ 0.5).
 *
 *   npm run bench:http -- --data-dir /tmp/bench-pglite-data
 *   npm run bench:http -- --database-url postgres://postgres@127.0.0.1:5432/oja_bench
 *
 * The load generator runs in this process on the same machine, so it takes CPU from the server:
 * the numbers are what one machine does serving and loading itself, the same for the app and for
 * the bare server.
 */
const { values } = parseArgs({
  options: {
    "data-dir": { type: "string" },
    "database-url": { type: "string" },
    port: { type: "string", default: "3191" },
    connections: { type: "string", default: "32" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    "no-record": { type: "boolean", default: false },
  },
});
const target = targetFrom(values);
const port = Number(values.port);
const options = {
  connections: Number(values.connections),
  durationMs: Number(values.duration) * 1000,
  warmupMs: Number(values.warmup) * 1000,
};
const ratioGoal = 0.5;

const pages = await choosePages(target);
const paths = {
  home: "/",
  business: `/${pages.business}`,
  product: `/${pages.business}/products/${pages.product}`,
  search: `/search/${encodeURIComponent(pages.term)}`,
};
console.log(
  `http on ${target.engine}: ${pages.businesses} businesses, ${pages.products} products; ` +
    `${options.connections} connections, ${options.durationMs / 1000} s each after ${options.warmupMs / 1000} s warm-up`,
);

const server = await startServer(target, port);
const scratch = mkdtempSync(path.join(tmpdir(), "oja-bench-http-"));
type Row = {
  url: string;
  status: string;
  "req/s": number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  bytes: number;
  errors: number;
};
const rows: Row[] = [];
const results: Record<string, LoadResult | { skipped: string }> = {};
const row = (url: string, result: LoadResult): Row => ({
  url,
  status:
    result.requests === 0
      ? "no answer in window"
      : Object.entries(result.statuses)
          .map(([status, count]) =>
            Object.keys(result.statuses).length > 1 ? `${status}×${count}` : status,
          )
          .join(" "),
  "req/s": round(result.requestsPerSecond, 0),
  p50_ms: round(result.p50Ms),
  p99_ms: round(result.p99Ms),
  max_ms: round(result.maxMs),
  bytes: result.bytesPerRequest,
  errors: result.errors,
});
let ratio: number | undefined;

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
try {
  for (const [name, pathname] of Object.entries(paths)) {
    const url = `${server.origin}${pathname}`;
    const first = await capture(url);
    if (first.status !== 200) {
      // An older build may not have the route yet; measuring its 404 page says nothing.
      console.warn(`${pathname} answers ${first.status}; skipped`);
      results[name] = { skipped: `status ${first.status}` };
      rows.push({
        url: pathname,
        status: `${first.status} (skipped)`,
        "req/s": 0,
        p50_ms: 0,
        p99_ms: 0,
        max_ms: 0,
        bytes: first.body.length,
        errors: 0,
      });
      continue;
    }
    const result = await load(url, options);
    results[name] = result;
    rows.push(row(pathname, result));
    await settle(server.origin);

    if (name === "business") {
      const recorded = path.join(scratch, "business.json");
      writeFileSync(recorded, JSON.stringify({ ...first, body: first.body.toString("base64") }));
      const encoding = first.rawHeaders.findIndex(
        (header) => header.toLowerCase() === "content-encoding",
      );
      const barePort = port + 1;
      const bare = spawn(
        process.execPath,
        [path.join(import.meta.dirname, "bare-server.ts"), recorded, String(barePort)],
        {
          stdio: ["ignore", "pipe", "inherit"],
        },
      );
      await new Promise((resolve) => bare.stdout?.once("data", resolve));
      try {
        const bareResult = await load(`http://127.0.0.1:${barePort}/`, options);
        results.bare = bareResult;
        rows.push(
          row(
            `bare node:http, same ${first.body.length} bytes (${encoding >= 0 ? first.rawHeaders[encoding + 1] : "identity"})`,
            bareResult,
          ),
        );
        ratio = result.requestsPerSecond / bareResult.requestsPerSecond;
      } finally {
        bare.kill();
      }
    }
  }
} finally {
  await server.stop();
  rmSync(scratch, { recursive: true, force: true });
}

console.table(rows);
const goals = [
  ratio === undefined
    ? `/{id} vs bare node:http: not measured (/{id} did not answer 200)`
    : `/{id} req/s is ${round(ratio, 2)} of a bare node:http server's on the same bytes: ${round(ratio / ratioGoal, 2)} of the ≥ ${ratioGoal} goal`,
];
console.log(goals.join("\n"));
if (!values["no-record"]) {
  const file = record({
    bench: "http",
    engine: target.engine,
    dataset: { businesses: pages.businesses, products: pages.products },
    settings: { ...options, paths, acceptEncoding: browserHeaders["accept-encoding"] },
    table: markdownTable(rows),
    goals,
    data: { paths, results, ratioToBare: ratio },
  });
  console.log(`Written ${file}`);
}
