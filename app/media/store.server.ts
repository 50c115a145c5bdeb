import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { S3Client } from "@aws-sdk/client-s3";
import { type S3Settings, type Settings, SettingsError } from "#app/config.server.ts";

/**
 * Where pictures are kept, by path relative to the media root (`uploads/img_….webp`,
 * `seed/….webp`): a folder on the local disk by default, an S3 bucket when S3_BUCKET is set
 * (decision 037). Pictures never change under their path, so no call needs to compare versions.
 */
export interface MediaStore {
  /** The bytes stored at `relative`, or null when nothing is. */
  read(relative: string): Promise<Buffer | null>;
  /** Stores `bytes` so that a concurrent reader sees either nothing or the whole picture. */
  write(relative: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Deletes what is stored at each path; a path with nothing stored is not an error. */
  remove(relatives: readonly string[]): Promise<void>;
  /** Everything stored under `folder/`, with when it was written. */
  list(folder: string): Promise<Array<{ path: string; modified: Date }>>;
}

/** Resolves `relative` inside `root`, refusing anything that would land outside it. */
export function inside(root: string, relative: string): string {
  const base = path.resolve(root);
  const resolved = path.resolve(base, relative);
  if (!resolved.startsWith(base + path.sep)) throw new Error(`path escapes ${root}: ${relative}`);
  return resolved;
}

export function diskMediaStore(root: string): MediaStore {
  return {
    async read(relative) {
      try {
        return await readFile(inside(root, relative));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "EISDIR") return null;
        throw error;
      }
    },
    async write(relative, bytes) {
      const file = inside(root, relative);
      await mkdir(path.dirname(file), { recursive: true });
      // Two writers of one path (two first requests rendering the same variant) each write their
      // own temporary file and rename it into place: a rename replaces the target in one step.
      const temporary = `${file}.${randomUUID()}.tmp`;
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async remove(relatives) {
      await Promise.all(relatives.map((relative) => rm(inside(root, relative), { force: true })));
    },
    async list(folder) {
      const directory = inside(root, folder);
      const names = await readdir(directory).catch(() => [] as string[]);
      const found: Array<{ path: string; modified: Date }> = [];
      for (const name of names) {
        const info = await stat(path.join(directory, name)).catch(() => undefined);
        if (info?.isFile()) found.push({ path: `${folder}/${name}`, modified: info.mtime });
      }
      return found;
    },
  };
}

/** What an S3 store needs besides the bucket: a key prefix keeps variants apart from originals. */
export interface S3Location {
  client: S3Client;
  bucket: string;
  prefix?: string;
}

/**
 * The AWS SDK, loaded only when a bucket is configured (as nodemailer and ioredis are): the
 * embedded default never pays for its ~300 modules.
 */
const loadS3 = () => import("@aws-sdk/client-s3");

export async function createS3Client(settings: S3Settings): Promise<S3Client> {
  const { S3Client } = await loadS3();
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // The SDK otherwise adds CRC32 checksums that some S3-compatible stores refuse.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

const notFound = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404 ||
  (error as Error).name === "NoSuchKey" ||
  (error as Error).name === "NotFound";

/** DeleteObjects takes at most 1000 keys a call. */
const deleteBatch = 1000;

export function s3MediaStore(location: S3Location): MediaStore {
  const { client, bucket } = location;
  const prefix = location.prefix ?? "";
  const key = (relative: string) => {
    // Keys are names, not paths, but a `..` segment would still be a sign of a forged request.
    if (relative.split("/").some((segment) => segment === ".." || segment === "")) {
      throw new Error(`not a media path: ${relative}`);
    }
    return `${prefix}${relative}`;
  };
  return {
    async read(relative) {
      const { GetObjectCommand } = await loadS3();
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: key(relative) }),
        );
        if (!object.Body) return null;
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async write(relative, bytes, contentType) {
      const { PutObjectCommand } = await loadS3();
      // A PUT is atomic in S3: readers see the old object, or none, until the whole one is stored.
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key(relative),
          Body: bytes,
          ContentType: contentType,
          CacheControl: "public, max-age=31536000, immutable",
        }),
      );
    },
    async remove(relatives) {
      if (relatives.length === 0) return;
      const { DeleteObjectsCommand } = await loadS3();
      for (let start = 0; start < relatives.length; start += deleteBatch) {
        const batch = relatives.slice(start, start + deleteBatch);
        const result = await client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: batch.map((relative) => ({ Key: key(relative) })), Quiet: true },
          }),
        );
        const failed = result.Errors?.filter((failure) => failure.Code !== "NoSuchKey") ?? [];
        if (failed.length > 0) {
          throw new Error(`could not delete ${failed.length} pictures: ${failed[0]?.Message}`);
        }
      }
    },
    async list(folder) {
      const { ListObjectsV2Command } = await loadS3();
      const found: Array<{ path: string; modified: Date }> = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: `${key(folder)}/`,
            ContinuationToken: token,
          }),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          found.push({
            path: object.Key.slice(prefix.length),
            modified: object.LastModified ?? new Date(),
          });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return found;
    },
  };
}

/**
 * Asks the store whether the bucket is there and the keys open it (HeadBucket), so that a typo
 * stops the start with a message instead of failing every upload later.
 */
export async function checkBucket(client: S3Client, settings: S3Settings): Promise<void> {
  const { HeadBucketCommand } = await loadS3();
  const where = `bucket "${settings.bucket}" at ${settings.endpoint ?? `AWS S3 (${settings.region})`}`;
  try {
    await client.send(new HeadBucketCommand({ Bucket: settings.bucket }));
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    const reason =
      status === 404
        ? "does not exist: create it, or correct S3_BUCKET"
        : status === 403 || status === 401
          ? "refused S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: check the keys and their access to the bucket"
          : `could not be reached (${(error as Error).message || (error as Error).name}): check S3_ENDPOINT and S3_REGION`;
    throw new SettingsError(`Oja cannot start: the ${where} ${reason}.`);
  }
}

/** The content type of a stored picture, by its name (every upload and variant is WebP or AVIF). */
export function mediaContentType(relative: string): string {
  const extension = path.extname(relative).toLowerCase();
  return mediaTypes[extension] ?? "application/octet-stream";
}

const mediaTypes: Record<string, string> = {
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".svg": "image/svg+xml",
};

/** Originals (uploads, demo pictures) in DATA_DIR/media on the local disk. */
export function mediaDir(settings: Settings): string {
  return path.join(settings.dataDir, "media");
}

/** Rendered variants live beside the database, apart from the originals they are made from. */
export function variantCacheDir(dataDir: string): string {
  return path.join(dataDir, "media-variants");
}

/** In a bucket, variants are kept under their own prefix, apart from the originals. */
const variantPrefix = "variants/";

export interface MediaStores {
  /** Originals: what people upload and the demo pictures, served at /media/{path}. */
  originals: MediaStore;
  /** Rendered sizes and formats of the originals (server/media-variants.ts). */
  variants: MediaStore;
  /** Where they are, for the start-up log. */
  location: string;
  close(): void;
}

/**
 * The stores the settings choose: the local disk, or the bucket after HeadBucket showed that it
 * is there and the keys open it (a SettingsError otherwise).
 */
export async function openMediaStores(settings: Settings): Promise<MediaStores> {
  const s3 = settings.s3;
  if (!s3) {
    return {
      originals: diskMediaStore(mediaDir(settings)),
      variants: diskMediaStore(variantCacheDir(settings.dataDir)),
      location: mediaDir(settings),
      close() {},
    };
  }
  const client = await createS3Client(s3);
  try {
    await checkBucket(client, s3);
  } catch (error) {
    client.destroy();
    throw error;
  }
  return {
    originals: s3MediaStore({ client, bucket: s3.bucket }),
    variants: s3MediaStore({ client, bucket: s3.bucket, prefix: variantPrefix }),
    location: `s3://${s3.bucket}`,
    close: () => client.destroy(),
  };
}
