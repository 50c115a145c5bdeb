import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import { businessProfile } from "#app/catalog/catalog.server.ts";
import { lagosToday } from "#app/console/lagos-time.ts";
import { queryRows } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { businesses, categories, users } from "#app/db/schema.server.ts";
import { reviewsOfBusiness } from "#app/reviews/reading.server.ts";
import { reviewSummary, writeReview } from "#app/reviews/reviews.server.ts";
import { reviewStats, reviews } from "#app/reviews/schema.server.ts";
import { refreshTrustKeys, reviewsChanged, trustKey } from "#app/reviews/trust-keys.server.ts";
import { reviewWeight } from "#app/reviews/trust-score.ts";
import { counts, freshBenchDatabase } from "../fresh-database.ts";
import { machine, markdownTable, percentile, record, round } from "../http/record.ts";

/**
 * Reviews at scale (issue 21), in process against the app's own functions and a database of the
 * bench's own (PGlite, or PostgreSQL with --database-url):
 *
 * - reading: one business with `--reviews` (50,000) reviews over three years (stars, dates,
 *   helpful votes, verification, replies and moderation spread as a real business's would be),
 *   its /ReviewsList/{id} page read `--reads` (200) times each way: newest and most helpful
 *   first, the first page and page `--deep-page` (100, reached through the cursors), and a
 *   filter on a rare kind (verified 2-star reviews). What the route's loader runs, side by side:
 *   the business, its figures and the page of reviews.
 * - TrustScore upkeep per new review: `--writes` (500) reviews written one after another into
 *   that business (`writeReview`: the rules, the figures' lock, the review, the figures, and the
 *   search key of decision 053), and the key's own share (`reviewsChanged` alone).
 * - the daily job (`refreshTrustKeys`) over `--businesses` (10,000) businesses with reviews, at
 *   three later moments (every key moves), each business's key checked against `trustScore`.
 *
 *   npm run bench:reviews                      # PGlite in /tmp/bench-reviews-pglite
 *   npm run bench:reviews -- --database-url postgres://postgres@127.0.0.1:5432/oja_bench_reviews
 *
 * The database is wiped first (a PostgreSQL database's name must contain "bench"; a PGlite dir
 * must be empty or this bench's own). Exits non-zero when a check fails.
 */
const { values } = parseArgs({
  options: {
    reviews: { type: "string", default: "50000" },
    businesses: { type: "string", default: "10000" },
    reads: { type: "string", default: "200" },
    "deep-page": { type: "string", default: "100" },
    writes: { type: "string", default: "500" },
    "database-url": { type: "string" },
    "data-dir": { type: "string", default: "/tmp/bench-reviews-pglite" },
    "no-record": { type: "boolean", default: false },
  },
});
const {
  reviews: reviewCount,
  businesses: businessCount,
  reads,
  "deep-page": deepPage,
  writes,
} = counts(values, ["reviews", "businesses", "reads", "deep-page", "writes"]);
const databaseUrl = values["database-url"];
const engine = databaseUrl ? ("postgresql" as const) : ("pglite" as const);
const host = machine();
const handle = await freshBenchDatabase({
  bench: "reviews",
  databaseUrl,
  dataDir: values["data-dir"],
});
const db = handle.db;
const setupStarted = performance.now();

/** A repeatable spread: the same dataset on every run and engine. */
let seed = 21;
function random() {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
}
/** Stars as review sites see them: many fives, then fours, a bump of ones. */
function someStars() {
  const r = random();
  return r < 0.55 ? 5 : r < 0.77 ? 4 : r < 0.86 ? 3 : r < 0.91 ? 2 : 1;
}

const categoryId = newId("cat");
await db.insert(categories).values({ id: categoryId, slug: "bench-spas", name: "Spas" });
const closedWeek = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
const heavyId = newId("biz");
const heavySlug = "bench-review-spa";
await db.insert(businesses).values({
  id: heavyId,
  slug: heavySlug,
  categoryId,
  name: "Bench Review Spa",
  city: "Lagos",
  address: "1 Marina, Lagos Island",
  hours: closedWeek,
  status: "active",
});

// The heavy business's reviews, each by its own shopper, written over the last three years
// (more of them lately, as a growing business gets), in bulk as history.
const now = new Date();
const yearMs = 365 * 24 * 60 * 60_000;
const batch = 1_000;
for (let start = 0; start < reviewCount; start += batch) {
  const size = Math.min(batch, reviewCount - start);
  const people = Array.from({ length: size }, (_, index) => ({
    id: newId("usr"),
    name: `Bench Shopper ${start + index}`,
    email: `shopper-${start + index}@bench.oja.test`,
  }));
  await db.insert(users).values(people);
  await db.insert(reviews).values(
    people.map((person) => {
      // Newer reviews more often: the square root pulls the spread towards now.
      const writtenAt = new Date(now.getTime() - 3 * yearMs * (1 - Math.sqrt(random())));
      const stars = someStars();
      const verified = random() < 0.6;
      const replied = random() < 0.35;
      const moderation = random();
      // Most reviews get no vote; a few get many.
      const helpful = random() < 0.7 ? 0 : Math.floor(1 / (random() + 0.005));
      return {
        id: newId("rev"),
        businessId: heavyId,
        authorId: person.id,
        stars,
        title: `${stars} stars: how it went`,
        body: "The therapist listened, the room was calm and the tea afterwards was a kind touch.",
        experiencedOn: lagosToday(new Date(writtenAt.getTime() - random() * 14 * 86_400_000)),
        experienceKind: verified ? ("order" as const) : null,
        experienceId: verified ? newId("ord") : null,
        status:
          moderation < 0.01
            ? ("removed" as const)
            : moderation < 0.015
              ? ("held" as const)
              : ("published" as const),
        removedReason: moderation < 0.015 ? "Advertising or spam" : null,
        reply: replied ? "Thank you for coming, we hope to see you again soon." : null,
        repliedAt: replied ? writtenAt : null,
        helpfulCount: helpful,
        weight: reviewWeight(writtenAt),
        createdAt: writtenAt,
        updatedAt: writtenAt,
      };
    }),
  );
}
// Its figures from its published reviews, as countReview would have kept them, and its key.
await db.execute(sql`insert into review_stats (business_id, review_count, one_star, two_stars,
    three_stars, four_stars, five_stars, replied_count, weight_sum, weighted_stars)
  select business_id, count(*), count(*) filter (where stars = 1), count(*) filter (where stars = 2),
    count(*) filter (where stars = 3), count(*) filter (where stars = 4),
    count(*) filter (where stars = 5), count(*) filter (where reply is not null),
    sum(weight), sum(stars * weight)
  from reviews where business_id = ${heavyId} and status = 'published' group by business_id`);
await db.transaction((tx) => reviewsChanged(tx, heavyId, now));

// The other businesses, each with figures of its own (the job reads figures, not reviews).
const others: string[] = [];
for (let start = 1; start < businessCount; start += batch) {
  const size = Math.min(batch, businessCount - start);
  const rows = Array.from({ length: size }, (_, index) => ({
    id: newId("biz"),
    slug: `bench-business-${start + index}`,
    categoryId,
    name: `Bench Business ${start + index}`,
    city: "Lagos",
    address: "1 Marina, Lagos Island",
    hours: closedWeek,
    status: "active" as const,
  }));
  await db.insert(businesses).values(rows);
  await db.insert(reviewStats).values(
    rows.map((row) => {
      const count = Math.floor(random() * random() * 400);
      const spread = [0, 0, 0, 0, 0];
      let weightSum = 0;
      let weightedStars = 0;
      for (let i = 0; i < count; i++) {
        const stars = someStars();
        const weight = reviewWeight(new Date(now.getTime() - 2 * yearMs * random()));
        spread[stars - 1] = (spread[stars - 1] ?? 0) + 1;
        weightSum += weight;
        weightedStars += stars * weight;
      }
      others.push(row.id);
      return {
        businessId: row.id,
        reviewCount: count,
        oneStar: spread[0],
        twoStars: spread[1],
        threeStars: spread[2],
        fourStars: spread[3],
        fiveStars: spread[4],
        weightSum,
        weightedStars,
      };
    }),
  );
}
// Their keys as the job left them the night before.
await refreshTrustKeys(db, now);
if (databaseUrl) await db.execute(sql`analyze`);
const setupSeconds = (performance.now() - setupStarted) / 1000;

// ---------------------------------------------------------------------------------------------
// Reading /ReviewsList/{id}

/** What the route's loader runs for one page (reviews-list.tsx), side by side as it does. */
async function listPage(options: Parameters<typeof reviewsOfBusiness>[2]) {
  const business = await businessProfile(db, heavySlug);
  if (!business) throw new Error("no business");
  const [, page] = await Promise.all([
    reviewSummary(db, business.id),
    reviewsOfBusiness(db, business.id, options),
  ]);
  return page;
}

/** The cursor of page `n` (1 is the first page: no cursor), reached as a reader would. */
async function cursorOf(sort: "newest" | "helpful", n: number) {
  let after: string | null = null;
  for (let page = 1; page < n; page++) {
    after = (await reviewsOfBusiness(db, heavyId, { sort, after })).nextCursor;
    if (!after) throw new Error(`only ${page} pages`);
  }
  return after;
}

async function timed(run: () => Promise<unknown>, times: number) {
  for (let i = 0; i < 5; i++) await run();
  const samples: number[] = [];
  for (let index = 0; index < times; index++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples;
}

const readCases = [
  { name: "newest, first page", sort: "newest" as const, page: 1 },
  { name: `newest, page ${deepPage}`, sort: "newest" as const, page: deepPage },
  { name: "most helpful, first page", sort: "helpful" as const, page: 1 },
  { name: `most helpful, page ${deepPage}`, sort: "helpful" as const, page: deepPage },
];
const readRows: Array<Record<string, unknown>> = [];
const readData: Record<string, { p50: number; p95: number }> = {};
let pagesRight = true;
for (const each of readCases) {
  const after = await cursorOf(each.sort, each.page);
  const page = await listPage({ sort: each.sort, after });
  pagesRight &&= page.items.length === 20;
  const samples = await timed(() => listPage({ sort: each.sort, after }), reads);
  readRows.push({ measure: "/ReviewsList/{id}", setting: each.name, result: stats(samples) });
  readData[each.name] = { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95) };
}
const rare = await timed(() => listPage({ stars: 2, verifiedOnly: true }), reads);
readRows.push({
  measure: "/ReviewsList/{id}",
  setting: "verified 2-star reviews, first page",
  result: stats(rare),
});
readData.rare = { p50: percentile(rare, 0.5), p95: percentile(rare, 0.95) };

// ---------------------------------------------------------------------------------------------
// Upkeep per new review

const writers = Array.from({ length: writes }, (_, index) => ({
  id: newId("usr"),
  name: `Bench Writer ${index}`,
  email: `writer-${index}@bench.oja.test`,
}));
for (let start = 0; start < writes; start += batch) {
  await db.insert(users).values(writers.slice(start, start + batch));
}
const writeLatencies: number[] = [];
let written = 0;
for (const writer of writers) {
  const at = new Date();
  const started = performance.now();
  const result = await writeReview(
    db,
    writer,
    {
      business: heavySlug,
      stars: String(someStars()),
      title: "A calm afternoon",
      body: "The therapist listened, the room was calm and the tea afterwards was a kind touch.",
      experiencedOn: lagosToday(at),
    },
    at,
  );
  writeLatencies.push(performance.now() - started);
  if (result.ok) written++;
}
const keyLatencies = await timed(
  () => db.transaction((tx) => reviewsChanged(tx, heavyId, new Date())),
  writes,
);

// The heavy business's key after the writes is its score at the last change.
const keyAfterWrites = await storedKeys([heavyId]);
const [heavyFigures] = await db
  .select()
  .from(reviewStats)
  .where(eq(reviewStats.businessId, heavyId));
const heavyRight =
  heavyFigures !== undefined &&
  heavyFigures.reviewCount > 0 &&
  typeof keyAfterWrites.get(heavyId) === "number";

// ---------------------------------------------------------------------------------------------
// The daily job

async function storedKeys(ids?: string[]) {
  const rows = await queryRows<{ id: string; search_rating: number | null }>(
    db,
    ids
      ? sql`select id, search_rating from businesses where id = any(${`{${ids.join(",")}}`}::text[])`
      : sql`select id, search_rating from businesses`,
  );
  return new Map(
    rows.map((row) => [row.id, row.search_rating === null ? null : Number(row.search_rating)]),
  );
}

const jobRuns: Array<{ ms: number; rewritten: number; shownChanged: number }> = [];
let jobRight = true;
for (const days of [1, 2, 30]) {
  const at = new Date(now.getTime() + days * 86_400_000);
  const started = performance.now();
  const report = await refreshTrustKeys(db, at);
  jobRuns.push({ ms: performance.now() - started, ...report });
  const keys = await storedKeys();
  const figures = await db.select().from(reviewStats);
  for (const row of figures) {
    if (keys.get(row.businessId) !== trustKey(row, at)) jobRight = false;
  }
}
await handle.close();

function stats(samples: number[]) {
  return `p50 ${round(percentile(samples, 0.5), 2)} ms, p95 ${round(percentile(samples, 0.95), 2)} ms, max ${round(Math.max(...samples), 1)} ms`;
}
const number = new Intl.NumberFormat("en");
const checks = [
  { what: `every page read held 20 reviews`, ok: pagesRight },
  { what: `${writes} reviews written`, ok: written === writes },
  { what: "the key follows every write", ok: heavyRight },
  {
    what: `after each job run every key is trustScore at its moment (${number.format(businessCount)} businesses)`,
    ok: jobRight,
  },
];
const table = markdownTable([
  ...readRows,
  {
    measure: "writeReview (figures and key included)",
    setting: `${writes} one after another, ${number.format(reviewCount)} reviews there`,
    result: stats(writeLatencies),
  },
  {
    measure: "the key's own share (reviewsChanged)",
    setting: `${writes} times`,
    result: stats(keyLatencies),
  },
  ...jobRuns.map((run, index) => ({
    measure: "daily job (refreshTrustKeys)",
    setting: `${number.format(businessCount)} businesses, run ${index + 1}`,
    result: `${round(run.ms, 0)} ms; ${number.format(run.rewritten)} keys rewritten, ${run.shownChanged} shown scores moved`,
  })),
]);
const goals = checks.map((check) => `${check.what}: ${check.ok ? "✓" : "✗"}`);
console.log(
  `\nbench:reviews on ${engine} (setup ${round(setupSeconds, 0)} s)\n\n${table}\n\n${goals.join("\n")}`,
);
if (!values["no-record"]) {
  const file = record({
    bench: "reviews",
    engine,
    dataset: `one business with ${number.format(reviewCount)} reviews over three years; ${number.format(businessCount)} businesses with review figures`,
    settings: { reviews: reviewCount, businesses: businessCount, reads, deepPage, writes },
    table,
    goals,
    data: {
      reads: readData,
      writeReview: {
        p50: percentile(writeLatencies, 0.5),
        p95: percentile(writeLatencies, 0.95),
      },
      keyUpkeep: { p50: percentile(keyLatencies, 0.5), p95: percentile(keyLatencies, 0.95) },
      dailyJob: jobRuns,
    },
    host,
  });
  console.log(`\nRecorded in ${file}`);
}
if (checks.some((check) => !check.ok)) process.exit(1);
