import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { lagosToday } from "#app/console/lagos-time.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { emailOutbox, users } from "#app/db/schema.server.ts";
import * as invitationPage from "#app/routes/review-invitation.tsx";
import * as consoleInvitations from "#app/routes/vendor-review-invitations.tsx";
import { getFrom, postTo } from "#tests/support/accounts.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import {
  consoleManagersAndOwners,
  createRoleFixtures,
  expectRoleMatrix,
  type RoleFixtures,
} from "#tests/support/role-matrix.ts";
import { reviews } from "./schema.server.ts";

/**
 * Invitations' part of the role matrix (issue 21): the console's invitations page is for the
 * business's managers and owners (staff, other businesses and admins get a 404, for reading and
 * for sending); an invitation's link opens for anyone, but only its invitee writes with it, once.
 */
let database: DatabaseHandle;
let fixtures: RoleFixtures;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await createRoleFixtures(database.db);
}, 60_000);

afterAll(() => database.close());

const consolePath = () => `/vendor/${fixtures.business.slug}/reviews/invitations`;
const consoleOptions = (cookie?: string) => ({
  cookie,
  pattern: "/vendor/:business/reviews/invitations",
  params: { business: fixtures.business.slug },
});

async function emailOf(userId: string) {
  const [user] = await db().select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user?.email ?? "";
}

describe("the console's invitations", () => {
  test("the page is for managers and owners of the business", async () => {
    await expectRoleMatrix(
      db(),
      fixtures,
      { path: consolePath(), ...consoleOptions(), run: consoleInvitations.loader },
      consoleManagersAndOwners,
    );
  });

  test("staff and another business can't send or change the days; a manager can", async () => {
    for (const role of ["staff", "ownerOfOther", "admin"] as const) {
      const sent = await postTo(
        db(),
        consoleInvitations,
        consolePath(),
        { intent: "send", emails: "someone@example.com" },
        consoleOptions(fixtures.cookies[role]),
      );
      expect(sent.status, role).toBe(404);
    }
    const badDays = await postTo(
      db(),
      consoleInvitations,
      consolePath(),
      { intent: "days", days: "0" },
      consoleOptions(fixtures.cookies.manager),
    );
    expect(badDays).toMatchObject({ status: 400, data: { errors: { days: "At least 1 day." } } });
    const days = await postTo(
      db(),
      consoleInvitations,
      consolePath(),
      { intent: "days", days: "3" },
      consoleOptions(fixtures.cookies.manager),
    );
    expect(days.data).toMatchObject({ savedDays: 3 });
    const empty = await postTo(
      db(),
      consoleInvitations,
      consolePath(),
      { intent: "send", emails: "  " },
      consoleOptions(fixtures.cookies.manager),
    );
    expect(empty).toMatchObject({ status: 400, data: { errors: { emails: expect.any(String) } } });
  });
});

describe("an invitation's link", () => {
  test("opens for anyone; only the invitee writes with it, and only once", async () => {
    const shopperEmail = await emailOf(fixtures.userIds.shopper);
    const sent = await postTo(
      db(),
      consoleInvitations,
      consolePath(),
      { intent: "send", emails: shopperEmail.toUpperCase() },
      consoleOptions(fixtures.cookies.owner),
    );
    expect(sent.data).toMatchObject({ sent: { sent: 1, skipped: [], invalid: [] } });
    const [email] = await db()
      .select({ text: emailOutbox.text })
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.toAddress, shopperEmail), eq(emailOutbox.kind, "review-invitation")),
      );
    const token = email?.text.match(/\/ReviewInvitation\/([0-9a-z]{26})/)?.[1] ?? "";
    const path = `/ReviewInvitation/${token}`;
    const options = (cookie?: string) => ({
      cookie,
      pattern: "/ReviewInvitation/:id",
      params: { id: token },
    });

    const asGuest = await getFrom(db(), invitationPage, `${path}?stars=4`, options());
    expect(asGuest.data).toMatchObject({
      state: "open",
      stars: 4,
      form: { signedIn: false, invitee: false, sentTo: `${shopperEmail[0]}•••@example.com` },
    });
    const asOther = await getFrom(
      db(),
      invitationPage,
      path,
      options(fixtures.cookies.otherShopper),
    );
    expect(asOther.data).toMatchObject({ form: { signedIn: true, invitee: false } });
    const asInvitee = await getFrom(db(), invitationPage, path, options(fixtures.cookies.shopper));
    expect(asInvitee.data).toMatchObject({ form: { invitee: true } });

    const form = {
      stars: "4",
      title: "Lovely <b>spa</b>",
      body: "<script>alert(1)</script> The steam room was hot and clean.",
      experiencedOn: lagosToday(new Date()),
    };
    const guestPost = await postTo(db(), invitationPage, path, form, options());
    expect(guestPost.location).toMatch(/^\/Login/);
    const otherPost = await postTo(
      db(),
      invitationPage,
      path,
      form,
      options(fixtures.cookies.otherShopper),
    );
    expect(otherPost.status).toBe(404);
    const short = await postTo(
      db(),
      invitationPage,
      path,
      { ...form, title: "ok" },
      options(fixtures.cookies.shopper),
    );
    expect(short).toMatchObject({ status: 400, data: { errors: { title: expect.any(String) } } });
    const written = await postTo(
      db(),
      invitationPage,
      path,
      form,
      options(fixtures.cookies.shopper),
    );
    expect(written.location).toBe(`/evaluate/_id?written=${fixtures.business.slug}`);
    const [review] = await db()
      .select()
      .from(reviews)
      .where(eq(reviews.authorId, fixtures.userIds.shopper));
    // Stored as typed: the page escapes it on output.
    expect(review).toMatchObject({ title: form.title, body: form.body });
    expect(review?.invitationId).not.toBeNull();

    const again = await postTo(db(), invitationPage, path, form, options(fixtures.cookies.shopper));
    expect(again.status).toBe(410);
    const reopened = await getFrom(db(), invitationPage, path, options(fixtures.cookies.shopper));
    expect(reopened).toMatchObject({ status: 410, data: { state: "used" } });
    const unknown = await getFrom(db(), invitationPage, "/ReviewInvitation/nope", {
      pattern: "/ReviewInvitation/:id",
      params: { id: "nope" },
    });
    expect(unknown.status).toBe(404);
  });
});
