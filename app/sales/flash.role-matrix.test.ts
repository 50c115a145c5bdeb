import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import * as flashPage from "#app/routes/flash-sale.tsx";
import * as flashSales from "#app/routes/vendor-flash-sales.tsx";
import { getFrom, postTo, signUpAs } from "#tests/support/accounts.ts";
import { createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import {
  consoleManagersAndOwners,
  createRoleFixtures,
  expectRoleMatrix,
  posting,
  type RoleFixtures,
} from "#tests/support/role-matrix.ts";
import { saleForm } from "#tests/support/sales.ts";
import { createFlashSale } from "./flash.server.ts";
import { toLagosDateTime } from "./sale-window.ts";

/**
 * Flash sales' part of the role matrix (issue 22, decision 054): the console's list, scheduling
 * and calling off are for the business's managers and owners (staff, other businesses, admins and
 * shoppers get a 404; guests sign in). On a sale's page, "buy" asks a guest to sign in first.
 */
let database: DatabaseHandle;
let fixtures: RoleFixtures;
let saleId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await createRoleFixtures(database.db);
  const product = await createProduct(database.db, { businessId: fixtures.business.id });
  const start = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  const form = saleForm({
    product: product.id,
    units: "3",
    salePrice: "9000",
    perShopperLimit: "1",
    startsAt: toLagosDateTime(start),
    endsAt: toLagosDateTime(new Date(start.getTime() + 60 * 60_000)),
  });
  const made = await createFlashSale(
    database.db,
    {
      businessId: fixtures.business.id,
      userId: fixtures.userIds.manager,
      request: new Request("http://x/"),
    },
    form,
  );
  if (!made.ok) throw new Error(JSON.stringify(made));
  saleId = made.saleId;
}, 60_000);

afterAll(() => database.close());

type Run = (args: never) => unknown;

describe("flash sales' role matrix", () => {
  test("the console's list, scheduling and calling off are for managers and owners only", async () => {
    const business = fixtures.business.slug;
    const target = (run: Run) => ({
      path: `/vendor/${business}/flash-sales`,
      pattern: "/vendor/:business/flash-sales",
      params: { business },
      run,
    });
    const check = (run: Run) =>
      expectRoleMatrix(database.db, fixtures, target(run), consoleManagersAndOwners);
    await check(flashSales.loader);
    await check(posting(flashSales.action, { intent: "create", product: "" }));
    await check(posting(flashSales.action, { intent: "cancel", sale: "fls_nosuchsale0000" }));
  });

  test("anyone sees a sale's page; a guest's buy is sent to sign in, a shopper's holds", async () => {
    const page = await getFrom(database.db, flashPage, `/flash/${saleId}`, {
      pattern: "/flash/:id",
      params: { id: saleId },
    });
    expect(page.status).toBe(200);
    const guest = await postTo(
      database.db,
      flashPage,
      `/flash/${saleId}`,
      { intent: "hold", quantity: "1" },
      { pattern: "/flash/:id", params: { id: saleId } },
    );
    expect(guest.status).toBe(302);
    const shopper = await signUpAs(database.db, { name: "Tola" });
    const held = await postTo(
      database.db,
      flashPage,
      `/flash/${saleId}`,
      { intent: "hold", quantity: "1" },
      { pattern: "/flash/:id", params: { id: saleId }, cookie: shopper.cookie },
    );
    expect(held).toMatchObject({ status: 200, data: { held: expect.stringMatching(/^flh_/) } });
    const unknown = await postTo(
      database.db,
      flashPage,
      "/flash/fls_nosuchsale0000",
      { intent: "hold", quantity: "1" },
      { pattern: "/flash/:id", params: { id: "fls_nosuchsale0000" }, cookie: shopper.cookie },
    );
    expect(unknown.status).toBe(404);
  });
});
