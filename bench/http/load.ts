import http from "node:http";

/**
 * The node:http load generator, the fallback of ./generator.ts when wrk is not installed: one
 * process runs `connections` keep-alive sockets, each sending its next request as soon as the
 * previous answer's body has arrived, for a fixed time after a warm-up, over a list of paths in
 * turn. It returns its raw samples so that several processes can be merged (./load-worker.ts
 * runs it; `mergeSamples` adds them up). Like a browser it asks for brotli or gzip; bodies are
 * read, never decompressed. Also `capture`, the one-request recorder the benches share.
 */
export interface SampleOptions {
  origin: string;
  paths: readonly string[];
  /** Where in `paths` this process starts, so processes don't ask for the same path at once. */
  offset: number;
  connections: number;
  durationMs: number;
  warmupMs: number;
  headers?: Record<string, string>;
}

export interface LoadSamples {
  /** One latency (ms) per answer that completed inside the measured window. */
  latencies: number[];
  statuses: Record<string, number>;
  /** Body bytes of those answers, as sent (compressed when the server compressed). */
  bytes: number;
  /** Socket errors (refused, reset) inside the window. */
  errors: number;
}

export const browserHeaders = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "br, gzip",
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

export async function sample(options: SampleOptions): Promise<LoadSamples> {
  const urls = options.paths.map((pathname) => new URL(pathname, options.origin));
  if (urls.length === 0) throw new Error("No paths to load");
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
  let next = options.offset;
  const start = performance.now();
  const measureFrom = start + options.warmupMs;
  const end = measureFrom + options.durationMs;

  async function connection() {
    for (;;) {
      const sent = performance.now();
      if (sent >= end) return;
      const url = urls[next++ % urls.length] as URL;
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
  await Promise.all(Array.from({ length: options.connections }, connection));
  agent.destroy();
  return { latencies, statuses, bytes, errors };
}

/** One request, its status, raw headers and body exactly as sent (still compressed). */
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
