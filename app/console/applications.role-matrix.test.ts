import { afterAll, beforeAll, describe, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import * as adminApplications from "#app/routes/admin-applications.tsx";
import * as adminBusinesses from "#app/routes/admin-businesses.tsx";
import * as slugCheck from "#app/routes/api-vendor-slug-check.ts";
import * as vendor from "#app/routes/vendor.tsx";
import * as vendorProfile from "#app/routes/vendor-profile.tsx";
import { createTestDatabase } from "#tests/support/database.ts";
import {
  adminsOnly,
  consoleOwnersOnly,
  createRoleFixtures,
  expectRoleMatrix,
  type MatrixRole,
  type Outcome,
  type RoleFixtures,
} from "#tests/support/role-matrix.ts";
import { pageRequest } from "#tests/support/router-context.ts";

/**
 * The role matrix of applying, the admin's review and suspension, and the owner's profile
 * (issue 7, decision 016). The matrix sends GETs; actions are run with a POSTed form carrying
 * the same cookie. "ok" means the person reached the action (which may still refuse the form
 * with a 4xx); 404 means the page or action does not exist for them.
 */
let database: DatabaseHandle;
let fixtures: RoleFixtures;

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await createRoleFixtures(database.db);
}, 60_000);

afterAll(() => database.close());

type Action = (args: never) => unknown;

/** Runs `action` with `form` posted, as the matrix's person. */
function posting(action: (args: never) => unknown, path: string, form: Record<string, string>) {
  return ((args: { request: Request }) =>
    action({
      ...args,
      request: pageRequest(path, {
        form,
        cookie: args.request.headers.get("cookie") ?? undefined,
      }),
    } as never)) as Action;
}

const everyoneSignedIn: Record<MatrixRole, Outcome> = {
  guest: "login",
  shopper: "ok",
  otherShopper: "ok",
  staff: "ok",
  manager: "ok",
  owner: "ok",
  ownerOfOther: "ok",
  admin: "ok",
};

describe("the role matrix of applications, admin review and the business profile", () => {
  test("anyone signed in may apply on /vendor and use the address check; guests are asked to sign in", async () => {
    await expectRoleMatrix(
      database.db,
      fixtures,
      {
        path: "/vendor",
        pattern: "/vendor",
        run: posting(vendor.action, "/vendor", { name: "" }),
      },
      everyoneSignedIn,
    );
    await expectRoleMatrix(
      database.db,
      fixtures,
      {
        path: "/api/vendor/slug-check?slug=fresh-cuts",
        pattern: "/api/vendor/slug-check",
        run: slugCheck.loader,
      },
      everyoneSignedIn,
    );
  });

  test("/admin/applications and its approve and reject are for admins only", async () => {
    await expectRoleMatrix(
      database.db,
      fixtures,
      {
        path: "/admin/applications",
        pattern: "/admin/applications",
        run: adminApplications.loader,
      },
      adminsOnly,
    );
    for (const form of [
      { intent: "approve", businessId: fixtures.otherBusiness.id },
      { intent: "reject", businessId: fixtures.otherBusiness.id, reason: "" },
    ] as Array<Record<string, string>>) {
      await expectRoleMatrix(
        database.db,
        fixtures,
        {
          path: "/admin/applications",
          pattern: "/admin/applications",
          run: posting(adminApplications.action, "/admin/applications", form),
        },
        adminsOnly,
      );
    }
  });

  test("/admin/businesses and its suspend and restore are for admins only", async () => {
    await expectRoleMatrix(
      database.db,
      fixtures,
      { path: "/admin/businesses", pattern: "/admin/businesses", run: adminBusinesses.loader },
      adminsOnly,
    );
    for (const form of [
      { intent: "suspend", businessId: fixtures.otherBusiness.id, reason: "" },
      { intent: "restore", businessId: fixtures.otherBusiness.id },
    ] as Array<Record<string, string>>) {
      await expectRoleMatrix(
        database.db,
        fixtures,
        {
          path: "/admin/businesses",
          pattern: "/admin/businesses",
          run: posting(adminBusinesses.action, "/admin/businesses", form),
        },
        adminsOnly,
      );
    }
  });

  test("a business's profile page and its save are for its owners only: managers, staff, other owners and admins get 404", async () => {
    const slug = fixtures.business.slug;
    const path = `/vendor/${slug}/profile`;
    const target = { path, pattern: "/vendor/:business/profile", params: { business: slug } };
    await expectRoleMatrix(
      database.db,
      fixtures,
      { ...target, run: vendorProfile.loader },
      consoleOwnersOnly,
    );
    // An empty form: the owner reaches the action and gets its 400; nobody else gets that far.
    await expectRoleMatrix(
      database.db,
      fixtures,
      { ...target, run: posting(vendorProfile.action, path, { tagline: "" }) },
      consoleOwnersOnly,
    );
  });
});
