import { afterAll, beforeAll, describe, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import * as offer from "#app/routes/vendor-voucher.tsx";
import * as offerNew from "#app/routes/vendor-voucher-new.tsx";
import * as offersList from "#app/routes/vendor-vouchers.tsx";
import { createTestDatabase } from "#tests/support/database.ts";
import {
  consoleManagersAndOwners,
  createRoleFixtures,
  expectRoleMatrix,
  posting,
  type RoleFixtures,
} from "#tests/support/role-matrix.ts";
import { voucherOffers } from "./schema.server.ts";

/**
 * Voucher offers' part of the role matrix (issue 19, decision 017): offers are for the
 * business's managers and owners. Staff, other businesses' owners, admins and shoppers get the
 * 404 of a page that doesn't exist; guests are asked to sign in. Posts carry a form the guard
 * lets through to the action's own checks (a 400 counts as "ok": past the role check).
 */
let database: DatabaseHandle;
let fixtures: RoleFixtures;
let offerId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await createRoleFixtures(database.db);
  offerId = newId("vof");
  await database.db.insert(voucherOffers).values({
    id: offerId,
    businessId: fixtures.business.id,
    title: "Spa day",
    valueKobo: 2_500_000,
    priceKobo: 1_800_000,
    validDays: 90,
  });
}, 60_000);

afterAll(() => database.close());

type Run = (args: never) => unknown;

function target(path: string, pattern: string, run: Run, params: Record<string, string> = {}) {
  const business = fixtures.business.slug;
  return {
    path: `/vendor/${business}/${path}`,
    pattern: `/vendor/:business/${pattern}`,
    params: { business, ...params },
    run,
  };
}

describe("voucher offers' role matrix", () => {
  test("the list, a new offer and an offer's page and save are for managers and owners only", async () => {
    const check = (t: ReturnType<typeof target>) =>
      expectRoleMatrix(database.db, fixtures, t, consoleManagersAndOwners);
    await check(target("vouchers", "vouchers", offersList.loader));
    await check(target("vouchers/new", "vouchers/new", offerNew.loader));
    await check(target("vouchers/new", "vouchers/new", posting(offerNew.action, { title: "" })));
    const params = { offerId };
    await check(target(`vouchers/${offerId}`, "vouchers/:offerId", offer.loader, params));
    await check(
      target(
        `vouchers/${offerId}`,
        "vouchers/:offerId",
        posting(offer.action, { title: "" }),
        params,
      ),
    );
  });
});
