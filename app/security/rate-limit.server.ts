import type { Redis } from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";

/**
 * Rate limits, counted in this process's memory by default and in Redis when REDIS_URL is set,
 * so every instance behind a load balancer shares one count.
 */
export interface RateLimitRule {
  /** Part of the storage key: two rules never share a count. */
  name: string;
  /** Attempts allowed within the window. */
  points: number;
  windowSeconds: number;
}

/**
 * A growing wait after repeated failures (OWASP's "exponential back-off"): the first
 * `freeFailures` cost nothing, then each failure makes the key wait, twice as long as the last
 * time, up to `maxWaitSeconds`. Failures are remembered for `memorySeconds` from the first.
 */
export interface BackoffRule {
  name: string;
  freeFailures: number;
  firstWaitSeconds: number;
  maxWaitSeconds: number;
  memorySeconds: number;
}

/** The rules of Oja's forms. A later screen adds its own here and calls `limits.hit`. */
export const rateLimitRules = {
  /** Failed sign-ins from one address: generous, since offices and mobile carriers share IPs. */
  signInPerIp: { name: "sign-in-ip", points: 30, windowSeconds: 15 * 60 },
  /**
   * Failed sign-ins to one account from one address (key `email|ip`): stops password guessing
   * without letting a stranger elsewhere lock the owner out (decision 031). 5 free, then 1, 2, 4,
   * 8, 16 and at most 30 minutes.
   */
  signInPerAccountAndIp: {
    name: "sign-in-account-ip",
    freeFailures: 5,
    firstWaitSeconds: 60,
    maxWaitSeconds: 30 * 60,
    memorySeconds: 24 * 60 * 60,
  },
  signUpPerIp: { name: "sign-up-ip", points: 10, windowSeconds: 60 * 60 },
  passwordResetPerIp: { name: "reset-ip", points: 10, windowSeconds: 60 * 60 },
  passwordResetPerEmail: { name: "reset-email", points: 3, windowSeconds: 60 * 60 },
  passwordChangePerAccount: { name: "password-change", points: 5, windowSeconds: 15 * 60 },
  verificationEmailPerAccount: { name: "verify-email", points: 3, windowSeconds: 60 * 60 },
  /**
   * Pay and pay again, per shopper and per address (decision 030): every press may take stock
   * off the shelf, so a loop of them can't keep a product out of reach. A shopper fixing their
   * cart presses Pay a handful of times; an address is shared by many.
   */
  checkoutStartPerShopper: { name: "checkout-shopper", points: 20, windowSeconds: 15 * 60 },
  checkoutStartPerIp: { name: "checkout-ip", points: 60, windowSeconds: 15 * 60 },
  /**
   * "Helpful" votes, and taking them back, per account (decision 052): a reader votes on the
   * reviews of a page or two, not on every review in a loop to push some up.
   */
  reviewVotePerAccount: { name: "review-vote", points: 30, windowSeconds: 10 * 60 },
  /** Reports of reviews per account: each one is a moderator's time. */
  reviewReportPerAccount: { name: "review-report", points: 10, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule | BackoffRule>;

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimits {
  /** Counts one attempt against `key`; refuses once the rule's points are used up. */
  hit(rule: RateLimitRule, key: string): Promise<RateLimitVerdict>;
  /** Counts one failure against `key`; refuses, with the wait it starts, once waits begin. */
  fail(rule: BackoffRule, key: string): Promise<RateLimitVerdict>;
  /** Whether `key` is still allowed (or done waiting), without counting an attempt. */
  check(rule: RateLimitRule | BackoffRule, key: string): Promise<RateLimitVerdict>;
  /** Forgets `key`'s count (and wait), as after a successful sign-in. */
  reset(rule: RateLimitRule | BackoffRule, key: string): Promise<void>;
}

const isBackoff = (rule: RateLimitRule | BackoffRule): rule is BackoffRule =>
  "freeFailures" in rule;

/** The wait after the `failures`-th failure, in seconds; 0 while failures are still free. */
export function backoffSeconds(rule: BackoffRule, failures: number): number {
  if (failures < rule.freeFailures) return 0;
  const doublings = Math.min(failures - rule.freeFailures, 30);
  return Math.min(rule.firstWaitSeconds * 2 ** doublings, rule.maxWaitSeconds);
}

export function createRateLimits(options: { redis?: Redis; prefix?: string } = {}): RateLimits {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterFor = ({ name, points, windowSeconds }: RateLimitRule) => {
    let limiter = limiters.get(name);
    if (!limiter) {
      const config = {
        keyPrefix: `${options.prefix ?? "oja:rl"}:${name}`,
        points,
        duration: windowSeconds,
      };
      limiter = options.redis
        ? new RateLimiterRedis({ ...config, storeClient: options.redis })
        : new RateLimiterMemory(config);
      limiters.set(name, limiter);
    }
    return limiter;
  };
  // A back-off rule is two counts: its failures (never refused by the limiter itself) and its
  // current wait, which `block` sets for a number of seconds that grows with the failures.
  const failuresOf = (rule: BackoffRule) =>
    limiterFor({
      name: rule.name,
      points: Number.MAX_SAFE_INTEGER,
      windowSeconds: rule.memorySeconds,
    });
  const waitOf = (rule: BackoffRule) =>
    limiterFor({ name: `${rule.name}:wait`, points: 1, windowSeconds: rule.maxWaitSeconds });
  const refused = (result: RateLimiterRes): RateLimitVerdict => ({
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)),
  });

  return {
    async hit(rule, key) {
      try {
        await limiterFor(rule).consume(key);
        return { allowed: true };
      } catch (error) {
        // The limiter rejects with its result when the points are used up, and with an Error when
        // the store fails; a broken Redis must not lock everyone out, nor be silent.
        if (error instanceof RateLimiterRes) return refused(error);
        throw error;
      }
    },
    async fail(rule, key) {
      const counted = await failuresOf(rule).consume(key);
      const seconds = backoffSeconds(rule, counted.consumedPoints);
      if (seconds === 0) return { allowed: true };
      await waitOf(rule).block(key, seconds);
      return { allowed: false, retryAfterSeconds: seconds };
    },
    async check(rule, key) {
      if (isBackoff(rule)) {
        const waiting = await waitOf(rule).get(key);
        return waiting && waiting.consumedPoints > 1 ? refused(waiting) : { allowed: true };
      }
      const result = await limiterFor(rule).get(key);
      if (result && result.consumedPoints >= rule.points) return refused(result);
      return { allowed: true };
    },
    async reset(rule, key) {
      if (isBackoff(rule)) {
        await Promise.all([failuresOf(rule).delete(key), waitOf(rule).delete(key)]);
        return;
      }
      await limiterFor(rule).delete(key);
    },
  };
}

/** "Try again in 3 minutes": what a person reads when a limit refuses them. */
export function retryAfterText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? "Try again in 1 minute." : `Try again in ${minutes} minutes.`;
}
