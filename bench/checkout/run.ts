import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import pino from "pino";
import { readSettings } from "#app/config.server.ts";
import {
  type DatabaseHandle,
  openPglite,
  openPostgres,
  queryRows,
} from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { migrate } from "#app/db/migrate.server.ts";
import { businesses, categories, products, users } from "#app/db/schema.server.ts";
import { startCheckout } from "#app/orders/checkout.server.ts";
import { verifyAndConfirm } from "#app/orders/confirm.server.ts";
import { createPaymentProvider } from "#app/payments/provider.server.ts";
import { startPaystackSimulator } from "#server/paystack-simulator/index.ts";
import { machine, markdownTable, percentile, round } from "../http/record.ts";
import { recordCheckout } from "./record.ts";

/**
 * The race for the last units (issue 6): `--shoppers` (200) shoppers each start a checkout for
 * one unit of a product that has exactly `--units` (50) in stock, all at the same time, through
 * the app's own `startCheckout()`, against the Paystack simulator running as its own server and
 * Oja's real Paystack client. The winners pay (the simulator's test hook, as the hosted page
 * would) and are confirmed at the same time through `verifyAndConfirm()`, each twice at once to
 * show the confirmation is idempotent. Then it checks, and exits non-zero when one fails:
 * exactly `units` paid units, stock 0 and never below 0, everyone else refused with the
 * sold-out 409, no error, no payment confirmed twice.
 *
 *   npm run bench:checkout                                   # PGlite in /tmp/bench-checkout-pglite
 *   npm run bench:checkout -- --database-url postgres://postgres@127.0.0.1:5432/oja_bench_checkout
 *
 * The database is the bench's own and is wiped first: the PostgreSQL database is dropped and
 * created again (its name must contain "bench"), the PGlite data dir is deleted (only when it is
 * empty or was made by this bench). DATABASE_URL and DATA_DIR are deliberately not read.
 */
const { values } = parseArgs({
  options: {
    shoppers: { type: "string", default: "200" },
    units: { type: "string", default: "50" },
    "database-url": { type: "string" },
    "data-dir": { type: "string" },
    /** PostgreSQL connections: enough for the checkouts to really overlap. */
    pool: { type: "string", default: "20" },
    "no-record": { type: "boolean", default: false },
  },
});
const shoppers = Number(values.shoppers);
const units = Number(values.units);
const poolSize = Number(values.pool);
for (const [name, value] of [
  ["--shoppers", shoppers],
  ["--units", units],
  ["--pool", poolSize],
] as const) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number ≥ 1`);
}
if (values["database-url"] && values["data-dir"]) {
  throw new Error("Give --database-url (PostgreSQL) or --data-dir (PGlite), not both.");
}
const databaseUrl = values["database-url"];
const dataDir = path.resolve(values["data-dir"] ?? "/tmp/bench-checkout-pglite");
const engine = databaseUrl ? ("postgresql" as const) : ("pglite" as const);
const priceKobo = 1_500_000;

// ---------------------------------------------------------------------------------------------
// A database of its own, migrated like the server would.

const marker = ".oja-bench-checkout";

async function freshPostgres(
  url: string,
): Promise<{ handle: DatabaseHandle; watch: DatabaseHandle }> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ""));
  if (!/^[a-z0-9_]+$/.test(name) || !name.includes("bench")) {
    throw new Error(
      `Refusing to drop the database "${name}": the bench drops and recreates its database, so its ` +
        'name must be lower-case letters, digits and "_" and contain "bench" (e.g. oja_bench_checkout).',
    );
  }
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  return {
    handle: openPostgres(url, poolSize),
    // Its own connection, so watching the stock never waits for a pool the race has filled.
    watch: openPostgres(url, 1),
  };
}

async function freshPglite(
  dir: string,
): Promise<{ handle: DatabaseHandle; watch: DatabaseHandle }> {
  if (existsSync(dir) && readdirSync(dir).length > 0 && !existsSync(path.join(dir, marker))) {
    throw new Error(
      `Refusing to delete ${dir}: it is not empty and was not made by this bench. Give --data-dir ` +
        "an empty or missing directory.",
    );
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, marker), "Made by bench/checkout; deleted by its next run.\n");
  const handle = await openPglite({ dataDir: path.join(dir, "pglite") });
  // PGlite is one connection in this process: the watcher shares it.
  return { handle, watch: handle };
}

const hostAtStart = machine();
const setupStarted = performance.now();
const { handle, watch } = databaseUrl
  ? await freshPostgres(databaseUrl)
  : await freshPglite(dataDir);
const db = handle.db;
await migrate(db);

// One business, one product with exactly `units` in stock, `shoppers` shoppers.
const categoryId = newId("cat");
await db.insert(categories).values({ id: categoryId, slug: "bench-sale", name: "Flash sale" });
const businessId = newId("biz");
await db.insert(businesses).values({
  id: businessId,
  slug: "bench-checkout-store",
  categoryId,
  name: "Bench Checkout Store",
  city: "Lagos",
  address: "1 Marina, Lagos Island",
  hours: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
  status: "active",
});
const productId = newId("prd");
await db.insert(products).values({
  id: productId,
  businessId,
  slug: "last-units",
  name: "Limited Edition Ankara Tote",
  priceKobo,
  stock: units,
  status: "active",
});
const shopperRows = Array.from({ length: shoppers }, (_, index) => ({
  id: newId("usr"),
  name: `Bench Shopper ${index + 1}`,
  email: `shopper-${index + 1}@bench.oja.test`,
  emailVerified: true,
}));
for (let start = 0; start < shopperRows.length; start += 500) {
  await db.insert(users).values(shopperRows.slice(start, start + 500));
}

// The simulator as its own server (no webhook URL: webhooks off) and Oja's real client.
const running = await startPaystackSimulator();
const paymentProvider = createPaymentProvider(readSettings(running.env).paystack);
const logged: Array<{ level: number; msg: string }> = [];
const log = pino({ level: "info" }, { write: (line: string) => logged.push(JSON.parse(line)) });
const context = {
  db,
  payments: paymentProvider,
  log,
  callbackUrl: "http://127.0.0.1:3000/checkout/callback",
  publicUrl: "http://127.0.0.1:3000",
  commissionRateBp: 500,
};

/** The checkout form as the checkout screen posts it: one unit at the price the shopper sees. */
function checkoutForm(index: number, email: string) {
  const form = new FormData();
  form.set("intent", "pay");
  form.set("email", email);
  form.set("phone", "0803 123 4567");
  form.set("lines", JSON.stringify([{ id: productId, quantity: 1, amount: priceKobo / 100 }]));
  form.set("expectedTotalKobo", String(priceKobo));
  // Half pick up, half have it delivered (the delivery address is then required and stored).
  if (index % 2 === 0) {
    form.set(`fulfilment.${businessId}`, "pickup");
  } else {
    form.set(`fulfilment.${businessId}`, "delivery");
    form.set("recipient", `Bench Shopper ${index + 1}`);
    form.set("line1", "12 Admiralty Way");
    form.set("city", "Lagos");
    form.set("state", "Lagos");
  }
  return form;
}
const forms = shopperRows.map((shopper, index) => checkoutForm(index, shopper.email));

// Open the pool's connections before the race, as a server that has been up would have them.
if (engine === "postgresql") {
  await Promise.all(Array.from({ length: poolSize }, () => db.execute(sql`select pg_sleep(0.02)`)));
}
await watch.db.execute(sql`select 1`);
const setupMs = performance.now() - setupStarted;

// ---------------------------------------------------------------------------------------------
// CPU time per phase: less at the mercy of other work on the machine than wall time. This
// process's own (with PGlite, the database runs in it too), and on a local PostgreSQL the CPU of
// the bench's server backends, read from /proc (null where that can't be read).

const backendPids =
  engine === "postgresql"
    ? (
        await queryRows<{ pid: number }>(
          watch.db,
          sql`select pid from pg_stat_activity where datname = current_database()`,
        )
      ).map((row) => row.pid)
    : [];
function backendCpuMs(): number | null {
  if (backendPids.length === 0) return null;
  try {
    let ticks = 0;
    for (const pid of backendPids) {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
    }
    return ticks * 10; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}
interface CpuMark {
  process: NodeJS.CpuUsage;
  backends: number | null;
}
const cpuMark = (): CpuMark => ({ process: process.cpuUsage(), backends: backendCpuMs() });
const cpuSince = (mark: CpuMark) => {
  const used = process.cpuUsage(mark.process);
  const backends = backendCpuMs();
  return {
    processMs: round((used.user + used.system) / 1000),
    databaseMs:
      backends === null || mark.backends === null ? null : round(backends - mark.backends),
  };
};

// ---------------------------------------------------------------------------------------------
// Watching the stock while the race runs: it must never be seen below 0.

const stockSeen: number[] = [];
let watching = true;
const watcher = (async () => {
  while (watching) {
    const [row] = await queryRows<{ stock: number }>(
      watch.db,
      sql`select stock from products where id = ${productId}`,
    );
    if (row) stockSeen.push(row.stock);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
})();

// ---------------------------------------------------------------------------------------------
// The race: every shopper starts a checkout at once.

interface ErrorSeen {
  phase: "checkout" | "confirm";
  shopper: number;
  what: string;
}
const errors: ErrorSeen[] = [];
const errorText = (error: unknown) => {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code ?? (error.cause as { code?: unknown })?.code;
    const cause = error.cause instanceof Error ? ` (cause: ${error.cause.message})` : "";
    return `${error.name}${code ? ` ${String(code)}` : ""}: ${error.message.slice(0, 300)}${cause}`;
  }
  return String(error);
};

type Outcome = "paid-started" | "sold-out-at-quote" | "sold-out-at-hold" | "other" | "error";
interface Attempt {
  shopper: number;
  outcome: Outcome;
  ms: number;
  reference?: string;
  checkoutId?: string;
  detail?: string;
}

const raceCpu = cpuMark();
const raceStarted = performance.now();
const attempts: Attempt[] = await Promise.all(
  forms.map(async (form, shopper): Promise<Attempt> => {
    const started = performance.now();
    try {
      const result = await startCheckout(context, { id: shopperRows[shopper]?.id as string }, form);
      const ms = performance.now() - started;
      if (result.ok) {
        return {
          shopper,
          outcome: "paid-started",
          ms,
          reference: result.payment.reference,
          checkoutId: result.payment.checkoutId,
        };
      }
      const line = result.status === 409 ? result.quote.groups[0]?.lines[0] : undefined;
      const soldOut = line?.issues.some((issue) => issue.kind === "out_of_stock") ?? false;
      if (result.status === 409 && soldOut) {
        // Two ways to lose: the quote already saw 0, or the quote saw stock but the conditional
        // `stock = stock - 1 where stock >= 1` found none left by the time it ran.
        const atHold = result.message.includes("sold out just now");
        return { shopper, outcome: atHold ? "sold-out-at-hold" : "sold-out-at-quote", ms };
      }
      const detail = `status ${result.status}: ${JSON.stringify(result).slice(0, 300)}`;
      errors.push({ phase: "checkout", shopper, what: detail });
      return { shopper, outcome: "other", ms, detail };
    } catch (error) {
      const ms = performance.now() - started;
      errors.push({ phase: "checkout", shopper, what: errorText(error) });
      return { shopper, outcome: "error", ms, detail: errorText(error) };
    }
  }),
);
const raceMs = performance.now() - raceStarted;
const raceCpuUsed = cpuSince(raceCpu);
watching = false;
await watcher;

// ---------------------------------------------------------------------------------------------
// The winners pay, then every payment is confirmed twice, all at once.

const winners = attempts.filter((attempt) => attempt.outcome === "paid-started");
const payStarted = performance.now();
for (const winner of winners) running.simulator.complete(winner.reference as string, "success");
const payMs = performance.now() - payStarted;

interface ConfirmCall {
  shopper: number;
  copy: 1 | 2;
  ms: number;
  kind: string;
}
const confirmCpu = cpuMark();
const confirmStarted = performance.now();
const confirmations: ConfirmCall[] = await Promise.all(
  winners.flatMap((winner) =>
    ([1, 2] as const).map(async (copy): Promise<ConfirmCall> => {
      const started = performance.now();
      try {
        const confirmation = await verifyAndConfirm(context, winner.reference as string);
        const ms = performance.now() - started;
        if (confirmation.kind !== "paid" || confirmation.checkoutId !== winner.checkoutId) {
          errors.push({
            phase: "confirm",
            shopper: winner.shopper,
            what: `copy ${copy}: ${JSON.stringify(confirmation)}`,
          });
        }
        return { shopper: winner.shopper, copy, ms, kind: confirmation.kind };
      } catch (error) {
        const ms = performance.now() - started;
        errors.push({ phase: "confirm", shopper: winner.shopper, what: errorText(error) });
        return { shopper: winner.shopper, copy, ms, kind: "error" };
      }
    }),
  ),
);
const confirmMs = performance.now() - confirmStarted;
const confirmCpuUsed = cpuSince(confirmCpu);
const totalMs = performance.now() - raceStarted;

// ---------------------------------------------------------------------------------------------
// What the database says afterwards.

const [state] = await queryRows<{
  stock: number;
  paid_units: number;
  held_units: number;
  checkouts: number;
  checkouts_sold: number;
  orders: number;
  orders_paid: number;
  payments: number;
  payments_success: number;
  checkouts_paid_twice: number;
  payments_duplicate: number;
  refunds: number;
  receipts: number;
  stock_check: boolean;
}>(
  db,
  sql`select
    (select stock from products where id = ${productId})::int as stock,
    (select coalesce(sum(l.quantity), 0) from order_lines l join orders o on o.id = l.order_id
      where o.status = 'paid' and l.product_id = ${productId})::int as paid_units,
    (select coalesce(sum(l.quantity), 0) from order_lines l join orders o on o.id = l.order_id
      where l.product_id = ${productId})::int as held_units,
    (select count(*) from checkouts)::int as checkouts,
    (select count(*) from checkouts where stock_hold = 'sold')::int as checkouts_sold,
    (select count(*) from orders)::int as orders,
    (select count(*) from orders where status = 'paid')::int as orders_paid,
    (select count(*) from payments)::int as payments,
    (select count(*) from payments where status = 'success')::int as payments_success,
    (select count(*) from (select checkout_id from payments where status = 'success'
      group by checkout_id having count(*) > 1) twice)::int as checkouts_paid_twice,
    (select count(*) from payments where status = 'duplicate')::int as payments_duplicate,
    (select count(*) from refunds)::int as refunds,
    (select count(*) from email_outbox where kind = 'order-receipt')::int as receipts,
    exists (select 1 from pg_constraint where conname = 'products_stock_not_negative') as stock_check`,
);
if (!state) throw new Error("The database answered nothing.");

await running.close();
if (watch !== handle) await watch.close();
await handle.close();

// ---------------------------------------------------------------------------------------------
// Checks, numbers, record.

const count = (outcome: Outcome) =>
  attempts.filter((attempt) => attempt.outcome === outcome).length;
const soldOutAtQuote = count("sold-out-at-quote");
const soldOutAtHold = count("sold-out-at-hold");
const refused = soldOutAtQuote + soldOutAtHold;
const expectedWinners = Math.min(units, shoppers);
const minStockSeen = stockSeen.length > 0 ? Math.min(...stockSeen) : Number.NaN;
const loggedErrors = logged.filter((line) => line.level >= 50);
const loggedWarnings = logged.filter((line) => line.level === 40);
// Who won: the shoppers whose call started first, or a lottery (PostgreSQL's lock queue)?
const winnersAmongFirst = winners.filter((winner) => winner.shopper < expectedWinners).length;

// A type, not an interface, so that markdownTable takes it as a record.
type Check = {
  check: string;
  expected: string | number;
  got: string | number;
  ok: boolean;
};
/** A check that passes when `got` is `expected`. */
const equal = (check: string, expected: string | number, got: string | number): Check => ({
  check,
  expected,
  got,
  ok: String(expected) === String(got),
});
const checks: Check[] = [
  equal("paid units (sum of paid order lines)", expectedWinners, state.paid_units),
  equal("units in any order (no oversold unit)", expectedWinners, state.held_units),
  equal("product stock at the end", units - expectedWinners, state.stock),
  {
    check: `lowest stock seen during the race (${stockSeen.length} reads)`,
    expected: "≥ 0",
    got: minStockSeen,
    ok: minStockSeen >= 0,
  },
  equal("checkouts started (payment initialized)", expectedWinners, winners.length),
  equal("shoppers refused with the sold-out 409", shoppers - expectedWinners, refused),
  equal("errors, 5xx and other refusals", 0, errors.length),
  equal("error lines logged by the app", 0, loggedErrors.length),
  equal(
    "confirmations answered paid (both copies)",
    winners.length * 2,
    confirmations.filter((call) => call.kind === "paid").length,
  ),
  equal("checkouts written (losers write nothing)", expectedWinners, state.checkouts),
  equal("orders paid", expectedWinners, state.orders_paid),
  equal("checkouts whose stock is sold", expectedWinners, state.checkouts_sold),
  equal("payments confirmed (status success)", expectedWinners, state.payments_success),
  equal("checkouts paid by more than one payment", 0, state.checkouts_paid_twice),
  equal("duplicate payments / refunds", "0 / 0", `${state.payments_duplicate} / ${state.refunds}`),
  equal("receipt emails (one per paid checkout)", expectedWinners, state.receipts),
];
const failed = checks.filter((row) => !row.ok);

const times = (rows: Array<{ ms: number }>) => rows.map((row) => row.ms);
const latency = (label: string, samples: number[]) => ({
  call: label,
  n: samples.length,
  p50_ms: round(percentile(samples, 0.5)),
  p95_ms: round(percentile(samples, 0.95)),
  max_ms: round(samples.length > 0 ? Math.max(...samples) : 0),
});
const latencies = [
  latency("startCheckout, all", times(attempts)),
  latency("startCheckout, won (payment initialized)", times(winners)),
  latency(
    "startCheckout, sold-out 409",
    times(attempts.filter((attempt) => attempt.outcome.startsWith("sold-out"))),
  ),
  latency("verifyAndConfirm, all (2 per payment)", times(confirmations)),
];
const rates = {
  checkoutsPerSecond: round(shoppers / (raceMs / 1000)),
  confirmationsPerSecond: round(confirmations.length / (confirmMs / 1000)),
  paymentsConfirmedPerSecond: round(winners.length / (confirmMs / 1000)),
};
const none = { cpu_bench_ms: "", cpu_postgres_ms: "" };
const cpuColumns = (used: { processMs: number; databaseMs: number | null }) => ({
  cpu_bench_ms: used.processMs,
  cpu_postgres_ms: used.databaseMs ?? "",
});
const phases = [
  { phase: "setup (fresh database, migrations, rows, simulator)", ms: round(setupMs), ...none },
  {
    phase: `race: ${shoppers} × startCheckout at once`,
    ms: round(raceMs),
    ...cpuColumns(raceCpuUsed),
  },
  { phase: `pay: ${winners.length} × simulator.complete(success)`, ms: round(payMs), ...none },
  {
    phase: `confirm: ${confirmations.length} × verifyAndConfirm at once`,
    ms: round(confirmMs),
    ...cpuColumns(confirmCpuUsed),
  },
  { phase: "total (race + pay + confirm)", ms: round(totalMs), ...none },
];
/** CPU per call, the steadier measure on a shared machine. */
const cpuPerCall = (used: { processMs: number; databaseMs: number | null }, calls: number) =>
  `${round(used.processMs / calls, 2)} ms in the bench process` +
  (used.databaseMs === null ? "" : ` + ${round(used.databaseMs / calls, 2)} ms in PostgreSQL`);

const engineName = engine === "postgresql" ? `PostgreSQL (pool of ${poolSize})` : "PGlite";
console.log(
  `checkout race on ${engineName}: ${shoppers} shoppers, ${units} units, 1 unit each; ` +
    `${winners.length} won, ${soldOutAtQuote} refused at the quote, ${soldOutAtHold} at the hold, ` +
    `${errors.length} errors; ${winnersAmongFirst} of the winners were among the first ` +
    `${expectedWinners} calls started; the app logged ${loggedWarnings.length} warnings`,
);
console.table(checks);
console.table(latencies);
console.table(phases);
const summary = [
  `startCheckout: ${rates.checkoutsPerSecond} checkouts started/s (${shoppers} in ${round(raceMs / 1000, 2)} s), ` +
    `p50 ${latencies[0]?.p50_ms} ms, p95 ${latencies[0]?.p95_ms} ms; CPU per call ${cpuPerCall(raceCpuUsed, shoppers)}`,
  `verifyAndConfirm: ${rates.confirmationsPerSecond} confirmations/s (${confirmations.length} calls, ` +
    `${rates.paymentsConfirmedPerSecond} payments confirmed/s), p50 ${latencies[3]?.p50_ms} ms, p95 ${latencies[3]?.p95_ms} ms; ` +
    `CPU per call ${cpuPerCall(confirmCpuUsed, Math.max(1, confirmations.length))}`,
  `total ${round(totalMs / 1000, 2)} s; ${failed.length === 0 ? "every check passed" : `FAILED: ${failed.map((row) => row.check).join("; ")}`}` +
    (state.stock_check ? "" : " (note: the products_stock_not_negative constraint is missing)"),
];
console.log(summary.join("\n"));
for (const error of errors.slice(0, 20)) {
  console.error(`  ${error.phase} shopper ${error.shopper + 1}: ${error.what}`);
}
if (errors.length > 20) console.error(`  … and ${errors.length - 20} more`);
for (const line of loggedErrors.slice(0, 10)) console.error(`  logged: ${JSON.stringify(line)}`);

if (!values["no-record"]) {
  const file = recordCheckout({
    engine,
    host: hostAtStart,
    settings: {
      shoppers,
      units,
      quantityEach: 1,
      priceKobo,
      pool: engine === "postgresql" ? poolSize : 1,
    },
    goals: [
      `${state.paid_units} paid units of ${units} for ${shoppers} shoppers, stock ${state.stock} at the end, ` +
        `lowest seen ${minStockSeen}; ${refused} sold-out 409s, ${errors.length} errors: ` +
        (failed.length === 0
          ? "every check passed ✓"
          : `FAILED (${failed.map((row) => row.check).join("; ")})`),
      ...summary.slice(0, 2),
      `total ${round(totalMs / 1000, 2)} s (race ${round(raceMs / 1000, 2)} s, confirm ${round(confirmMs / 1000, 2)} s)`,
    ],
    table: [markdownTable(latencies), "", markdownTable(phases), "", markdownTable(checks)].join(
      "\n",
    ),
    data: {
      rates,
      latencies,
      phases,
      checks,
      outcomes: {
        won: winners.length,
        soldOutAtQuote,
        soldOutAtHold,
        errors: errors.length,
        winnersAmongFirst,
      },
      loggedWarnings,
      database: state,
      stockReads: stockSeen.length,
      minStockSeen,
      errors,
      loggedErrors,
    },
  });
  console.log(`Written ${file}`);
}
process.exitCode = failed.length === 0 ? 0 : 1;
