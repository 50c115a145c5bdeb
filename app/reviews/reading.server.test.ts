import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { InvalidPageCursorError } from "#app/db/page-cursor.server.ts";
import { users } from "#app/db/schema.server.ts";
import * as reviewPage from "#app/routes/review.tsx";
import * as reviewsList from "#app/routes/reviews-list.tsx";
import { getFrom } from "#tests/support/accounts.ts";
import { createBusiness, createCategory } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { createOrder } from "#tests/support/orders.ts";
import { latestReviews, reviewById, reviewsOfBusiness } from "./reading.server.ts";
import { writeReview } from "./reviews.server.ts";
import { reviews } from "./schema.server.ts";

/**
 * Reading reviews on a real database: newest first a page at a time (every review once across
 * pages), filtered by stars and verified, authors as "Ada O.", a removed review showing only its
 * reason, forged page links a 400, and the pages' 404s.
 */
let database: DatabaseHandle;
const db = () => database.db;
let business: { id: string; slug: string; name: string };
const ids: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const category = await createCategory(db());
  business = await createBusiness(db(), { categoryId: category.id, name: "Ewa Spa" });
  // Five reviews a minute apart: stars 1..5, the even ones by buyers (verified).
  for (let stars = 1; stars <= 5; stars += 1) {
    const id = newId("usr");
    await db()
      .insert(users)
      .values({ id, name: `Reader${stars} Okafor`, email: `${id}@example.com` });
    if (stars % 2 === 0) await createOrder(db(), { shopperId: id, businessId: business.id });
    const written = await writeReview(
      db(),
      { id },
      {
        business: business.slug,
        stars: String(stars),
        title: `Title ${stars}`,
        body: `A review with ${stars} stars, long enough to publish.`,
        experiencedOn: "2026-11-20",
      },
      new Date(Date.UTC(2026, 10, 26, 10, stars)),
    );
    if (!written.ok) throw new Error(JSON.stringify(written));
    ids.push(written.reviewId);
  }
}, 60_000);

afterAll(() => database.close());

describe("a business's reviews", () => {
  test("newest first, a page at a time, each once", async () => {
    const first = await reviewsOfBusiness(db(), business.id, { limit: 2 });
    const second = await reviewsOfBusiness(db(), business.id, {
      limit: 2,
      after: first.nextCursor,
    });
    const third = await reviewsOfBusiness(db(), business.id, {
      limit: 2,
      after: second.nextCursor,
    });
    expect([...first.items, ...second.items, ...third.items].map((review) => review.stars)).toEqual(
      [5, 4, 3, 2, 1],
    );
    expect(third.nextCursor).toBeNull();
    expect(first.items[0]).toMatchObject({
      author: "Reader5 O.",
      verified: false,
      title: "Title 5",
    });
    expect(first.items[1]).toMatchObject({ verified: true });
  });

  test("filtered by stars and verified only", async () => {
    expect(
      (await reviewsOfBusiness(db(), business.id, { stars: 3 })).items.map((r) => r.stars),
    ).toEqual([3]);
    expect(
      (await reviewsOfBusiness(db(), business.id, { verifiedOnly: true })).items.map(
        (r) => r.stars,
      ),
    ).toEqual([4, 2]);
  });

  test("a forged page link is refused before it reaches SQL", async () => {
    for (const after of ["nonsense", Buffer.from('["1; drop", "x"]').toString("base64url")]) {
      await expect(reviewsOfBusiness(db(), business.id, { after })).rejects.toBeInstanceOf(
        InvalidPageCursorError,
      );
    }
  });

  test("most helpful first, ties newest first, a page at a time, each once", async () => {
    // Votes: review 2 → 3, review 4 → 3, review 1 → 1; 3 and 5 none.
    for (const [index, votes] of [
      [1, 3],
      [3, 3],
      [0, 1],
    ] as const) {
      await db()
        .update(reviews)
        .set({ helpfulCount: votes })
        .where(eq(reviews.id, ids[index] ?? ""));
    }
    const seen: number[] = [];
    let after: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof reviewsOfBusiness>> = await reviewsOfBusiness(
        db(),
        business.id,
        { sort: "helpful", limit: 2, after },
      );
      seen.push(...page.items.map((review) => review.stars));
      after = page.nextCursor;
    } while (after);
    expect(seen).toEqual([4, 2, 1, 5, 3]);
    // A newest-first link can't be read as a most-helpful one.
    const newest = await reviewsOfBusiness(db(), business.id, { limit: 1 });
    await expect(
      reviewsOfBusiness(db(), business.id, { sort: "helpful", after: newest.nextCursor }),
    ).rejects.toBeInstanceOf(InvalidPageCursorError);
    await db().update(reviews).set({ helpfulCount: 0 }).where(eq(reviews.businessId, business.id));
  });

  test("a removed or held review shows only why, and no reply", async () => {
    const [removedId = "", heldId = ""] = ids;
    await db()
      .update(reviews)
      .set({
        status: "removed",
        removedReason: "personal data",
        reply: "Thanks",
        repliedAt: new Date(),
      })
      .where(eq(reviews.id, removedId));
    expect(await reviewById(db(), removedId)).toMatchObject({
      title: "",
      body: "",
      hiddenBecause: "Removed by Oja's moderators for: personal data",
      reply: null,
      business: { slug: business.slug },
    });
    await db()
      .update(reviews)
      .set({ status: "held", removedReason: "a phone number in the text" })
      .where(eq(reviews.id, heldId));
    expect(await reviewById(db(), heldId)).toMatchObject({
      body: "",
      hiddenBecause: "Held until its author edits it, for: a phone number in the text",
    });
  });

  test("the business's reply shows with its day, marked once edited", async () => {
    const id = ids[4] ?? "";
    await db()
      .update(reviews)
      .set({ reply: "Thank you, Ada!", repliedAt: new Date(Date.UTC(2026, 10, 26, 12)) })
      .where(eq(reviews.id, id));
    expect((await reviewById(db(), id))?.reply).toEqual({
      body: "Thank you, Ada!",
      dated: "26 Nov 2026",
    });
    await db().update(reviews).set({ replyEditedAt: new Date() }).where(eq(reviews.id, id));
    expect((await reviewById(db(), id))?.reply?.dated).toBe("26 Nov 2026 · edited");
  });
});

describe("the /reviews hub", () => {
  test("the latest published reviews across Oja, and the most helpful of 90 days", async () => {
    const at = new Date(Date.UTC(2026, 10, 26, 12));
    const [hiddenId = "", , , helpfulId = "", newestId = ""] = ids;
    await db()
      .update(reviews)
      .set({ status: "held", removedReason: "test" })
      .where(eq(reviews.id, hiddenId));
    await db().update(reviews).set({ helpfulCount: 2 }).where(eq(reviews.id, helpfulId));
    const latest = await latestReviews(db(), { limit: 2, now: at });
    expect(latest.items.map((review) => review.id)).toEqual([newestId, helpfulId]);
    expect(latest.items[0]?.business).toEqual({ name: "Ewa Spa", slug: business.slug });
    const rest = await latestReviews(db(), { limit: 10, after: latest.nextCursor, now: at });
    expect(rest.items.map((review) => review.id)).not.toContain(hiddenId);
    expect(rest.nextCursor).toBeNull();
    expect(
      (await latestReviews(db(), { sort: "helpful", now: at })).items.map((r) => r.id),
    ).toEqual([helpfulId]);
    // 91 days on, last season's votes no longer lead.
    const later = new Date(at.getTime() + 91 * 86_400_000);
    expect((await latestReviews(db(), { sort: "helpful", now: later })).items).toEqual([]);
    await db()
      .update(reviews)
      .set({ status: "published", removedReason: null, helpfulCount: 0 })
      .where(eq(reviews.businessId, business.id));
  });
});

describe("the pages", () => {
  test("/ReviewsList: unknown business 404, broken page link 400, a bad filter ignored", async () => {
    const list = (slug: string, search = "") =>
      getFrom(db(), reviewsList, `/ReviewsList/${slug}${search}`, {
        pattern: "/ReviewsList/:id",
        params: { id: slug },
      });
    expect((await list("nobody")).status).toBe(404);
    expect((await list(business.slug, "?after=broken")).status).toBe(400);
    const page = await list(business.slug, "?stars=9&verified=yes");
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ stars: null, verifiedOnly: false });
    expect((page.data as { summary: { reviewCount: number } }).summary.reviewCount).toBe(5);
  });

  test("/reviews/{id}: a review opens; an unknown or malformed id is a 404", async () => {
    const open = (id: string) =>
      getFrom(db(), reviewPage, `/reviews/${id}`, { pattern: "/reviews/:id", params: { id } });
    expect((await open(ids[4] ?? "")).data).toMatchObject({ review: { title: "Title 5" } });
    for (const id of ["rev_0000000000000000", "../etc", "x".repeat(500)]) {
      expect((await open(id)).status).toBe(404);
    }
  });
});
