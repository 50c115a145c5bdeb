import { and, asc, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { mediaUrl } from "#app/catalog/catalog.server.ts";
import type { Database, Executor } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import {
  businesses,
  images,
  productImages,
  rewards,
  voucherOfferImages,
} from "#app/db/schema.server.ts";
import type { JobDefinition } from "#app/jobs/jobs.server.ts";
import type { MediaStore } from "#app/media/store.server.ts";

/**
 * Pictures people upload (logos, covers, product photos): checked by decoding them, never by
 * their name or the browser's content type, re-encoded as WebP without metadata (no GPS from a
 * phone photo), and stored under `uploads/` of the media store (the disk, or a bucket: decision
 * 037) with an `images` row. The variant service (server/media-variants.ts) then serves them in
 * every width.
 */
export const maxUploadBytes = 8 * 1024 * 1024;
/** Larger pictures are scaled down to this many pixels on their longest side. */
const maxSide = 2400;
const acceptedFormats = new Set(["jpeg", "png", "webp", "avif", "heif", "gif"]);

export class ImageUploadError extends Error {
  override name = "ImageUploadError";
}

export interface StoredImage {
  id: string;
  url: string;
  width: number;
  height: number;
  alt: string;
}

const uploadPath = (id: string) => `uploads/${id}.webp`;

/** Validates and stores `file`; throws ImageUploadError with a message for the form. */
export async function storeUploadedImage(
  executor: Executor,
  file: File,
  options: { media: MediaStore; alt?: string; businessId?: string },
): Promise<StoredImage> {
  if (file.size === 0) throw new ImageUploadError("Choose a picture to upload.");
  if (file.size > maxUploadBytes) {
    throw new ImageUploadError("That picture is larger than 8 MB. Choose a smaller one.");
  }
  const { default: sharp } = await import("sharp");
  const input = Buffer.from(await file.arrayBuffer());
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    metadata = await sharp(input).metadata();
  } catch {
    throw new ImageUploadError("That file isn't a picture we can read. Use JPEG, PNG or WebP.");
  }
  if (!metadata.format || !acceptedFormats.has(metadata.format)) {
    throw new ImageUploadError("That file isn't a picture we can read. Use JPEG, PNG or WebP.");
  }
  const { data, info } = await sharp(input, { animated: false })
    .rotate() // the camera's orientation, applied before the metadata goes
    .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 86 })
    .toBuffer({ resolveWithObject: true });
  const id = newId("img");
  const relative = uploadPath(id);
  await options.media.write(relative, data, "image/webp");
  const alt = (options.alt ?? "").trim().slice(0, 200);
  try {
    await executor.insert(images).values({
      id,
      path: relative,
      width: info.width,
      height: info.height,
      alt,
      businessId: options.businessId ?? null,
    });
  } catch (error) {
    await options.media.remove([relative]);
    throw error;
  }
  return { id, url: mediaUrl(relative), width: info.width, height: info.height, alt };
}

/**
 * A picture something shows: a product's, a voucher offer's, a reward's, or a business's logo or
 * cover.
 */
const imageInUse = sql`(exists (select 1 from ${productImages} where ${productImages.imageId} = ${images.id})
  or exists (select 1 from ${voucherOfferImages} where ${voucherOfferImages.imageId} = ${images.id})
  or exists (select 1 from ${businesses} where ${businesses.logoImageId} = ${images.id} or ${businesses.coverImageId} = ${images.id})
  or exists (select 1 from ${rewards} where ${rewards.imageId} = ${images.id}))`;

/** A picture a record shows, as its form and its page read it. */
export interface AttachedPicture {
  id: string;
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** The table that ties a kind of record (products, voucher offers) to its pictures, in order. */
export interface PictureLink {
  table: PgTable;
  ownerId: PgColumn;
  imageId: PgColumn;
  position: PgColumn;
}

/**
 * The pictures of one record through its link table, in their order (the first is the main
 * one); ties by id in the "C" collation, the same on both engines.
 */
export async function attachedPictures(
  executor: Executor,
  link: PictureLink,
  ownerId: string,
): Promise<AttachedPicture[]> {
  const rows = await executor
    .select({
      id: images.id,
      path: images.path,
      width: images.width,
      height: images.height,
      alt: images.alt,
    })
    .from(link.table)
    .innerJoin(images, eq(images.id, link.imageId))
    .where(eq(link.ownerId, ownerId))
    .orderBy(asc(link.position), asc(sql`${images.id} collate "C"`));
  return rows.map(({ path, ...row }) => ({ ...row, url: mediaUrl(path) }));
}

/** What a form hears when one of its pictures can't be attached (picturesAttachable). */
export const pictureGone = "One of the pictures is no longer available. Upload it again.";

/**
 * Whether a form of the business may attach every one of `imageIds`: each must be a picture the
 * record already shows (`own`: the record's link table and id; none for a new record) or one
 * this business uploaded in the
 * last day that nothing shows yet (a fresh upload from the form). Anything else (another
 * business's picture, a made-up id, a picture another product or offer shows) is refused, so
 * nothing borrows someone else's photo.
 */
export async function picturesAttachable(
  executor: Executor,
  imageIds: readonly string[],
  businessId: string,
  own: { link: PictureLink; ownerId: string } | null,
): Promise<boolean> {
  if (imageIds.length === 0) return true;
  const rows = await executor
    .select({ id: images.id })
    .from(images)
    .where(
      and(
        inArray(images.id, [...imageIds]),
        or(
          own
            ? sql`exists (select 1 from ${own.link.table} where ${own.link.imageId} = ${images.id} and ${own.link.ownerId} = ${own.ownerId})`
            : undefined,
          and(
            sql`${images.createdAt} > now() - interval '1 day'`,
            sql`${images.businessId} = ${businessId}`,
            sql`not ${imageInUse}`,
          ),
        ),
      ),
    );
  return rows.length === new Set(imageIds).size;
}

/**
 * Deletes pictures nothing shows, rows and files (issue 16): those of `ids` (a form's own
 * uploads, after its action, whatever happened: a rolled-back transaction already took their
 * rows, a refused product never attached them), or, for the sweep, every one older than `before`.
 */
export async function deleteUnusedImages(
  db: Database,
  media: MediaStore,
  which: { ids: readonly string[] } | { before: Date },
): Promise<number> {
  if ("ids" in which && which.ids.length === 0) return 0;
  // The sweep looks only at people's uploads: the demo data's pictures are never its business.
  const chosen =
    "ids" in which
      ? inArray(images.id, [...which.ids])
      : and(lt(images.createdAt, which.before), sql`${images.path} like 'uploads/%'`);
  const removed = await db
    .delete(images)
    .where(and(chosen, sql`not ${imageInUse}`))
    .returning({ path: images.path });
  const files = removed.map((row) => row.path);
  if ("ids" in which) {
    const kept = await db
      .select({ id: images.id })
      .from(images)
      .where(inArray(images.id, [...which.ids]));
    const keptIds = new Set(kept.map((row) => row.id));
    for (const id of which.ids) if (!keptIds.has(id)) files.push(uploadPath(id));
  }
  await media.remove(files);
  return removed.length;
}

/**
 * The pictures one form stores, so that afterwards the ones nothing shows are deleted:
 * `await uploads.discardUnused()` in a `finally` around the form's action.
 */
export function formUploads(db: Database, media: MediaStore) {
  const ids: string[] = [];
  return {
    async store(executor: Executor, file: File, options: { alt?: string; businessId?: string }) {
      const image = await storeUploadedImage(executor, file, { media, ...options });
      ids.push(image.id);
      return image;
    },
    discardUnused: () => deleteUnusedImages(db, media, { ids }),
  };
}

/**
 * Files under uploads/ that no images row names (the process stopped between writing a file and
 * recording it), once older than `before`. Returns how many were deleted.
 */
export async function deleteStrayUploadFiles(
  db: Database,
  media: MediaStore,
  before: Date,
): Promise<number> {
  const stored = await media.list("uploads");
  const old = stored.filter((file) => file.modified < before).map((file) => file.path);
  let deleted = 0;
  for (let start = 0; start < old.length; start += 500) {
    const batch = old.slice(start, start + 500);
    const known = await db
      .select({ path: images.path })
      .from(images)
      .where(inArray(images.path, batch));
    const knownPaths = new Set(known.map((row) => row.path));
    const stray = batch.filter((candidate) => !knownPaths.has(candidate));
    await media.remove(stray);
    deleted += stray.length;
  }
  return deleted;
}

/** Fresh uploads stay attachable by their form for a day (picturesAttachable); the sweep waits two. */
export const unusedImageLifetimeMs = 2 * 24 * 60 * 60 * 1000;

/**
 * Every six hours, once across all instances (a pg-boss schedule, decision 036): pictures nothing
 * has shown for two days (uploaded for a product form that was never saved, or replaced as a
 * logo), and stray files. Deleting what was deleted already is harmless, so a retry is too.
 */
export function uploadSweepJob(options: {
  db: Database;
  media: MediaStore;
  log: { info(data: object, message: string): void };
}): JobDefinition {
  return {
    name: "uploads-sweep",
    cron: "17 */6 * * *",
    collapse: true,
    async run() {
      const now = Date.now();
      const images = await deleteUnusedImages(options.db, options.media, {
        before: new Date(now - unusedImageLifetimeMs),
      });
      const files = await deleteStrayUploadFiles(
        options.db,
        options.media,
        new Date(now - 60 * 60 * 1000),
      );
      if (images + files > 0) options.log.info({ images, files }, "unused uploads deleted");
    },
  };
}
