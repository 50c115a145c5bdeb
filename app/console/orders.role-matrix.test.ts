import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import * as dashboard from "#app/routes/vendor-dashboard.tsx";
import * as invitation from "#app/routes/vendor-invitation.tsx";
import * as members from "#app/routes/vendor-members.tsx";
import * as order from "#app/routes/vendor-order.tsx";
import * as orders from "#app/routes/vendor-orders.tsx";
import { createTestDatabase } from "#tests/support/database.ts";
import { createOrder } from "#tests/support/orders.ts";
import {
  consoleManagersAndOwners,
  consoleOwnersOnly,
  consoleStaffAndUp,
  createRoleFixtures,
  expectRoleMatrix,
  type RoleFixtures,
} from "#tests/support/role-matrix.ts";
import { pageRequest } from "#tests/support/router-context.ts";
import { inviteMember, openInvitationsOf } from "./members.server.ts";

/**
 * The role matrix of the console's dashboard, orders and members (issue 7, decision 018): every
 * loader and action, as each kind of person. Members of one business get 404 on another's
 * console; a manager cannot manage members; staff cannot refund.
 */
let database: DatabaseHandle;
let fixtures: RoleFixtures;

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await createRoleFixtures(database.db);
}, 60_000);

afterAll(() => database.close());

type RouteFunction = (args: never) => unknown;

/** An invitation of `businessId` made by its owner `actorId`, with its token and id. */
async function invite(businessId: string, actorId: string, email: string) {
  const invited = await inviteMember(database.db, {
    businessId,
    email,
    role: "staff",
    actorId,
    source: {},
    publicUrl: "http://localhost:3000",
  });
  if (!invited.ok) throw new Error("not invited");
  return invited;
}

/** The matrix sends GETs; an action gets the same person's cookie on a form post. */
function posting(run: RouteFunction, path: string, form: Record<string, string>): RouteFunction {
  return ((args: { request: Request }) =>
    (run as (args: unknown) => unknown)({
      ...args,
      request: pageRequest(path, {
        form,
        cookie: args.request.headers.get("cookie") ?? undefined,
      }),
    })) as RouteFunction;
}

describe("the console's dashboard, orders and members, by role", () => {
  test("the dashboard opens for every member of the business and nobody else", async () => {
    const slug = fixtures.business.slug;
    await expectRoleMatrix(
      database.db,
      fixtures,
      {
        path: `/vendor/${slug}`,
        pattern: "/vendor/:business",
        params: { business: slug },
        run: dashboard.loader,
      },
      consoleStaffAndUp,
    );
  });

  test("the orders list opens for staff, managers and owners; to anyone else it doesn't exist", async () => {
    const slug = fixtures.business.slug;
    await expectRoleMatrix(
      database.db,
      fixtures,
      {
        path: `/vendor/${slug}/orders`,
        pattern: "/vendor/:business/orders",
        params: { business: slug },
        run: orders.loader,
      },
      consoleStaffAndUp,
    );
  });

  test("an order opens for the business's members; staff may fulfil it, only managers and owners refund it", async () => {
    const slug = fixtures.business.slug;
    const paid = await createOrder(database.db, {
      shopperId: fixtures.userIds.shopper,
      businessId: fixtures.business.id,
    });
    const path = `/vendor/${slug}/orders/${paid.number}`;
    const target = {
      path,
      pattern: "/vendor/:business/orders/:number",
      params: { business: slug, number: paid.number },
    };
    await expectRoleMatrix(
      database.db,
      fixtures,
      { ...target, run: order.loader },
      consoleStaffAndUp,
    );
    // A cancelled order: fulfilling it answers 409 to those allowed, the guard's 404 to the rest.
    const cancelled = await createOrder(database.db, {
      shopperId: fixtures.userIds.shopper,
      businessId: fixtures.business.id,
      status: "cancelled",
    });
    const cancelledTarget = {
      path: `/vendor/${slug}/orders/${cancelled.number}`,
      pattern: "/vendor/:business/orders/:number",
      params: { business: slug, number: cancelled.number },
    };
    await expectRoleMatrix(
      database.db,
      fixtures,
      {
        ...cancelledTarget,
        run: posting(order.action, cancelledTarget.path, { intent: "fulfil" }),
      },
      consoleStaffAndUp,
    );
    // Without a reason the refund is a 400 for those allowed; staff get 404.
    await expectRoleMatrix(
      database.db,
      fixtures,
      { ...target, run: posting(order.action, path, { intent: "refund", reason: "" }) },
      consoleManagersAndOwners,
    );
  });

  test("refunds in part, after fulfilment too, are for managers and owners; to anyone else the action doesn't exist", async () => {
    const slug = fixtures.business.slug;
    const target = (number: string) => ({
      path: `/vendor/${slug}/orders/${number}`,
      pattern: "/vendor/:business/orders/:number",
      params: { business: slug, number },
    });
    // Each try is refused by the rules (an amount above what is left: 400; a cancelled order:
    // 409), so nobody changes what the next person meets; the guard answers 404 first.
    for (const status of ["paid", "fulfilled", "cancelled"] as const) {
      const made = await createOrder(database.db, {
        shopperId: fixtures.userIds.shopper,
        businessId: fixtures.business.id,
        status,
      });
      const form = {
        intent: "refund",
        scope: "part",
        amount: status === "cancelled" ? "100" : "14000.01",
        reason: "Part of it was late.",
      };
      const answers: number[] = [];
      const recording = ((args: never) =>
        Promise.resolve(posting(order.action, target(made.number).path, form)(args)).then(
          (answer) => {
            answers.push((answer as { init?: { status?: number } }).init?.status ?? 200);
            return answer;
          },
        )) as RouteFunction;
      await expectRoleMatrix(
        database.db,
        fixtures,
        { ...target(made.number), run: recording },
        consoleManagersAndOwners,
      );
      // Only the manager and the owner got past the guard, and both were refused by the rules.
      expect(answers).toEqual(status === "cancelled" ? [409, 409] : [400, 400]);
    }
  });

  test("another business's order number is a 404 even to an owner", async () => {
    const theirs = await createOrder(database.db, {
      shopperId: fixtures.userIds.shopper,
      businessId: fixtures.otherBusiness.id,
    });
    const slug = fixtures.business.slug;
    const path = `/vendor/${slug}/orders/${theirs.number}`;
    await expectRoleMatrix(
      database.db,
      fixtures,
      {
        path,
        pattern: "/vendor/:business/orders/:number",
        params: { business: slug, number: theirs.number },
        run: posting(order.action, path, { intent: "fulfil" }),
      },
      { ...consoleStaffAndUp, staff: 404, manager: 404, owner: 404 },
    );
  });

  test("members are managed by owners only: a manager or staff member gets 404 for the page and its action", async () => {
    const slug = fixtures.business.slug;
    const path = `/vendor/${slug}/members`;
    const target = { path, pattern: "/vendor/:business/members", params: { business: slug } };
    await expectRoleMatrix(
      database.db,
      fixtures,
      { ...target, run: members.loader },
      consoleOwnersOnly,
    );
    // An unusable address: a 400 for the owner, the guard's 404 for everyone else.
    for (const form of [
      { intent: "invite", email: "not an address", role: "staff" },
      { intent: "role", userId: fixtures.userIds.staff, role: "owner-ish" },
      { intent: "remove", userId: "" },
      { intent: "revoke", invitationId: "" },
    ] as Record<string, string>[]) {
      await expectRoleMatrix(
        database.db,
        fixtures,
        { ...target, run: posting(members.action, path, form) },
        consoleOwnersOnly,
      );
    }
  });

  test("an invitation is revoked by its business's owners only; another business's is a 404 even to an owner", async () => {
    const slug = fixtures.business.slug;
    const path = `/vendor/${slug}/members`;
    const target = { path, pattern: "/vendor/:business/members", params: { business: slug } };
    // Staff and the manager try before the owner, who then finds it still there and revokes it.
    const ours = (await invite(fixtures.business.id, fixtures.userIds.owner, "ours@example.com"))
      .invitationId;
    await expectRoleMatrix(
      database.db,
      fixtures,
      { ...target, run: posting(members.action, path, { intent: "revoke", invitationId: ours }) },
      consoleOwnersOnly,
    );
    const open = await openInvitationsOf(database.db, fixtures.business.id);
    expect(open.map((invitation) => invitation.id)).not.toContain(ours);
    const theirs = (
      await invite(fixtures.otherBusiness.id, fixtures.userIds.ownerOfOther, "theirs@example.com")
    ).invitationId;
    await expectRoleMatrix(
      database.db,
      fixtures,
      { ...target, run: posting(members.action, path, { intent: "revoke", invitationId: theirs }) },
      { ...consoleOwnersOnly, owner: 404 },
    );
    expect(await openInvitationsOf(database.db, fixtures.otherBusiness.id)).toMatchObject([
      { id: theirs },
    ]);
  });

  test("an invitation link opens for anyone signed in (each learns whether it is theirs); guests sign in first", async () => {
    const invited = await invite(
      fixtures.business.id,
      fixtures.userIds.owner,
      "invitee-matrix@example.com",
    );
    const path = `/vendor/invitations/${invited.token}`;
    const target = {
      path,
      pattern: "/vendor/invitations/:token",
      params: { token: invited.token },
    };
    const everyoneSignedIn = {
      guest: "login",
      shopper: "ok",
      otherShopper: "ok",
      staff: "ok",
      manager: "ok",
      owner: "ok",
      ownerOfOther: "ok",
      admin: "ok",
    } as const;
    await expectRoleMatrix(
      database.db,
      fixtures,
      { ...target, run: invitation.loader },
      everyoneSignedIn,
    );
    // Accepting as anyone but the invited address changes nothing and says why (403).
    await expectRoleMatrix(
      database.db,
      fixtures,
      { ...target, run: posting(invitation.action, path, {}) },
      everyoneSignedIn,
    );
  });
});
