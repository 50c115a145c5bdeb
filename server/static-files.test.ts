import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staticFileHeaders } from "#app/security/headers.server.ts";
import { decoded, listen } from "#tests/support/raw-http.ts";
import { pageOnlyHeaders } from "#tests/support/static-headers.ts";
import { chooseEncoding } from "./encoding.ts";
import { staticFiles } from "./static-files.ts";

/**
 * Built assets as server.ts serves them: a directory laid out as the build leaves it (a script
 * with its .br and .gz copies, a picture with none), over real HTTP, bytes as sent.
 */
const script = Buffer.from(`export const greeting = "${"Ẹ káàbọ̀ ".repeat(200)}";\n`);
const picture = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
let dir: string;
let http: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "oja-static-"));
  mkdirSync(path.join(dir, "fonts"));
  writeFileSync(path.join(dir, "entry-Ab12.js"), script);
  writeFileSync(path.join(dir, "entry-Ab12.js.br"), brotliCompressSync(script));
  writeFileSync(path.join(dir, "entry-Ab12.js.gz"), gzipSync(script));
  writeFileSync(path.join(dir, "fonts", "logo-Cd34.png"), picture);
  const files = staticFiles(dir, {
    urlPrefix: "/assets",
    headers: staticFileHeaders({ secure: true }),
  });
  http = await listen((req, res) => {
    if (!files.serve(req, res)) res.writeHead(418).end("not a static file");
  });
});
afterAll(async () => {
  await http.close();
  rmSync(dir, { recursive: true });
});

describe("a built asset", () => {
  it("is sent as the copy the browser accepts, br first, each decoding to the same bytes", async () => {
    const cases: [string | undefined, string | undefined][] = [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip", "gzip"],
      ["br;q=0.5, gzip", "gzip"],
      [undefined, undefined],
      ["identity", undefined],
    ];
    for (const [accept, encoding] of cases) {
      const response = await http.request("/assets/entry-Ab12.js", {
        headers: accept ? { "Accept-Encoding": accept } : {},
      });
      expect(response.status, String(accept)).toBe(200);
      expect(response.headers["content-encoding"], String(accept)).toBe(encoding);
      expect(response.headers.vary).toBe("Accept-Encoding");
      expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
      expect(Number(response.headers["content-length"])).toBe(response.body.length);
      expect(decoded(response).equals(script), String(accept)).toBe(true);
    }
  });

  it("is cached for a year as immutable and carries only a static file's headers", async () => {
    const response = await http.request("/assets/entry-Ab12.js", {
      headers: { "Accept-Encoding": "br" },
    });
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["strict-transport-security"]).toContain("max-age=");
    for (const pageOnly of pageOnlyHeaders) {
      expect(response.headers[pageOnly], pageOnly).toBeUndefined();
    }
  });

  it("answers 304 to its ETag, HEAD without a body, and leaves other requests alone", async () => {
    const first = await http.request("/assets/entry-Ab12.js");
    const etag = String(first.headers.etag);
    const again = await http.request("/assets/entry-Ab12.js?v=2", {
      headers: { "If-None-Match": `W/${etag}`, "Accept-Encoding": "gzip" },
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers["cache-control"]).toContain("immutable");

    const head = await http.request("/assets/entry-Ab12.js", {
      method: "HEAD",
      headers: { "Accept-Encoding": "gzip" },
    });
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBe("gzip");
    expect(head.body.length).toBe(0);

    expect((await http.request("/assets/entry-Ab12.js", { method: "POST" })).status).toBe(418);
    expect((await http.request("/assets/missing.js")).status).toBe(418);
    expect((await http.request("/assets/entry-Ab12.js.br")).status).toBe(418);
    expect((await http.request("/entry-Ab12.js")).status).toBe(418);
    // An address the input check refuses goes the general way, to be refused there.
    expect((await http.request("/assets/entry-Ab12.js?x=%00")).status).toBe(418);
  });

  it("without compressed copies is sent as it is, with no Vary", async () => {
    const response = await http.request("/assets/fonts/logo-Cd34.png", {
      headers: { "Accept-Encoding": "br, gzip" },
    });
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers.vary).toBeUndefined();
    expect(response.body.equals(picture)).toBe(true);
  });
});

describe("chooseEncoding", () => {
  it("prefers br, follows q-values and wildcards, and falls back to identity", () => {
    expect(chooseEncoding("gzip, deflate, br")).toBe("br");
    expect(chooseEncoding("gzip;q=1, br;q=0.8")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("gzip;q=0, *;q=0.1")).toBe("br");
    expect(chooseEncoding("deflate")).toBe("identity");
    expect(chooseEncoding("br;q=0, gzip;q=0")).toBe("identity");
    expect(chooseEncoding("")).toBe("identity");
    expect(chooseEncoding(undefined)).toBe("identity");
  });
});
