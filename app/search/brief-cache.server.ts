import type { Redis } from "ioredis";

/**
 * Answers kept for a few seconds (issue 17, decision 034): the header's suggestions and the first
 * page of a search, which many people ask for at once when a word is popular (an advert, a
 * holiday dish). Each instance keeps a bounded map in memory, least recently used out; with Redis
 * (REDIS_URL) the instances also share what any of them worked out, so a burst costs one query
 * per key every few seconds, not one per instance. What is served may be that many seconds old:
 * a search shows a change a few seconds later, as the page cache does (decision 033).
 *
 * Callers waiting for the same key share one load. A failed load is not kept. Redis is a help,
 * never a dependency: when it is not connected or answers with an error, the answer is worked
 * out here.
 */
export interface BriefCache {
  /** The answer kept under `key`, else `load()`'s (then kept, unless `keep` says no). */
  get<T>(key: string, load: () => Promise<T>, options?: KeepOptions<T>): Promise<T>;
}

export interface KeepOptions<T> {
  /**
   * Turns the JSON text Redis held back into the value (JSON.parse by default; dates need a
   * reviver); without Redis it is never called.
   */
  revive?: (json: string) => T;
  /** False for an answer not worth keeping (a search that timed out): it is served once only. */
  keep?: (value: T) => boolean;
}

export interface BriefCacheOptions {
  redis?: Redis;
  /** How long an answer is kept, in milliseconds; 0 keeps nothing. */
  ttlMs?: number;
  /** At most this many answers in memory. */
  maxEntries?: number;
  /** Keys in Redis start with this, so they never meet another feature's (tests: their own). */
  prefix?: string;
  /** Tests only: the clock. */
  now?: () => number;
}

export const defaultBriefCacheTtlMs = 5_000;
export const defaultBriefCacheEntries = 500;

interface Entry {
  expires: number;
  value: Promise<unknown>;
}

export function createBriefCache(options: BriefCacheOptions = {}): BriefCache {
  const ttlMs = options.ttlMs ?? defaultBriefCacheTtlMs;
  const maxEntries = options.maxEntries ?? defaultBriefCacheEntries;
  const now = options.now ?? Date.now;
  const { redis } = options;
  const redisPrefix = options.prefix ?? "oja:brief:";
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const entries = new Map<string, Entry>();

  async function fromRedisOrLoad<T>(
    key: string,
    load: () => Promise<T>,
    revive: (json: string) => T,
    keep: (value: T) => boolean,
  ): Promise<T> {
    if (redis && redis.status === "ready") {
      try {
        const held = await redis.get(redisPrefix + key);
        if (held !== null) return revive(held);
      } catch {
        // Redis down or a value that isn't JSON: work it out here.
      }
    }
    const value = await load();
    if (redis && redis.status === "ready" && keep(value)) {
      redis.set(redisPrefix + key, JSON.stringify(value), "PX", ttlMs).catch(() => {});
    }
    return value;
  }

  return {
    get<T>(key: string, load: () => Promise<T>, options: KeepOptions<T> = {}): Promise<T> {
      if (ttlMs <= 0) return load();
      const at = now();
      const kept = entries.get(key);
      if (kept && kept.expires > at) {
        entries.delete(key);
        entries.set(key, kept);
        return kept.value as Promise<T>;
      }
      const keep = options.keep ?? (() => true);
      const revive = options.revive ?? ((json: string) => JSON.parse(json) as T);
      const value = fromRedisOrLoad(key, load, revive, keep);
      const entry: Entry = { expires: at + ttlMs, value };
      entries.delete(key);
      entries.set(key, entry);
      const forget = () => {
        if (entries.get(key) === entry) entries.delete(key);
      };
      // Those already waiting share the answer either way; later askers don't get it.
      value.then((answer) => (keep(answer) ? undefined : forget()), forget);
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value as string;
        entries.delete(oldest);
      }
      return value;
    },
  };
}
