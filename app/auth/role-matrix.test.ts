import { afterAll, beforeAll, describe, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import * as admin from "#app/routes/admin.tsx";
import * as adminPoints from "#app/routes/admin-points.tsx";
import * as checkoutStatus from "#app/routes/checkout-status.tsx";
import * as copy from "#app/routes/copy.tsx";
import * as follows from "#app/routes/follows.tsx";
import * as loyaltyCard from "#app/routes/loyalty-card.tsx";
import * as profile from "#app/routes/profile.tsx";
import * as profileData from "#app/routes/profile-data.ts";
import * as profileOrder from "#app/routes/profile-order.tsx";
import * as profileOrders from "#app/routes/profile-orders.tsx";
import * as referrals from "#app/routes/referrals.tsx";
import * as rewards from "#app/routes/rewards.tsx";
import * as vendor from "#app/routes/vendor.tsx";
import * as vendorBusiness from "#app/routes/vendor-business.tsx";
import * as vendorCheckIn from "#app/routes/vendor-check-in.tsx";
import * as vendorLoyalty from "#app/routes/vendor-loyalty.tsx";
import { createTestDatabase } from "#tests/support/database.ts";
import { createOrder } from "#tests/support/orders.ts";
import {
  adminsOnly,
  consoleManagersAndOwners,
  consoleStaffAndUp,
  createRoleFixtures,
  expectRoleMatrix,
  type RoleFixtures,
} from "#tests/support/role-matrix.ts";
import { pageRequest } from "#tests/support/router-context.ts";

let database: DatabaseHandle;
let fixtures: RoleFixtures;

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await createRoleFixtures(database.db);
}, 60_000);

afterAll(() => database.close());

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

describe("the role matrix", () => {
  test("/profile is for anyone signed in, each seeing their own; guests are asked to sign in", async () => {
    await expectRoleMatrix(
      database.db,
      fixtures,
      { path: "/profile", pattern: "/profile", run: profile.loader },
      everyoneSignedIn,
    );
  });

  test("/profile/data downloads only for someone signed in", async () => {
    await expectRoleMatrix(
      database.db,
      fixtures,
      { path: "/profile/data", pattern: "/profile/data", run: profileData.loader },
      everyoneSignedIn,
    );
  });

  test("/vendor is the console's front door for anyone signed in", async () => {
    await expectRoleMatrix(
      database.db,
      fixtures,
      { path: "/vendor", pattern: "/vendor", run: vendor.loader },
      everyoneSignedIn,
    );
  });

  test("a business's console opens for its staff, managers and owners; to anyone else it doesn't exist", async () => {
    const slug = fixtures.business.slug;
    await expectRoleMatrix(
      database.db,
      fixtures,
      {
        path: `/vendor/${slug}`,
        pattern: "/vendor/:business",
        params: { business: slug },
        run: vendorBusiness.loader,
      },
      consoleStaffAndUp,
    );
  });

  test("/admin opens for admins only and is a 404 to everyone else", async () => {
    await expectRoleMatrix(
      database.db,
      fixtures,
      { path: "/admin", pattern: "/admin", run: admin.loader },
      adminsOnly,
    );
  });

  test("/b/ff shows everyone a page; following from it needs someone signed in", async () => {
    await expectRoleMatrix(
      database.db,
      fixtures,
      { path: "/b/ff", pattern: "/b/ff", run: follows.loader },
      { ...everyoneSignedIn, guest: "ok" },
    );
    // The matrix sends GETs; the follow button posts its form with the same cookie.
    const followOtherBusiness = (args: Parameters<typeof follows.action>[0]) =>
      follows.action({
        ...args,
        request: pageRequest("/b/ff", {
          form: { intent: "follow", businessId: fixtures.otherBusiness.id },
          cookie: args.request.headers.get("cookie") ?? undefined,
        }),
      });
    await expectRoleMatrix(
      database.db,
      fixtures,
      { path: "/b/ff", pattern: "/b/ff", run: followOtherBusiness as (args: never) => unknown },
      everyoneSignedIn,
    );
  });

  test("an order is the shopper's own: anyone else, its business's members and admins included, gets 404", async () => {
    const order = await createOrder(database.db, {
      shopperId: fixtures.userIds.shopper,
      businessId: fixtures.business.id,
    });
    const onlyTheShopper = {
      guest: "login",
      shopper: "ok",
      otherShopper: 404,
      staff: 404,
      manager: 404,
      owner: 404,
      ownerOfOther: 404,
      admin: 404,
    } as const;
    await expectRoleMatrix(
      database.db,
      fixtures,
      {
        path: `/profile/orders/${order.number}`,
        pattern: "/profile/orders/:number",
        params: { number: order.number },
        run: profileOrder.loader,
      },
      onlyTheShopper,
    );
    await expectRoleMatrix(
      database.db,
      fixtures,
      {
        path: `/checkout/${order.checkoutId}`,
        pattern: "/checkout/:checkoutId",
        params: { checkoutId: order.checkoutId },
        run: checkoutStatus.loader,
      },
      onlyTheShopper,
    );
    // Cancelling someone else's unpaid checkout is the same 404.
    const unpaid = await createOrder(database.db, {
      shopperId: fixtures.userIds.shopper,
      businessId: fixtures.business.id,
      status: "pending_payment",
    });
    const cancel = (args: Parameters<typeof checkoutStatus.action>[0]) =>
      checkoutStatus.action({
        ...args,
        request: pageRequest(`/checkout/${unpaid.checkoutId}`, {
          form: { intent: "cancel" },
          cookie: args.request.headers.get("cookie") ?? undefined,
        }),
      });
    await expectRoleMatrix(
      database.db,
      fixtures,
      {
        path: `/checkout/${unpaid.checkoutId}`,
        pattern: "/checkout/:checkoutId",
        params: { checkoutId: unpaid.checkoutId },
        run: cancel as (args: never) => unknown,
      },
      { ...onlyTheShopper, shopper: "ok" },
    );
  });

  test("/profile/orders opens for anyone signed in (each sees their own orders)", async () => {
    await expectRoleMatrix(
      database.db,
      fixtures,
      { path: "/profile/orders", pattern: "/profile/orders", run: profileOrders.loader },
      everyoneSignedIn,
    );
  });

  test("points pages: /rewards, /Referrals and /copy for anyone signed in, each their own", async () => {
    for (const [path, run] of [
      ["/rewards", rewards.loader],
      ["/Referrals", referrals.loader],
      ["/copy", copy.loader],
    ] as const) {
      await expectRoleMatrix(database.db, fixtures, { path, pattern: path, run }, everyoneSignedIn);
    }
  });

  test("the check-in poster is for the business's team; its stamp reward for managers and owners", async () => {
    const slug = fixtures.business.slug;
    await expectRoleMatrix(
      database.db,
      fixtures,
      {
        path: `/vendor/${slug}/check-in`,
        pattern: "/vendor/:business/check-in",
        params: { business: slug },
        run: vendorCheckIn.loader,
      },
      consoleStaffAndUp,
    );
    await expectRoleMatrix(
      database.db,
      fixtures,
      {
        path: `/vendor/${slug}/loyalty`,
        pattern: "/vendor/:business/loyalty",
        params: { business: slug },
        run: vendorLoyalty.loader,
      },
      consoleManagersAndOwners,
    );
  });

  test("a loyalty card opens for its shopper and the business's team; anyone else gets 404", async () => {
    const slug = fixtures.business.slug;
    const user = fixtures.userIds.shopper;
    await expectRoleMatrix(
      database.db,
      fixtures,
      {
        path: `/${slug}/rewards/${user}`,
        pattern: "/:id/rewards/:user",
        params: { id: slug, user },
        run: loyaltyCard.loader,
      },
      {
        guest: "login",
        shopper: "ok",
        otherShopper: 404,
        staff: "ok",
        manager: "ok",
        owner: "ok",
        ownerOfOther: 404,
        admin: 404,
      },
    );
  });

  test("/admin/points opens for admins only", async () => {
    await expectRoleMatrix(
      database.db,
      fixtures,
      { path: "/admin/points", pattern: "/admin/points", run: adminPoints.loader },
      adminsOnly,
    );
  });
});
