import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { mediaUrl } from "#app/catalog/catalog.server.ts";
import type { Executor } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { images } from "#app/db/schema.server.ts";

/**
 * Pictures people upload (logos, covers, product photos): checked by decoding them, never by
 * their name or the browser's content type, re-encoded as WebP without metadata (no GPS from a
 * phone photo), and stored under `uploads/` of the media directory with an `images` row. The
 * variant service (server/media-variants.ts) then serves them in every width.
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

/** Validates and stores `file`; throws ImageUploadError with a message for the form. */
export async function storeUploadedImage(
  executor: Executor,
  file: File,
  options: { mediaDir: string; alt?: string },
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
  const relative = `uploads/${id}.webp`;
  const stored = path.join(options.mediaDir, relative);
  await mkdir(path.dirname(stored), { recursive: true });
  await writeFile(stored, data);
  const alt = (options.alt ?? "").trim().slice(0, 200);
  try {
    await executor
      .insert(images)
      .values({ id, path: relative, width: info.width, height: info.height, alt });
  } catch (error) {
    await rm(stored, { force: true });
    throw error;
  }
  return { id, url: mediaUrl(relative), width: info.width, height: info.height, alt };
}
