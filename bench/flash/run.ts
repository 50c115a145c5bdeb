import { parseArgs } from "node:util";
import { newId } from "#app/db/ids.ts";
import { businesses, categories, products, users } from "#app/db/schema.server.ts";
import { createFlashSale, flashSaleUnits, holdFlashUnits } from "#app/sales/flash.server.ts";
import { flashLimits } from "#app/sales/flash-limits.ts";
import { toLagosDateTime } from "#app/sales/sale-window.ts";
import { counts, freshBenchDatabase } from "../fresh-database.ts";
import { chooseGenerator } from "../http/generator.ts";
import { machine, markdownTable, percentile, record, round } from "../http/record.ts";
import { startServer, targetFrom } from "../http/server.ts";

/**
 * Flash sales under a crowd (issue 22, decision 054), on a database of the bench's own (PGlite,
 * or PostgreSQL with --database-url):
 *
 * - the race: `--holders` (500) shoppers press "buy" at once for `--units` (20) units, through
 *   the app's own holdFlashUnits: holds per second, and exactly `units` held.
 * - watchers: the production build (`build/`, `node server.ts`) serves the units-left answer
 *   every sale page polls (GET /api/flash/{id}), loaded by wrk (or node:http processes) at
 *   `--connections` (32): the requests per second it sustains, against what `--watchers` (2,000)
 *   pages polling every 10 seconds ask for.
 *
 *   npx react-router build && npm run bench:flash
 *   npm run bench:flash -- --database-url postgres://postgres@127.0.0.1:5432/oja_bench_flash
 *
 * The database is wiped first (a PostgreSQL database's name must contain "bench"; a PGlite dir
 * must be empty or this bench's own). Exits non-zero when a count is wrong.
 */
const { values } = parseArgs({
  options: {
    holders: { type: "string", default: "500" },
    units: { type: "string", default: "20" },
    watchers: { type: "string", default: "2000" },
    connections: { type: "string", default: "32" },
    duration: { type: "string", default: "10" },
    port: { type: "string", default: "3193" },
    "database-url": { type: "string" },
    "data-dir": { type: "string", default: "/tmp/bench-flash-pglite" },
    "no-record": { type: "boolean", default: false },
  },
});
const { holders, units, watchers, connections, duration } = counts(values, [
  "holders",
  "units",
  "watchers",
  "connections",
  "duration",
]);
const target = targetFrom(values);
const host = machine();

const handle = await freshBenchDatabase({
  bench: "flash",
  databaseUrl: target.databaseUrl,
  dataDir: target.dataDir,
});
const db = handle.db;
const categoryId = newId("cat");
await db.insert(categories).values({ id: categoryId, slug: "bench-shoes", name: "Shoes" });
const businessId = newId("biz");
await db.insert(businesses).values({
  id: businessId,
  slug: "bench-flash-kicks",
  categoryId,
  name: "Bench Flash Kicks",
  city: "Lagos",
  address: "1 Marina, Lagos Island",
  hours: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
  status: "active",
});
const productId = newId("prd");
await db.insert(products).values({
  id: productId,
  businessId,
  slug: "canvas-sneakers",
  name: "Canvas Sneakers",
  priceKobo: 2_000_000,
  stock: units,
  status: "active",
});
const manager = { id: newId("usr"), name: "Bench Manager", email: "manager@bench.oja.test" };
const people = Array.from({ length: holders }, (_, index) => ({
  id: newId("usr"),
  name: `Bench Shopper ${index + 1}`,
  email: `shopper-${index + 1}@bench.oja.test`,
  emailVerified: true,
}));
await db.insert(users).values([manager, ...people]);

const start = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const form = new FormData();
form.set("product", productId);
form.set("units", String(units));
form.set("salePrice", "12000");
form.set("perShopperLimit", "1");
form.set("startsAt", toLagosDateTime(start));
form.set("endsAt", toLagosDateTime(new Date(start.getTime() + 24 * 60 * 60_000)));
const made = await createFlashSale(
  db,
  { businessId, userId: manager.id, request: new Request("http://bench.invalid/") },
  form,
);
if (!made.ok) throw new Error(`the bench's sale was refused: ${JSON.stringify(made)}`);

// ---------------------------------------------------------------------------------------------
// The race: every shopper presses "buy" at once.

const latencies: number[] = [];
const raceStarted = performance.now();
const results = await Promise.all(
  people.map(async (person) => {
    const started = performance.now();
    const result = await holdFlashUnits(db, person, made.saleId, 1);
    latencies.push(performance.now() - started);
    return result;
  }),
);
const raceSeconds = (performance.now() - raceStarted) / 1000;
const held = results.filter((result) => result.ok).length;
const soldOut = results.filter((result) => !result.ok && result.message === "Sold out.").length;
const left = (await flashSaleUnits(db, made.saleId))?.left;
await handle.close();

// ---------------------------------------------------------------------------------------------
// Watchers: the units-left answer over HTTP from the production build.

const generator = chooseGenerator();
const server = await startServer(target, Number(values.port));
let load: Awaited<ReturnType<typeof generator.load>>;
try {
  load = await generator.load(server.origin, [`/api/flash/${made.saleId}`], {
    connections,
    durationMs: duration * 1000,
    warmupMs: 2000,
    workers: 1,
  });
} finally {
  await server.stop();
}
const needed = watchers / flashLimits.pollSeconds;

const checks = [
  { what: `exactly ${units} units held of ${units}`, ok: held === units && left === 0 },
  {
    what: `every other shopper (${holders - units}) told "Sold out."`,
    ok: soldOut === holders - units,
  },
  { what: "every units-left answer a 200", ok: load.non2xx === 0 && load.socketErrors === 0 },
  {
    what: `${watchers} watchers polling every ${flashLimits.pollSeconds} s ask ${needed} requests/s; served ${round(load.requestsPerSecond, 0)}/s (${round(load.requestsPerSecond / needed, 1)}×)`,
    ok: load.requestsPerSecond >= needed,
  },
];
const table = markdownTable([
  {
    measure: "race",
    setting: `${holders} shoppers, ${units} units`,
    result: `${held} held, ${soldOut} sold out; ${round(holders / raceSeconds, 0)} presses/s; p50 ${round(percentile(latencies, 0.5))} ms, p95 ${round(percentile(latencies, 0.95))} ms`,
    time: `${round(raceSeconds * 1000, 0)} ms`,
  },
  {
    measure: "watchers",
    setting: `GET /api/flash/{id}, ${connections} connections, ${generator.name}`,
    result: `${round(load.requestsPerSecond, 0)}/s; p50 ${round(load.p50Ms)} ms, p99 ${round(load.p99Ms)} ms`,
    time: `${duration} s`,
  },
]);
const goals = checks.map((check) => `${check.what}: ${check.ok ? "✓" : "✗"}`);
console.log(`\nbench:flash on ${target.engine}\n\n${table}\n\n${goals.join("\n")}`);
if (!values["no-record"]) {
  const file = record({
    bench: "flash",
    engine: target.engine,
    dataset: `${holders} shoppers racing for ${units} flash sale units; the units-left answer under load`,
    settings: { holders, units, watchers, connections, duration },
    table,
    goals,
    host,
    data: {
      race: { holders, units, held, soldOut, seconds: raceSeconds, latencies },
      watchers: { needed, load },
    },
  });
  console.log(`\nRecorded in ${file}`);
}
if (checks.some((check) => !check.ok)) process.exitCode = 1;
