import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, test } from "vitest";
import { createBriefCache } from "./brief-cache.server.ts";

function counter<T>(values: T[]) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    load: async () => values[calls++ % values.length] as T,
  };
}

describe("a brief cache in memory", () => {
  test("answers from memory until the time is up, then works it out again", async () => {
    let clock = 1_000;
    const cache = createBriefCache({ ttlMs: 5_000, now: () => clock });
    const source = counter(["first", "second"]);
    expect(await cache.get("k", source.load)).toBe("first");
    clock += 4_999;
    expect(await cache.get("k", source.load)).toBe("first");
    expect(source.calls).toBe(1);
    clock += 1;
    expect(await cache.get("k", source.load)).toBe("second");
    expect(source.calls).toBe(2);
  });

  test("lets callers waiting for one key share one load", async () => {
    const cache = createBriefCache();
    const source = counter([42]);
    const answers = await Promise.all([1, 2, 3].map(() => cache.get("same", source.load)));
    expect(answers).toEqual([42, 42, 42]);
    expect(source.calls).toBe(1);
  });

  test("keeps at most its number of answers, the least recently used going first", async () => {
    const cache = createBriefCache({ maxEntries: 2 });
    const loads: string[] = [];
    const load = (key: string) => async () => {
      loads.push(key);
      return key;
    };
    await cache.get("a", load("a"));
    await cache.get("b", load("b"));
    await cache.get("a", load("a"));
    await cache.get("c", load("c"));
    // "b" was the least recently used: it went, "a" stayed.
    await cache.get("a", load("a"));
    await cache.get("b", load("b"));
    expect(loads).toEqual(["a", "b", "c", "b"]);
  });

  test("does not keep a failed load", async () => {
    const cache = createBriefCache();
    let fail = true;
    const load = async () => {
      if (fail) throw new Error("database away");
      return "back";
    };
    await expect(cache.get("k", load)).rejects.toThrow("database away");
    fail = false;
    expect(await cache.get("k", load)).toBe("back");
  });

  test("serves an answer `keep` refuses to whoever asked, and keeps nothing of it", async () => {
    const cache = createBriefCache();
    const source = counter([{ timedOut: true }, { timedOut: false }, { timedOut: false }]);
    const keep = (answer: { timedOut: boolean }) => !answer.timedOut;
    const together = await Promise.all([1, 2].map(() => cache.get("k", source.load, { keep })));
    expect(together).toEqual([{ timedOut: true }, { timedOut: true }]);
    expect(await cache.get("k", source.load, { keep })).toEqual({ timedOut: false });
    expect(await cache.get("k", source.load, { keep })).toEqual({ timedOut: false });
    expect(source.calls).toBe(2);
  });

  test("keeps nothing with a time of 0", async () => {
    const cache = createBriefCache({ ttlMs: 0 });
    const source = counter([1, 2]);
    expect(await cache.get("k", source.load)).toBe(1);
    expect(await cache.get("k", source.load)).toBe(2);
  });
});

// CI sets TEST_REDIS_URL (.ci/run); without a Redis server these tests are skipped.
const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)("a brief cache with Redis", () => {
  const clients: Redis[] = [];
  const connected = async () => {
    const client = new Redis(redisUrl ?? "");
    clients.push(client);
    await client.ping();
    return client;
  };
  afterAll(() => {
    for (const client of clients) client.disconnect();
  });

  test("shares one instance's answer with another, revived, until the time is up", async () => {
    const prefix = `oja-test:${randomBytes(6).toString("hex")}:`;
    const first = createBriefCache({ redis: await connected(), prefix, ttlMs: 300 });
    const second = createBriefCache({ redis: await connected(), prefix, ttlMs: 300 });
    const made = new Date("2026-11-26T00:00:00Z");
    await first.get("k", async () => ({ made }));
    // Redis is written without waiting for it: give it a moment.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const revive = (json: string) => {
      const value = JSON.parse(json) as { made: string };
      return { made: new Date(value.made) };
    };
    const shared = await second.get("k", async () => ({ made: new Date(0) }), { revive });
    expect(shared).toEqual({ made });
    await new Promise((resolve) => setTimeout(resolve, 400));
    const third = createBriefCache({ redis: await connected(), prefix, ttlMs: 300 });
    expect(await third.get("k", async () => ({ made: new Date(0) }), { revive })).toEqual({
      made: new Date(0),
    });
  });

  test("works the answer out itself when Redis is not connected", async () => {
    const client = new Redis(redisUrl ?? "", { lazyConnect: true });
    clients.push(client);
    const cache = createBriefCache({ redis: client });
    expect(await cache.get("k", async () => "here")).toBe("here");
  });
});
