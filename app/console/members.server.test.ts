import { createHash } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import {
  auditEvents,
  businessInvitations,
  businessMembers,
  emailOutbox,
} from "#app/db/schema.server.ts";
import * as invitationPage from "#app/routes/vendor-invitation.tsx";
import * as membersPage from "#app/routes/vendor-members.tsx";
import { getFrom, postTo, signUpAs, type TestAccount } from "#tests/support/accounts.ts";
import { createBusiness, createCategory } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { changeMemberRole, invitationLifetimeMs, removeMember } from "./members.server.ts";

/**
 * Members of a business on a real database: invitations (hashed token, expiry, the wrong
 * account, a used link), role changes and removals, and the rule that a business keeps an owner,
 * even when two owners demote each other at the same moment.
 */
let database: DatabaseHandle;
const db = () => database.db;
let categoryId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  categoryId = (await createCategory(db())).id;
}, 60_000);

afterAll(() => database.close());

async function businessWithOwner(name = "Ewa Spa") {
  const business = await createBusiness(db(), { categoryId, name });
  const owner = await signUpAs(db(), { name: "Funmi Owner" });
  await db()
    .insert(businessMembers)
    .values({ businessId: business.id, userId: owner.userId, role: "owner" });
  return { business, owner };
}

async function join(businessId: string, account: TestAccount, role: "owner" | "manager" | "staff") {
  await db().insert(businessMembers).values({ businessId, userId: account.userId, role });
}

function membersPost(slug: string, account: TestAccount, form: Record<string, string>) {
  return postTo(db(), membersPage, `/vendor/${slug}/members`, form, {
    cookie: account.cookie,
    pattern: "/vendor/:business/members",
    params: { business: slug },
  });
}

function invitationRoute(token: string, account?: TestAccount, form?: Record<string, string>) {
  const options = {
    cookie: account?.cookie,
    pattern: "/vendor/invitations/:token",
    params: { token },
  };
  const path = `/vendor/invitations/${token}`;
  return form
    ? postTo(db(), invitationPage, path, form, options)
    : getFrom(db(), invitationPage, path, options);
}

async function roleOf(businessId: string, userId: string) {
  const [row] = await db()
    .select({ role: businessMembers.role })
    .from(businessMembers)
    .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)));
  return row?.role ?? null;
}

/** Invites through the members page and returns the token read from the email's link. */
async function invite(slug: string, owner: TestAccount, email: string, role = "manager") {
  const answer = await membersPost(slug, owner, { intent: "invite", email, role });
  expect(answer.status).toBe(200);
  const [mail] = await db()
    .select()
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.toAddress, email.toLowerCase()),
        eq(emailOutbox.kind, "member-invitation"),
      ),
    )
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const token = /\/vendor\/invitations\/([0-9a-z]+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error("no invitation link in the email");
  return { token, mail };
}

describe("inviting", () => {
  test("an owner invites by email with a role: only the token's SHA-256 is stored, the link lasts 7 days, the audit log has no address", async () => {
    const { business, owner } = await businessWithOwner();
    const before = Date.now();
    const { token, mail } = await invite(business.slug, owner, "Kemi@Example.com", "manager");
    expect(mail?.subject).toBe(`Join ${business.name} on Oja`);
    const [row] = await db()
      .select()
      .from(businessInvitations)
      .where(eq(businessInvitations.businessId, business.id));
    expect(row).toMatchObject({ email: "kemi@example.com", role: "manager", acceptedAt: null });
    expect(row?.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(row?.tokenHash).not.toContain(token);
    const lifetime = (row?.expiresAt.getTime() ?? 0) - before;
    expect(lifetime).toBeGreaterThanOrEqual(invitationLifetimeMs - 5_000);
    expect(lifetime).toBeLessThanOrEqual(invitationLifetimeMs + 5_000);
    const [entry] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "member.invited"), eq(auditEvents.subjectId, business.id)));
    expect(entry).toMatchObject({ actorId: owner.userId });
    expect(JSON.stringify(entry?.details)).not.toContain("kemi");
  });

  test("inviting again replaces the open invitation: the old link stops working", async () => {
    const { business, owner } = await businessWithOwner();
    const first = await invite(business.slug, owner, "tobi@example.com", "staff");
    const second = await invite(business.slug, owner, "tobi@example.com", "manager");
    const rows = await db()
      .select()
      .from(businessInvitations)
      .where(eq(businessInvitations.businessId, business.id));
    expect(rows).toHaveLength(1);
    const tobi = await signUpAs(db(), { name: "Tobi", email: "tobi@example.com" });
    expect((await invitationRoute(first.token, tobi)).status).toBe(404);
    expect(await invitationRoute(second.token, tobi)).toMatchObject({
      status: 200,
      data: { state: { kind: "open", role: "manager" } },
    });
  });

  test("a bad address or role, or someone already in, is a 400 with the field's message", async () => {
    const { business, owner } = await businessWithOwner();
    const bad = await membersPost(business.slug, owner, {
      intent: "invite",
      email: "kemi",
      role: "boss",
    });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      errors: { email: "Enter an email address like name@example.com", role: "Choose a role" },
    });
    const already = await membersPost(business.slug, owner, {
      intent: "invite",
      email: owner.email,
      role: "staff",
    });
    expect(already.status).toBe(400);
    expect(already.data).toMatchObject({ errors: { email: "This person is already a member." } });
    expect(
      await db()
        .select()
        .from(businessInvitations)
        .where(eq(businessInvitations.businessId, business.id)),
    ).toHaveLength(0);
  });
});

describe("revoking an invitation", () => {
  async function invitationIdOf(businessId: string) {
    const [row] = await db()
      .select({ id: businessInvitations.id })
      .from(businessInvitations)
      .where(eq(businessInvitations.businessId, businessId));
    if (!row) throw new Error("no invitation");
    return row.id;
  }

  test("an owner revokes an open invitation: its link then answers like one never made, and joins nothing", async () => {
    const { business, owner } = await businessWithOwner();
    const { token } = await invite(business.slug, owner, "bisi@example.com", "manager");
    const invitationId = await invitationIdOf(business.id);
    const revoked = await membersPost(business.slug, owner, { intent: "revoke", invitationId });
    expect(revoked).toMatchObject({
      status: 200,
      data: {
        ok: true,
        message: "Invitation to bisi@example.com revoked: its link no longer works.",
      },
    });
    expect(
      await db()
        .select()
        .from(businessInvitations)
        .where(eq(businessInvitations.businessId, business.id)),
    ).toHaveLength(0);
    const [entry] = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, "member.invitation-revoked"),
          eq(auditEvents.subjectId, business.id),
        ),
      );
    expect(entry).toMatchObject({
      actorId: owner.userId,
      details: { invitationId, role: "manager" },
    });
    expect(JSON.stringify(entry?.details)).not.toContain("bisi");

    const bisi = await signUpAs(db(), { name: "Bisi", email: "bisi@example.com" });
    expect(await invitationRoute(token, bisi)).toMatchObject({ status: 404, thrown: true });
    expect(await invitationRoute(token, bisi, {})).toMatchObject({ status: 404, thrown: true });
    expect(await roleOf(business.id, bisi.userId)).toBeNull();
    // Revoked twice: nothing open to revoke any more.
    const again = await membersPost(business.slug, owner, { intent: "revoke", invitationId });
    expect(again).toMatchObject({ status: 404, thrown: true });
  });

  test("an accepted invitation can't be revoked (404): the member stays, nothing is logged", async () => {
    const { business, owner } = await businessWithOwner();
    const { token } = await invite(business.slug, owner, "dayo@example.com", "staff");
    const dayo = await signUpAs(db(), { name: "Dayo", email: "dayo@example.com" });
    expect((await invitationRoute(token, dayo, {})).status).toBe(302);
    const invitationId = await invitationIdOf(business.id);
    const answer = await membersPost(business.slug, owner, { intent: "revoke", invitationId });
    expect(answer).toMatchObject({ status: 404, thrown: true });
    expect(await roleOf(business.id, dayo.userId)).toBe("staff");
    const entries = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, "member.invitation-revoked"),
          eq(auditEvents.subjectId, business.id),
        ),
      );
    expect(entries).toHaveLength(0);
  });
});

describe("accepting an invitation", () => {
  test("the invited address joins with the role, once: the audit log says so and the link is then spent", async () => {
    const { business, owner } = await businessWithOwner();
    const { token } = await invite(business.slug, owner, "ngozi@example.com", "manager");
    const ngozi = await signUpAs(db(), { name: "Ngozi", email: "ngozi@example.com" });
    expect(await invitationRoute(token, ngozi)).toMatchObject({
      status: 200,
      data: { state: { kind: "open", role: "manager", business: { name: business.name } } },
    });
    const joined = await invitationRoute(token, ngozi, {});
    expect(joined).toMatchObject({ status: 302, location: `/vendor/${business.slug}` });
    expect(await roleOf(business.id, ngozi.userId)).toBe("manager");
    const [entry] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "member.joined"), eq(auditEvents.subjectId, business.id)));
    expect(entry).toMatchObject({ actorId: ngozi.userId });

    // The same person sees they're in; anyone else holding the link is told it was used.
    expect(await invitationRoute(token, ngozi)).toMatchObject({
      status: 200,
      data: { state: { kind: "member" } },
    });
    const other = await signUpAs(db(), { name: "Someone Else" });
    expect(await invitationRoute(token, other, {})).toMatchObject({
      status: 410,
      data: { state: { kind: "used" } },
    });
    expect(await roleOf(business.id, other.userId)).toBeNull();
  });

  test("another account gets a clear refusal naming the invited address only in part, and joins nothing", async () => {
    const { business, owner } = await businessWithOwner();
    const { token } = await invite(business.slug, owner, "emeka@example.com", "staff");
    const other = await signUpAs(db(), { name: "Not Emeka" });
    const answer = await invitationRoute(token, other, {});
    expect(answer).toMatchObject({
      status: 403,
      data: { state: { kind: "wrong-account", invitedEmail: "e••••@example.com" } },
    });
    expect(await roleOf(business.id, other.userId)).toBeNull();
    const [row] = await db()
      .select({ acceptedAt: businessInvitations.acceptedAt })
      .from(businessInvitations)
      .where(eq(businessInvitations.businessId, business.id));
    expect(row?.acceptedAt).toBeNull();
  });

  test("an expired link says so (410) and joins nothing; a link Oja never made is a 404; a guest signs in first", async () => {
    const { business, owner } = await businessWithOwner();
    const { token } = await invite(business.slug, owner, "late@example.com", "staff");
    await db()
      .update(businessInvitations)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(businessInvitations.businessId, business.id));
    const late = await signUpAs(db(), { name: "Late Person", email: "late@example.com" });
    expect(await invitationRoute(token, late, {})).toMatchObject({
      status: 410,
      data: { state: { kind: "expired" } },
    });
    expect(await roleOf(business.id, late.userId)).toBeNull();
    expect((await invitationRoute("a".repeat(26), late)).status).toBe(404);
    expect((await invitationRoute("not-a-token", late)).status).toBe(404);
    const guest = await invitationRoute(token);
    expect(guest.status).toBe(302);
    expect(guest.location).toBe(
      `/Login?redirectTo=${encodeURIComponent(`/vendor/invitations/${token}`)}`,
    );
  });
});

describe("changing roles and removing members", () => {
  test("an owner changes a role and removes a member, each in the audit log", async () => {
    const { business, owner } = await businessWithOwner();
    const sade = await signUpAs(db(), { name: "Sade" });
    await join(business.id, sade, "staff");
    const promoted = await membersPost(business.slug, owner, {
      intent: "role",
      userId: sade.userId,
      role: "manager",
    });
    expect(promoted.status).toBe(200);
    expect(await roleOf(business.id, sade.userId)).toBe("manager");
    const removed = await membersPost(business.slug, owner, {
      intent: "remove",
      userId: sade.userId,
    });
    expect(removed.status).toBe(200);
    expect(await roleOf(business.id, sade.userId)).toBeNull();
    const entries = await db()
      .select({ action: auditEvents.action, details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, business.id))
      .orderBy(auditEvents.at);
    expect(entries).toEqual([
      {
        action: "member.role-changed",
        details: { userId: sade.userId, from: "staff", to: "manager" },
      },
      { action: "member.removed", details: { userId: sade.userId, role: "manager" } },
    ]);
  });

  test("a manager cannot manage members: every members action is a 404 and nothing changes", async () => {
    const { business, owner } = await businessWithOwner();
    const manager = await signUpAs(db(), { name: "Musa Manager" });
    await join(business.id, manager, "manager");
    for (const form of [
      { intent: "invite", email: "friend@example.com", role: "owner" },
      { intent: "role", userId: manager.userId, role: "owner" },
      { intent: "role", userId: owner.userId, role: "staff" },
      { intent: "remove", userId: owner.userId },
    ] as Record<string, string>[]) {
      expect(await membersPost(business.slug, manager, form)).toMatchObject({
        status: 404,
        thrown: true,
      });
    }
    expect(await roleOf(business.id, manager.userId)).toBe("manager");
    expect(await roleOf(business.id, owner.userId)).toBe("owner");
    expect(
      await db()
        .select()
        .from(businessInvitations)
        .where(eq(businessInvitations.businessId, business.id)),
    ).toHaveLength(0);
  });

  test("the last owner can be neither demoted nor removed (409); with two owners one may step down", async () => {
    const { business, owner } = await businessWithOwner();
    for (const form of [
      { intent: "role", userId: owner.userId, role: "manager" },
      { intent: "remove", userId: owner.userId },
    ] as Record<string, string>[]) {
      const answer = await membersPost(business.slug, owner, form);
      expect(answer.status).toBe(409);
      expect(answer.data).toMatchObject({ message: expect.stringMatching(/at least one owner/) });
    }
    expect(await roleOf(business.id, owner.userId)).toBe("owner");

    const second = await signUpAs(db(), { name: "Second Owner" });
    await join(business.id, second, "owner");
    const stepDown = await membersPost(business.slug, owner, {
      intent: "role",
      userId: owner.userId,
      role: "manager",
    });
    // No longer an owner, they leave the members page for the dashboard.
    expect(stepDown).toMatchObject({ status: 302, location: `/vendor/${business.slug}` });
    expect(await roleOf(business.id, owner.userId)).toBe("manager");
    expect(
      (await membersPost(business.slug, second, { intent: "remove", userId: second.userId }))
        .status,
    ).toBe(409);
  });

  test("two owners demoting each other at the same moment leave one owner, never none", async () => {
    for (let round = 0; round < 5; round++) {
      const { business, owner } = await businessWithOwner();
      const other = await signUpAs(db(), { name: "Other Owner" });
      await join(business.id, other, "owner");
      const results = await Promise.all([
        changeMemberRole(db(), {
          businessId: business.id,
          userId: other.userId,
          role: "staff",
          actorId: owner.userId,
          source: {},
        }),
        changeMemberRole(db(), {
          businessId: business.id,
          userId: owner.userId,
          role: "staff",
          actorId: other.userId,
          source: {},
        }),
      ]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok)).toEqual([
        { ok: false, status: 409, message: expect.stringMatching(/at least one owner/) },
      ]);
      const owners = await db()
        .select()
        .from(businessMembers)
        .where(and(eq(businessMembers.businessId, business.id), eq(businessMembers.role, "owner")));
      expect(owners).toHaveLength(1);
    }
  });

  test("an owner removing the other owner while being demoted by them also leaves one owner", async () => {
    const { business, owner } = await businessWithOwner();
    const other = await signUpAs(db(), { name: "Other Owner" });
    await join(business.id, other, "owner");
    const results = await Promise.all([
      removeMember(db(), {
        businessId: business.id,
        userId: other.userId,
        actorId: owner.userId,
        source: {},
      }),
      changeMemberRole(db(), {
        businessId: business.id,
        userId: owner.userId,
        role: "manager",
        actorId: other.userId,
        source: {},
      }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const owners = await db()
      .select()
      .from(businessMembers)
      .where(and(eq(businessMembers.businessId, business.id), eq(businessMembers.role, "owner")));
    expect(owners).toHaveLength(1);
  });

  test("a member of another business is a 404 to change", async () => {
    const { business, owner } = await businessWithOwner();
    const elsewhere = await businessWithOwner("Elsewhere Spa");
    const answer = await membersPost(business.slug, owner, {
      intent: "role",
      userId: elsewhere.owner.userId,
      role: "staff",
    });
    expect(answer).toMatchObject({ status: 404, thrown: true });
    expect(await roleOf(elsewhere.business.id, elsewhere.owner.userId)).toBe("owner");
  });
});
