import http from "node:http";

/**
 * A closed-loop load generator on node:http (no dependency): `connections` keep-alive sockets,
 * each sending its next request as soon as the previous answer's body has arrived, for a fixed
 * time after a warm-up. Like a browser it asks for gzip; bodies are read, never decompressed.
 */
export interface LoadOptions {
  connections: number;
  durationMs: number;
  warmupMs: number;
  headers?: Record<string, string>;
}

export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Body bytes as sent (compressed when the server compressed). */
  bytesPerRequest: number;
  statuses: Record<string, number>;
  errors: number;
}

export const browserHeaders = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip",
  "user-agent": "Mozilla/5.0 (oja-bench) Chrome/140.0 Safari/537.36",
};

function once(agent: http.Agent, url: URL, headers: Record<string, string>) {
  return new Promise<{ status: number; bytes: number }>((resolve, reject) => {
    const request = http.request(url, { agent, headers }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, bytes }));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}

export async function load(target: string, options: LoadOptions): Promise<LoadResult> {
  const url = new URL(target);
  const headers = { ...browserHeaders, ...options.headers };
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: options.connections,
    maxFreeSockets: options.connections,
  });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let bytes = 0;
  const start = performance.now();
  const measureFrom = start + options.warmupMs;
  const end = measureFrom + options.durationMs;

  async function worker() {
    for (;;) {
      const sent = performance.now();
      if (sent >= end) return;
      try {
        const answer = await once(agent, url, headers);
        const done = performance.now();
        // Every answer that arrives inside the window counts, like wrk: a page slower than the
        // window still shows up, and requests in flight at its start are not lost.
        if (done >= measureFrom && done <= end) {
          latencies.push(done - sent);
          statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
          bytes += answer.bytes;
        }
      } catch {
        if (performance.now() >= measureFrom) errors++;
        // A refused or reset connection would otherwise spin this loop.
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  }
  await Promise.all(Array.from({ length: options.connections }, worker));
  agent.destroy();

  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.max(0, Math.ceil(q * latencies.length) - 1))] ??
    0;
  return {
    requests: latencies.length,
    requestsPerSecond: latencies.length / (options.durationMs / 1000),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: latencies.at(-1) ?? 0,
    bytesPerRequest: latencies.length ? Math.round(bytes / latencies.length) : 0,
    statuses,
    errors,
  };
}

/** One request, its status, raw headers and body exactly as sent (still gzipped). */
export function capture(target: string, headers: Record<string, string> = browserHeaders) {
  return new Promise<{ status: number; rawHeaders: string[]; body: Buffer }>((resolve, reject) => {
    http
      .get(target, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            rawHeaders: response.rawHeaders,
            body: Buffer.concat(chunks),
          }),
        );
        response.on("error", reject);
      })
      .on("error", reject);
  });
}
