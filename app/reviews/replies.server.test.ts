import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { BusinessRole } from "#app/auth/roles.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { auditEvents, businessMembers, users } from "#app/db/schema.server.ts";
import { createBusiness, createCategory } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { decideReview, reportReview } from "./moderation.server.ts";
import { replyFigures, reviewInbox, saveReply } from "./replies.server.ts";
import { deleteReview, editReview, writeReview } from "./reviews.server.ts";
import { reviewStats, reviews } from "./schema.server.ts";

/**
 * A business's replies on a real database: one per review, editable, 2–2,000 characters after
 * trimming, only by the business's managers and owner, kept as typed; and the reply rate's
 * count, which follows a replied review out of the figures and back (moderation, the author's
 * edit, deletion).
 */
let database: DatabaseHandle;
const db = () => database.db;
const now = new Date("2026-11-26T12:00:00Z");
let business: { id: string; slug: string };
let other: { id: string; slug: string };
let manager: { userId: string; businessId: string; role: BusinessRole };
let staff: { userId: string; businessId: string; role: BusinessRole };
let otherManager: { userId: string; businessId: string; role: BusinessRole };

async function person(name = "Ada Obi", role: "shopper" | "admin" = "shopper") {
  const id = newId("usr");
  await db()
    .insert(users)
    .values({ id, name, email: `${id}@example.com`, role });
  return { id };
}

async function member(businessId: string, role: BusinessRole) {
  const { id } = await person(`Team ${role}`);
  await db().insert(businessMembers).values({ businessId, userId: id, role });
  return { userId: id, businessId, role };
}

async function reviewOf(slug: string, stars = "4") {
  const author = await person();
  const written = await writeReview(
    db(),
    author,
    {
      business: slug,
      stars,
      title: "Calm and kind",
      body: "The massage was unhurried and the room was spotless.",
      experiencedOn: "2026-11-20",
    },
    now,
  );
  if (!written.ok) throw new Error(JSON.stringify(written));
  return { author, id: written.reviewId };
}

async function figures(businessId: string) {
  const [row] = await db().select().from(reviewStats).where(eq(reviewStats.businessId, businessId));
  return { reviewCount: row?.reviewCount, repliedCount: row?.repliedCount };
}

beforeAll(async () => {
  database = await createTestDatabase();
  const category = await createCategory(db());
  business = await createBusiness(db(), { categoryId: category.id, name: "Ewa Spa" });
  other = await createBusiness(db(), { categoryId: category.id, name: "Other Spa" });
  manager = await member(business.id, "manager");
  staff = await member(business.id, "staff");
  otherManager = await member(other.id, "manager");
}, 60_000);

afterAll(() => database.close());

describe("a business's reply", () => {
  test("a manager replies once, then edits it; the reply rate counts it once", async () => {
    const review = await reviewOf(business.slug);
    expect(await figures(business.id)).toMatchObject({ repliedCount: 0 });
    expect(
      await saveReply(db(), manager, review.id, { reply: "  Thank you, Ada!  " }, "first", now),
    ).toEqual({ ok: true, edited: false });
    const [first] = await db().select().from(reviews).where(eq(reviews.id, review.id));
    expect(first).toMatchObject({
      reply: "Thank you, Ada!",
      repliedAt: now,
      replyEditedAt: null,
      repliedBy: manager.userId,
    });
    expect(await figures(business.id)).toMatchObject({ repliedCount: 1 });

    // A second first reply (another manager at the same moment) is told to edit instead.
    expect(
      await saveReply(db(), manager, review.id, { reply: "Thanks again" }, "first", now),
    ).toMatchObject({ ok: false, status: 409, errors: { reply: expect.any(String) } });
    const later = new Date("2026-11-27T09:00:00Z");
    expect(
      await saveReply(
        db(),
        manager,
        review.id,
        { reply: "Thank you, Ada. See you soon." },
        "edit",
        later,
      ),
    ).toEqual({ ok: true, edited: true });
    const [edited] = await db().select().from(reviews).where(eq(reviews.id, review.id));
    expect(edited).toMatchObject({
      reply: "Thank you, Ada. See you soon.",
      repliedAt: now,
      replyEditedAt: later,
    });
    expect(await figures(business.id)).toMatchObject({ repliedCount: 1 });
    const audit = await db()
      .select({ action: auditEvents.action, details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, manager.userId), eq(auditEvents.subjectId, business.id)));
    expect(audit.map((event) => event.action).sort()).toEqual([
      "review.replied",
      "review.reply-edited",
    ]);
  });

  test("a reply is 2 to 2,000 characters after trimming: each limit a message on its field", async () => {
    const review = await reviewOf(business.slug);
    for (const reply of [" a ", "", "x".repeat(2_001)]) {
      expect(
        await saveReply(db(), manager, review.id, { reply }, "first", now),
        JSON.stringify(reply.length),
      ).toMatchObject({ ok: false, status: 400, errors: { reply: expect.any(String) } });
    }
    expect(await saveReply(db(), manager, review.id, {}, "first", now)).toMatchObject({
      status: 400,
      errors: { reply: expect.any(String) },
    });
    expect(await saveReply(db(), manager, review.id, { reply: "ok" }, "edit", now)).toMatchObject({
      status: 409,
      errors: { reply: "There is no reply to edit yet." },
    });
    expect(await saveReply(db(), manager, review.id, { reply: "ok" }, "first", now)).toMatchObject({
      ok: true,
    });
    expect(
      await saveReply(db(), manager, review.id, { reply: "x".repeat(2_000) }, "edit", now),
    ).toMatchObject({ ok: true });
  });

  test("staff can't reply; another business's manager finds no such review", async () => {
    const review = await reviewOf(business.slug);
    expect(
      await saveReply(db(), staff, review.id, { reply: "Thank you" }, "first", now),
    ).toMatchObject({ ok: false, status: 403 });
    expect(
      await saveReply(db(), otherManager, review.id, { reply: "Thank you" }, "first", now),
    ).toMatchObject({ ok: false, status: 404 });
    expect(
      await saveReply(db(), manager, "rev_0000000000000000", { reply: "Thank you" }, "first", now),
    ).toMatchObject({ ok: false, status: 404 });
    const [row] = await db().select().from(reviews).where(eq(reviews.id, review.id));
    expect(row?.reply).toBeNull();
  });

  test("script in a reply is kept exactly as typed (pages show it as text)", async () => {
    const review = await reviewOf(business.slug);
    const reply = `<script>alert("owned")</script> & <b>thanks</b>`;
    await saveReply(db(), manager, review.id, { reply }, "first", now);
    const inbox = await reviewInbox(db(), business.id);
    expect(inbox.items.find((item) => item.id === review.id)?.reply?.body).toBe(reply);
  });
});

describe("the reply rate's count", () => {
  test("follows a replied review out of the figures and back: held, republished, removed, deleted", async () => {
    const category = await createCategory(db());
    const place = await createBusiness(db(), { categoryId: category.id, name: "Count Spa" });
    const owner = await member(place.id, "owner");
    const admin = await person("Mo Derator", "admin");
    const reader = await person("Reader One");
    const held = await reviewOf(place.slug, "5");
    const removed = await reviewOf(place.slug, "2");
    const deleted = await reviewOf(place.slug, "3");
    const unreplied = await reviewOf(place.slug, "4");
    for (const review of [held, removed, deleted]) {
      await saveReply(db(), owner, review.id, { reply: "Thank you" }, "first", now);
    }
    expect(await figures(place.id)).toEqual({ reviewCount: 4, repliedCount: 3 });
    expect(await replyFigures(db(), place.id)).toEqual({
      reviewCount: 4,
      repliedCount: 3,
      needReply: 1,
      replyRate: 75,
    });
    const needing = await reviewInbox(db(), place.id, { needsReply: true });
    expect(needing.items.map((item) => item.id)).toEqual([unreplied.id]);

    const decide = async (reviewId: string, decision: string) => {
      await reportReview(db(), reader, reviewId, { reason: "harmful" }, now);
      return decideReview(
        db(),
        admin,
        reviewId,
        { decision, reason: "Names a member of staff" },
        "https://oja.test",
        now,
      );
    };
    expect(await decide(held.id, "edit")).toMatchObject({ ok: true, outcome: "edit_requested" });
    expect(await figures(place.id)).toEqual({ reviewCount: 3, repliedCount: 2 });
    // A held review takes no reply while hidden.
    expect(await saveReply(db(), owner, held.id, { reply: "Edited" }, "edit", now)).toMatchObject({
      status: 409,
    });

    const edit = await editReview(
      db(),
      held.author,
      held.id,
      {
        stars: "4",
        title: "Calm and kind",
        body: "The massage was unhurried; the room was spotless.",
        experiencedOn: "2026-11-20",
      },
      now,
    );
    expect(edit).toEqual({ ok: true, republished: true });
    expect(await figures(place.id)).toEqual({ reviewCount: 4, repliedCount: 3 });

    expect(await decide(removed.id, "remove")).toMatchObject({ ok: true, outcome: "removed" });
    expect(await figures(place.id)).toEqual({ reviewCount: 3, repliedCount: 2 });

    expect(await deleteReview(db(), deleted.author, deleted.id, now)).toBe(true);
    expect(await figures(place.id)).toEqual({ reviewCount: 2, repliedCount: 1 });
  });
});
