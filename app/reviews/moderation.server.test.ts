import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { exportPersonalData } from "#app/auth/personal-data.server.ts";
import type { BusinessRole } from "#app/auth/roles.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { auditEvents, businessMembers, emailOutbox, users } from "#app/db/schema.server.ts";
import { createBusiness, createCategory } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import {
  countFlaggedReviews,
  decideReview,
  flagReview,
  moderationQueue,
  readerOfReview,
  reportReview,
  voteHelpful,
} from "./moderation.server.ts";
import { reviewById } from "./reading.server.ts";
import { editReview, reviewSummary, writeReview } from "./reviews.server.ts";
import { reviewFlags, reviews, reviewVotes } from "./schema.server.ts";

/**
 * Flags, reports, helpful votes and moderators' decisions on a real database: who may do each
 * (field-level 4xx, another business's review a 404), once per account, votes exact under
 * concurrency, and each decision closing the review's flags, moving its business's figures,
 * writing the audit log and telling the author.
 */
let database: DatabaseHandle;
const db = () => database.db;
const now = new Date("2026-11-26T12:00:00Z");
let business: { id: string; slug: string; name: string };
let manager: { userId: string; businessId: string; role: BusinessRole };
let staff: { userId: string; businessId: string; role: BusinessRole };
let otherManager: { userId: string; businessId: string; role: BusinessRole };
let admin: { id: string };

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

async function reviewOf(slug: string, stars = "4", title = "Calm and kind") {
  const author = await person();
  const written = await writeReview(
    db(),
    author,
    {
      business: slug,
      stars,
      title,
      body: "The massage was unhurried and the room was spotless.",
      experiencedOn: "2026-11-20",
    },
    now,
  );
  if (!written.ok) throw new Error(JSON.stringify(written));
  return { author, id: written.reviewId };
}

async function flagsOf(reviewId: string) {
  return db().select().from(reviewFlags).where(eq(reviewFlags.reviewId, reviewId));
}

beforeAll(async () => {
  database = await createTestDatabase();
  const category = await createCategory(db());
  business = await createBusiness(db(), { categoryId: category.id, name: "Ewa Spa" });
  const other = await createBusiness(db(), { categoryId: category.id, name: "Other Spa" });
  manager = await member(business.id, "manager");
  staff = await member(business.id, "staff");
  otherManager = await member(other.id, "manager");
  admin = await person("Mo Derator", "admin");
}, 60_000);

afterAll(() => database.close());

describe("a business's flag", () => {
  test("a manager flags its review with a reason and a note; the audit log keeps it", async () => {
    const review = await reviewOf(business.slug);
    expect(
      await flagReview(
        db(),
        manager,
        review.id,
        { reason: "personal_data", note: "  Names our cashier  " },
        now,
      ),
    ).toEqual({ ok: true });
    expect(await flagsOf(review.id)).toMatchObject([
      {
        source: "business",
        reason: "personal_data",
        note: "Names our cashier",
        reporterId: manager.userId,
        outcome: null,
      },
    ]);
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, "review.flagged"), eq(auditEvents.actorId, manager.userId)),
      );
    expect(audit).toMatchObject({
      subjectId: business.id,
      details: { reviewId: review.id, reason: "personal_data" },
    });
    // While it waits, the business can't pile more flags on it.
    const owner = await member(business.id, "owner");
    expect(await flagReview(db(), owner, review.id, { reason: "harmful" }, now)).toMatchObject({
      ok: false,
      status: 409,
    });
  });

  test("a bad reason or a long note is a message on its field", async () => {
    const review = await reviewOf(business.slug);
    const cases: Array<[Record<string, string>, string]> = [
      [{}, "reason"],
      [{ reason: "rude" }, "reason"],
      [{ reason: "harmful", note: "x".repeat(501) }, "note"],
    ];
    for (const [form, field] of cases) {
      expect(await flagReview(db(), manager, review.id, form, now), field).toMatchObject({
        ok: false,
        status: 400,
        errors: { [field]: expect.any(String) },
      });
    }
    expect(await flagsOf(review.id)).toEqual([]);
  });

  test("staff can't flag; another business's manager finds no such review", async () => {
    const review = await reviewOf(business.slug);
    expect(await flagReview(db(), staff, review.id, { reason: "harmful" }, now)).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(
      await flagReview(db(), otherManager, review.id, { reason: "harmful" }, now),
    ).toMatchObject({ ok: false, status: 404 });
    expect(await flagsOf(review.id)).toEqual([]);
  });
});

describe("a reader's report", () => {
  test("once per account: a second report is a 409, not a crash", async () => {
    const review = await reviewOf(business.slug);
    const reader = await person("Reader One");
    const form = { reason: "not_genuine", note: "<script>alert(1)</script>" };
    expect(await reportReview(db(), reader, review.id, form, now)).toEqual({ ok: true });
    expect(await reportReview(db(), reader, review.id, form, now)).toMatchObject({
      ok: false,
      status: 409,
      errors: { form: expect.any(String) },
    });
    // Even two at once make one.
    const twice = await person("Reader Two");
    const results = await Promise.all([
      reportReview(db(), twice, review.id, form, now),
      reportReview(db(), twice, review.id, form, now),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await flagsOf(review.id)).toHaveLength(2);
    expect((await flagsOf(review.id))[0]).toMatchObject({ source: "shopper", note: form.note });
    // The reader's own export lists the report, and their helpful vote.
    await voteHelpful(db(), reader, review.id, true);
    const exported = await exportPersonalData(db(), reader.id);
    expect(exported?.reviewReports).toEqual([
      {
        reviewId: review.id,
        as: "shopper",
        reason: "not_genuine",
        note: form.note,
        outcome: null,
        at: now,
      },
    ]);
    expect(exported?.reviewsFoundHelpful.map((vote) => vote.reviewId)).toEqual([review.id]);
  });

  test("the author and the business's team can't report it; an unknown review is a 404", async () => {
    const review = await reviewOf(business.slug);
    expect(
      await reportReview(db(), review.author, review.id, { reason: "harmful" }, now),
    ).toMatchObject({ ok: false, status: 403 });
    expect(
      await reportReview(db(), { id: staff.userId }, review.id, { reason: "harmful" }, now),
    ).toMatchObject({ ok: false, status: 403 });
    const reader = await person();
    expect(
      await reportReview(db(), reader, "rev_0000000000000000", { reason: "harmful" }, now),
    ).toMatchObject({ ok: false, status: 404 });
    expect(await reportReview(db(), reader, review.id, { reason: "" }, now)).toMatchObject({
      ok: false,
      status: 400,
      errors: { reason: expect.any(String) },
    });
    expect(await flagsOf(review.id)).toEqual([]);
  });
});

describe("helpful votes", () => {
  test("50 readers at once make exactly 50; one reader 50 times at once makes 1", async () => {
    const review = await reviewOf(business.slug);
    const readers = await Promise.all(Array.from({ length: 50 }, (_, i) => person(`Reader ${i}`)));
    const results = await Promise.all(
      readers.map((reader) => voteHelpful(db(), reader, review.id, true)),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    const [counted] = await db().select().from(reviews).where(eq(reviews.id, review.id));
    expect(counted?.helpfulCount).toBe(50);

    const eager = await reviewOf(business.slug);
    const one = await person("Eager Reader");
    await Promise.all(Array.from({ length: 50 }, () => voteHelpful(db(), one, eager.id, true)));
    const [once] = await db().select().from(reviews).where(eq(reviews.id, eager.id));
    expect(once?.helpfulCount).toBe(1);
    expect(
      await db().select().from(reviewVotes).where(eq(reviewVotes.reviewId, eager.id)),
    ).toHaveLength(1);
  });

  test("a vote can be taken back, once; the author and the team can't vote", async () => {
    const review = await reviewOf(business.slug);
    const reader = await person();
    expect(await voteHelpful(db(), reader, review.id, true)).toEqual({
      ok: true,
      helpfulCount: 1,
      voted: true,
    });
    expect(await readerOfReview(db(), review.id, reader.id)).toEqual({
      own: false,
      team: false,
      voted: true,
      reported: false,
    });
    expect(await voteHelpful(db(), reader, review.id, false)).toEqual({
      ok: true,
      helpfulCount: 0,
      voted: false,
    });
    expect(await voteHelpful(db(), reader, review.id, false)).toEqual({
      ok: true,
      helpfulCount: 0,
      voted: false,
    });
    expect(await voteHelpful(db(), review.author, review.id, true)).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await voteHelpful(db(), { id: manager.userId }, review.id, true)).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await readerOfReview(db(), review.id, review.author.id)).toMatchObject({ own: true });
    expect(await readerOfReview(db(), review.id, manager.userId)).toMatchObject({ team: true });
  });
});

describe("moderators' decisions", () => {
  test("the queue holds flagged reviews, the longest waiting first, with every open flag", async () => {
    const category = await createCategory(db());
    const place = await createBusiness(db(), { categoryId: category.id, name: "Queue Spa" });
    const owner = await member(place.id, "owner");
    const first = await reviewOf(place.slug, "1", "First flagged");
    const second = await reviewOf(place.slug, "2", "Second flagged");
    const reader = await person("Kemi Reader");
    await reportReview(
      db(),
      reader,
      second.id,
      { reason: "advertising" },
      new Date("2026-11-26T13:00:00Z"),
    );
    await flagReview(
      db(),
      owner,
      first.id,
      { reason: "wrong_business", note: "We have no branch in Ikeja" },
      new Date("2026-11-26T12:30:00Z"),
    );
    await reportReview(
      db(),
      reader,
      first.id,
      { reason: "not_genuine" },
      new Date("2026-11-26T14:00:00Z"),
    );
    const queue = (await moderationQueue(db())).filter((item) => item.business.slug === place.slug);
    expect(queue.map((item) => item.title)).toEqual(["First flagged", "Second flagged"]);
    expect(queue[0]?.flags).toMatchObject([
      { source: "business", reason: "wrong_business", note: "We have no branch in Ikeja" },
      { source: "shopper", reason: "not_genuine", note: "", reporter: "Kemi Reader" },
    ]);
    expect(await countFlaggedReviews(db())).toBeGreaterThanOrEqual(2);
  });

  test("keep closes the flags and changes nothing else; a second decision is a 409", async () => {
    const review = await reviewOf(business.slug, "1");
    const reader = await person();
    await reportReview(db(), reader, review.id, { reason: "harmful" }, now);
    await flagReview(db(), manager, review.id, { reason: "not_genuine" }, now);
    const before = await reviewSummary(db(), business.id, now);
    const kept = await decideReview(
      db(),
      { ...admin, ipAddress: "203.0.113.9" },
      review.id,
      { decision: "keep" },
      "https://oja.test",
      now,
    );
    expect(kept).toEqual({ ok: true, outcome: "kept", flagsClosed: 2, emailed: false });
    expect(await flagsOf(review.id)).toMatchObject([
      { outcome: "kept", decidedBy: admin.id, decidedAt: now },
      { outcome: "kept", decidedBy: admin.id, decidedAt: now },
    ]);
    expect(await reviewSummary(db(), business.id, now)).toEqual(before);
    const [row] = await db().select().from(reviews).where(eq(reviews.id, review.id));
    expect(row).toMatchObject({ status: "published", removedReason: null });
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "review.kept"), eq(auditEvents.subjectId, review.id)));
    expect(audit).toMatchObject({
      actorId: admin.id,
      ipAddress: "203.0.113.9",
      details: { businessId: business.id, flags: 2 },
    });
    expect(
      await decideReview(db(), admin, review.id, { decision: "keep" }, "https://oja.test", now),
    ).toMatchObject({ ok: false, status: 409 });
  });

  test("remove needs a public reason, takes the review out of the figures and tells its author", async () => {
    const review = await reviewOf(business.slug, "1");
    const reader = await person();
    await reportReview(db(), reader, review.id, { reason: "harmful" }, now);
    for (const reason of ["", "  ab  ", "<b>rude</b>"]) {
      expect(
        await decideReview(
          db(),
          admin,
          review.id,
          { decision: "remove", reason },
          "https://oja.test",
          now,
        ),
        reason,
      ).toMatchObject({ ok: false, status: 400, errors: { reason: expect.any(String) } });
    }
    expect(
      await decideReview(db(), admin, review.id, { decision: "ban" }, "https://oja.test", now),
    ).toMatchObject({ ok: false, status: 400, errors: { decision: expect.any(String) } });
    const before = await reviewSummary(db(), business.id, now);
    const removed = await decideReview(
      db(),
      admin,
      review.id,
      { decision: "remove", reason: "Threatens a member of staff" },
      "https://oja.test",
      now,
    );
    expect(removed).toEqual({ ok: true, outcome: "removed", flagsClosed: 1, emailed: true });
    const after = await reviewSummary(db(), business.id, now);
    expect(after.reviewCount).toBe(before.reviewCount - 1);
    expect(after.distribution[0]).toBe(before.distribution[0] - 1);
    expect(await flagsOf(review.id)).toMatchObject([{ outcome: "removed" }]);
    expect(await reviewById(db(), review.id)).toMatchObject({
      title: "",
      body: "",
      hiddenBecause: "Removed by Oja's moderators for: Threatens a member of staff",
    });
    const [author] = await db().select().from(users).where(eq(users.id, review.author.id));
    const [email] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, author?.email ?? ""));
    expect(email).toMatchObject({
      kind: "review-removed",
      subject: "Your review of Ewa Spa was removed",
    });
    expect(email?.text).toContain("Threatens a member of staff");
    expect(email?.text).toContain("https://oja.test/evaluate/_id");
    const audit = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "review.removed"), eq(auditEvents.subjectId, review.id)));
    expect(audit).toHaveLength(1);
    // Removed stays removed: its author can't change it, nobody can report or vote on it.
    const edit = await editReview(
      db(),
      review.author,
      review.id,
      {
        stars: "3",
        title: "Second thoughts",
        body: "The massage was unhurried and the room was spotless.",
        experiencedOn: "2026-11-20",
      },
      now,
    );
    expect(edit).toMatchObject({ ok: false, status: 409 });
    expect(
      await reportReview(db(), await person(), review.id, { reason: "harmful" }, now),
    ).toMatchObject({ status: 409 });
    expect(await voteHelpful(db(), await person(), review.id, true)).toMatchObject({ status: 409 });
  });

  test("asking for an edit holds the review until its author edits it, which republishes it", async () => {
    const review = await reviewOf(business.slug, "5");
    await flagReview(db(), manager, review.id, { reason: "personal_data" }, now);
    const before = await reviewSummary(db(), business.id, now);
    expect(
      await decideReview(
        db(),
        admin,
        review.id,
        { decision: "edit", reason: "Please leave out the cashier's phone number" },
        "https://oja.test",
        now,
      ),
    ).toEqual({ ok: true, outcome: "edit_requested", flagsClosed: 1, emailed: true });
    const held = await reviewSummary(db(), business.id, now);
    expect(held.reviewCount).toBe(before.reviewCount - 1);
    expect(held.distribution[4]).toBe(before.distribution[4] - 1);
    expect(await reviewById(db(), review.id)).toMatchObject({
      hiddenBecause:
        "Held until its author edits it, for: Please leave out the cashier's phone number",
    });
    const [email] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "review-held"));
    expect(email?.subject).toBe("Please edit your review of Ewa Spa");
    expect(email?.text).toContain("Saving your changes publishes it again");

    const edit = await editReview(
      db(),
      review.author,
      review.id,
      {
        stars: "4",
        title: "Calm and kind",
        body: "The massage was unhurried and the room was spotless.",
        experiencedOn: "2026-11-20",
      },
      now,
    );
    expect(edit).toEqual({ ok: true, republished: true });
    const [row] = await db().select().from(reviews).where(eq(reviews.id, review.id));
    expect(row).toMatchObject({ status: "published", removedReason: null, stars: 4 });
    const back = await reviewSummary(db(), business.id, now);
    expect(back.reviewCount).toBe(before.reviewCount);
    expect(back.distribution[3]).toBe(before.distribution[3] + 1);
    expect(back.distribution[4]).toBe(before.distribution[4] - 1);
    expect(
      await db()
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.action, "review.edit-requested"),
            eq(auditEvents.subjectId, review.id),
          ),
        ),
    ).toHaveLength(1);
  });
});
