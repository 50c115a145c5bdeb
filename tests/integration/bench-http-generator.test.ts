import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  availableGenerators,
  ceilingCheck,
  mergeSamples,
  parseWrkOutput,
} from "../../bench/http/generator.ts";

/**
 * bench:http's generator (issue 17): its own ceiling check, the merging of several generator
 * processes, and each generator this machine has (wrk when installed, node:http always) against
 * a local server: every answer counted, by status, spread over the path list, no socket error.
 */
describe("the ceiling check", () => {
  it("finds the ceiling where one more step of generator capacity adds 10 % or less", () => {
    const verdict = ceilingCheck([
      { workers: 1, requestsPerSecond: 20_000 },
      { workers: 2, requestsPerSecond: 26_000 },
      { workers: 4, requestsPerSecond: 27_000 },
    ]);
    expect(verdict.reached).toBe(true);
    // 2 → 4 gained under 10 %: the higher of the two is the bare figure.
    expect(verdict.workers).toBe(4);
    expect(verdict.requestsPerSecond).toBe(27_000);
    expect(verdict.lastGain).toBeCloseTo(1 / 26, 5);
    expect(verdict.text).toMatch(/^ceiling reached: 2 → 4/);
  });

  it("keeps the smaller generator when the bigger one measured lower (it took CPU from the server)", () => {
    const verdict = ceilingCheck([
      { workers: 2, requestsPerSecond: 24_000 },
      { workers: 1, requestsPerSecond: 25_000 },
    ]);
    expect(verdict).toMatchObject({ reached: true, workers: 1, requestsPerSecond: 25_000 });
  });

  it("says loudly that the generator was the bottleneck when every step still raised the figure", () => {
    const verdict = ceilingCheck([
      { workers: 1, requestsPerSecond: 8_000 },
      { workers: 2, requestsPerSecond: 12_000 },
      { workers: 4, requestsPerSecond: 15_000 },
    ]);
    expect(verdict.reached).toBe(false);
    expect(verdict.workers).toBe(4);
    expect(verdict.lastGain).toBeCloseTo(0.25, 5);
    expect(verdict.text).toMatch(/^GENERATOR-BOUND: .*\+25 %.*flatters the app/);
  });

  it("counts exactly 10 % as reached and anything above as not", () => {
    const at = (second: number) =>
      ceilingCheck([
        { workers: 1, requestsPerSecond: 10_000 },
        { workers: 2, requestsPerSecond: second },
      ]).reached;
    expect(at(11_000)).toBe(true);
    expect(at(11_001)).toBe(false);
  });

  it("does not call one measurement a ceiling", () => {
    const verdict = ceilingCheck([{ workers: 2, requestsPerSecond: 30_000 }]);
    expect(verdict.reached).toBe(false);
    expect(verdict.text).toMatch(/^CEILING NOT CHECKED/);
    expect(() => ceilingCheck([])).toThrow();
  });
});

describe("merging generator processes", () => {
  it("adds the rates and takes percentiles from all samples, not an average of percentiles", () => {
    const fast = {
      latencies: Array.from({ length: 98 }, () => 1),
      statuses: { "200": 98 },
      bytes: 98 * 100,
      errors: 0,
    };
    const slow = { latencies: [500, 600], statuses: { "200": 1, "503": 1 }, bytes: 200, errors: 3 };
    const merged = mergeSamples([fast, slow], 2_000);
    expect(merged.requests).toBe(100);
    expect(merged.requestsPerSecond).toBe(50);
    expect(merged.p50Ms).toBe(1);
    // Nearest rank over the 100 samples: the 99th is 500. Averaging the two processes' p99s
    // (1 and 600) would say 300.5.
    expect(merged.p99Ms).toBe(500);
    expect(merged.maxMs).toBe(600);
    expect(merged.statuses).toEqual({ "200": 99, "503": 1 });
    expect(merged.non2xx).toBe(1);
    expect(merged.socketErrors).toBe(3);
    expect(merged.bytesPerRequest).toBe(100);
  });

  it("reads wrk's summary line out of its other output", () => {
    const summary = parseWrkOutput(
      'Running 1s test @ http://127.0.0.1:1/\n  2 threads and 4 connections\nWRK_JSON {"requests":10,"durationUs":1000000,"bytes":5000,"p50Us":900,"p99Us":4100,"maxUs":5000,"connect":0,"read":1,"write":0,"timeout":2,"statusErrors":0,"statuses":{"200":10}}\n',
    );
    expect(summary).toMatchObject({
      requests: 10,
      p99Us: 4100,
      timeout: 2,
      statuses: { "200": 10 },
    });
    expect(() => parseWrkOutput("Running 1s test\n")).toThrow(/no summary/);
  });
});

describe.each(availableGenerators().map((generator) => [generator.name, generator] as const))(
  "the %s generator against a local server",
  (_name, generator) => {
    let server: http.Server;
    let origin: string;
    const seen: Record<string, number> = {};
    const encodings = new Set<string>();
    const connections = new Set<unknown>();

    beforeAll(async () => {
      server = http.createServer((request, response) => {
        seen[request.url ?? ""] = (seen[request.url ?? ""] ?? 0) + 1;
        encodings.add(String(request.headers["accept-encoding"]));
        if (request.url === "/missing") {
          response.writeHead(404, { "Content-Type": "text/plain" }).end("not here");
        } else {
          response.writeHead(200, { "Content-Type": "text/html" }).end("<p>hello</p>");
        }
      });
      server.on("connection", (socket) => connections.add(socket));
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it("counts every answer by status, spreads requests over the paths, keeps connections alive", async () => {
      const result = await generator.load(origin, ["/a", "/b?x=1", "/missing"], {
        connections: 4,
        durationMs: 1_000,
        warmupMs: 0,
        workers: 2,
      });
      expect(result.requests).toBeGreaterThan(100);
      expect(result.socketErrors).toBe(0);
      const counted = Object.values(result.statuses).reduce((sum, count) => sum + count, 0);
      expect(counted).toBe(result.requests);
      // One path in three answers 404: non-2xx, and about a third of all answers.
      expect(result.non2xx).toBe(result.statuses["404"]);
      expect(result.non2xx / result.requests).toBeGreaterThan(0.25);
      expect(result.non2xx / result.requests).toBeLessThan(0.42);
      expect(Object.keys(seen).sort()).toEqual(["/a", "/b?x=1", "/missing"]);
      expect([...encodings]).toEqual(["br, gzip"]);
      // Keep-alive: a handful of sockets carried all the requests.
      expect(connections.size).toBeLessThanOrEqual(8);
      expect(result.p50Ms).toBeGreaterThan(0);
      expect(result.p99Ms).toBeGreaterThanOrEqual(result.p50Ms);
      // A one-second window: the rate is about the count.
      expect(result.requestsPerSecond / result.requests).toBeGreaterThan(0.8);
      expect(result.requestsPerSecond / result.requests).toBeLessThan(1.25);
    });
  },
);
