import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { auditEvents, products } from "#app/db/schema.server.ts";
import * as exportRoute from "#app/routes/vendor-products-export.ts";
import * as importPage from "#app/routes/vendor-products-import.tsx";
import * as importUpload from "#app/routes/vendor-products-import-upload.ts";
import { getFrom, outcomeOf } from "#tests/support/accounts.ts";
import { createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { createRoleFixtures, type RoleFixtures } from "#tests/support/role-matrix.ts";
import { routeArgs } from "#tests/support/router-context.ts";
import { readProductCsv } from "./product-csv.server.ts";

let database: DatabaseHandle;
let fixtures: RoleFixtures;

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await createRoleFixtures(database.db);
}, 60_000);

afterAll(() => database.close());

const header = "slug,name,description,price_naira,compare_at_naira,sizes,stock,tags,status";

async function postCsv(
  route: { action: (args: never) => unknown },
  role: "manager" | "staff",
  csv: string,
  suffix = "",
) {
  const path = `/vendor/${fixtures.business.slug}/products/import${suffix}`;
  const body = new FormData();
  body.append("file", new File([csv], "products.csv", { type: "text/csv" }));
  const request = new Request(`http://localhost:3000${path}`, {
    method: "POST",
    body,
    headers: { origin: "http://localhost:3000", cookie: fixtures.cookies[role] },
  });
  const args = await routeArgs(database.db, request, `/vendor/:business/products/import${suffix}`, {
    business: fixtures.business.slug,
  });
  return outcomeOf(() => route.action(args as never));
}

async function productsOfBusiness() {
  return database.db
    .select({ slug: products.slug, name: products.name, priceKobo: products.priceKobo })
    .from(products)
    .where(eq(products.businessId, fixtures.business.id))
    .orderBy(asc(products.slug));
}

async function importEvents() {
  return database.db
    .select({ details: auditEvents.details })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, "products.imported"),
        eq(auditEvents.subjectId, fixtures.business.id),
      ),
    );
}

describe("importing products from CSV", () => {
  test("a CSV with bad rows imports nothing and reports each bad line", async () => {
    const before = await productsOfBusiness();
    const csv = [
      header,
      'good-one,Good one,"Two lines\nof description",12500.00,,S|M,3,ankara,active',
      "bad-price,Bad price,,twelve,,,1,,active",
      "good-two,Good two,,100,,,1,,draft",
      "bad-compare,Cheap,,100,50,,1,,active",
      "bad-status,Sold,,100,,,-2,,sold",
      "good-one,Again,,100,,,1,,draft",
      "too,few",
    ].join("\r\n");
    const answer = await postCsv(importPage, "manager", csv);
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({
      ok: false,
      problems: [
        "Line 4: price must be a number like 12500.00",
        "Line 6: compare-at price must be above the price",
        "Line 7: stock must be a whole number from 0 to 1000000",
        "Line 7: status must be draft, active or archived",
        'Line 8: slug "good-one" is already on line 2; each product once',
        "Line 9: has 2 values but the first line names 9 columns",
      ],
    });
    expect(await productsOfBusiness()).toEqual(before);
    expect(await importEvents()).toEqual([]);
  });

  test("a good file creates new slugs and updates known ones in one go, and logs the counts", async () => {
    await createProduct(database.db, {
      businessId: fixtures.business.id,
      slug: "known-bag",
      name: "Old name",
    });
    const csv = `${header}\nknown-bag,Woven bag,,"25,000.00",30000,,2,bags|gift-idea,active\nnew-hat,Straw hat,,4500,,S|M|L,9,,draft\n`;
    const answer = await postCsv(importUpload, "manager", csv, "/upload");
    expect(answer.status).toBe(200);
    expect(await answer.response?.json()).toEqual({ ok: true, created: 1, updated: 1 });
    expect(await productsOfBusiness()).toEqual([
      { slug: "known-bag", name: "Woven bag", priceKobo: 2_500_000 },
      { slug: "new-hat", name: "Straw hat", priceKobo: 450_000 },
    ]);
    expect((await importEvents()).map((event) => event.details)).toEqual([
      { created: 1, updated: 1, rows: 2 },
    ]);
  });

  test("the export reads back in as it is: every product updated, none added", async () => {
    const exported = await getFrom(
      database.db,
      exportRoute,
      `/vendor/${fixtures.business.slug}/products/export.csv`,
      { cookie: fixtures.cookies.manager, params: { business: fixtures.business.slug } },
    );
    expect(exported.response?.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const csv = (await exported.response?.text()) ?? "";
    expect(csv.split("\r\n")[0]).toBe(header);
    expect(csv).toContain("known-bag,Woven bag,,25000.00,30000.00,,2,bags|gift-idea,active");
    const again = await postCsv(importPage, "manager", csv);
    expect(again.data).toEqual({ ok: true, created: 0, updated: 2 });
  });

  test("text a spreadsheet would run as a formula is exported guarded and imported as it was", async () => {
    const product = await createProduct(database.db, {
      businessId: fixtures.business.id,
      slug: "discount-oil",
      name: "-20% Oil",
      description: '=HYPERLINK("https://evil.example","Click")',
      tags: ["@home", "oil"],
    });
    const exported = await getFrom(
      database.db,
      exportRoute,
      `/vendor/${fixtures.business.slug}/products/export.csv`,
      { cookie: fixtures.cookies.manager, params: { business: fixtures.business.slug } },
    );
    const csv = (await exported.response?.text()) ?? "";
    expect(csv).toContain(
      `discount-oil,'-20% Oil,"'=HYPERLINK(""https://evil.example"",""Click"")",14000.00,,,10,'@home|oil,active`,
    );
    expect(await postCsv(importPage, "manager", csv)).toMatchObject({
      data: { ok: true, created: 0, updated: 3 },
    });
    const [after] = await database.db
      .select({ name: products.name, description: products.description, tags: products.tags })
      .from(products)
      .where(eq(products.id, product.id));
    expect(after).toEqual({
      name: product.name,
      description: product.description,
      tags: product.tags,
    });
  });

  test("staff can neither export nor import", async () => {
    const exported = await getFrom(
      database.db,
      exportRoute,
      `/vendor/${fixtures.business.slug}/products/export.csv`,
      { cookie: fixtures.cookies.staff, params: { business: fixtures.business.slug } },
    );
    expect(exported.status).toBe(404);
    const csv = `${header}\nby-staff,By staff,,100,,,1,,active\n`;
    expect((await postCsv(importPage, "staff", csv)).status).toBe(404);
    expect((await postCsv(importUpload, "staff", csv, "/upload")).status).toBe(404);
  });
});

describe("reading the CSV's first line", () => {
  test("unknown, missing and repeated columns are named", () => {
    expect(readProductCsv("slug,name,price,name\n")).toEqual({
      problems: [
        'Line 1: unknown column "price"',
        'Line 1: missing column "description", "price_naira", "compare_at_naira", "sizes", "stock", "tags", "status"',
        'Line 1: column "name" appears twice',
        `The first line must name the columns: ${header}`,
      ],
    });
  });

  test("an empty file and a file with only the header are explained", () => {
    expect(readProductCsv("")).toEqual({
      problems: ["The file is empty. Start from an export to get the columns right."],
    });
    expect(readProductCsv(`${header}\n`)).toEqual({
      problems: ["The file has no products below its first line."],
    });
  });
});
