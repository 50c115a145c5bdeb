import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import * as adminPage from "#app/routes/admin.tsx";
import * as adminReviews from "#app/routes/admin-reviews.tsx";
import * as myReviews from "#app/routes/my-reviews.tsx";
import * as reviewPage from "#app/routes/review.tsx";
import * as consoleReviews from "#app/routes/vendor-reviews.tsx";
import { getFrom, postTo, signUpAs } from "#tests/support/accounts.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import {
  adminsOnly,
  consoleManagersAndOwners,
  createRoleFixtures,
  expectRoleMatrix,
  type MatrixRole,
  type RoleFixtures,
} from "#tests/support/role-matrix.ts";
import { writeReview } from "./reviews.server.ts";
import { reviewFlags, reviews } from "./schema.server.ts";

/**
 * Replies' and moderation's part of the role matrix (issue 21): the console's reviews inbox is
 * for the business's managers and owners (staff, other businesses and admins get a 404, for
 * reading, replying and flagging); the moderation queue for platform admins; a review's page
 * for everyone, its helpful vote and report for signed-in readers who are neither its author nor
 * its business's team, rate limited (429).
 */
let database: DatabaseHandle;
let fixtures: RoleFixtures;
let reviewId: string;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await createRoleFixtures(database.db);
  const written = await writeReview(
    db(),
    { id: fixtures.userIds.shopper },
    {
      business: fixtures.business.slug,
      stars: "2",
      title: "Slow but <b>kind</b>",
      body: "<script>alert(1)</script> We waited an hour for a pedicure.",
      experiencedOn: new Date().toISOString().slice(0, 10),
    },
  );
  if (!written.ok) throw new Error(JSON.stringify(written));
  reviewId = written.reviewId;
}, 60_000);

afterAll(() => database.close());

const consolePath = () => `/vendor/${fixtures.business.slug}/reviews`;
const consoleOptions = (cookie?: string) => ({
  cookie,
  pattern: "/vendor/:business/reviews",
  params: { business: fixtures.business.slug },
});
const reviewOptions = (cookie?: string) => ({
  cookie,
  pattern: "/reviews/:id",
  params: { id: reviewId },
});
const cookieOf = (role: Exclude<MatrixRole, "guest">) => fixtures.cookies[role];

describe("the console's reviews inbox", () => {
  test("opens for managers and owners of the business", async () => {
    await expectRoleMatrix(
      db(),
      fixtures,
      { path: consolePath(), ...consoleOptions(), run: consoleReviews.loader },
      consoleManagersAndOwners,
    );
  });

  test("staff, another business and admins can't reply or flag; a manager and the owner can", async () => {
    for (const role of ["staff", "ownerOfOther", "admin", "shopper"] as const) {
      const forms: Array<Record<string, string>> = [
        { intent: "reply", reviewId, reply: "Thank you" },
        { intent: "flag", reviewId, reason: "harmful" },
      ];
      for (const form of forms) {
        const answer = await postTo(
          db(),
          consoleReviews,
          consolePath(),
          form,
          consoleOptions(cookieOf(role)),
        );
        expect(answer.status, `${role} ${form.intent}`).toBe(404);
      }
    }
    const short = await postTo(
      db(),
      consoleReviews,
      consolePath(),
      { intent: "reply", reviewId, reply: " x " },
      consoleOptions(cookieOf("manager")),
    );
    expect(short).toMatchObject({ status: 400, data: { errors: { reply: expect.any(String) } } });
    const replied = await postTo(
      db(),
      consoleReviews,
      consolePath(),
      { intent: "reply", reviewId, reply: "<script>alert(2)</script> Sorry for the wait." },
      consoleOptions(cookieOf("manager")),
    );
    expect(replied).toMatchObject({ status: 200, data: { done: expect.any(String) } });
    const again = await postTo(
      db(),
      consoleReviews,
      consolePath(),
      { intent: "reply", reviewId, reply: "Second first reply" },
      consoleOptions(cookieOf("owner")),
    );
    expect(again.status).toBe(409);
    const noReason = await postTo(
      db(),
      consoleReviews,
      consolePath(),
      { intent: "flag", reviewId, reason: "" },
      consoleOptions(cookieOf("owner")),
    );
    expect(noReason).toMatchObject({
      status: 400,
      data: { errors: { reason: expect.any(String) } },
    });
    const flagged = await postTo(
      db(),
      consoleReviews,
      consolePath(),
      { intent: "flag", reviewId, reason: "not_genuine", note: "No such booking" },
      consoleOptions(cookieOf("owner")),
    );
    expect(flagged.status).toBe(200);
    const inbox = await getFrom(
      db(),
      consoleReviews,
      consolePath(),
      consoleOptions(cookieOf("manager")),
    );
    expect(inbox.data).toMatchObject({
      figures: { reviewCount: 1, repliedCount: 1, needReply: 0, replyRate: 100 },
      page: {
        items: [
          {
            id: reviewId,
            reply: { body: "<script>alert(2)</script> Sorry for the wait." },
            flag: { reason: "not_genuine", outcome: null },
          },
        ],
      },
    });
    const needing = await getFrom(
      db(),
      consoleReviews,
      `${consolePath()}?filter=needs-reply`,
      consoleOptions(cookieOf("manager")),
    );
    expect(needing.data).toMatchObject({ needsReply: true, page: { items: [] } });
    const badCursor = await getFrom(
      db(),
      consoleReviews,
      `${consolePath()}?after=nonsense`,
      consoleOptions(cookieOf("manager")),
    );
    expect(badCursor.status).toBe(400);
  });
});

describe("a review's page", () => {
  test("opens for everyone, each seeing what they may do", async () => {
    await expectRoleMatrix(
      db(),
      fixtures,
      { path: `/reviews/${reviewId}`, ...reviewOptions(), run: reviewPage.loader },
      {
        guest: "ok",
        shopper: "ok",
        otherShopper: "ok",
        staff: "ok",
        manager: "ok",
        owner: "ok",
        ownerOfOther: "ok",
        admin: "ok",
      },
    );
    const guest = await getFrom(db(), reviewPage, `/reviews/${reviewId}`, reviewOptions());
    expect(guest.data).toMatchObject({ reader: null, back: `/reviews/${reviewId}` });
    const author = await getFrom(
      db(),
      reviewPage,
      `/reviews/${reviewId}`,
      reviewOptions(cookieOf("shopper")),
    );
    expect(author.data).toMatchObject({ reader: { own: true } });
    const staff = await getFrom(
      db(),
      reviewPage,
      `/reviews/${reviewId}`,
      reviewOptions(cookieOf("staff")),
    );
    expect(staff.data).toMatchObject({ reader: { own: false, team: true } });
    // A member of another business is a reader here like anyone else.
    const otherOwner = await getFrom(
      db(),
      reviewPage,
      `/reviews/${reviewId}`,
      reviewOptions(cookieOf("ownerOfOther")),
    );
    expect(otherOwner.data).toMatchObject({
      reader: { own: false, team: false, voted: false, reported: false },
    });
  });

  test("guests are sent to sign in; the author and the team can't vote or report", async () => {
    const guest = await postTo(
      db(),
      reviewPage,
      `/reviews/${reviewId}`,
      { intent: "helpful" },
      reviewOptions(),
    );
    expect(guest.location).toBe(`/Login?redirectTo=${encodeURIComponent(`/reviews/${reviewId}`)}`);
    for (const role of ["shopper", "staff", "owner"] as const) {
      const forms: Array<Record<string, string>> = [
        { intent: "helpful" },
        { intent: "report", reason: "harmful" },
      ];
      for (const form of forms) {
        const answer = await postTo(
          db(),
          reviewPage,
          `/reviews/${reviewId}`,
          form,
          reviewOptions(cookieOf(role)),
        );
        expect(answer.status, `${role} ${form.intent}`).toBe(403);
      }
    }
  });

  test("a reader votes and takes it back, reports once; the second report is a 409", async () => {
    const reader = cookieOf("otherShopper");
    const post = (form: Record<string, string>) =>
      postTo(db(), reviewPage, `/reviews/${reviewId}`, form, reviewOptions(reader));
    expect(await post({ intent: "helpful" })).toMatchObject({ status: 200 });
    const after = await getFrom(db(), reviewPage, `/reviews/${reviewId}`, reviewOptions(reader));
    expect(after.data).toMatchObject({ review: { helpfulCount: 1 }, reader: { voted: true } });
    expect(await post({ intent: "unhelpful" })).toMatchObject({ status: 200 });
    const [row] = await db().select().from(reviews).where(eq(reviews.id, reviewId));
    expect(row?.helpfulCount).toBe(0);

    expect(await post({ intent: "report", reason: "nonsense" })).toMatchObject({
      status: 400,
      data: { errors: { reason: expect.any(String) } },
    });
    const note = `<img src=x onerror="alert(3)"> copied from another site`;
    expect(await post({ intent: "report", reason: "not_genuine", note })).toMatchObject({
      status: 200,
    });
    expect(await post({ intent: "report", reason: "harmful" })).toMatchObject({
      status: 409,
      data: { errors: { form: expect.any(String) } },
    });
    const page = await getFrom(db(), reviewPage, `/reviews/${reviewId}`, reviewOptions(reader));
    expect(page.data).toMatchObject({ reader: { voted: false, reported: true } });
    const flags = await db().select().from(reviewFlags).where(eq(reviewFlags.reviewId, reviewId));
    expect(flags.find((flag) => flag.source === "shopper")?.note).toBe(note);
  });

  test("votes are rate limited per account: past the limit a 429 says when to try again", async () => {
    const eager = await signUpAs(db(), { name: "Eager Voter" });
    const post = (intent: string) =>
      postTo(db(), reviewPage, `/reviews/${reviewId}`, { intent }, reviewOptions(eager.cookie));
    for (let vote = 0; vote < 30; vote++) {
      expect((await post(vote % 2 === 0 ? "helpful" : "unhelpful")).status).toBe(200);
    }
    const limited = await post("helpful");
    expect(limited).toMatchObject({
      status: 429,
      data: { errors: { form: expect.stringMatching(/^Too many votes in a short time\. /) } },
    });
    const [row] = await db().select().from(reviews).where(eq(reviews.id, reviewId));
    expect(row?.helpfulCount).toBe(0);
  });
});

describe("the moderation queue", () => {
  test("/admin/reviews opens for admins only, and only admins decide", async () => {
    await expectRoleMatrix(
      db(),
      fixtures,
      { path: "/admin/reviews", pattern: "/admin/reviews", run: adminReviews.loader },
      adminsOnly,
    );
    for (const role of ["shopper", "manager", "owner"] as const) {
      const answer = await postTo(
        db(),
        adminReviews,
        "/admin/reviews",
        { reviewId, decision: "keep" },
        { cookie: cookieOf(role) },
      );
      expect(answer.status, role).toBe(404);
    }
    const home = await getFrom(db(), adminPage, "/admin", { cookie: cookieOf("admin") });
    expect(home.data).toMatchObject({ flaggedReviews: 1 });
    const queue = await getFrom(db(), adminReviews, "/admin/reviews", {
      cookie: cookieOf("admin"),
    });
    expect(queue.data).toMatchObject({
      queue: [
        {
          id: reviewId,
          flags: [
            { source: "business", reason: "not_genuine", note: "No such booking" },
            { source: "shopper", reason: "not_genuine" },
          ],
        },
      ],
    });
    const noReason = await postTo(
      db(),
      adminReviews,
      "/admin/reviews",
      { reviewId, decision: "edit", reason: "" },
      { cookie: cookieOf("admin") },
    );
    expect(noReason).toMatchObject({
      status: 400,
      data: { errors: { reason: expect.any(String) } },
    });
    const held = await postTo(
      db(),
      adminReviews,
      "/admin/reviews",
      { reviewId, decision: "edit", reason: "Please keep to your own visit" },
      { cookie: cookieOf("admin") },
    );
    expect(held).toMatchObject({ status: 200, data: { done: expect.stringMatching(/^Held/) } });

    // The author sees the request and the business's reply on /evaluate/_id.
    const mine = await getFrom(db(), myReviews, "/evaluate/_id", { cookie: cookieOf("shopper") });
    expect(mine.data).toMatchObject({
      reviews: [
        {
          id: reviewId,
          status: "held",
          removedReason: "Please keep to your own visit",
          reply: "<script>alert(2)</script> Sorry for the wait.",
        },
      ],
    });
    const edited = await postTo(
      db(),
      myReviews,
      "/evaluate/_id",
      {
        intent: "edit",
        reviewId,
        stars: "3",
        title: "Slow but kind",
        body: "We waited an hour for a pedicure, but it was done well.",
        experiencedOn: new Date().toISOString().slice(0, 10),
      },
      { cookie: cookieOf("shopper") },
    );
    expect(edited).toMatchObject({
      status: 200,
      data: { done: expect.stringMatching(/published again/) },
    });
    const inbox = await getFrom(
      db(),
      consoleReviews,
      consolePath(),
      consoleOptions(cookieOf("owner")),
    );
    expect(inbox.data).toMatchObject({ figures: { reviewCount: 1, repliedCount: 1 } });
  });
});
