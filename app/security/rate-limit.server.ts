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

/** The rules of Oja's forms. A later screen adds its own here and calls `limits.hit`. */
export const rateLimitRules = {
  /** Failed sign-ins from one address: generous, since offices and mobile carriers share IPs. */
  signInPerIp: { name: "sign-in-ip", points: 30, windowSeconds: 15 * 60 },
  /** Failed sign-ins to one account, from anywhere: stops password guessing. */
  signInPerAccount: { name: "sign-in-account", points: 5, windowSeconds: 15 * 60 },
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
} satisfies Record<string, RateLimitRule>;

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimits {
  /** Counts one attempt against `key`; refuses once the rule's points are used up. */
  hit(rule: RateLimitRule, key: string): Promise<RateLimitVerdict>;
  /** Whether `key` is still allowed, without counting an attempt. */
  check(rule: RateLimitRule, key: string): Promise<RateLimitVerdict>;
  /** Forgets `key`'s count, as after a successful sign-in. */
  reset(rule: RateLimitRule, key: string): Promise<void>;
}

export function createRateLimits(options: { redis?: Redis; prefix?: string } = {}): RateLimits {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterFor = (rule: RateLimitRule) => {
    let limiter = limiters.get(rule.name);
    if (!limiter) {
      const config = {
        keyPrefix: `${options.prefix ?? "oja:rl"}:${rule.name}`,
        points: rule.points,
        duration: rule.windowSeconds,
      };
      limiter = options.redis
        ? new RateLimiterRedis({ ...config, storeClient: options.redis })
        : new RateLimiterMemory(config);
      limiters.set(rule.name, limiter);
    }
    return limiter;
  };
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
    async check(rule, key) {
      const result = await limiterFor(rule).get(key);
      if (result && result.consumedPoints >= rule.points) return refused(result);
      return { allowed: true };
    },
    async reset(rule, key) {
      await limiterFor(rule).delete(key);
    },
  };
}

/** "Try again in 3 minutes": what a person reads when a limit refuses them. */
export function retryAfterText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? "Try again in 1 minute." : `Try again in ${minutes} minutes.`;
}
