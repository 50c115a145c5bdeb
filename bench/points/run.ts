import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import { newId } from "#app/db/ids.ts";
import { pointsEntries, pointsWallets, users } from "#app/db/schema.server.ts";
import { earnedInYear, recordPoints, walletOf } from "#app/points/ledger.server.ts";
import { counts, freshBenchDatabase } from "../fresh-database.ts";
import { machine, markdownTable, percentile, record, round } from "../http/record.ts";

/**
 * The points ledger's speed (issue 20), in process against the ledger's own functions and a
 * database of the bench's own:
 *
 * - reads for one shopper with `--entries` (100,000) ledger entries over the last year: the
 *   balance (`walletOf`, one row) and the points earned in the last 12 months (`earnedInYear`,
 *   the tier: a sum over that year's entries), p50/p95/max over `--reads` (200) each;
 * - writes: `--writes` (2,000) entries by `--concurrency` (8) writers at once, each for its own
 *   shopper (`recordPoints`: the wallet's row lock, the cause check, the entry and the wallet).
 *
 *   npm run bench:points                      # PGlite in /tmp/bench-points-pglite
 *   npm run bench:points -- --database-url postgres://postgres@127.0.0.1:5432/oja_bench_points
 */
const { values } = parseArgs({
  options: {
    entries: { type: "string", default: "100000" },
    reads: { type: "string", default: "200" },
    writes: { type: "string", default: "2000" },
    concurrency: { type: "string", default: "8" },
    "database-url": { type: "string" },
    "data-dir": { type: "string", default: "/tmp/bench-points-pglite" },
    "no-record": { type: "boolean", default: false },
  },
});
const { entries, reads, writes, concurrency } = counts(values, [
  "entries",
  "reads",
  "writes",
  "concurrency",
]);
const databaseUrl = values["database-url"];
const engine = databaseUrl ? ("postgresql" as const) : ("pglite" as const);
const host = machine();
const handle = await freshBenchDatabase({
  bench: "points",
  databaseUrl,
  dataDir: values["data-dir"],
});
const db = handle.db;

// One heavy shopper: `entries` earnings spread over the last year (written in bulk, as history;
// the wallet set to their sum), and `concurrency` writers' shoppers.
const heavy = newId("usr");
const writers = Array.from({ length: concurrency }, () => newId("usr"));
await db.insert(users).values(
  [heavy, ...writers].map((id, index) => ({
    id,
    name: `Bench ${index}`,
    email: `${id}@bench.oja.test`,
  })),
);
const yearMs = 365 * 24 * 60 * 60_000;
const now = Date.now();
for (let start = 0; start < entries; start += 2_000) {
  const count = Math.min(2_000, entries - start);
  await db.insert(pointsEntries).values(
    Array.from({ length: count }, (_, index) => ({
      id: newId("pte"),
      userId: heavy,
      kind: "earn" as const,
      availableDelta: 10,
      cause: `bench:${heavy}:${start + index}`,
      createdAt: new Date(now - ((start + index) / entries) * yearMs),
    })),
  );
}
await db
  .insert(pointsWallets)
  .values({ userId: heavy, available: entries * 10, lastActivityAt: new Date() });
// PostgreSQL plans with statistics, as autovacuum would have gathered them by now.
if (databaseUrl) await db.execute(sql`analyze points_entries`);

async function timed(run: () => Promise<unknown>, times: number) {
  const samples: number[] = [];
  for (let index = 0; index < times; index++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples;
}
const balanceReads = await timed(() => walletOf(db, heavy), reads);
const tierReads = await timed(() => earnedInYear(db, heavy), reads);
const balance = await walletOf(db, heavy);
const earned = await earnedInYear(db, heavy);

let next = 0;
const writeLatencies: number[] = [];
const writesStarted = performance.now();
await Promise.all(
  writers.map(async (userId) => {
    while (next < writes) {
      const n = next++;
      const started = performance.now();
      await db.transaction((tx) =>
        recordPoints(tx, { userId, kind: "earn", availableDelta: 10, cause: `bench-write:${n}` }),
      );
      writeLatencies.push(performance.now() - started);
    }
  }),
);
const writeSeconds = (performance.now() - writesStarted) / 1000;
const written = await Promise.all(writers.map((userId) => walletOf(db, userId)));
const writtenPoints = written.reduce((sum, wallet) => sum + wallet.available, 0);
const [heavyWallet] = await db.select().from(pointsWallets).where(eq(pointsWallets.userId, heavy));
await handle.close();

const stats = (samples: number[]) =>
  `p50 ${round(percentile(samples, 0.5), 2)} ms, p95 ${round(percentile(samples, 0.95), 2)} ms, max ${round(Math.max(...samples), 1)} ms`;
const checks = [
  {
    what: `balance of ${entries} entries read whole`,
    ok: balance.available === entries * 10 && heavyWallet?.available === entries * 10,
  },
  { what: "the year's earnings summed whole", ok: earned === entries * 10 },
  { what: `${writes} writes all recorded`, ok: writtenPoints === writes * 10 },
];
const table = markdownTable([
  { measure: "balance read", setting: `${entries} entries`, result: stats(balanceReads) },
  {
    measure: "earned in 12 months (tier)",
    setting: `${entries} entries`,
    result: stats(tierReads),
  },
  {
    measure: "writes",
    setting: `${writes} by ${concurrency} writers`,
    result: `${round(writes / writeSeconds, 0)}/s; ${stats(writeLatencies)}`,
  },
]);
const goals = checks.map((check) => `${check.what}: ${check.ok ? "✓" : "✗"}`);
console.log(`\nbench:points on ${engine}\n\n${table}\n\n${goals.join("\n")}`);
if (!values["no-record"]) {
  const file = record({
    bench: "points",
    engine,
    dataset: `one shopper with ${entries} ledger entries over a year; ${writes} writes by ${concurrency} writers`,
    settings: { entries, reads, writes, concurrency },
    table,
    goals,
    data: {
      balanceRead: { p50: percentile(balanceReads, 0.5), p95: percentile(balanceReads, 0.95) },
      tierRead: { p50: percentile(tierReads, 0.5), p95: percentile(tierReads, 0.95) },
      writes: {
        perSecond: writes / writeSeconds,
        p50: percentile(writeLatencies, 0.5),
        p95: percentile(writeLatencies, 0.95),
      },
    },
    host,
  });
  console.log(`\nRecorded in ${file}`);
}
if (checks.some((check) => !check.ok)) process.exit(1);
