import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { checkIn, posterOf } from "#app/checkins/check-ins.server.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { businessMembers, users } from "#app/db/schema.server.ts";
import { walletOf } from "#app/points/ledger.server.ts";
import { createBusiness, createCategory } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { createOrder } from "#tests/support/orders.ts";
import {
  deleteReview,
  editReview,
  reviewSummary,
  reviewsOfAuthor,
  writeReview,
} from "./reviews.server.ts";
import { reviews } from "./schema.server.ts";
import { trustScore } from "./trust-score.ts";

/**
 * Writing reviews on a real database: each rule a field-level 4xx (lengths, stars, a day ahead or
 * over a year back, an unknown business, the business's own team, a second review within 12
 * months, even two at once), verification from each kind of experience Oja saw, the business's
 * figures and TrustScore kept with every review, text kept exactly as typed, and no points for
 * a review.
 */
let database: DatabaseHandle;
const db = () => database.db;
const secret = "test-secret-that-is-at-least-32-characters-long";
let business: { id: string; slug: string; name: string };
const now = new Date("2026-11-26T12:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  const category = await createCategory(db());
  business = await createBusiness(db(), { categoryId: category.id, name: "Ewa Spa" });
}, 60_000);

afterAll(() => database.close());

async function shopper(name = "Ada Obi") {
  const id = newId("usr");
  await db()
    .insert(users)
    .values({ id, name, email: `${id}@example.com` });
  return { id };
}

const form = (changes: Record<string, string> = {}) => ({
  business: business.slug,
  stars: "5",
  title: "Calm and kind",
  body: "The massage was unhurried and the room was spotless.",
  experiencedOn: "2026-11-20",
  ...changes,
});

describe("writing a review", () => {
  test("each rule is a message on its field", async () => {
    const ada = await shopper();
    const cases: Array<[Record<string, string>, string, number]> = [
      [{ stars: "0" }, "stars", 400],
      [{ stars: "6" }, "stars", 400],
      [{ stars: "4.5" }, "stars", 400],
      [{ title: "abc" }, "title", 400],
      [{ title: "x".repeat(101) }, "title", 400],
      [{ body: "Too short to help." }, "body", 400],
      [{ body: "x".repeat(5_001) }, "body", 400],
      [{ experiencedOn: "2026-11-27" }, "experiencedOn", 400],
      [{ experiencedOn: "2025-11-25" }, "experiencedOn", 400],
      [{ experiencedOn: "26/11/2026" }, "experiencedOn", 400],
      [{ business: "nobody-here" }, "business", 404],
    ];
    for (const [changes, field, status] of cases) {
      const result = await writeReview(db(), ada, form(changes), now);
      expect(result, JSON.stringify(changes)).toMatchObject({
        ok: false,
        status,
        errors: { [field]: expect.any(String) },
      });
    }
    // The limits themselves pass: 4 and 100 characters of title, 20 and 5,000 of text, a year ago.
    expect(
      await writeReview(
        db(),
        ada,
        form({ title: "Okay", body: "x".repeat(20), experiencedOn: "2025-11-26" }),
        now,
      ),
    ).toMatchObject({ ok: true });
    expect(await db().select().from(reviews).where(eq(reviews.authorId, ada.id))).toHaveLength(1);
  });

  test("the business's own team can't review it", async () => {
    const staff = await shopper("Bola Staff");
    await db()
      .insert(businessMembers)
      .values({ businessId: business.id, userId: staff.id, role: "staff" });
    expect(await writeReview(db(), staff, form(), now)).toMatchObject({
      ok: false,
      status: 403,
      errors: { business: "You're on Ewa Spa's team, so you can't review it." },
    });
  });

  test("one review per shopper per business per 12 months, even two at once", async () => {
    const ada = await shopper();
    const results = await Promise.all([
      writeReview(db(), ada, form(), now),
      writeReview(db(), ada, form({ stars: "1" }), now),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({
      status: 409,
      errors: {
        business:
          "You reviewed Ewa Spa on 26 Nov 2026: edit that review, or write a new one from 26 Nov 2027.",
      },
    });
    const nextYear = new Date("2027-11-27T12:00:00Z");
    expect(
      await writeReview(db(), ada, form({ experiencedOn: "2027-11-20" }), nextYear),
    ).toMatchObject({ ok: true });
  });

  test("verified by a paid order or a check-in there in the last 12 months; unverified otherwise", async () => {
    const unseen = await shopper();
    expect(await writeReview(db(), unseen, form(), now)).toMatchObject({ verified: false });

    const buyer = await shopper();
    const { orderId } = await createOrder(db(), {
      shopperId: buyer.id,
      businessId: business.id,
      order: { paidAt: new Date("2026-11-19T10:00:00Z") },
    });
    const bought = await writeReview(db(), buyer, form(), now);
    expect(bought).toMatchObject({ ok: true, verified: true });
    const [written] = await db()
      .select()
      .from(reviews)
      .where(eq(reviews.id, bought.ok ? bought.reviewId : ""));
    expect(written).toMatchObject({ experienceKind: "order", experienceId: orderId });

    const visitor = await shopper();
    const poster = await posterOf(db(), secret, business, "https://oja.test", now);
    const token = new URL(poster.url).searchParams.get("t") ?? "";
    await checkIn(db(), secret, { userId: visitor.id, business, token }, now);
    expect(await writeReview(db(), visitor, form(), now)).toMatchObject({ verified: true });

    // An order refunded, or older than a year, verifies nothing.
    const refunded = await shopper();
    await createOrder(db(), {
      shopperId: refunded.id,
      businessId: business.id,
      status: "refunded",
    });
    const old = await shopper();
    await createOrder(db(), {
      shopperId: old.id,
      businessId: business.id,
      order: { paidAt: new Date("2025-10-01T10:00:00Z") },
    });
    for (const person of [refunded, old]) {
      expect(await writeReview(db(), person, form(), now)).toMatchObject({ verified: false });
    }
  });

  test("text is kept exactly as typed (shown escaped), and a review earns no points", async () => {
    const ada = await shopper();
    const title = "<script>alert(1)</script>";
    const body = `<img src=x onerror=alert(1)> "quoted" & 'single' — ẹ ṣé o`;
    const result = await writeReview(db(), ada, form({ title, body }), now);
    if (!result.ok) throw new Error(JSON.stringify(result));
    const [row] = await db().select().from(reviews).where(eq(reviews.id, result.reviewId));
    expect(row).toMatchObject({ title, body });
    expect(await walletOf(db(), ada.id)).toEqual({ available: 0, pending: 0 });
  });
});

describe("the business's figures", () => {
  test("the counts and TrustScore follow every review written", async () => {
    const category = await createCategory(db());
    const quiet = await createBusiness(db(), { categoryId: category.id, name: "Quiet Spa" });
    expect(await reviewSummary(db(), quiet.id, now)).toEqual({
      reviewCount: 0,
      distribution: [0, 0, 0, 0, 0],
      trustScore: 3.5,
      scoreText: "3.5",
      scoreStars: 3.5,
    });
    for (const stars of ["5", "5", "1"]) {
      const person = await shopper();
      await writeReview(db(), person, form({ business: quiet.slug, stars }), now);
    }
    const summary = await reviewSummary(db(), quiet.id, now);
    expect(summary.reviewCount).toBe(3);
    expect(summary.distribution).toEqual([1, 0, 0, 0, 2]);
    // Three reviews written now weigh 1 each: (24.5 + 11) / 10.
    expect(summary.trustScore).toBeCloseTo(3.55, 10);
    expect(trustScore({ weightSum: 3, weightedStars: 11 }, new Date("2026-01-01T00:00:00Z"))).toBe(
      3.55,
    );
  });
});

describe("the author's own reviews", () => {
  test("edit changes the words and the stars, and the figures follow; deleting takes it out", async () => {
    const category = await createCategory(db());
    const place = await createBusiness(db(), { categoryId: category.id, name: "Edit Spa" });
    const ada = await shopper();
    const bola = await shopper("Bola Ade");
    const written = await writeReview(db(), ada, form({ business: place.slug, stars: "2" }), now);
    if (!written.ok) throw new Error(JSON.stringify(written));
    const later = new Date("2026-11-30T12:00:00Z");
    const changes = { ...form({ stars: "4", title: "Better on a second look" }) };
    // Someone else's review is not there for them.
    expect(await editReview(db(), bola, written.reviewId, changes, later)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await deleteReview(db(), bola, written.reviewId)).toBe(false);
    expect(
      await editReview(db(), ada, written.reviewId, { ...changes, title: "no" }, later),
    ).toMatchObject({ ok: false, status: 400, errors: { title: expect.any(String) } });
    expect(await editReview(db(), ada, written.reviewId, changes, later)).toEqual({
      ok: true,
      republished: false,
    });
    const [mine] = await reviewsOfAuthor(db(), ada.id);
    expect(mine).toMatchObject({
      stars: 4,
      title: "Better on a second look",
      business: { slug: place.slug },
      verified: false,
    });
    expect((await reviewSummary(db(), place.id, now)).distribution).toEqual([0, 0, 0, 1, 0]);
    // The weight stays the moment it was written: the score is as if written with 4 stars then.
    expect((await reviewSummary(db(), place.id, now)).trustScore).toBeCloseTo(28.5 / 8, 10);

    expect(await deleteReview(db(), ada, written.reviewId)).toBe(true);
    expect(await reviewSummary(db(), place.id, now)).toMatchObject({
      reviewCount: 0,
      distribution: [0, 0, 0, 0, 0],
    });
    expect((await reviewSummary(db(), place.id, now)).trustScore).toBeCloseTo(3.5, 10);
    expect(await reviewsOfAuthor(db(), ada.id)).toEqual([]);
  });
});
