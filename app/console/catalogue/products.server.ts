import { and, asc, desc, eq, ilike, or, sql } from "drizzle-orm";
import { auditSource, recordAudit } from "#app/auth/audit.server.ts";
import type { FieldErrors } from "#app/auth/forms.ts";
import { mediaUrl } from "#app/catalog/catalog.server.ts";
import { images, productImages, products } from "#app/catalog/schema.server.ts";
import { slugify } from "#app/catalog/slugify.ts";
import type { Database, Executor } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { decodeCursor, encodeCursor, exactTime, exactTimeKey } from "#app/db/page-cursor.server.ts";
import {
  attachedPictures,
  type PictureLink,
  pictureGone,
  picturesAttachable,
} from "#app/media/uploads.server.ts";
import { type Kobo, kobo } from "#app/money.ts";
import type { ProductFormInput, ProductStatus } from "./product-input.ts";
import { productLimits } from "./product-input.ts";

/**
 * The console's side of the catalogue (issue 7): a business's products as its managers see and
 * change them, every status included. Each function takes the business id from the guard
 * (requireBusinessMember), so a product of another business is simply not found.
 */

/** Who changes the catalogue, for the audit log. */
export interface CatalogueActor {
  businessId: string;
  userId: string;
  request: Request;
}

export const consoleProductPageSize = 20;

export interface ConsoleProductRow {
  id: string;
  slug: string;
  name: string;
  priceKobo: Kobo;
  compareAtKobo: Kobo | null;
  stock: number;
  status: ProductStatus;
  image: { url: string; width: number; height: number; alt: string } | null;
}

/** `%`, `_` and `\` in what people type match themselves, not any text. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

const idInC = sql`${products.id} collate "C"`;
const createdKey = exactTime(sql`${products.createdAt}`);

/** The business's products, newest first, filtered by name (or slug) and status; keyset paged. */
export async function listConsoleProducts(
  db: Database,
  businessId: string,
  filters: { q?: string; status?: ProductStatus | null; after?: string | null },
) {
  const cursor = filters.after ? decodeCursor(filters.after, exactTimeKey) : null;
  const q = filters.q?.trim() ?? "";
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      priceKobo: products.priceKobo,
      compareAtKobo: products.compareAtKobo,
      stock: products.stock,
      status: products.status,
      imagePath: images.path,
      imageWidth: images.width,
      imageHeight: images.height,
      key: createdKey,
    })
    .from(products)
    .leftJoin(
      productImages,
      and(eq(productImages.productId, products.id), eq(productImages.position, 0)),
    )
    .leftJoin(images, eq(images.id, productImages.imageId))
    .where(
      and(
        eq(products.businessId, businessId),
        filters.status ? eq(products.status, filters.status) : undefined,
        q
          ? or(ilike(products.name, containsPattern(q)), ilike(products.slug, containsPattern(q)))
          : undefined,
        cursor
          ? sql`(${products.createdAt} < ${cursor.key}::timestamptz
              or (${products.createdAt} = ${cursor.key}::timestamptz and ${idInC} > ${cursor.id}))`
          : undefined,
      ),
    )
    .orderBy(desc(products.createdAt), asc(idInC))
    .limit(consoleProductPageSize + 1);
  const page = rows.slice(0, consoleProductPageSize);
  const last = page.at(-1);
  return {
    items: page.map(
      (row): ConsoleProductRow => ({
        id: row.id,
        slug: row.slug,
        name: row.name,
        priceKobo: kobo(row.priceKobo),
        compareAtKobo: row.compareAtKobo === null ? null : kobo(row.compareAtKobo),
        stock: row.stock,
        status: row.status,
        image: row.imagePath
          ? {
              url: mediaUrl(row.imagePath),
              width: row.imageWidth ?? 800,
              height: row.imageHeight ?? 800,
              alt: "",
            }
          : null,
      }),
    ),
    nextCursor:
      rows.length > consoleProductPageSize && last ? encodeCursor(last.key, last.id) : null,
  };
}

/** One product of the business with its pictures in order, or undefined (not theirs, or none). */
export async function findConsoleProduct(db: Database, businessId: string, productId: string) {
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.businessId, businessId)))
    .limit(1);
  if (!product) return undefined;
  const pictures = await productPictures(db, product.id);
  return { ...product, images: pictures };
}

const productPictureLink: PictureLink = {
  table: productImages,
  ownerId: productImages.productId,
  imageId: productImages.imageId,
  position: productImages.position,
};

function productPictures(executor: Executor, productId: string) {
  return attachedPictures(executor, productPictureLink, productId);
}

export type ConsoleProduct = NonNullable<Awaited<ReturnType<typeof findConsoleProduct>>>;

/** A unique-constraint failure, as PostgreSQL and PGlite report it (possibly wrapped by drizzle). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; current && typeof current === "object"; ) {
    const { code, constraint: name } = current as { code?: unknown; constraint?: unknown };
    if (code === "23505" && (name === undefined || name === constraint)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

async function slugTaken(
  executor: Executor,
  businessId: string,
  slug: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await executor
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.businessId, businessId),
        eq(products.slug, slug),
        exceptId ? sql`${products.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The name's slug, with -2, -3… added until no other product of the business has it. */
async function freeSlugFor(
  executor: Executor,
  businessId: string,
  name: string,
  exceptId?: string,
) {
  const base =
    slugify(name)
      .slice(0, productLimits.slug - 4)
      .replace(/-+$/, "") || "product";
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await slugTaken(executor, businessId, candidate, exceptId))) return candidate;
  }
}

async function replacePictures(executor: Executor, productId: string, imageIds: string[]) {
  await executor.delete(productImages).where(eq(productImages.productId, productId));
  if (imageIds.length > 0) {
    await executor
      .insert(productImages)
      .values(imageIds.map((imageId, position) => ({ productId, imageId, position })));
  }
}

export type SaveResult =
  | { ok: true; productId: string }
  | { ok: false; status: 400 | 404 | 409; errors: FieldErrors };

const slugInUse = "Another product of this business already uses this slug";

/**
 * Creates (no `productId`) or updates a product of the actor's business from the checked form,
 * pictures in the order given, and records it in the audit log, all in one transaction.
 */
export async function saveProduct(
  db: Database,
  actor: CatalogueActor,
  input: ProductFormInput,
  productId: string | null,
): Promise<SaveResult> {
  const imageIds = [...new Set(input.images)];
  try {
    return await db.transaction(async (tx): Promise<SaveResult> => {
      let existing: { id: string; status: ProductStatus } | undefined;
      if (productId) {
        [existing] = await tx
          .select({ id: products.id, status: products.status })
          .from(products)
          .where(and(eq(products.id, productId), eq(products.businessId, actor.businessId)))
          .for("update");
        if (!existing) return { ok: false, status: 404, errors: { form: "Product not found" } };
        if (existing.status === "archived") {
          return {
            ok: false,
            status: 409,
            errors: { form: "This product is archived. Restore it before changing it." },
          };
        }
      }
      const slug =
        input.slug || (await freeSlugFor(tx, actor.businessId, input.name, productId ?? undefined));
      if (await slugTaken(tx, actor.businessId, slug, productId ?? undefined)) {
        return { ok: false, status: 400, errors: { slug: slugInUse } };
      }
      const ownPicture = productId ? { link: productPictureLink, ownerId: productId } : null;
      if (!(await picturesAttachable(tx, imageIds, actor.businessId, ownPicture))) {
        return { ok: false, status: 400, errors: { images: pictureGone } };
      }
      const values = {
        slug,
        name: input.name,
        description: input.description,
        priceKobo: input.price,
        compareAtKobo: input.compareAt,
        sizes: input.sizes,
        stock: input.stock,
        tags: input.tags,
        status: input.status,
      };
      const id = existing?.id ?? newId("prd");
      if (existing) {
        await tx
          .update(products)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(products.id, existing.id));
      } else {
        await tx.insert(products).values({ id, businessId: actor.businessId, ...values });
      }
      await replacePictures(tx, id, imageIds);
      await recordAudit(tx, {
        action: existing ? "product.updated" : "product.created",
        actorId: actor.userId,
        subjectId: actor.businessId,
        details: { productId: id, slug, status: input.status, images: imageIds.length },
        ...auditSource(actor.request),
      });
      return { ok: true, productId: id };
    });
  } catch (error) {
    // Two saves racing for one slug: the index decides, the loser hears why.
    if (isUniqueViolation(error, "products_business_slug_key")) {
      return { ok: false, status: 400, errors: { slug: slugInUse } };
    }
    throw error;
  }
}

/**
 * Archives a product (hidden from shoppers, search and collections' pages; kept for orders and
 * the export) or restores it as a draft. False when the product isn't the business's.
 */
export async function setArchived(
  db: Database,
  actor: CatalogueActor,
  productId: string,
  archived: boolean,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(products)
      .set({ status: archived ? "archived" : "draft", updatedAt: new Date() })
      .where(
        and(
          eq(products.id, productId),
          eq(products.businessId, actor.businessId),
          archived ? sql`${products.status} <> 'archived'` : eq(products.status, "archived"),
        ),
      )
      .returning({ id: products.id, slug: products.slug });
    if (!row) {
      const [exists] = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, productId), eq(products.businessId, actor.businessId)));
      return Boolean(exists);
    }
    await recordAudit(tx, {
      action: archived ? "product.archived" : "product.updated",
      actorId: actor.userId,
      subjectId: actor.businessId,
      details: archived
        ? { productId, slug: row.slug }
        : { productId, slug: row.slug, restored: true, status: "draft" },
      ...auditSource(actor.request),
    });
    return true;
  });
}

/** Options for the collections' multiselect: the business's products that aren't archived. */
export async function productOptions(
  db: Database,
  businessId: string,
  { q, offset, limit }: { q: string; offset: number; limit: number },
) {
  const rows = await db
    .select({ value: products.id, label: products.name, status: products.status })
    .from(products)
    .where(
      and(
        eq(products.businessId, businessId),
        sql`${products.status} <> 'archived'`,
        q ? ilike(products.name, containsPattern(q)) : undefined,
      ),
    )
    .orderBy(asc(products.name), asc(idInC))
    .offset(offset)
    .limit(limit + 1);
  return {
    options: rows.slice(0, limit).map((row) => ({
      value: row.value,
      label: row.status === "draft" ? `${row.label} (draft)` : row.label,
    })),
    hasMore: rows.length > limit,
  };
}

/** Every product of the business, for the CSV export: oldest first, so re-imports keep order. */
export function allProductsOf(db: Database, businessId: string) {
  return db
    .select()
    .from(products)
    .where(eq(products.businessId, businessId))
    .orderBy(asc(products.createdAt), asc(idInC));
}

export type StatusFilter = ProductStatus | null;
export function readStatusFilter(value: string | null): StatusFilter {
  return value === "draft" || value === "active" || value === "archived" ? value : null;
}
