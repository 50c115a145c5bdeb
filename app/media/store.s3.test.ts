import { mkdtemp, rm } from "node:fs/promises";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readSettings, SettingsError } from "#app/config.server.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { images } from "#app/db/schema.server.ts";
import { variantFormats, variantWidths } from "#app/media/variants.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { s3rverKeys, startS3Server } from "#tests/support/s3.ts";
import {
  diskVariantStorage,
  mediaOriginals,
  mediaVariants,
  storeVariantStorage,
} from "../../server/media-variants.ts";
import { diskMediaStore, type MediaStores, openMediaStores } from "./store.server.ts";
import { storeUploadedImage, unusedImageLifetimeMs, uploadSweepJob } from "./uploads.server.ts";

/**
 * Pictures in a bucket (decision 037), against a real S3-compatible server (s3rver) over HTTP:
 * the same SDK calls as with MinIO or AWS, no mocks.
 */
const bucket = "oja-media";
let s3: Awaited<ReturnType<typeof startS3Server>>;
let stores: MediaStores;
let raw: S3Client;
let database: DatabaseHandle;
let diskDir: string;
let s3Url: string;
let diskUrl: string;
const servers: http.Server[] = [];

async function listen(app: express.Express): Promise<string> {
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  s3 = await startS3Server({ port: 3174, bucket });
  stores = await openMediaStores(readSettings(s3.env));
  raw = new S3Client({
    endpoint: s3.endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: s3rverKeys,
  });
  database = await createTestDatabase();
  diskDir = await mkdtemp(path.join(tmpdir(), "oja-s3-disk-"));

  // The app's two media routes over the bucket, and the disk's variant route to compare with.
  const fromBucket = express();
  fromBucket.use("/media/w", mediaVariants({ storage: storeVariantStorage(stores) }));
  fromBucket.use("/media", mediaOriginals(stores.originals));
  s3Url = await listen(fromBucket);
  const fromDisk = express();
  fromDisk.use(
    "/media/w",
    mediaVariants({
      storage: diskVariantStorage({
        mediaDir: path.join(diskDir, "media"),
        cacheDir: path.join(diskDir, "media-variants"),
      }),
    }),
  );
  diskUrl = await listen(fromDisk);
});

afterAll(async () => {
  for (const server of servers) server.close();
  stores?.close();
  raw?.destroy();
  await database?.close();
  await s3?.close();
  if (diskDir) await rm(diskDir, { recursive: true, force: true });
});

async function objectIn(key: string): Promise<Buffer | null> {
  try {
    const object = await raw.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) {
      return null;
    }
    throw error;
  }
}

async function photo(width: number, height: number) {
  const bytes = await sharp({
    create: { width, height, channels: 3, background: { r: 11, g: 122, b: 75 } },
  })
    .jpeg()
    .toBuffer();
  return new File([bytes], "shop.jpg", { type: "image/jpeg" });
}

describe("pictures in an S3 bucket", () => {
  test("an upload goes to the bucket and comes back at its /media URL, cacheable for a year", async () => {
    const stored = await storeUploadedImage(database.db, await photo(1800, 1200), {
      media: stores.originals,
      alt: "Shop front",
    });
    const key = stored.url.replace("/media/", "");
    const inBucket = await objectIn(key);
    expect(inBucket?.subarray(8, 12).toString()).toBe("WEBP");

    const response = await fetch(`${s3Url}${stored.url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await response.arrayBuffer()).equals(inBucket as Buffer)).toBe(true);

    expect((await fetch(`${s3Url}/media/uploads/img_nothing.webp`)).status).toBe(404);
    expect((await fetch(`${s3Url}/media/uploads/..%2f..%2fsecret.webp`)).status).toBe(404);
  });

  test("its variants are the disk storage's, width for width and format for format, kept in the bucket", async () => {
    const stored = await storeUploadedImage(database.db, await photo(1300, 900), {
      media: stores.originals,
    });
    const relative = stored.url.replace("/media/", "");
    // The same original on disk, as the default storage keeps it.
    await diskMediaStore(path.join(diskDir, "media")).write(
      relative,
      (await objectIn(relative)) as Buffer,
      "image/webp",
    );
    for (const format of variantFormats) {
      for (const width of variantWidths) {
        const variantPath = `/media/w/${width}/${format}/${relative}`;
        const [fromBucket, fromDisk] = await Promise.all([
          fetch(`${s3Url}${variantPath}`),
          fetch(`${diskUrl}${variantPath}`),
        ]);
        expect(fromBucket.status).toBe(200);
        expect(fromBucket.headers.get("content-type")).toBe(fromDisk.headers.get("content-type"));
        expect(fromBucket.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        const bucketBytes = Buffer.from(await fromBucket.arrayBuffer());
        const diskBytes = Buffer.from(await fromDisk.arrayBuffer());
        const [bucketMeta, diskMeta] = await Promise.all([
          sharp(bucketBytes).metadata(),
          sharp(diskBytes).metadata(),
        ]);
        expect({ width: bucketMeta.width, format: bucketMeta.format }).toEqual({
          width: diskMeta.width,
          format: diskMeta.format,
        });
        expect(bucketMeta.width).toBe(Math.min(width, 1300));
      }
    }
    // Rendered once, then kept in the bucket under variants/: a second instance reads it there.
    const kept = await objectIn(`variants/640/avif/${relative}.avif`);
    expect(kept).not.toBeNull();
    expect((await sharp(kept as Buffer).metadata()).width).toBe(640);
  });

  test("the sweep deletes unused pictures and stray files from the bucket, keeping fresh ones", async () => {
    const old = await storeUploadedImage(database.db, await photo(40, 30), {
      media: stores.originals,
    });
    const fresh = await storeUploadedImage(database.db, await photo(40, 30), {
      media: stores.originals,
    });
    const longAgo = new Date(Date.now() - unusedImageLifetimeMs - 60_000);
    await database.db.update(images).set({ createdAt: longAgo }).where(eq(images.id, old.id));
    // A file whose row never got written (the process stopped in between).
    await raw.send(
      new PutObjectCommand({ Bucket: bucket, Key: "uploads/img_stray.webp", Body: "x" }),
    );
    const logged: object[] = [];
    const sweep = uploadSweepJob({
      db: database.db,
      media: stores.originals,
      log: { info: (data) => logged.push(data) },
    });
    // Stray files must be an hour old; the bucket's clock says the stray is new, so the first
    // run leaves it, and only the unused picture goes.
    await sweep.run(null);
    expect(await objectIn(`uploads/${old.id}.webp`)).toBeNull();
    expect(await objectIn("uploads/img_stray.webp")).not.toBeNull();
    expect(await objectIn(`uploads/${fresh.id}.webp`)).not.toBeNull();
    expect(logged).toEqual([{ images: 1, files: 0 }]);
  });

  test("stray files older than the cutoff are listed and deleted from the bucket", async () => {
    const { deleteStrayUploadFiles } = await import("./uploads.server.ts");
    const kept = await storeUploadedImage(database.db, await photo(40, 30), {
      media: stores.originals,
    });
    await raw.send(
      new PutObjectCommand({ Bucket: bucket, Key: "uploads/img_stray2.webp", Body: "x" }),
    );
    const inAMinute = new Date(Date.now() + 60_000);
    expect(await deleteStrayUploadFiles(database.db, stores.originals, inAMinute)).toBe(2);
    expect(await objectIn("uploads/img_stray.webp")).toBeNull();
    expect(await objectIn("uploads/img_stray2.webp")).toBeNull();
    expect(await objectIn(`uploads/${kept.id}.webp`)).not.toBeNull();
  });
});

describe("starting with a bucket", () => {
  test("a missing bucket stops the start with a message naming it", async () => {
    const settings = readSettings({ ...s3.env, S3_BUCKET: "no-such-bucket" });
    const opening = openMediaStores(settings);
    await expect(opening).rejects.toBeInstanceOf(SettingsError);
    await expect(opening).rejects.toThrow(
      `Oja cannot start: the bucket "no-such-bucket" at ${s3.endpoint} does not exist`,
    );
  });

  test("keys the store refuses stop the start with a message about the keys", async () => {
    // s3rver checks the access key id; it does not verify V4 signatures, so a wrong secret alone
    // would pass there (a real store refuses both the same way: 403).
    const settings = readSettings({ ...s3.env, S3_ACCESS_KEY_ID: "NOT-A-KEY" });
    const opening = openMediaStores(settings);
    await expect(opening).rejects.toBeInstanceOf(SettingsError);
    await expect(opening).rejects.toThrow("refused S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY");
  });

  test("a store nobody answers at stops the start with a message about the endpoint", async () => {
    const settings = readSettings({ ...s3.env, S3_ENDPOINT: "http://127.0.0.1:3179" });
    await expect(openMediaStores(settings)).rejects.toThrow(/could not be reached .*S3_ENDPOINT/);
  });
});
