import { once } from "node:events";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import {
  backoffDelay,
  createHttpClient,
  HttpError,
  HttpTimeoutError,
  retryAfterDelay,
  retryStatuses,
} from "./http-client.ts";

/**
 * A real HTTP server on loopback. `/status/{code}?fail=N` answers {code} N times (default once)
 * and then 200 with the number of hits; `/hang` never answers; every request is recorded.
 */
let server: Server;
let baseURL: string;
const hits: IncomingMessage[] = [];
const counts = new Map<string, number>();

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req);
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname === "/hang") return; // never answers
    const seen = (counts.get(url.pathname) ?? 0) + 1;
    counts.set(url.pathname, seen);
    const [, kind, code] = url.pathname.split("/");
    if (kind === "status" && seen <= Number(url.searchParams.get("fail") ?? 1)) {
      const retryAfter = url.searchParams.get("retryAfter");
      if (retryAfter) res.setHeader("Retry-After", retryAfter);
      res.writeHead(Number(code), { "content-type": "application/json" });
      return res.end(JSON.stringify({ message: `failed with ${code}` }));
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ hits: seen }));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

beforeEach(() => {
  hits.length = 0;
  counts.clear();
});

/** What a request threw, for assertions on its fields. */
async function failure(pending: Promise<unknown>): Promise<HttpError & HttpTimeoutError> {
  try {
    await pending;
  } catch (caught) {
    return caught as HttpError & HttpTimeoutError;
  }
  throw new Error("expected the request to fail");
}

/** A client that records its waits instead of sleeping them, so tests stay fast. */
function client(overrides: Parameters<typeof createHttpClient>[0] = {}) {
  const waits: number[] = [];
  const http = createHttpClient({
    baseURL,
    random: () => 0.5,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...overrides,
  });
  return { ...http, waits };
}

describe("retries", () => {
  test("the retry statuses are exactly the spec's list", () => {
    expect([...retryStatuses]).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
  });

  test.each([408, 409, 425, 429, 500, 502, 503, 504])(
    "a GET answered %i is tried again and succeeds",
    async (code) => {
      const { request } = client();
      await expect(request(`/status/${code}`)).resolves.toEqual({ hits: 2 });
      expect(hits).toHaveLength(2);
    },
  );

  test.each([400, 401, 403, 404, 410, 422, 501])(
    "a GET answered %i is not tried again",
    async (code) => {
      const { request } = client();
      const error = await failure(request(`/status/${code}`));
      expect(error).toBeInstanceOf(HttpError);
      expect(error.status).toBe(code);
      expect(hits).toHaveLength(1);
    },
  );

  test("a POST is never repeated without an idempotency key", async () => {
    const { request } = client();
    await expect(request("/status/503", { method: "POST", body: { a: 1 } })).rejects.toThrow(
      HttpError,
    );
    expect(hits).toHaveLength(1);
  });

  test("a POST with an idempotency key is repeated with the same key", async () => {
    const { request } = client();
    await request("/status/503", { method: "POST", body: { a: 1 }, idempotencyKey: "pay_123" });
    expect(hits.map((hit) => [hit.method, hit.headers["idempotency-key"]])).toEqual([
      ["POST", "pay_123"],
      ["POST", "pay_123"],
    ]);
  });

  test.each(["PUT", "DELETE"])("an idempotent %s is repeated", async (method) => {
    const { request } = client();
    await request("/status/502", { method });
    expect(hits).toHaveLength(2);
  });

  test("after the last retry the error is the server's, with its status and body", async () => {
    const { request } = client({ retries: 2 });
    const error = await failure(request("/status/503?fail=9"));
    expect(hits).toHaveLength(3);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(503);
    expect(error.data).toEqual({ message: "failed with 503" });
  });

  test("waits grow between attempts", async () => {
    const { request, waits } = client({ retries: 3, baseDelay: 100 });
    await request("/status/500?fail=3");
    expect(waits).toEqual([75, 150, 300]);
  });
});

describe("backoff and Retry-After", () => {
  test("the backoff doubles each attempt and stays between half and all of its ceiling", () => {
    const settings = { baseDelay: 400, maxDelay: 10_000 };
    expect(backoffDelay(0, { ...settings, random: () => 0 })).toBe(200);
    expect(backoffDelay(0, { ...settings, random: () => 1 })).toBe(400);
    expect(backoffDelay(2, { ...settings, random: () => 1 })).toBe(1600);
    expect(backoffDelay(10, { ...settings, random: () => 1 })).toBe(10_000);
  });

  test("Retry-After is read as seconds or as an HTTP date", () => {
    const now = Date.parse("2026-11-22T10:00:00Z");
    expect(retryAfterDelay("3", now)).toBe(3000);
    expect(retryAfterDelay("Sun, 22 Nov 2026 10:00:05 GMT", now)).toBe(5000);
    expect(retryAfterDelay("soon", now)).toBeUndefined();
    expect(retryAfterDelay(null, now)).toBeUndefined();
  });

  test("a 429 with Retry-After waits as long as the server asks", async () => {
    const { request, waits } = client({ baseDelay: 10 });
    await request("/status/429?retryAfter=2");
    expect(waits).toEqual([2000]);
  });

  test("a Retry-After longer than the client will wait ends the retries", async () => {
    const { request } = client({ maxDelay: 5000 });
    await expect(request("/status/503?retryAfter=60")).rejects.toThrow(HttpError);
    expect(hits).toHaveLength(1);
  });
});

describe("timeouts and aborting", () => {
  test("a request that hangs fails after its timeout with a clear error", async () => {
    const { request } = client({ retries: 0 });
    const started = performance.now();
    const error = await failure(request("/hang", { timeout: 150 }));
    expect(error).toBeInstanceOf(HttpTimeoutError);
    expect(error.message).toBe("GET /hang took longer than 150 ms");
    expect(performance.now() - started).toBeLessThan(2000);
  });

  test("each attempt gets its own timeout, so a GET that timed out is tried again", async () => {
    const { request } = client({ retries: 1 });
    await expect(request("/hang", { timeout: 100 })).rejects.toThrow(HttpTimeoutError);
    expect(hits).toHaveLength(2);
  });

  test("the caller can abort a request in flight, and it is not retried", async () => {
    const { request } = client();
    const controller = new AbortController();
    const pending = request("/hang", { signal: controller.signal, timeout: 10_000 });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    expect(hits).toHaveLength(1);
  });

  test("aborting during the wait before a retry stops at once", async () => {
    const controller = new AbortController();
    const { request } = createHttpClient({ baseURL, baseDelay: 60_000, maxDelay: 60_000 });
    const pending = request("/status/503?fail=9", { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    expect(performance.now() - started).toBeLessThan(500);
    expect(hits).toHaveLength(1);
  });
});
