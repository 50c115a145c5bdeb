import { eq } from "drizzle-orm";
import { businesses, categories, products } from "#app/catalog/schema.server.ts";
import type { Database } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";

/** Small catalogue records for integration tests; every field not given gets a plain default. */
const weekdayHours = {
  mon: [["09:00", "18:00"]],
  tue: [["09:00", "18:00"]],
  wed: [["09:00", "18:00"]],
  thu: [["09:00", "18:00"]],
  fri: [["09:00", "18:00"]],
  sat: [["10:00", "16:00"]],
  sun: [],
} satisfies typeof businesses.$inferInsert.hours;

export async function createCategory(
  db: Database,
  fields: Partial<typeof categories.$inferInsert> = {},
) {
  const id = newId("cat");
  const [row] = await db
    .insert(categories)
    .values({ id, slug: id.replace("_", "-"), name: "Spas & Wellness", ...fields })
    .returning();
  if (!row) throw new Error("category not created");
  return row;
}

export async function createBusiness(
  db: Database,
  fields: Partial<typeof businesses.$inferInsert> & { categoryId: string },
) {
  const id = newId("biz");
  const [row] = await db
    .insert(businesses)
    .values({
      id,
      slug: id.replace("_", "-"),
      name: "Ewa Spa",
      city: "Lagos",
      address: "12 Admiralty Way, Lekki Phase 1",
      hours: weekdayHours,
      status: "active",
      ...fields,
    })
    .returning();
  if (!row) throw new Error("business not created");
  return row;
}

export async function createProduct(
  db: Database,
  fields: Partial<typeof products.$inferInsert> & { businessId: string },
) {
  const id = newId("prd");
  const [row] = await db
    .insert(products)
    .values({
      id,
      slug: id.replace("_", "-"),
      name: "Steam & Sauna Session",
      priceKobo: 1_400_000,
      stock: 10,
      status: "active",
      ...fields,
    })
    .returning();
  if (!row) throw new Error("product not created");
  return row;
}

/** How many of a product are on the shelf now. */
export async function stockOf(db: Database, productId: string) {
  const [row] = await db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return row?.stock;
}
