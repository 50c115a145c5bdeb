import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { auditSource, recordAudit } from "#app/auth/audit.server.ts";
import type { FieldErrors } from "#app/auth/forms.ts";
import { collectionProducts, collections, products } from "#app/catalog/schema.server.ts";
import { slugify } from "#app/catalog/slugify.ts";
import type { Database, Executor } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { type CollectionFormInput, collectionLimits } from "./collection-input.ts";
import { type CatalogueActor, isUniqueViolation } from "./products.server.ts";

/**
 * A business's collections as its managers run them: made, renamed, put in order (`position`,
 * 0 first, the storefront's order), filled with products in a chosen order, deleted. Every
 * change is one transaction with its audit entry.
 */

export type CollectionResult =
  | { ok: true; collectionId: string }
  | { ok: false; status: 400 | 404; errors: FieldErrors };

const slugInUse = "Another collection of this business already uses this slug";
const notFound = { ok: false, status: 404, errors: { form: "Collection not found" } } as const;

export async function listConsoleCollections(db: Database, businessId: string) {
  return db
    .select({
      id: collections.id,
      slug: collections.slug,
      name: collections.name,
      description: collections.description,
      products: count(collectionProducts.productId),
    })
    .from(collections)
    .leftJoin(collectionProducts, eq(collectionProducts.collectionId, collections.id))
    .where(eq(collections.businessId, businessId))
    .groupBy(collections.id)
    .orderBy(asc(collections.position), asc(collections.name), asc(collections.id));
}

export async function findConsoleCollection(db: Database, businessId: string, id: string) {
  const [collection] = await db
    .select()
    .from(collections)
    .where(and(eq(collections.id, id), eq(collections.businessId, businessId)));
  if (!collection) return undefined;
  const members = await db
    .select({ id: products.id, name: products.name, status: products.status })
    .from(collectionProducts)
    .innerJoin(products, eq(products.id, collectionProducts.productId))
    .where(eq(collectionProducts.collectionId, id))
    .orderBy(asc(collectionProducts.position), asc(products.name));
  return { ...collection, products: members };
}

async function slugTaken(tx: Executor, businessId: string, slug: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: collections.id })
    .from(collections)
    .where(
      and(
        eq(collections.businessId, businessId),
        sql`lower(${collections.slug}) = ${slug}`,
        exceptId ? sql`${collections.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

async function chooseSlug(
  tx: Executor,
  businessId: string,
  input: CollectionFormInput,
  exceptId?: string,
) {
  if (input.slug)
    return (await slugTaken(tx, businessId, input.slug, exceptId)) ? null : input.slug;
  const base =
    slugify(input.name)
      .slice(0, collectionLimits.slug - 4)
      .replace(/-+$/, "") || "collection";
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await slugTaken(tx, businessId, candidate, exceptId))) return candidate;
  }
}

async function audit(
  tx: Executor,
  actor: CatalogueActor,
  action: "collection.created" | "collection.updated" | "collection.deleted",
  details: Record<string, string | number | boolean | null>,
) {
  await recordAudit(tx, {
    action,
    actorId: actor.userId,
    subjectId: actor.businessId,
    details,
    ...auditSource(actor.request),
  });
}

/** A new collection, last in the business's order. */
export async function createCollection(
  db: Database,
  actor: CatalogueActor,
  input: CollectionFormInput,
): Promise<CollectionResult> {
  try {
    return await db.transaction(async (tx): Promise<CollectionResult> => {
      const slug = await chooseSlug(tx, actor.businessId, input);
      if (!slug) return { ok: false, status: 400, errors: { slug: slugInUse } };
      const [last] = await tx
        .select({ position: sql<number>`coalesce(max(${collections.position}), -1)::int` })
        .from(collections)
        .where(eq(collections.businessId, actor.businessId));
      const id = newId("col");
      await tx.insert(collections).values({
        id,
        businessId: actor.businessId,
        slug,
        name: input.name,
        description: input.description,
        position: (last?.position ?? -1) + 1,
      });
      await audit(tx, actor, "collection.created", { collectionId: id, slug });
      return { ok: true, collectionId: id };
    });
  } catch (error) {
    if (isUniqueViolation(error, "collections_business_slug_key")) {
      return { ok: false, status: 400, errors: { slug: slugInUse } };
    }
    throw error;
  }
}

/** Renames a collection and sets its products, in the order given. */
export async function updateCollection(
  db: Database,
  actor: CatalogueActor,
  collectionId: string,
  input: CollectionFormInput,
  productIds: string[],
): Promise<CollectionResult> {
  try {
    return await db.transaction(async (tx): Promise<CollectionResult> => {
      const [existing] = await tx
        .select({ id: collections.id })
        .from(collections)
        .where(and(eq(collections.id, collectionId), eq(collections.businessId, actor.businessId)))
        .for("update");
      if (!existing) return notFound;
      const slug = await chooseSlug(tx, actor.businessId, input, collectionId);
      if (!slug) return { ok: false, status: 400, errors: { slug: slugInUse } };
      if (productIds.length > 0) {
        const ours = await tx
          .select({ id: products.id })
          .from(products)
          .where(and(inArray(products.id, productIds), eq(products.businessId, actor.businessId)));
        if (ours.length !== productIds.length) {
          return {
            ok: false,
            status: 400,
            errors: { products: "Some of those products aren't in your catalogue. Choose again." },
          };
        }
      }
      await tx
        .update(collections)
        .set({ slug, name: input.name, description: input.description, updatedAt: new Date() })
        .where(eq(collections.id, collectionId));
      await tx.delete(collectionProducts).where(eq(collectionProducts.collectionId, collectionId));
      if (productIds.length > 0) {
        await tx
          .insert(collectionProducts)
          .values(productIds.map((productId, position) => ({ collectionId, productId, position })));
      }
      await audit(tx, actor, "collection.updated", {
        collectionId,
        slug,
        products: productIds.length,
      });
      return { ok: true, collectionId };
    });
  } catch (error) {
    if (isUniqueViolation(error, "collections_business_slug_key")) {
      return { ok: false, status: 400, errors: { slug: slugInUse } };
    }
    throw error;
  }
}

/** Moves a collection one place earlier or later; positions are renumbered 0, 1, 2… */
export async function moveCollection(
  db: Database,
  actor: CatalogueActor,
  collectionId: string,
  by: -1 | 1,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const order = await tx
      .select({ id: collections.id })
      .from(collections)
      .where(eq(collections.businessId, actor.businessId))
      .orderBy(asc(collections.position), asc(collections.name), asc(collections.id))
      .for("update");
    const from = order.findIndex((row) => row.id === collectionId);
    if (from < 0) return false;
    const to = from + by;
    if (to < 0 || to >= order.length) return true;
    const ids = order.map((row) => row.id);
    [ids[from], ids[to]] = [ids[to] as string, ids[from] as string];
    for (const [position, id] of ids.entries()) {
      await tx.update(collections).set({ position }).where(eq(collections.id, id));
    }
    await audit(tx, actor, "collection.updated", {
      collectionId,
      moved: by < 0 ? "up" : "down",
      position: to,
    });
    return true;
  });
}

export async function deleteCollection(
  db: Database,
  actor: CatalogueActor,
  collectionId: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(collections)
      .where(and(eq(collections.id, collectionId), eq(collections.businessId, actor.businessId)))
      .returning({ slug: collections.slug });
    if (!row) return false;
    await audit(tx, actor, "collection.deleted", { collectionId, slug: row.slug });
    return true;
  });
}
