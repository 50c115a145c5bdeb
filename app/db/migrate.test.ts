import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { businesses, categories } from "#app/catalog/schema.server.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import type { DatabaseHandle } from "./database.server.ts";
import { migrate } from "./migrate.server.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

test("migrating an up-to-date database applies nothing", async () => {
  expect(await migrate(database.db)).toEqual([]);
});

test("the search extensions are enabled", async () => {
  // execute() is typed per engine; both engines answer with `rows`.
  const { rows } = (await database.db.execute(
    sql`select similarity('spaa', 'spa') > 0.3 as close, unaccent('Ọ̀jà Ìbàdàn') as folded`,
  )) as unknown as { rows: unknown[] };
  expect(rows).toEqual([{ close: true, folded: "Oja Ibadan" }]);
});

test("a business slug must be stored lower-case", async () => {
  await database.db.insert(categories).values({ id: "cat_1", slug: "spas", name: "Spas" });
  const insert = database.db.insert(businesses).values({
    id: "biz_upper",
    slug: "Ewa-Spa",
    name: "Ewa Spa",
    categoryId: "cat_1",
    city: "Lagos",
    address: "1 Admiralty Way",
    hours: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
  });
  await expect(insert).rejects.toThrow();
});
