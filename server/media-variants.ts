import { availableParallelism } from "node:os";
import type { RequestHandler } from "express";
import { diskMediaStore, type MediaStore, mediaContentType } from "#app/media/store.server.ts";
import {
  canonicalWidth,
  parseVariantPath,
  type VariantFormat,
  type VariantWidth,
  variantContentTypes,
} from "#app/media/variants.ts";

/**
 * `/media/w/{width}/{format}/{path}`: a stored picture resized to one of the fixed widths and
 * encoded as AVIF or WebP. The first request renders it with sharp and stores the result; every
 * later one serves the stored file. The URL names everything that shapes the bytes, so browsers
 * and CDNs keep it forever — which relies on an original never changing under its path (a new
 * upload gets a new path).
 */

/**
 * Where originals are read and rendered variants are kept: local disk by default, an S3 bucket
 * when one is configured (decision 037).
 */
export interface VariantStorage {
  /** The original's bytes, or null when nothing is stored at this path. */
  readOriginal(path: string): Promise<Buffer | null>;
  /** A rendered variant, or null before its first render. */
  readVariant(key: string): Promise<Buffer | null>;
  /** Stores a variant so that a concurrent reader sees either nothing or the whole file. */
  writeVariant(key: string, bytes: Buffer): Promise<void>;
}

/** Originals and variants as two media stores: a folder each on disk, or two prefixes of a bucket. */
export function storeVariantStorage(stores: {
  originals: MediaStore;
  variants: MediaStore;
}): VariantStorage {
  return {
    readOriginal: (relative) => stores.originals.read(relative),
    readVariant: (key) => stores.variants.read(key),
    writeVariant: (key, bytes) => stores.variants.write(key, bytes, mediaContentType(key)),
  };
}

export function diskVariantStorage(dirs: { mediaDir: string; cacheDir: string }): VariantStorage {
  return storeVariantStorage({
    originals: diskMediaStore(dirs.mediaDir),
    variants: diskMediaStore(dirs.cacheDir),
  });
}

export const avifOptions = { quality: 50, effort: 2 } as const;
export const webpOptions = { quality: 75, effort: 4 } as const;

/**
 * sharp, loaded on the first picture rather than at start: its native module costs a restart
 * 0.2–0.4 s (bench/README.md), and most restarts serve pictures already rendered.
 */
const loadSharp = () => import("sharp").then((module) => module.default);

/** The variant's bytes: upright, `width` wide at most (never enlarged), metadata stripped. */
export async function renderVariant(
  original: Buffer,
  width: VariantWidth,
  format: VariantFormat,
): Promise<Buffer> {
  const sharp = await loadSharp();
  const resized = sharp(original).autoOrient().resize({ width, withoutEnlargement: true });
  return format === "avif"
    ? resized.avif(avifOptions).toBuffer()
    : resized.webp(webpOptions).toBuffer();
}

/**
 * Runs at most `limit` tasks at once, the rest in arrival order. sharp works on libuv's thread
 * pool, which file reads share: a page of 24 cold pictures rendered all at once would hold up
 * every other request's disk access.
 */
export function taskQueue(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running < limit) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot passes straight to the next task, so a newcomer can never slip in between.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

function variantKey(width: VariantWidth, format: VariantFormat, original: string): string {
  return `${width}/${format}/${original}.${format}`;
}

export interface MediaVariantsOptions {
  storage: VariantStorage;
  /** Renders at once; the default leaves one core to everything else. */
  concurrency?: number;
  onRendered?: (info: { key: string; ms: number; bytes: number }) => void;
}

/** The handler, mounted at `/media/w` before the plain `/media` files. */
export function mediaVariants(options: MediaVariantsOptions): RequestHandler {
  const { storage } = options;
  const queue = taskQueue(options.concurrency ?? Math.max(1, availableParallelism() - 1));
  const inFlight = new Map<string, Promise<Buffer | null>>();

  async function produce(width: VariantWidth, format: VariantFormat, originalPath: string) {
    const original = await storage.readOriginal(originalPath);
    if (original === null) return null;
    const sharp = await loadSharp();
    const { autoOrient } = await sharp(original).metadata();
    const target = canonicalWidth(width, autoOrient.width);
    const key = variantKey(target, format, originalPath);
    if (target !== width) {
      const stored = await storage.readVariant(key);
      if (stored !== null) return stored;
    }
    const started = performance.now();
    const bytes = await renderVariant(original, target, format);
    await storage.writeVariant(key, bytes);
    options.onRendered?.({ key, ms: performance.now() - started, bytes: bytes.length });
    return bytes;
  }

  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const request = parseVariantPath(req.path);
    if (request === null) {
      res.status(404).type("text/plain").send("No such picture.");
      return;
    }
    const { width, format, path: originalPath } = request;
    const key = variantKey(width, format, originalPath);
    try {
      let bytes = await storage.readVariant(key);
      if (bytes === null) {
        let pending = inFlight.get(key);
        if (!pending) {
          pending = queue(() => produce(width, format, originalPath)).finally(() =>
            inFlight.delete(key),
          );
          inFlight.set(key, pending);
        }
        bytes = await pending;
      }
      if (bytes === null) {
        res.status(404).type("text/plain").send("No such picture.");
        return;
      }
      res.set({
        "Content-Type": variantContentTypes[format],
        "Cache-Control": "public, max-age=31536000, immutable",
      });
      res.send(bytes);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * `/media/{path}` from a bucket: the original as it was uploaded, under the same URL the disk
 * serves it at, so every page's picture URLs stay as they are (decision 037). An original never
 * changes under its path, so browsers and CDNs may keep it for a year.
 */
export function mediaOriginals(store: MediaStore): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path).replace(/^\/+/, "");
    } catch {
      res.status(404).type("text/plain").send("No such picture.");
      return;
    }
    if (!mediaPath.test(relative)) {
      res.status(404).type("text/plain").send("No such picture.");
      return;
    }
    try {
      const bytes = await store.read(relative);
      if (bytes === null) {
        res.status(404).type("text/plain").send("No such picture.");
        return;
      }
      res.set({
        "Content-Type": mediaContentType(relative),
        "Cache-Control": "public, max-age=31536000, immutable",
      });
      res.send(bytes);
    } catch (error) {
      next(error);
    }
  };
}

/** Folders and names as Oja writes them (`uploads/img_….webp`): nothing else is looked up. */
const mediaPath = /^(?:[\w-]+\/)+[\w.-]+\.\w+$/;
