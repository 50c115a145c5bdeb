import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, afterEach, describe, expect, test, vi } from "vitest";
import {
  type BackoffRule,
  backoffSeconds,
  createRateLimits,
  type RateLimitRule,
  retryAfterText,
} from "./rate-limit.server.ts";

const rule: RateLimitRule = { name: "test", points: 3, windowSeconds: 600 };

describe("rate limits in memory", () => {
  test("allow the rule's attempts, then refuse with the time left", async () => {
    const limits = createRateLimits();
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(await limits.hit(rule, "ada")).toEqual({ allowed: true });
    }
    const refused = await limits.hit(rule, "ada");
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(refused.retryAfterSeconds).toBeGreaterThan(590);
    expect(await limits.hit(rule, "bola")).toEqual({ allowed: true });
  });

  test("a check counts nothing, and a reset starts again", async () => {
    const limits = createRateLimits();
    for (let attempt = 0; attempt < 5; attempt++) await limits.check(rule, "ada");
    await limits.hit(rule, "ada");
    await limits.hit(rule, "ada");
    await limits.hit(rule, "ada");
    expect((await limits.check(rule, "ada")).allowed).toBe(false);
    await limits.reset(rule, "ada");
    expect((await limits.check(rule, "ada")).allowed).toBe(true);
  });
});

const backoff: BackoffRule = {
  name: "test-backoff",
  freeFailures: 3,
  firstWaitSeconds: 60,
  maxWaitSeconds: 300,
  memorySeconds: 3600,
};

describe("a growing wait after failures", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test("is free for the first failures, then doubles up to the cap", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map((failures) => backoffSeconds(backoff, failures))).toEqual([
      0, 0, 60, 120, 240, 300, 300, 300,
    ]);
  });

  test("makes only that key wait, longer after each failure once the wait is over", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
    const limits = createRateLimits();
    expect(await limits.fail(backoff, "ada|A")).toEqual({ allowed: true });
    expect(await limits.fail(backoff, "ada|A")).toEqual({ allowed: true });
    expect(await limits.fail(backoff, "ada|A")).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(await limits.check(backoff, "ada|A")).toMatchObject({ allowed: false });
    expect(await limits.check(backoff, "ada|B")).toEqual({ allowed: true });

    vi.advanceTimersByTime(61_000);
    expect(await limits.check(backoff, "ada|A")).toEqual({ allowed: true });
    expect(await limits.fail(backoff, "ada|A")).toEqual({ allowed: false, retryAfterSeconds: 120 });
    vi.advanceTimersByTime(61_000);
    const still = await limits.check(backoff, "ada|A");
    expect(still.allowed).toBe(false);
    if (!still.allowed) expect(still.retryAfterSeconds).toBe(59);

    await limits.reset(backoff, "ada|A");
    expect(await limits.check(backoff, "ada|A")).toEqual({ allowed: true });
    expect(await limits.fail(backoff, "ada|A")).toEqual({ allowed: true });
  });
});

describe("the waiting time in words", () => {
  test.each([
    [1, "Try again in 1 minute."],
    [60, "Try again in 1 minute."],
    [61, "Try again in 2 minutes."],
    [900, "Try again in 15 minutes."],
  ])("%i seconds reads %s", (seconds, text) => {
    expect(retryAfterText(seconds)).toBe(text);
  });
});

// CI sets TEST_REDIS_URL (.ci/run); without a Redis server these tests are skipped.
const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)("rate limits in Redis", () => {
  const clients: Redis[] = [];
  const instance = (prefix: string) => {
    const client = new Redis(redisUrl ?? "");
    clients.push(client);
    return createRateLimits({ redis: client, prefix });
  };
  afterAll(() => {
    for (const client of clients) client.disconnect();
  });

  test("are shared by two app instances: attempts on one count on the other", async () => {
    const prefix = `oja-test:${randomBytes(6).toString("hex")}`;
    const first = instance(prefix);
    const second = instance(prefix);
    await first.hit(rule, "ada");
    await second.hit(rule, "ada");
    await first.hit(rule, "ada");
    const refused = await second.hit(rule, "ada");
    expect(refused.allowed).toBe(false);
    expect((await first.check(rule, "ada")).allowed).toBe(false);
    await second.reset(rule, "ada");
    expect((await first.check(rule, "ada")).allowed).toBe(true);
  });

  test("share a back-off's failures and wait between instances", async () => {
    const prefix = `oja-test:${randomBytes(6).toString("hex")}`;
    const first = instance(prefix);
    const second = instance(prefix);
    await first.fail(backoff, "ada|A");
    await second.fail(backoff, "ada|A");
    expect(await first.fail(backoff, "ada|A")).toEqual({ allowed: false, retryAfterSeconds: 60 });
    const waiting = await second.check(backoff, "ada|A");
    expect(waiting.allowed).toBe(false);
    if (!waiting.allowed) expect(waiting.retryAfterSeconds).toBeGreaterThan(55);
    expect((await second.check(backoff, "ada|B")).allowed).toBe(true);
    await second.reset(backoff, "ada|A");
    expect((await first.check(backoff, "ada|A")).allowed).toBe(true);
    expect(await first.fail(backoff, "ada|A")).toEqual({ allowed: true });
  });
});
