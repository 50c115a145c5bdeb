import { sql } from "drizzle-orm";
import type { Redis } from "ioredis";
import type { Database } from "#app/db/database.server.ts";

export interface Readiness {
  ready: boolean;
  database: { mode: string; answering: boolean };
  /** Only when Redis is used (REDIS_URL). */
  redis?: { answering: boolean };
  /** Why a dependency counts as not answering, for the log (never sent to the caller). */
  reasons: string[];
}

/**
 * Whether this instance can serve (issue 18): the database answers, and Redis when it is used.
 * Each call asks afresh and waits at most `timeoutMs` for each, so a load balancer stops sending
 * requests to an instance whose dependency stopped answering, and sends them again as soon as
 * it answers; nothing is remembered between calls.
 */
export async function checkReadiness(options: {
  db: Database;
  mode: string;
  redis?: Redis;
  timeoutMs?: number;
}): Promise<Readiness> {
  const timeoutMs = options.timeoutMs ?? 2_000;
  const { redis } = options;
  const [database, cache] = await Promise.allSettled([
    within(timeoutMs, options.db.execute(sql`select 1`)),
    redis ? within(timeoutMs, redis.ping()) : Promise.resolve("not used"),
  ]);
  return {
    ready: database.status === "fulfilled" && cache.status === "fulfilled",
    database: { mode: options.mode, answering: database.status === "fulfilled" },
    ...(redis ? { redis: { answering: cache.status === "fulfilled" } } : {}),
    reasons: [database, cache].flatMap((check) =>
      check.status === "rejected" ? [String(check.reason)] : [],
    ),
  };
}

/** Rejects after `ms`: a dependency that stopped answering must not hold the check open. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
