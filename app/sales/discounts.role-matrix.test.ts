import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import * as salePage from "#app/routes/discount-sale.tsx";
import * as discountSales from "#app/routes/vendor-discount-sales.tsx";
import { getFrom } from "#tests/support/accounts.ts";
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
import { createDiscountSale } from "./discounts.server.ts";
import { toLagosDateTime } from "./sale-window.ts";

/**
 * Discount sales' part of the role matrix (issue 22, decision 055): the console's list, planning,
 * ending and the floor are for the business's managers and owners (staff, other businesses,
 * admins and shoppers get a 404; guests sign in). A sale's page is public.
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
    name: "Harmattan sale",
    kind: "percent",
    percentOff: "10",
    scope: "products",
    products: product.id,
    startsAt: toLagosDateTime(start),
    endsAt: toLagosDateTime(new Date(start.getTime() + 60 * 60_000)),
  });
  const made = await createDiscountSale(
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

describe("discount sales' role matrix", () => {
  test("the console's list, planning, ending and floor are for managers and owners only", async () => {
    const business = fixtures.business.slug;
    const check = (run: Run) =>
      expectRoleMatrix(
        database.db,
        fixtures,
        {
          path: `/vendor/${business}/discount-sales`,
          pattern: "/vendor/:business/discount-sales",
          params: { business },
          run,
        },
        consoleManagersAndOwners,
      );
    await check(discountSales.loader);
    await check(posting(discountSales.action, { intent: "create", name: "" }));
    await check(posting(discountSales.action, { intent: "end", sale: "dsl_nosuchsale00000" }));
    await check(posting(discountSales.action, { intent: "floor", floorPercent: "x" }));
  });

  test("anyone sees a sale's page; an unknown sale is a 404", async () => {
    const page = await getFrom(database.db, salePage, `/discountsales/${saleId}`, {
      pattern: "/discountsales/:id",
      params: { id: saleId },
    });
    expect(page.status).toBe(200);
    const unknown = await getFrom(database.db, salePage, "/discountsales/dsl_nosuchsale00000", {
      pattern: "/discountsales/:id",
      params: { id: "dsl_nosuchsale00000" },
    });
    expect(unknown.status).toBe(404);
  });
});
