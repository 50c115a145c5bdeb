import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bodyLimitFor, boundedBody } from "./request-handler.ts";

/**
 * Request bodies bounded before they are read (issue 16): over its route's limit a body is
 * refused 413 as soon as the limit is passed, chunked or not, and the rest is never read.
 */
const limits = { formBytes: 64 * 1024, uploadBytes: 1024 * 1024 };
let server: http.Server;
let port: number;
/** How many body bytes the server took in, per request path. */
const seen = new Map<string, number>();

beforeAll(async () => {
  const app = express();
  app.post("/{*path}", boundedBody(limits), (request, response) => {
    seen.set(request.path, (request.body as Buffer).length);
    response.json({ bytes: (request.body as Buffer).length });
  });
  server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/**
 * Sends `total` bytes to `path` in 16 KB chunks (chunked unless `declare`), as fast as the
 * server takes them, and stops when it answers; resolves with its status and the bytes sent.
 */
function send(path: string, total: number, declare?: number) {
  return new Promise<{ status: number; sent: number; body: string }>((resolve, reject) => {
    const request = http.request({
      host: "127.0.0.1",
      port,
      path,
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        ...(declare === undefined ? {} : { "Content-Length": String(declare) }),
      },
    });
    let sent = 0;
    let answered = false;
    const chunk = Buffer.alloc(16 * 1024, "a");
    request.on("response", (response) => {
      answered = true;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (text: string) => {
        body += text;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, sent, body }));
    });
    // The server closing the connection under a refused upload is expected, not a failure.
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const write = () => {
      while (!answered && sent < total) {
        const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += piece.length;
        if (!request.write(piece)) {
          request.once("drain", write);
          return;
        }
      }
      if (!answered) request.end();
    };
    if (declare !== undefined && declare > limits.uploadBytes) request.flushHeaders();
    else write();
  });
}

describe("request bodies", () => {
  test("a form under the limit reaches the route whole", async () => {
    const answer = await send("/Login", 40_000);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ bytes: 40_000 });
  });

  test("a chunked body over the limit is refused 413 at once, the rest never read", async () => {
    // 20 MB offered to a form with a 64 KB limit.
    const answer = await send("/CreateAccount", 20 * 1024 * 1024);
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("That was too large to send");
    expect(answer.body).toContain("64 KB");
    // The sender learnt of it long before sending everything.
    expect(answer.sent).toBeLessThan(4 * 1024 * 1024);
    expect(seen.has("/CreateAccount")).toBe(false);
  });

  test("five 300 MB chunked bodies in a row leave the memory where it was (within 10%)", async () => {
    const before = process.memoryUsage().rss;
    for (let round = 0; round < 5; round++) {
      const answer = await send("/Login", 300 * 1024 * 1024);
      expect(answer.status).toBe(413);
    }
    expect(process.memoryUsage().rss).toBeLessThan(before * 1.1);
  });

  test("a body that declares more than the limit is refused before any of it is sent", async () => {
    const answer = await send("/checkout", 0, 300 * 1024 * 1024);
    expect(answer.status).toBe(413);
    expect(answer.sent).toBe(0);
  });

  test("the forms that carry pictures take the larger limit, and no more", async () => {
    const product = await send("/vendor/ewa-spa/products/new", 900 * 1024);
    expect(product.status).toBe(200);
    const tooMany = await send("/vendor/ewa-spa/products/new", 3 * 1024 * 1024);
    expect(tooMany.status).toBe(413);
    expect(tooMany.body).toContain("1 MB");
  });
});

describe("which limit a route has", () => {
  test.each([
    ["/vendor", "upload"],
    ["/vendor/", "upload"],
    ["/vendor/ewa-spa/profile", "upload"],
    ["/vendor/ewa-spa/products/new", "upload"],
    ["/vendor/ewa-spa/products/prd_123", "upload"],
    ["/vendor/ewa-spa/products/images", "upload"],
    ["/vendor/ewa-spa/products/import/upload", "upload"],
    ["/VENDOR/ewa-spa/Profile", "upload"],
    ["/vendor/ewa-spa/members", "form"],
    ["/vendor/ewa-spa/orders/OJA-ABCDEFGH", "form"],
    ["/vendor/ewa-spa/payouts/account", "form"],
    ["/Login", "form"],
    ["/checkout", "form"],
    ["/api/payments/paystack/webhook", "form"],
  ])("%s: %s", (path, kind) => {
    expect(bodyLimitFor(path, limits)).toBe(
      kind === "upload" ? limits.uploadBytes : limits.formBytes,
    );
  });
});
