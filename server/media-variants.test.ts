import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { diskVariantStorage, mediaVariants, taskQueue } from "./media-variants.ts";

/**
 * The variant endpoint on a real Express server, over a real media folder holding one real
 * 800 × 600 picture, with a picture outside the folder that no URL may reach.
 */
let root: string;
let mediaDir: string;
let cacheDir: string;
let baseUrl: string;
let server: http.Server;
const rendered: string[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "oja-variants-"));
  mediaDir = path.join(root, "media");
  cacheDir = path.join(root, "media-variants");
  await mkdir(path.join(mediaDir, "seed"), { recursive: true });
  const picture = sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 80, b: 40 } },
  });
  await picture
    .clone()
    .webp()
    .toFile(path.join(mediaDir, "seed", "tote.webp"));
  await picture.clone().webp().toFile(path.join(root, "secret.webp"));

  const app = express();
  app.use(
    "/media/w",
    mediaVariants({
      storage: diskVariantStorage({ mediaDir, cacheDir }),
      onRendered: ({ key }) => rendered.push(key),
    }),
  );
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/** A GET with the path sent exactly as written: a URL would resolve `..` and `%2e%2e` first. */
function rawGet(rawPath: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(baseUrl);
    const request = http.get({ hostname, port, path: rawPath }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }),
      );
    });
    request.on("error", reject);
  });
}

describe("a variant of a stored picture", () => {
  test("is rendered as AVIF at the asked width, keeping the shape, cacheable forever", async () => {
    const response = await fetch(`${baseUrl}/media/w/480/avif/seed/tote.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/avif");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta.format).toBe("heif");
    expect(meta.compression).toBe("av1");
    expect([meta.width, meta.height]).toEqual([480, 360]);
  });

  test("is rendered as WebP at the asked width", async () => {
    const response = await fetch(`${baseUrl}/media/w/320/webp/seed/tote.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 320, 240]);
  });

  test("is served from the stored file the second time, without rendering again", async () => {
    const url = `${baseUrl}/media/w/640/webp/seed/tote.webp`;
    const first = Buffer.from(await (await fetch(url)).arrayBuffer());
    const file = path.join(cacheDir, "640", "webp", "seed", "tote.webp.webp");
    const before = await stat(file);
    const renders = rendered.length;

    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = Buffer.from(await (await fetch(url)).arrayBuffer());

    expect(second.equals(first)).toBe(true);
    expect(rendered.length).toBe(renders);
    expect((await stat(file)).mtimeMs).toBe(before.mtimeMs);
  });

  test("asked for by many at once on its first request, is rendered once", async () => {
    const renders = rendered.length;
    const url = `${baseUrl}/media/w/160/avif/seed/tote.webp`;
    const bodies = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const response = await fetch(url);
        expect(response.status).toBe(200);
        return Buffer.from(await response.arrayBuffer());
      }),
    );
    expect(rendered.length - renders).toBe(1);
    for (const body of bodies) expect(body.equals(bodies[0] as Buffer)).toBe(true);
  });

  test("is never enlarged: widths past the original share one render at the original's width", async () => {
    const wide = await fetch(`${baseUrl}/media/w/1600/avif/seed/tote.webp`);
    expect(wide.status).toBe(200);
    const meta = await sharp(Buffer.from(await wide.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([800, 600]);

    const renders = rendered.length;
    expect((await fetch(`${baseUrl}/media/w/960/avif/seed/tote.webp`)).status).toBe(200);
    expect((await fetch(`${baseUrl}/media/w/1280/avif/seed/tote.webp`)).status).toBe(200);
    expect(rendered.length).toBe(renders);
    expect(await readdir(path.join(cacheDir))).not.toContain("1600");
  });

  test("leaves no temporary files behind", async () => {
    const files = await readdir(cacheDir, { recursive: true });
    expect(files.filter((file) => file.endsWith(".tmp"))).toEqual([]);
  });
});

describe("a request the endpoint refuses with 404", () => {
  test("names a picture that is not stored", async () => {
    expect((await fetch(`${baseUrl}/media/w/480/avif/seed/missing.webp`)).status).toBe(404);
  });

  test("asks for a width outside the fixed list", async () => {
    expect((await fetch(`${baseUrl}/media/w/500/avif/seed/tote.webp`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/media/w/3200/avif/seed/tote.webp`)).status).toBe(404);
  });

  test("asks for a format other than AVIF or WebP", async () => {
    expect((await fetch(`${baseUrl}/media/w/480/png/seed/tote.webp`)).status).toBe(404);
  });

  test.each([
    "/media/w/480/avif/../secret.webp",
    "/media/w/480/avif/seed/../../secret.webp",
    "/media/w/480/avif/%2e%2e/secret.webp",
    "/media/w/480/avif/seed/%2e%2e/%2e%2e/secret.webp",
    "/media/w/480/avif/..%2fsecret.webp",
    "/media/w/480/avif/%2E%2E%2Fsecret.webp",
    "/media/w/480/avif/..%5csecret.webp",
  ])("tries to leave the media folder: %s", async (rawPath) => {
    const response = await rawGet(rawPath);
    expect(response.status).toBe(404);
    expect(response.body.toString()).toBe("No such picture.");
  });

  test("the picture outside the folder is really there, so the 404s above are refusals", async () => {
    expect((await stat(path.join(root, "secret.webp"))).isFile()).toBe(true);
    await expect(
      diskVariantStorage({ mediaDir, cacheDir }).readOriginal("../secret.webp"),
    ).rejects.toThrow(/escapes/);
  });
});

describe("the render queue", () => {
  test("runs no more tasks at once than its limit, in arrival order", async () => {
    const run = taskQueue(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        run(async () => {
          started.push(index);
          running++;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running--;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  test("a failing task frees its place for the next", async () => {
    const run = taskQueue(1);
    const failed = run(() => Promise.reject(new Error("broken picture")));
    const next = run(async () => "rendered");
    await expect(failed).rejects.toThrow("broken picture");
    await expect(next).resolves.toBe("rendered");
  });
});

describe("a stored file that is not a picture", () => {
  test("answers with a server error, not a picture", async () => {
    await writeFile(path.join(mediaDir, "seed", "broken.webp"), "not a picture");
    const response = await fetch(`${baseUrl}/media/w/480/avif/seed/broken.webp`);
    expect(response.status).toBe(500);
  });
});
