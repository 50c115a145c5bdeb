import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import {
  type DatabaseHandle,
  openPglite,
  openPostgres,
  queryRows,
} from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { migrate } from "#app/db/migrate.server.ts";
import {
  accounts,
  businesses,
  categories,
  deliveryAreas,
  deliverySettings,
  products,
  users,
} from "#app/db/schema.server.ts";
import type { StartCheckoutResult } from "#app/orders/checkout.server.ts";
import { startPaystackSimulator } from "#server/paystack-simulator/index.ts";
import { machine, markdownTable, percentile, round } from "../http/record.ts";
import { startServer } from "../http/server.ts";
import { recordCheckout } from "./record.ts";
import { addressOf, browserHeaders, postAction, signIn } from "./shopper.ts";

/**
 * The race for the last units (issue 6), over HTTP (issue 17): `--shoppers` (200) shoppers each
 * start a checkout for one unit of a product that has exactly `--units` (50) in stock, all at the
 * same time, against the production build (`node server.ts`, as bench:http starts it) with the
 * Paystack simulator as its own server (in this process) and Oja's real Paystack client (in the
 * server). Each shopper is a browser: signed in through the /Login form, it posts the checkout
 * form to `/checkout.data` with its session cookie, as the checkout screen's fetcher does, from
 * its own address (X-Forwarded-For through TRUST_PROXY=loopback, as behind a proxy in
 * production, so the per-address checkout limit sees 200 shoppers, not one). The winners pay
 * (the simulator's test hook, as its popup would) and post the confirmation twice at once, as
 * the popup's callback does, to show it is idempotent. Then it checks, and exits non-zero when
 * one fails: exactly `units` paid units, stock 0 and never below 0, everyone else refused with
 * the sold-out 409, no error, no payment confirmed twice.
 *
 *   npx react-router build   # once: the bench runs the build
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
    port: { type: "string", default: "3194" },
    "no-record": { type: "boolean", default: false },
  },
});
const shoppers = Number(values.shoppers);
const units = Number(values.units);
const port = Number(values.port);
for (const [name, value] of [
  ["--shoppers", shoppers],
  ["--units", units],
  ["--port", port],
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
/** The server's own pool (app/db/database.server.ts), shown with the results. */
const serverPoolSize = 10;
const password = "Bench shopper password, long enough 17";

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
    handle: openPostgres(url, 2),
    // Its own connection, so watching the stock never waits for anything else.
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
  // Where the server will look for it (DATA_DIR/pglite); closed before the server starts, since
  // one process at a time may open a PGlite data dir, and opened again for the checks.
  const handle = await openPglite({ dataDir: path.join(dir, "pglite") });
  return { handle, watch: handle };
}

const hostAtStart = machine();
const setupStarted = performance.now();
const opened = databaseUrl ? await freshPostgres(databaseUrl) : await freshPglite(dataDir);
let handle = opened.handle;
const watch = engine === "postgresql" ? opened.watch : undefined;
const db = handle.db;
await migrate(db);

// One business, one product with exactly `units` in stock, `shoppers` shoppers with a password.
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
// It delivers in Lagos for free, so half the shoppers can have it delivered at the item's price.
await db.insert(deliverySettings).values({ businessId });
await db
  .insert(deliveryAreas)
  .values({ businessId, position: 0, city: "Lagos", feeKobo: 0, estimate: "Same day" });
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
// One hash for everyone: Better Auth's own scrypt, as a sign-up would store it (each takes ~0.1 s).
const passwordHash = await hashPassword(password);
for (let start = 0; start < shopperRows.length; start += 500) {
  const batch = shopperRows.slice(start, start + 500);
  await db.insert(users).values(batch);
  await db.insert(accounts).values(
    batch.map((user) => ({
      id: newId("acc"),
      userId: user.id,
      accountId: user.id,
      providerId: "credential",
      password: passwordHash,
    })),
  );
}
if (engine === "pglite") await handle.close();

// The simulator as its own server (no webhook URL: webhooks off); the app gets its keys and URL.
const running = await startPaystackSimulator();
const origin = `http://127.0.0.1:${port}`;
const logged: Array<{ level: number; msg: string }> = [];
const server = await startServer({ engine, dataDir, databaseUrl }, port, {
  env: { ...running.env, TRUST_PROXY: "loopback", PUBLIC_URL: origin },
  logLevel: "info",
  onLog: (line) => {
    try {
      logged.push(JSON.parse(line));
    } catch {
      logged.push({ level: 30, msg: line });
    }
  },
});

const signInShopper = (index: number, email: string) =>
  signIn(origin, email, password, addressOf(index));
const cookies: string[] = [];
// A few at a time: each is a scrypt check on the server, not what this bench measures.
for (let start = 0; start < shopperRows.length; start += 8) {
  cookies.push(
    ...(await Promise.all(
      shopperRows
        .slice(start, start + 8)
        .map((shopper, offset) => signInShopper(start + offset, shopper.email)),
    )),
  );
}

/** The checkout form as the checkout screen posts it: one unit at the price the shopper sees. */
function checkoutForm(index: number, email: string) {
  const form = new URLSearchParams();
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

/** The checkout screen's fetcher posting the form (`/checkout.data`), as that shopper. */
const postCheckout = (index: number, form: URLSearchParams) =>
  postAction(
    `${origin}/checkout.data`,
    browserHeaders(origin, addressOf(index), cookies[index]),
    form,
  );
const setupMs = performance.now() - setupStarted;

// ---------------------------------------------------------------------------------------------
// CPU time per phase: less at the mercy of other work on the machine than wall time. This
// process's own (the shoppers' requests, and the simulator), the server process's, and on a
// local PostgreSQL the CPU of the database's backends, read from /proc (null where that can't be
// read). With PGlite the database runs inside the server process.

/** utime + stime of a process in ms (USER_HZ is 100 on Linux), or undefined when gone. */
function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime (fields 14 and 15)
  } catch {
    return undefined;
  }
}
async function backendCpu(): Promise<Map<number, number> | null> {
  if (!watch) return null;
  const pids = await queryRows<{ pid: number }>(
    watch.db,
    sql`select pid from pg_stat_activity where datname = current_database()`,
  );
  const cpu = new Map<number, number>();
  for (const { pid } of pids) {
    const ms = processCpuMs(pid);
    if (ms === undefined) return null; // not a local PostgreSQL
    cpu.set(pid, ms);
  }
  return cpu;
}
interface CpuMark {
  process: NodeJS.CpuUsage;
  server: number | undefined;
  backends: Map<number, number> | null;
}
const serverPid = server.process.pid as number;
const cpuMark = async (): Promise<CpuMark> => ({
  process: process.cpuUsage(),
  server: processCpuMs(serverPid),
  backends: await backendCpu(),
});
const cpuSince = async (mark: CpuMark) => {
  const used = process.cpuUsage(mark.process);
  const server = processCpuMs(serverPid);
  const backends = await backendCpu();
  let databaseMs: number | null = null;
  if (backends && mark.backends) {
    databaseMs = 0;
    // A backend the pool opened during the phase counts from 0.
    for (const [pid, ms] of backends) databaseMs += ms - (mark.backends.get(pid) ?? 0);
  }
  return {
    processMs: round((used.user + used.system) / 1000),
    serverMs:
      server === undefined || mark.server === undefined ? null : round(server - mark.server),
    databaseMs: databaseMs === null ? null : round(databaseMs),
  };
};

// ---------------------------------------------------------------------------------------------
// Watching the stock while the race runs: it must never be seen below 0. PostgreSQL only: with
// PGlite the server holds the data dir, and the stock check constraint is the guard.

const stockSeen: number[] = [];
let watching = true;
const watcher = (async () => {
  while (watching && watch) {
    const [row] = await queryRows<{ stock: number }>(
      watch.db,
      sql`select stock from products where id = ${productId}`,
    );
    if (row) stockSeen.push(row.stock);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
})();

// ---------------------------------------------------------------------------------------------
// The race: every shopper posts the checkout form at once.

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

const raceCpu = await cpuMark();
const raceStarted = performance.now();
const attempts: Attempt[] = await Promise.all(
  forms.map(async (form, shopper): Promise<Attempt> => {
    const started = performance.now();
    try {
      const answer = await postCheckout(shopper, form);
      const ms = performance.now() - started;
      const result = (answer.data as { result?: StartCheckoutResult } | undefined)?.result;
      if (answer.status === 200 && result?.ok) {
        return {
          shopper,
          outcome: "paid-started",
          ms,
          reference: result.payment.reference,
          checkoutId: result.payment.checkoutId,
        };
      }
      if (answer.status === 409 && result && !result.ok && result.status === 409) {
        const line = result.quote.groups[0]?.lines[0];
        const soldOut = line?.issues.some((issue) => issue.kind === "out_of_stock") ?? false;
        if (soldOut) {
          // Two ways to lose: the quote already saw 0, or the quote saw stock but the conditional
          // `stock = stock - 1 where stock >= 1` found none left by the time it ran.
          const atHold = result.message.includes("sold out just now");
          return { shopper, outcome: atHold ? "sold-out-at-hold" : "sold-out-at-quote", ms };
        }
      }
      const detail = `status ${answer.status}: ${JSON.stringify(answer).slice(0, 300)}`;
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
const raceCpuUsed = await cpuSince(raceCpu);
watching = false;
await watcher;

// ---------------------------------------------------------------------------------------------
// The winners pay in the simulator, then each browser posts the confirmation twice, all at once.

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
const confirmCpu = await cpuMark();
const confirmStarted = performance.now();
const confirmations: ConfirmCall[] = await Promise.all(
  winners.flatMap((winner) =>
    ([1, 2] as const).map(async (copy): Promise<ConfirmCall> => {
      const started = performance.now();
      try {
        const form = new URLSearchParams({
          intent: "confirm",
          reference: winner.reference as string,
        });
        const answer = await postCheckout(winner.shopper, form);
        const ms = performance.now() - started;
        // Confirmed: the action redirects to the checkout's status page.
        const paid = answer.redirect === `/checkout/${winner.checkoutId}`;
        if (!paid) {
          errors.push({
            phase: "confirm",
            shopper: winner.shopper,
            what: `copy ${copy}: status ${answer.status} ${JSON.stringify(answer).slice(0, 300)}`,
          });
        }
        return { shopper: winner.shopper, copy, ms, kind: paid ? "paid" : "other" };
      } catch (error) {
        const ms = performance.now() - started;
        errors.push({ phase: "confirm", shopper: winner.shopper, what: errorText(error) });
        return { shopper: winner.shopper, copy, ms, kind: "error" };
      }
    }),
  ),
);
const confirmMs = performance.now() - confirmStarted;
const confirmCpuUsed = await cpuSince(confirmCpu);
const totalMs = performance.now() - raceStarted;

// ---------------------------------------------------------------------------------------------
// What the database says afterwards (PGlite: once the server has let go of the data dir).

await server.stop();
await running.close();
if (engine === "pglite") handle = await openPglite({ dataDir: path.join(dataDir, "pglite") });

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
  handle.db,
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

if (watch) await watch.close();
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
  watch
    ? {
        check: `lowest stock seen during the race (${stockSeen.length} reads)`,
        expected: "≥ 0",
        got: minStockSeen,
        ok: minStockSeen >= 0,
      }
    : {
        check:
          "stock never below 0: the products_stock_not_negative constraint (PGlite: not watched)",
        expected: "present",
        got: state.stock_check ? "present" : "missing",
        ok: state.stock_check,
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
  latency("POST /checkout pay, all", times(attempts)),
  latency("POST /checkout pay, won (payment initialized)", times(winners)),
  latency(
    "POST /checkout pay, sold-out 409",
    times(attempts.filter((attempt) => attempt.outcome.startsWith("sold-out"))),
  ),
  latency("POST /checkout confirm, all (2 per payment)", times(confirmations)),
];
const rates = {
  checkoutsPerSecond: round(shoppers / (raceMs / 1000)),
  confirmationsPerSecond: round(confirmations.length / (confirmMs / 1000)),
  paymentsConfirmedPerSecond: round(winners.length / (confirmMs / 1000)),
};
type CpuUsed = { processMs: number; serverMs: number | null; databaseMs: number | null };
const none = { cpu_bench_ms: "", cpu_server_ms: "", cpu_postgres_ms: "" };
const cpuColumns = (used: CpuUsed) => ({
  cpu_bench_ms: used.processMs,
  cpu_server_ms: used.serverMs ?? "",
  cpu_postgres_ms: used.databaseMs ?? "",
});
const phases = [
  {
    phase: `setup (fresh database, migrations, rows, simulator, server start, ${shoppers} sign-ins)`,
    ms: round(setupMs),
    ...none,
  },
  {
    phase: `race: ${shoppers} × POST /checkout pay at once`,
    ms: round(raceMs),
    ...cpuColumns(raceCpuUsed),
  },
  { phase: `pay: ${winners.length} × simulator.complete(success)`, ms: round(payMs), ...none },
  {
    phase: `confirm: ${confirmations.length} × POST /checkout confirm at once`,
    ms: round(confirmMs),
    ...cpuColumns(confirmCpuUsed),
  },
  { phase: "total (race + pay + confirm)", ms: round(totalMs), ...none },
];
/** CPU per call, the steadier measure on a shared machine. */
const cpuPerCall = (used: CpuUsed, calls: number) =>
  `${round(used.processMs / calls, 2)} ms in the bench process (the browsers and the simulator)` +
  (used.serverMs === null ? "" : ` + ${round(used.serverMs / calls, 2)} ms in the server`) +
  (used.databaseMs === null ? "" : ` + ${round(used.databaseMs / calls, 2)} ms in PostgreSQL`);

const engineName =
  engine === "postgresql" ? `PostgreSQL (the server's pool of ${serverPoolSize})` : "PGlite";
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
  `POST /checkout pay: ${rates.checkoutsPerSecond} checkouts started/s (${shoppers} in ${round(raceMs / 1000, 2)} s), ` +
    `p50 ${latencies[0]?.p50_ms} ms, p95 ${latencies[0]?.p95_ms} ms; CPU per call ${cpuPerCall(raceCpuUsed, shoppers)}`,
  `POST /checkout confirm: ${rates.confirmationsPerSecond} confirmations/s (${confirmations.length} calls, ` +
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
      pool: engine === "postgresql" ? serverPoolSize : 1,
      over: "HTTP: the production build, /Login then /checkout.data with the session cookie",
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
