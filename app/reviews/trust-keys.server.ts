import { eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database, Executor } from "#app/db/database.server.ts";
import { queryRows } from "#app/db/database.server.ts";
import type { JobDefinition } from "#app/jobs/jobs.server.ts";
import { reviewStats } from "./schema.server.ts";
import { formatTrustScore, trustScore } from "./trust-score.ts";

/**
 * TrustScore as a search key (decision 053): `businesses.search_rating` (drizzle/0036) holds each
 * business's score so "Top rated" and the rating facet read an index, as the price sorts do
 * (decision 034). The score is exact at any moment from review_stats' two sums (decision 050),
 * but it drifts as reviews age, so the key is written twice over: in the transaction of every
 * change of a business's review figures (`reviewsChanged`) and for every business once a day
 * (`refreshTrustKeys`). Both work it out with the same `trustScore()` the cards use.
 *
 * The business's cached pages (decision 011) are refreshed by the database, not from here: the
 * triggers of drizzle/0036 note a page change for any change of a review row that its pages
 * show (written, edited, deleted, moderated, replied to). The key changing alone notes none; the
 * daily job notes the businesses whose shown score (one decimal) moved.
 */

/** The key of a business: its TrustScore at `now`, or null when no published review counts. */
export function trustKey(
  figures: { reviewCount: number; weightSum: number; weightedStars: number } | undefined,
  now: Date,
): number | null {
  if (!figures || figures.reviewCount <= 0) return null;
  return trustScore(figures, now);
}

/**
 * A business's review figures changed: its search key follows, in the caller's transaction
 * (called by `countReview` in reviews.server.ts for every review counted in or out). Safe to call
 * for any other change of its reviews (a reply): the key is only written when it differs.
 */
export async function reviewsChanged(tx: Executor, businessId: string, now = new Date()) {
  const [figures] = await tx
    .select({
      reviewCount: reviewStats.reviewCount,
      weightSum: reviewStats.weightSum,
      weightedStars: reviewStats.weightedStars,
    })
    .from(reviewStats)
    .where(eq(reviewStats.businessId, businessId));
  const key = trustKey(figures, now);
  await tx.execute(sql`update businesses set search_rating = ${key}::float8
    where id = ${businessId} and search_rating is distinct from ${key}::float8`);
}

/** Ids as one text[] parameter, each quoted as an array literal wants. */
function textArray(values: string[]): string {
  return `{${values.map((value) => `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`).join(",")}}`;
}

/**
 * Businesses refreshed per transaction by the daily job. Small enough that the businesses'
 * counts trigger (drizzle/0011) stays cheap with the plan PL/pgSQL may have kept from a
 * one-row update on the same connection (a nested loop of old rows by new ones: quadratic in
 * the batch, 0.76 s at 1,000 rows, a few ms at 250), short enough that a review written
 * meanwhile waits only a moment for the batch's share locks.
 */
const batchSize = 250;

export interface TrustKeysReport {
  /** Businesses with review figures, looked at. */
  businesses: number;
  /** Keys rewritten (the score moved, however little). */
  rewritten: number;
  /** Businesses whose shown score (one decimal) moved: their cached pages are refreshed. */
  shownChanged: number;
}

/**
 * Every business's key again at `now`, a batch at a time in business order. Each batch reads its
 * figures `for share`: a review written meanwhile waits for the batch (a few milliseconds), so
 * the batch never writes a key from figures that review has changed. A business whose shown
 * score changed gets a page change, so its cached pages show the new score.
 */
export async function refreshTrustKeys(db: Database, now = new Date()): Promise<TrustKeysReport> {
  const report: TrustKeysReport = { businesses: 0, rewritten: 0, shownChanged: 0 };
  let after = "";
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const rows = await queryRows<{
        business_id: string;
        review_count: number;
        weight_sum: number;
        weighted_stars: number;
        search_rating: number | null;
      }>(
        tx,
        sql`select s.business_id, s.review_count, s.weight_sum, s.weighted_stars, b.search_rating
          from review_stats s join businesses b on b.id = s.business_id
          where s.business_id > ${after}
          order by s.business_id
          limit ${batchSize}
          for share of s`,
      );
      const changed: Array<{ id: string; key: number | null }> = [];
      const shown: string[] = [];
      for (const row of rows) {
        const old = row.search_rating === null ? null : Number(row.search_rating);
        const key = trustKey(
          {
            reviewCount: Number(row.review_count),
            weightSum: Number(row.weight_sum),
            weightedStars: Number(row.weighted_stars),
          },
          now,
        );
        if (key === old) continue;
        changed.push({ id: row.business_id, key });
        const shownBefore = old === null ? null : formatTrustScore(old);
        if ((key === null ? null : formatTrustScore(key)) !== shownBefore) {
          shown.push(row.business_id);
        }
      }
      if (changed.length > 0) {
        // Two array parameters, each business found by its key. As a list of 1,000 VALUES rows
        // PostgreSQL planned the join over a fresh table's estimates badly: ~1.3 s a batch
        // instead of ~0.2 s. A float8 as JavaScript prints it reads back as the same number.
        const keys = changed.map(({ key }) => (key === null ? "NULL" : String(key)));
        await tx.execute(sql`update businesses b set search_rating = v.key
          from unnest(${textArray(changed.map(({ id }) => id))}::text[],
            ${`{${keys.join(",")}}`}::float8[]) as v(id, key)
          where b.id = v.id`);
      }
      if (shown.length > 0) {
        await tx.execute(sql`insert into page_changes (business_id, changed_at)
          select id, clock_timestamp() from unnest(${textArray(shown)}::text[]) id
          on conflict (business_id) do update set changed_at = excluded.changed_at`);
      }
      return { rows: rows.length, last: rows.at(-1)?.business_id, changed, shown };
    });
    report.businesses += batch.rows;
    report.rewritten += batch.changed.length;
    report.shownChanged += batch.shown.length;
    if (batch.rows < batchSize || !batch.last) break;
    after = batch.last;
  }
  return report;
}

/** Once a day at 02:40 UTC (03:40 in Lagos), once across instances. */
export function trustScoreJobs(context: { db: Database; log: Logger }): JobDefinition[] {
  return [
    {
      name: "trustscore-keys",
      cron: "40 2 * * *",
      collapse: true,
      retryLimit: 2,
      async run() {
        const started = performance.now();
        const report = await refreshTrustKeys(context.db);
        context.log.info(
          { ...report, ms: Math.round(performance.now() - started) },
          "TrustScore keys refreshed",
        );
      },
    },
  ];
}
