import { afterAll, beforeAll, describe, test } from "vitest";
import { collections } from "#app/catalog/schema.server.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import * as collection from "#app/routes/vendor-collection.tsx";
import * as collectionsList from "#app/routes/vendor-collections.tsx";
import * as product from "#app/routes/vendor-product.tsx";
import * as productImages from "#app/routes/vendor-product-images.ts";
import * as productNew from "#app/routes/vendor-product-new.tsx";
import * as productOptions from "#app/routes/vendor-product-options.ts";
import * as productsList from "#app/routes/vendor-products.tsx";
import * as productsExport from "#app/routes/vendor-products-export.ts";
import * as productsImport from "#app/routes/vendor-products-import.tsx";
import * as productsImportUpload from "#app/routes/vendor-products-import-upload.ts";
import { createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import {
  createRoleFixtures,
  expectRoleMatrix,
  type MatrixRole,
  type Outcome,
  posting,
  type RoleFixtures,
} from "#tests/support/role-matrix.ts";

/**
 * The catalogue's part of the role matrix (issue 7, decision 017): products, collections and the
 * CSV are for the business's managers and owners. Staff, other businesses' owners, admins and
 * shoppers get the 404 of a page that doesn't exist; guests are asked to sign in. Actions are
 * posted with a form the guard lets through to the action's own checks (a 400 counts as "ok":
 * the person got past the role check).
 */
let database: DatabaseHandle;
let fixtures: RoleFixtures;
let productId: string;
let collectionId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await createRoleFixtures(database.db);
  productId = (await createProduct(database.db, { businessId: fixtures.business.id })).id;
  collectionId = newId("col");
  await database.db
    .insert(collections)
    .values({ id: collectionId, businessId: fixtures.business.id, slug: "picks", name: "Picks" });
}, 60_000);

afterAll(() => database.close());

const managersOnly: Record<MatrixRole, Outcome> = {
  guest: "login",
  shopper: 404,
  otherShopper: 404,
  staff: 404,
  manager: "ok",
  owner: "ok",
  ownerOfOther: 404,
  admin: 404,
};

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

async function managersAndOwnersOnly(t: ReturnType<typeof target>) {
  await expectRoleMatrix(database.db, fixtures, t, managersOnly);
}

describe("the catalogue's role matrix", () => {
  test("the product list, and the CSV export, are for managers and owners only", async () => {
    await managersAndOwnersOnly(target("products", "products", productsList.loader));
    await managersAndOwnersOnly(
      target("products/export.csv", "products/export.csv", productsExport.loader),
    );
    await managersAndOwnersOnly(
      target("products/options", "products/options", productOptions.loader),
    );
  });

  test("staff cannot add products: the new-product page and its post are 404s to them", async () => {
    await managersAndOwnersOnly(target("products/new", "products/new", productNew.loader));
    await managersAndOwnersOnly(
      target("products/new", "products/new", posting(productNew.action, { intent: "save" })),
    );
    await managersAndOwnersOnly(
      target("products/images", "products/images", posting(productImages.action, new FormData())),
    );
  });

  test("staff cannot edit products: a product's page, its save and its archive are 404s to them", async () => {
    const params = { productId };
    const path = `products/${productId}`;
    await managersAndOwnersOnly(target(path, "products/:productId", product.loader, params));
    await managersAndOwnersOnly(
      target(path, "products/:productId", posting(product.action, { intent: "save" }), params),
    );
    await managersAndOwnersOnly(
      target(path, "products/:productId", posting(product.action, { intent: "nothing" }), params),
    );
  });

  test("the CSV import, page and uploader, is for managers and owners only", async () => {
    await managersAndOwnersOnly(
      target("products/import", "products/import", productsImport.loader),
    );
    await managersAndOwnersOnly(
      target("products/import", "products/import", posting(productsImport.action, new FormData())),
    );
    await managersAndOwnersOnly(
      target(
        "products/import/upload",
        "products/import/upload",
        posting(productsImportUpload.action, new FormData()),
      ),
    );
  });

  test("collections, the list and each one, are for managers and owners only", async () => {
    await managersAndOwnersOnly(target("collections", "collections", collectionsList.loader));
    await managersAndOwnersOnly(
      target("collections", "collections", posting(collectionsList.action, { intent: "nothing" })),
    );
    const params = { collectionId };
    const path = `collections/${collectionId}`;
    await managersAndOwnersOnly(
      target(path, "collections/:collectionId", collection.loader, params),
    );
    await managersAndOwnersOnly(
      target(path, "collections/:collectionId", posting(collection.action, { name: "" }), params),
    );
  });
});
