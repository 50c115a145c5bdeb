import { sql } from "drizzle-orm";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { type Database, queryRows } from "#app/db/database.server.ts";
import type { Jobs, QueueOverview } from "#app/jobs/jobs.server.ts";

/**
 * What an instance tells Prometheus at /metrics (issue 18): requests by route pattern, the
 * render cache, search, payment confirmations, the email outbox, and Node's own figures (memory,
 * garbage collection, event-loop lag) from prom-client's default collectors.
 *
 * One registry per process, as prom-client intends: the modules that count import their metric
 * from here. Labels are bounded sets (route patterns, methods, status codes, outcome names),
 * never a path, a term or an id, so the series stay few whatever strangers send.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: "oja_" });

/** Seconds; from a cache hit (~0.1 ms) to a slow search or checkout (seconds). */
const latencyBuckets = [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = new Counter({
  name: "oja_http_requests_total",
  help: "HTTP requests answered, by method, route pattern and status.",
  labelNames: ["method", "route", "status"] as const,
  registers: [registry],
});

export const httpRequestDuration = new Histogram({
  name: "oja_http_request_duration_seconds",
  help: "Time from a request's arrival to the end of its answer, by method and route pattern.",
  labelNames: ["method", "route"] as const,
  buckets: latencyBuckets,
  registers: [registry],
});

export const pageCacheAnswers = new Counter({
  name: "oja_page_cache_answers_total",
  help: "Public pages answered by the render cache: hit (stored) or miss (rendered for the request, then stored).",
  labelNames: ["result"] as const,
  registers: [registry],
});

export const searchDuration = new Histogram({
  name: "oja_search_duration_seconds",
  help: "Searches the screens asked of the database (results pages and suggestions), brief-cache hits excluded.",
  labelNames: ["what"] as const,
  buckets: latencyBuckets,
  registers: [registry],
});

export const paymentConfirmations = new Counter({
  name: "oja_payment_confirmations_total",
  help: "Payment confirmations (callback, webhook, reconciliation) by outcome: paid (now), already_paid, failed, not_paid, mismatch, refunded, unknown.",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

const methods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * Each series' own counter and histogram, looked up once: prom-client sorts and joins a label
 * object on every `inc({…})`, and the render cache's fast path answers in tens of microseconds.
 * The keys are bounded like the labels.
 */
const requestSeries = new Map<
  string,
  {
    count: ReturnType<typeof httpRequests.labels>;
    time: ReturnType<typeof httpRequestDuration.labels>;
  }
>();

/** Counts one answered request; any other method is "other", so strangers can't add series. */
export function observeRequest(
  method: string | undefined,
  route: string,
  status: number,
  seconds: number,
) {
  const label = method && methods.has(method) ? method : "other";
  const key = `${label} ${status} ${route}`;
  let series = requestSeries.get(key);
  if (!series) {
    series = {
      count: httpRequests.labels(label, route, String(status)),
      time: httpRequestDuration.labels(label, route),
    };
    requestSeries.set(key, series);
  }
  series.count.inc();
  series.time.observe(seconds);
}

/** Times `work` into searchDuration under `what`. */
export async function timedSearch<T>(
  what: "results" | "suggest",
  work: () => Promise<T>,
): Promise<T> {
  const stop = searchDuration.startTimer({ what });
  try {
    return await work();
  } finally {
    stop();
  }
}

/**
 * `load`, shared by every gauge read in one scrape: the gauges of one source are collected
 * together, so one query (or one job overview) serves them all, and a scrape a second later asks
 * again.
 */
function oneReadPerScrape<T>(load: () => Promise<T>): () => Promise<T> {
  let last: Promise<T> | undefined;
  return () => {
    last ??= load().finally(() => setTimeout(() => (last = undefined), 1_000).unref());
    return last;
  };
}

let outboxWatched = false;

/**
 * The email outbox's backlog and the age of its oldest unsent message, read from the database
 * when Prometheus scrapes (one indexed query per scrape). Watches the first database given.
 */
export function watchEmailOutbox(db: Database) {
  if (outboxWatched) return;
  outboxWatched = true;
  const read = oneReadPerScrape(async () => {
    const [row] = await queryRows<{ unsent: number; oldest_seconds: number | null }>(
      db,
      sql`select count(*)::int as unsent,
            extract(epoch from now() - min(created_at))::float8 as oldest_seconds
          from email_outbox where sent_at is null`,
    );
    return { unsent: row?.unsent ?? 0, oldestSeconds: row?.oldest_seconds ?? 0 };
  });
  new Gauge({
    name: "oja_email_outbox_unsent",
    help: "Emails written to the outbox and not sent yet.",
    registers: [registry],
    async collect() {
      this.set((await read()).unsent);
    },
  });
  new Gauge({
    name: "oja_email_outbox_oldest_unsent_seconds",
    help: "Age of the oldest email not sent yet (0 when none wait): how far delivery lags.",
    registers: [registry],
    async collect() {
      this.set((await read()).oldestSeconds);
    },
  });
}

let jobsWatched = false;

/** The job queues' depth and lag (issue 18), read from pg-boss when Prometheus scrapes. */
export function watchJobs(jobs: Promise<Jobs>) {
  if (jobsWatched) return;
  jobsWatched = true;
  const read = oneReadPerScrape(() =>
    jobs.then((started) => started.overview()).catch((): QueueOverview[] => []),
  );
  const gauge = (name: string, help: string, value: (queue: QueueOverview) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["queue"] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const queue of await read()) this.set({ queue: queue.name }, value(queue));
      },
    });
  gauge(
    "oja_jobs_waiting",
    "Jobs waiting to run, per queue (pg-boss's counts, up to a minute old).",
    (q) => q.waiting,
  );
  gauge("oja_jobs_running", "Jobs running now, per queue.", (q) => q.running);
  gauge(
    "oja_jobs_dead",
    "Jobs that failed every try, kept as dead letters, per queue.",
    (q) => q.dead,
  );
  gauge(
    "oja_jobs_oldest_waiting_seconds",
    "How long the oldest waiting job has waited, per queue: the queue's lag.",
    (q) => q.oldestWaitingSeconds,
  );
}

let pageCacheWatched = false;

/**
 * What the render cache holds (issue 18's soak): its stored bytes against its budget
 * (PAGE_CACHE_MB), so an instance's memory can be read as "the cache filling up to its bound"
 * or "something else growing".
 */
export function watchPageCache(cache: { bytes(): number; size(): number }, maxBytes: number) {
  if (pageCacheWatched) return;
  pageCacheWatched = true;
  new Gauge({
    name: "oja_page_cache_bytes",
    help: "Bytes of the pages the render cache holds (bodies, their brotli and gzip copies, heads).",
    registers: [registry],
    collect() {
      this.set(cache.bytes());
    },
  });
  new Gauge({
    name: "oja_page_cache_max_bytes",
    help: "The render cache's budget (PAGE_CACHE_MB): past it the least recently used pages leave.",
    registers: [registry],
    collect() {
      this.set(maxBytes);
    },
  });
  new Gauge({
    name: "oja_page_cache_pages",
    help: "Pages the render cache holds.",
    registers: [registry],
    collect() {
      this.set(cache.size());
    },
  });
}
