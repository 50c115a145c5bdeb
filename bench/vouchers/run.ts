import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import pino from "pino";
import { readSettings } from "#app/config.server.ts";
import { newId, secretToken } from "#app/db/ids.ts";
import {
  businesses,
  categories,
  checkouts,
  orderLines,
  orders,
  users,
  voucherOffers,
  vouchers,
} from "#app/db/schema.server.ts";
import { verifyAndConfirm } from "#app/orders/confirm.server.ts";
import { defaultHoldLimits } from "#app/orders/hold-limits.ts";
import { newOrderNumber } from "#app/orders/order-number.ts";
import { createPaymentProvider } from "#app/payments/provider.server.ts";
import { startVoucherCheckout } from "#app/vouchers/checkout.server.ts";
import { newVoucherCode } from "#app/vouchers/issue.server.ts";
import { redeemVoucher } from "#app/vouchers/redemption.server.ts";
import { startPaystackSimulator } from "#server/paystack-simulator/index.ts";
import { counts, freshBenchDatabase } from "../fresh-database.ts";
import { machine, markdownTable, percentile, record, round } from "../http/record.ts";

/**
 * Vouchers under concurrency (issue 19), in process against the app's own server functions and
 * a database of the bench's own (PGlite, or PostgreSQL with --database-url), with the Paystack
 * simulator as its own HTTP server and Oja's real Paystack client:
 *
 * - the race: `--buyers` (100) shoppers each check out one voucher of an offer with `--units`
 *   (10) left, all at once; the winners pay and their codes are issued. Exactly `units` sold.
 * - redemptions: `--vouchers` (2,000) vouchers redeemed whole by `--concurrency` (8) tills at a
 *   time: redemptions per second and each one's latency (lock, check, update, record, audit).
 * - one code, 100 presses at once: exactly one redemption.
 *
 *   npm run bench:vouchers                     # PGlite in /tmp/bench-vouchers-pglite
 *   npm run bench:vouchers -- --database-url postgres://postgres@127.0.0.1:5432/oja_bench_vouchers
 *
 * The database is wiped first (a PostgreSQL database's name must contain "bench"; a PGlite dir
 * must be empty or this bench's own). Exits non-zero when a count is wrong.
 */
const { values } = parseArgs({
  options: {
    buyers: { type: "string", default: "100" },
    units: { type: "string", default: "10" },
    vouchers: { type: "string", default: "2000" },
    concurrency: { type: "string", default: "8" },
    "database-url": { type: "string" },
    "data-dir": { type: "string", default: "/tmp/bench-vouchers-pglite" },
    "no-record": { type: "boolean", default: false },
  },
});
const {
  buyers,
  units,
  vouchers: voucherCount,
  concurrency,
} = counts(values, ["buyers", "units", "vouchers", "concurrency"]);
const databaseUrl = values["database-url"];
const engine = databaseUrl ? ("postgresql" as const) : ("pglite" as const);
const host = machine();

const handle = await freshBenchDatabase({
  bench: "vouchers",
  databaseUrl,
  dataDir: values["data-dir"],
});
const db = handle.db;

const categoryId = newId("cat");
await db.insert(categories).values({ id: categoryId, slug: "bench-spas", name: "Spas" });
const businessId = newId("biz");
await db.insert(businesses).values({
  id: businessId,
  slug: "bench-voucher-spa",
  categoryId,
  name: "Bench Voucher Spa",
  city: "Lagos",
  address: "1 Marina, Lagos Island",
  hours: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
  status: "active",
});
const people = Array.from({ length: buyers }, (_, index) => ({
  id: newId("usr"),
  name: `Bench Buyer ${index + 1}`,
  email: `buyer-${index + 1}@bench.oja.test`,
  emailVerified: true,
}));
await db.insert(users).values(people);

// ---------------------------------------------------------------------------------------------
// The race for the last vouchers.

const offerId = newId("vof");
await db.insert(voucherOffers).values({
  id: offerId,
  businessId,
  title: "Full-day spa treat",
  valueKobo: 2_500_000,
  priceKobo: 1_800_000,
  validDays: 90,
  totalQuantity: units,
});
const running = await startPaystackSimulator();
const log = pino({ level: "silent" });
const payments = createPaymentProvider(readSettings(running.env).paystack, {
  http: { retries: 0 },
});
const context = {
  db,
  payments,
  log,
  callbackUrl: "http://localhost:3000/checkout/callback",
  publicUrl: "http://localhost:3000",
  commissionRateBp: 500,
  holdLimits: { ...defaultHoldLimits, openPerAddress: buyers },
};
const raceStarted = performance.now();
const results = await Promise.all(
  people.map((person) => {
    const form = new FormData();
    form.set("email", person.email);
    form.set("phone", "0803 123 4567");
    form.set("lines", JSON.stringify([{ id: offerId, quantity: 1 }]));
    form.set("expectedTotalKobo", "1800000");
    return startVoucherCheckout(context, { id: person.id }, form);
  }),
);
const raceMs = performance.now() - raceStarted;
const winners = results.flatMap((result) => (result.ok ? [result.payment] : []));
const refusals = results.filter((result) => !result.ok && result.status === 409).length;
for (const payment of winners) {
  running.simulator.complete(payment.reference, "success");
  await verifyAndConfirm(context, payment.reference);
}
const [offer] = await db.select().from(voucherOffers).where(eq(voucherOffers.id, offerId));
const issued = await db
  .select({ id: vouchers.id })
  .from(vouchers)
  .where(eq(vouchers.offerId, offerId));
await running.close();

// ---------------------------------------------------------------------------------------------
// Redemptions: many vouchers, several tills at once.

const orderId = newId("ord");
const checkoutId = newId("chk");
const owner = people[0]?.id ?? null;
await db.insert(checkouts).values({
  id: checkoutId,
  kind: "vouchers",
  shopperId: owner,
  email: "buyer-1@bench.oja.test",
  phone: "+2348031234567",
  totalKobo: 1_800_000 * voucherCount,
  stockHold: "sold",
  holdExpiresAt: new Date(),
});
await db.insert(orders).values({
  id: orderId,
  number: newOrderNumber(),
  checkoutId,
  shopperId: owner,
  businessId,
  kind: "vouchers",
  status: "paid",
  subtotalKobo: 1_800_000 * voucherCount,
  paidAt: new Date(),
});
await db.insert(orderLines).values({
  orderId,
  position: 0,
  productName: "Full-day spa treat",
  unitPriceKobo: 1_800_000,
  quantity: voucherCount,
  voucherValueKobo: 2_500_000,
  voucherValidDays: 90,
});
const codes = Array.from({ length: voucherCount }, () => newVoucherCode());
for (let start = 0; start < voucherCount; start += 500) {
  await db.insert(vouchers).values(
    codes.slice(start, start + 500).map((code, index) => ({
      id: newId("vch"),
      code,
      orderId,
      linePosition: 0,
      serial: start + index + 1,
      businessId,
      title: "Full-day spa treat",
      ownerId: owner,
      valueKobo: 2_500_000,
      priceKobo: 1_800_000,
      balanceKobo: 2_500_000,
      validUntil: "2099-12-31",
      issuedAt: new Date(),
    })),
  );
}
const actor = { businessId, actorId: owner ?? "", source: { ipAddress: "127.0.0.1" } };
const latencies: number[] = [];
let next = 0;
let redeemed = 0;
const redeemStarted = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < codes.length) {
      const code = codes[next++] ?? "";
      const started = performance.now();
      const result = await redeemVoucher(db, actor, {
        code,
        amountKobo: null,
        requestKey: secretToken(),
      });
      latencies.push(performance.now() - started);
      if (result.ok) redeemed += 1;
    }
  }),
);
const redeemSeconds = (performance.now() - redeemStarted) / 1000;

// One code, 100 presses at once.
const hotCode = newVoucherCode();
await db.insert(vouchers).values({
  id: newId("vch"),
  code: hotCode,
  orderId,
  linePosition: 0,
  serial: voucherCount + 1,
  businessId,
  title: "Full-day spa treat",
  ownerId: owner,
  valueKobo: 2_500_000,
  priceKobo: 1_800_000,
  balanceKobo: 2_500_000,
  validUntil: "2099-12-31",
  issuedAt: new Date(),
});
const hotStarted = performance.now();
const hot = await Promise.all(
  Array.from({ length: 100 }, () =>
    redeemVoucher(db, actor, { code: hotCode, amountKobo: null, requestKey: secretToken() }),
  ),
);
const hotMs = performance.now() - hotStarted;
const hotWins = hot.filter((result) => result.ok).length;
await handle.close();

// ---------------------------------------------------------------------------------------------

const checks = [
  {
    what: `exactly ${units} vouchers sold of ${units}`,
    ok: winners.length === units && offer?.soldCount === units && issued.length === units,
  },
  {
    what: `every other buyer (${buyers - units}) refused with the sold-out 409`,
    ok: refusals === buyers - units,
  },
  { what: `all ${voucherCount} vouchers redeemed, once each`, ok: redeemed === voucherCount },
  { what: "one code pressed 100 times at once: redeemed once", ok: hotWins === 1 },
];
const perSecond = round(voucherCount / redeemSeconds, 0);
const table = markdownTable([
  {
    measure: "race",
    setting: `${buyers} buyers, ${units} left`,
    result: `${winners.length} sold, ${refusals} refused`,
    time: `${round(raceMs, 0)} ms`,
  },
  {
    measure: "redemptions",
    setting: `${voucherCount} codes, ${concurrency} tills`,
    result: `${perSecond}/s; p50 ${round(percentile(latencies, 0.5))} ms, p95 ${round(percentile(latencies, 0.95))} ms, max ${round(Math.max(...latencies))} ms`,
    time: `${round(redeemSeconds, 1)} s`,
  },
  {
    measure: "one code",
    setting: "100 presses at once",
    result: `${hotWins} redeemed`,
    time: `${round(hotMs, 0)} ms`,
  },
]);
const goals = checks.map((check) => `${check.what}: ${check.ok ? "✓" : "✗"}`);
console.log(`\nbench:vouchers on ${engine}\n\n${table}\n\n${goals.join("\n")}`);
if (!values["no-record"]) {
  const file = record({
    bench: "vouchers",
    engine,
    dataset: `${buyers} buyers racing for ${units} vouchers; ${voucherCount} vouchers redeemed by ${concurrency} tills`,
    settings: { buyers, units, vouchers: voucherCount, concurrency },
    table,
    goals,
    data: {
      race: {
        buyers,
        units,
        sold: winners.length,
        refused: refusals,
        issued: issued.length,
        ms: raceMs,
      },
      redemptions: {
        vouchers: voucherCount,
        concurrency,
        perSecond,
        p50: percentile(latencies, 0.5),
        p95: percentile(latencies, 0.95),
        max: Math.max(...latencies),
      },
      hotCode: { presses: 100, redeemed: hotWins, ms: hotMs },
    },
    host,
  });
  console.log(`\nRecorded in ${file}`);
}
if (checks.some((check) => !check.ok)) process.exit(1);
