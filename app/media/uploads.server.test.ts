import { mkdtemp, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { businesses, images } from "#app/db/schema.server.ts";
import { createBusiness, createCategory } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { diskMediaStore, type MediaStore } from "./store.server.ts";
import {
  deleteStrayUploadFiles,
  deleteUnusedImages,
  formUploads,
  ImageUploadError,
  maxUploadBytes,
  storeUploadedImage,
} from "./uploads.server.ts";

let database: DatabaseHandle;
let mediaDir: string;
let media: MediaStore;

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = await mkdtemp(path.join(tmpdir(), "oja-uploads-"));
  media = diskMediaStore(mediaDir);
});

afterAll(async () => {
  await database.close();
  await rm(mediaDir, { recursive: true, force: true });
});

async function png(width: number, height: number) {
  const { default: sharp } = await import("sharp");
  return sharp({ create: { width, height, channels: 3, background: "#0b7a4b" } })
    .png()
    .toBuffer();
}

describe("storing an uploaded picture", () => {
  test("a picture is re-encoded as WebP, scaled to at most 2400 px, and recorded with its size", async () => {
    const file = new File([await png(3000, 1500)], "cover.png", { type: "image/png" });
    const stored = await storeUploadedImage(database.db, file, { media, alt: "Our shop front" });
    expect(stored).toMatchObject({ width: 2400, height: 1200, alt: "Our shop front" });
    expect(stored.url).toMatch(/^\/media\/uploads\/img_[0-9a-z]+\.webp$/);
    const written = await readFile(path.join(mediaDir, stored.url.replace("/media/", "")));
    expect(written.subarray(8, 12).toString()).toBe("WEBP");
    const [row] = await database.db.select().from(images).where(eq(images.id, stored.id));
    expect(row).toMatchObject({
      width: 2400,
      height: 1200,
      path: stored.url.replace("/media/", ""),
    });
  });

  test("a file that isn't a picture, an empty one and one over 8 MB are refused with a message", async () => {
    const fake = new File(["<svg onload=alert(1)>"], "logo.png", { type: "image/png" });
    await expect(storeUploadedImage(database.db, fake, { media })).rejects.toThrow(
      ImageUploadError,
    );
    const empty = new File([], "empty.png", { type: "image/png" });
    await expect(storeUploadedImage(database.db, empty, { media })).rejects.toThrow(
      "Choose a picture",
    );
    const huge = new File([new Uint8Array(maxUploadBytes + 1)], "huge.jpg", { type: "image/jpeg" });
    await expect(storeUploadedImage(database.db, huge, { media })).rejects.toThrow(
      "larger than 8 MB",
    );
  });
});

describe("pictures nothing shows (issue 16)", () => {
  const exists = (relative: string) =>
    stat(path.join(mediaDir, relative)).then(
      () => true,
      () => false,
    );
  const rowsOf = async (ids: string[]) =>
    (await database.db.select({ id: images.id }).from(images).where(inArray(images.id, ids))).map(
      (row) => row.id,
    );
  const picture = async () => new File([await png(40, 30)], "logo.png", { type: "image/png" });

  test("a form's uploads that nothing uses are deleted, rows and files; a used one stays", async () => {
    const uploads = formUploads(database.db, media);
    const used = await uploads.store(database.db, await picture(), {});
    const unused = await uploads.store(database.db, await picture(), {});
    const category = await createCategory(database.db, { slug: "uploads-sweep" });
    const business = await createBusiness(database.db, { categoryId: category.id });
    await database.db
      .update(businesses)
      .set({ logoImageId: used.id })
      .where(eq(businesses.id, business.id));
    expect(await uploads.discardUnused()).toBe(1);
    expect(await rowsOf([used.id, unused.id])).toEqual([used.id]);
    expect(await exists(`uploads/${used.id}.webp`)).toBe(true);
    expect(await exists(`uploads/${unused.id}.webp`)).toBe(false);
  });

  test("an upload whose row a rolled-back transaction took loses its file too", async () => {
    const uploads = formUploads(database.db, media);
    let stored = "";
    await expect(
      database.db.transaction(async (tx) => {
        stored = (await uploads.store(tx, await picture(), {})).id;
        throw new Error("the form was refused");
      }),
    ).rejects.toThrow("refused");
    expect(await exists(`uploads/${stored}.webp`)).toBe(true);
    await uploads.discardUnused();
    expect(await exists(`uploads/${stored}.webp`)).toBe(false);
  });

  test("the sweep deletes old unused uploads and stray files, never fresh ones or the demo's", async () => {
    const old = await storeUploadedImage(database.db, await picture(), { media });
    const fresh = await storeUploadedImage(database.db, await picture(), { media });
    const longAgo = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000);
    await database.db.update(images).set({ createdAt: longAgo }).where(eq(images.id, old.id));
    await database.db.insert(images).values({
      id: "img_seed000000000001",
      path: "seed/img_seed000000000001.webp",
      width: 1,
      height: 1,
      createdAt: longAgo,
    });
    const cutoff = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    expect(await deleteUnusedImages(database.db, media, { before: cutoff })).toBe(1);
    expect(await rowsOf([old.id, fresh.id, "img_seed000000000001"])).toEqual(
      expect.arrayContaining([fresh.id, "img_seed000000000001"]),
    );
    expect(await exists(`uploads/${old.id}.webp`)).toBe(false);

    const stray = path.join(mediaDir, "uploads", "img_stray00000000001.webp");
    const newStray = path.join(mediaDir, "uploads", "img_stray00000000002.webp");
    await writeFile(stray, "x");
    await writeFile(newStray, "x");
    await utimes(stray, longAgo, longAgo);
    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
    expect(await deleteStrayUploadFiles(database.db, media, anHourAgo)).toBe(1);
    expect(await exists("uploads/img_stray00000000001.webp")).toBe(false);
    expect(await exists("uploads/img_stray00000000002.webp")).toBe(true);
    expect(await exists(`uploads/${fresh.id}.webp`)).toBe(true);
  });
});
