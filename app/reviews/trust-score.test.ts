import { describe, expect, test } from "vitest";
import {
  formatTrustScore,
  halfStars,
  reviewWeight,
  type TrustSums,
  trustScore,
} from "./trust-score.ts";

/** TrustScore against figures worked by hand (decision 050). */
const now = new Date("2026-11-26T12:00:00Z");
const daysBefore = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60_000);

function sumsOf(reviews: Array<{ stars: number; at: Date }>): TrustSums {
  return reviews.reduce(
    (sums, review) => ({
      weightSum: sums.weightSum + reviewWeight(review.at),
      weightedStars: sums.weightedStars + review.stars * reviewWeight(review.at),
    }),
    { weightSum: 0, weightedStars: 0 },
  );
}

describe("TrustScore", () => {
  test("no reviews: the prior, 3.5", () => {
    expect(trustScore({ weightSum: 0, weightedStars: 0 }, now)).toBe(3.5);
  });

  test("one 5-star review written now: (7 × 3.5 + 5) / 8 = 3.6875, shown 3.7 and 3.5 stars", () => {
    const score = trustScore(sumsOf([{ stars: 5, at: now }]), now);
    expect(score).toBeCloseTo(3.6875, 10);
    expect(formatTrustScore(score)).toBe("3.7");
    expect(halfStars(score)).toBe(3.5);
  });

  test("a review half a year old counts half: 5★ now and 1★ 182.5 days ago → 30 / 8.5", () => {
    const reviews = [
      { stars: 5, at: now },
      { stars: 1, at: daysBefore(182.5) },
    ];
    expect(trustScore(sumsOf(reviews), now)).toBeCloseTo(30 / 8.5, 10);
    // Half a year on, both weigh half as much: (24.5 + 2.5 + 0.25) / (7 + 0.75).
    const later = new Date(now.getTime() + 182.5 * 24 * 60 * 60_000);
    expect(trustScore(sumsOf(reviews), later)).toBeCloseTo(27.25 / 7.75, 10);
  });

  test("twenty 5-star reviews written now: (24.5 + 100) / 27 ≈ 4.61, shown 4.6 and 4.5 stars", () => {
    const score = trustScore(
      sumsOf(Array.from({ length: 20 }, () => ({ stars: 5, at: now }))),
      now,
    );
    expect(score).toBeCloseTo(124.5 / 27, 10);
    expect(formatTrustScore(score)).toBe("4.6");
    expect(halfStars(score)).toBe(4.5);
  });

  test("the sums don't depend on when they were added up: the same reviews, any order, any day", () => {
    const reviews = [
      { stars: 4, at: daysBefore(10) },
      { stars: 2, at: daysBefore(400) },
      { stars: 5, at: daysBefore(1) },
    ];
    const forward = sumsOf(reviews);
    const backward = sumsOf([...reviews].reverse());
    expect(trustScore(forward, now)).toBeCloseTo(trustScore(backward, now), 12);
    // By hand: weights 2^(-10/182.5), 2^(-400/182.5), 2^(-1/182.5).
    const w = [10, 400, 1].map((days) => 2 ** (-days / 182.5));
    const expected =
      (24.5 + 4 * (w[0] ?? 0) + 2 * (w[1] ?? 0) + 5 * (w[2] ?? 0)) /
      (7 + (w[0] ?? 0) + (w[1] ?? 0) + (w[2] ?? 0));
    expect(trustScore(forward, now)).toBeCloseTo(expected, 12);
  });

  test("rounding: one decimal and half stars", () => {
    expect([4.24, 4.25, 4.26, 4.74, 4.76].map(halfStars)).toEqual([4, 4.5, 4.5, 4.5, 5]);
    expect([3.449, 3.45, 4.96].map(formatTrustScore)).toEqual(["3.4", "3.5", "5.0"]);
  });
});
