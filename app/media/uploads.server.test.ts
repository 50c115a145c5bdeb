import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { images } from "#app/db/schema.server.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { ImageUploadError, maxUploadBytes, storeUploadedImage } from "./uploads.server.ts";

let database: DatabaseHandle;
let mediaDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = await mkdtemp(path.join(tmpdir(), "oja-uploads-"));
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
    const stored = await storeUploadedImage(database.db, file, { mediaDir, alt: "Our shop front" });
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
    await expect(storeUploadedImage(database.db, fake, { mediaDir })).rejects.toThrow(
      ImageUploadError,
    );
    const empty = new File([], "empty.png", { type: "image/png" });
    await expect(storeUploadedImage(database.db, empty, { mediaDir })).rejects.toThrow(
      "Choose a picture",
    );
    const huge = new File([new Uint8Array(maxUploadBytes + 1)], "huge.jpg", { type: "image/jpeg" });
    await expect(storeUploadedImage(database.db, huge, { mediaDir })).rejects.toThrow(
      "larger than 8 MB",
    );
  });
});
