import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { collectionPage, listCollections } from "#app/catalog/storefront.server.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { auditEvents, collections } from "#app/db/schema.server.ts";
import * as collectionRoute from "#app/routes/vendor-collection.tsx";
import * as collectionsRoute from "#app/routes/vendor-collections.tsx";
import { outcomeOf, postTo } from "#tests/support/accounts.ts";
import { createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { createRoleFixtures, type RoleFixtures } from "#tests/support/role-matrix.ts";
import { routeArgs } from "#tests/support/router-context.ts";

let database: DatabaseHandle;
let fixtures: RoleFixtures;

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await createRoleFixtures(database.db);
}, 60_000);

afterAll(() => database.close());

const listPath = () => `/vendor/${fixtures.business.slug}/collections`;

function postToList(role: "manager" | "staff", form: Record<string, string>) {
  return postTo(database.db, collectionsRoute, listPath(), form, {
    cookie: fixtures.cookies[role],
    pattern: "/vendor/:business/collections",
    params: { business: fixtures.business.slug },
  });
}

/** Posts the collection form with products repeated in order (postTo keeps one value a name). */
async function saveCollection(
  collectionId: string,
  fields: Record<string, string>,
  productIds: string[],
) {
  const path = `${listPath()}/${collectionId}`;
  const request = new Request(`http://localhost:3000${path}`, {
    method: "POST",
    body: new URLSearchParams([
      ...Object.entries(fields),
      ...productIds.map((id) => ["product", id] as [string, string]),
    ]),
    headers: { origin: "http://localhost:3000", cookie: fixtures.cookies.manager },
  });
  const args = await routeArgs(
    database.db,
    request,
    "/vendor/:business/collections/:collectionId",
    {
      business: fixtures.business.slug,
      collectionId,
    },
  );
  return outcomeOf(() => collectionRoute.action(args as never));
}

async function order() {
  const rows = await database.db
    .select({ name: collections.name, position: collections.position })
    .from(collections)
    .where(eq(collections.businessId, fixtures.business.id))
    .orderBy(asc(collections.position));
  return rows.map((row) => row.name);
}

describe("collections", () => {
  test("a manager makes collections, orders them, fills one with products in order, deletes one", async () => {
    const made: string[] = [];
    for (const name of ["New arrivals", "Gift ideas", "Sale"]) {
      const answer = await postToList("manager", {
        intent: "create",
        name,
        slug: "",
        description: "",
      });
      expect(answer.status).toBe(302);
      made.push(answer.location?.split("/").at(-1)?.split("?")[0] ?? "");
    }
    const [arrivals, gifts, sale] = made as [string, string, string];
    expect(await order()).toEqual(["New arrivals", "Gift ideas", "Sale"]);

    expect((await postToList("manager", { intent: "move-up", collectionId: sale })).status).toBe(
      200,
    );
    expect(await order()).toEqual(["New arrivals", "Sale", "Gift ideas"]);
    await postToList("manager", { intent: "move-down", collectionId: arrivals });
    expect(await order()).toEqual(["Sale", "New arrivals", "Gift ideas"]);

    const business = fixtures.business.id;
    const wrapper = await createProduct(database.db, {
      businessId: business,
      name: "Gift wrap",
      slug: "gift-wrap",
    });
    const candle = await createProduct(database.db, {
      businessId: business,
      name: "Candle",
      slug: "candle",
    });
    const saved = await saveCollection(
      gifts,
      { intent: "save", name: "Gift ideas", slug: "gifts", description: "For friends" },
      [candle.id, wrapper.id],
    );
    expect(saved.status).toBe(200);
    const page = await collectionPage(database.db, business, "gifts");
    expect(page?.items.map((item) => item.name)).toEqual(["Candle", "Gift wrap"]);
    expect((await listCollections(database.db, business)).map((link) => link.slug)).toEqual([
      "gifts",
    ]);

    expect((await postToList("manager", { intent: "delete", collectionId: arrivals })).status).toBe(
      200,
    );
    expect(await order()).toEqual(["Sale", "Gift ideas"]);

    const actions = await database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, business));
    expect(new Set(actions.map((row) => row.action))).toEqual(
      new Set(["collection.created", "collection.updated", "collection.deleted"]),
    );
  });

  test("a taken slug, a missing name and another business's product are refused with messages", async () => {
    const first = await postToList("manager", { intent: "create", name: "Shoes", slug: "shoes" });
    expect(first.status).toBe(302);
    const again = await postToList("manager", {
      intent: "create",
      name: "More shoes",
      slug: "shoes",
    });
    expect(again.status).toBe(400);
    expect(again.data).toMatchObject({
      errors: { slug: "Another collection of this business already uses this slug" },
    });
    const nameless = await postToList("manager", { intent: "create", name: "", slug: "" });
    expect(nameless.data).toMatchObject({ errors: { name: "Name is needed" } });

    const id = first.location?.split("/").at(-1)?.split("?")[0] ?? "";
    const theirs = await createProduct(database.db, { businessId: fixtures.otherBusiness.id });
    const borrowed = await saveCollection(id, { name: "Shoes", slug: "shoes" }, [theirs.id]);
    expect(borrowed.status).toBe(400);
    expect(borrowed.data).toEqual({
      errors: { products: "Some of those products aren't in your catalogue. Choose again." },
    });
  });

  test("staff cannot change collections, and another business's collection is a 404", async () => {
    expect((await postToList("staff", { intent: "create", name: "By staff" })).status).toBe(404);
    const [theirs] = await database.db
      .insert(collections)
      .values({
        id: "col_0000000000000000",
        businessId: fixtures.otherBusiness.id,
        slug: "x",
        name: "X",
      })
      .returning();
    const answer = await postToList("manager", {
      intent: "delete",
      collectionId: theirs?.id ?? "",
    });
    expect(answer.status).toBe(404);
    expect(
      await database.db.select().from(collections).where(eq(collections.slug, "x")),
    ).toHaveLength(1);
  });
});
