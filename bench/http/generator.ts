import { execFile, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { browserHeaders, type LoadSamples } from "./load.ts";
import { percentile } from "./record.ts";

/**
 * The HTTP load generator of bench:http (issue 17): `wrk` when it is installed (Debian package
 * `wrk`), else the node:http generator of ./load.ts in several processes, merged. Why wrk: on
 * this 2-core machine the generator shares the CPU with the server it loads, so the cheaper a
 * request is to the generator, the more of the machine the server gets and the closer the bare
 * server's figure comes to its real ceiling. wrk is C on epoll; autocannon and node:http parse
 * in JavaScript. Against the same bare server, 2026-11-26 (2 shared cores), wrk reached 22–26k
 * req/s where autocannon reached 12–14k with or without worker threads, and minutes later, on a
 * busier machine, one node:http process 4.2k where wrk reached 9.0k. Whichever runs, the ceiling
 * check (`ceilingCheck`) says whether more generator capacity would still have raised the bare
 * figure.
 *
 * Both count every answer that completes in the measured window (after a warm-up run), keep
 * their connections alive, ask for `br, gzip` like a browser, and spread each worker's requests
 * over the list of paths in turn, each worker starting at a different place in it.
 */
export interface LoadOptions {
  connections: number;
  durationMs: number;
  warmupMs: number;
  /** wrk threads, or generator processes for the fallback. */
  workers: number;
  headers?: Record<string, string>;
  /**
   * Called between wrk's warm-up run and the measured one: a slow page still has the warm-up's
   * abandoned requests queued, which would otherwise slow the start of the window.
   */
  afterWarmup?: () => Promise<void>;
}

export interface LoadResult {
  generator: string;
  workers: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Bytes received per answer: headers included with wrk, body only with the fallback. */
  bytesPerRequest: number;
  statuses: Record<string, number>;
  /** Answers whose status is not 2xx. */
  non2xx: number;
  /** Connections refused, reset or timed out (wrk: connect, read, write and timeout errors). */
  socketErrors: number;
}

export interface Generator {
  /** "wrk 4.1.0" or "node:http processes (wrk is not installed)". */
  name: string;
  /** False for the fallback: the output and the record say so. */
  preferred: boolean;
  load(origin: string, paths: readonly string[], options: LoadOptions): Promise<LoadResult>;
}

/** A request slower than this is an error to wrk; long enough that slow pages still count. */
const requestTimeoutSeconds = 30;

/** The generators this machine has, best first: wrk when it is on the PATH, then node:http. */
export function availableGenerators(): Generator[] {
  const version = wrkVersion();
  return version ? [wrkGenerator(version), nodeGenerator()] : [nodeGenerator()];
}

/** The wrk generator when `wrk` is on the PATH, otherwise the node:http processes. */
export function chooseGenerator(): Generator {
  return availableGenerators()[0] as Generator;
}

function wrkVersion(): string | undefined {
  try {
    // `wrk -v` prints its banner and exits with status 1.
    execFileSync("wrk", ["-v"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    const output = `${(error as { stdout?: string }).stdout ?? ""}`;
    // "wrk debian/4.1.0-3+b2 [epoll] …" or "wrk 4.2.0 [epoll] …"
    const match = /^wrk (?:\S+\/)?(\d+\.\d+\.\d+)/m.exec(output);
    if (match) return match[1];
  }
  return undefined;
}

/**
 * The Lua script wrk runs: the headers, the path list (one request per path in turn, each
 * thread from its own offset), status counts per thread, and a JSON summary printed by `done`.
 * `statuses` and `id` are globals because `thread:get`/`thread:set` only reach globals.
 */
export function wrkScript(
  pathsFile: string,
  headers: Record<string, string>,
  threads: number,
): string {
  const headerLines = Object.entries(headers)
    .map(([name, value]) => `wrk.headers[${JSON.stringify(name)}] = ${JSON.stringify(value)}`)
    .join("\n");
  return `${headerLines}
local threads = {}
local created = 0
local requests = {}
statuses = {}
local counter = 0

function setup(thread)
  thread:set("id", created)
  created = created + 1
  table.insert(threads, thread)
end

function init(args)
  -- Each request formatted once here: formatting per request would cost wrk rate.
  for line in io.lines(${JSON.stringify(pathsFile)}) do
    if #line > 0 then table.insert(requests, wrk.format(nil, line)) end
  end
  -- Each thread starts elsewhere in the list, so the threads don't ask for the same path at once.
  -- (Each thread runs its own copy of this script: the count comes from here, not setup.)
  counter = math.floor((id or 0) * #requests / ${threads})
end

function request()
  counter = counter + 1
  return requests[(counter % #requests) + 1]
end

function response(status, headers, body)
  local key = tostring(status)
  statuses[key] = (statuses[key] or 0) + 1
end

function done(summary, latency, requests)
  local merged = {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses")) do
      merged[status] = (merged[status] or 0) + count
    end
  end
  local parts = {}
  for status, count in pairs(merged) do
    table.insert(parts, string.format('"%s":%d', status, count))
  end
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%d,"durationUs":%d,"bytes":%d,"p50Us":%d,"p99Us":%d,"maxUs":%d,' ..
    '"connect":%d,"read":%d,"write":%d,"timeout":%d,"statusErrors":%d,"statuses":{%s}}\\n',
    summary.requests, summary.duration, summary.bytes,
    latency:percentile(50), latency:percentile(99), latency.max,
    e.connect, e.read, e.write, e.timeout, e.status, table.concat(parts, ",")))
end
`;
}

interface WrkSummary {
  requests: number;
  durationUs: number;
  bytes: number;
  p50Us: number;
  p99Us: number;
  maxUs: number;
  connect: number;
  read: number;
  write: number;
  timeout: number;
  statusErrors: number;
  statuses: Record<string, number>;
}

/** wrk's JSON line, out of everything else it prints. */
export function parseWrkOutput(stdout: string): WrkSummary {
  const line = stdout.split("\n").find((text) => text.startsWith("WRK_JSON "));
  if (!line) throw new Error(`wrk printed no summary:\n${stdout.slice(0, 2000)}`);
  return JSON.parse(line.slice("WRK_JSON ".length)) as WrkSummary;
}

const non2xxOf = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .filter(([status]) => !status.startsWith("2"))
    .reduce((sum, [, count]) => sum + count, 0);

function wrkGenerator(version: string): Generator {
  const run = promisify(execFile);
  return {
    name: `wrk ${version}`,
    preferred: true,
    async load(origin, paths, options) {
      const scratch = mkdtempSync(path.join(tmpdir(), "oja-bench-wrk-"));
      try {
        const pathsFile = path.join(scratch, "paths.txt");
        writeFileSync(pathsFile, `${paths.join("\n")}\n`);
        const script = path.join(scratch, "script.lua");
        const threads = Math.min(options.workers, options.connections);
        writeFileSync(
          script,
          wrkScript(pathsFile, { ...browserHeaders, ...options.headers }, threads),
        );
        const args = (ms: number) => [
          `-t${threads}`,
          `-c${options.connections}`,
          `-d${Math.max(1, Math.round(ms / 1000))}s`,
          `--timeout`,
          `${requestTimeoutSeconds}s`,
          "-s",
          script,
          `${origin}/`,
        ];
        // wrk has no warm-up of its own: a first run whose numbers are dropped.
        if (options.warmupMs > 0) {
          await run("wrk", args(options.warmupMs));
          await options.afterWarmup?.();
        }
        const { stdout } = await run("wrk", args(options.durationMs), {
          maxBuffer: 16 * 1024 * 1024,
        });
        const summary = parseWrkOutput(stdout);
        const seconds = summary.durationUs / 1e6;
        return {
          generator: `wrk ${version}`,
          workers: threads,
          requests: summary.requests,
          requestsPerSecond: seconds > 0 ? summary.requests / seconds : 0,
          p50Ms: summary.p50Us / 1000,
          p99Ms: summary.p99Us / 1000,
          maxMs: summary.maxUs / 1000,
          bytesPerRequest: summary.requests ? Math.round(summary.bytes / summary.requests) : 0,
          statuses: summary.statuses,
          non2xx: non2xxOf(summary.statuses),
          socketErrors: summary.connect + summary.read + summary.write + summary.timeout,
        };
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    },
  };
}

/**
 * The results of several generator processes as one: rates add up (each counted the same
 * window), percentiles come from all their latency samples together (never an average of
 * percentiles).
 */
export function mergeSamples(parts: readonly LoadSamples[], durationMs: number) {
  const latencies = parts.flatMap((part) => part.latencies);
  const statuses: Record<string, number> = {};
  for (const part of parts) {
    for (const [status, count] of Object.entries(part.statuses)) {
      statuses[status] = (statuses[status] ?? 0) + count;
    }
  }
  const bytes = parts.reduce((sum, part) => sum + part.bytes, 0);
  return {
    requests: latencies.length,
    requestsPerSecond: latencies.length / (durationMs / 1000),
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    maxMs: latencies.length ? Math.max(...latencies) : 0,
    bytesPerRequest: latencies.length ? Math.round(bytes / latencies.length) : 0,
    statuses,
    non2xx: non2xxOf(statuses),
    socketErrors: parts.reduce((sum, part) => sum + part.errors, 0),
  };
}

function nodeGenerator(): Generator {
  const name = "node:http processes (wrk is not installed: `apt-get install wrk`)";
  return {
    name,
    preferred: false,
    async load(origin, paths, options) {
      const processes = Math.max(1, Math.min(options.workers, options.connections));
      // The connections are shared out; the first processes take the remainder.
      const shares = Array.from(
        { length: processes },
        (_, index) =>
          Math.floor(options.connections / processes) +
          (index < options.connections % processes ? 1 : 0),
      );
      const parts = await Promise.all(
        shares.map(
          (connections, index) =>
            new Promise<LoadSamples>((resolve, reject) => {
              const child = spawn(
                process.execPath,
                [path.join(import.meta.dirname, "load-worker.ts")],
                { stdio: ["pipe", "pipe", "inherit"] },
              );
              let output = "";
              child.stdout.on("data", (chunk: Buffer) => {
                output += chunk.toString();
              });
              child.on("error", reject);
              child.on("exit", (code) => {
                if (code !== 0) return reject(new Error(`load-worker exited with ${code}`));
                resolve(JSON.parse(output) as LoadSamples);
              });
              child.stdin.end(
                JSON.stringify({
                  origin,
                  paths,
                  offset: Math.floor((index * paths.length) / processes),
                  connections,
                  durationMs: options.durationMs,
                  warmupMs: options.warmupMs,
                  headers: options.headers ?? {},
                }),
              );
            }),
        ),
      );
      return {
        generator: name,
        workers: processes,
        ...mergeSamples(parts, options.durationMs),
      };
    },
  };
}

export interface CeilingSample {
  workers: number;
  requestsPerSecond: number;
}

export interface CeilingVerdict {
  /** The generator capacity to measure the pages with. */
  workers: number;
  /** The bare figure at that capacity. */
  requestsPerSecond: number;
  /** True when a step up in generator capacity raised the bare figure by `tolerance` or less. */
  reached: boolean;
  /** The rise of the last step taken (0.18 = +18 %). */
  lastGain: number;
  text: string;
}

/**
 * The generator's own ceiling check. `samples` are the bare server's requests/s measured with
 * more and more generator capacity (1, 2, 4 … workers). While a step up raises the figure by
 * more than `tolerance` (10 %), the smaller generator was the bottleneck, not the server; the
 * first step that does not marks the real ceiling, and the pages are measured with whichever of
 * its two sizes measured higher (their figures are within the tolerance). When even the last step raised the figure, the
 * ceiling was not reached: the bare figure is the generator's, and ratios to it flatter the app.
 */
export function ceilingCheck(samples: readonly CeilingSample[], tolerance = 0.1): CeilingVerdict {
  const sorted = [...samples].sort((a, b) => a.workers - b.workers);
  const first = sorted[0];
  if (!first) throw new Error("ceilingCheck needs at least one measurement");
  const figures = sorted.map((s) => `${s.workers}: ${Math.round(s.requestsPerSecond)}`).join(", ");
  let lastGain = 0;
  for (let i = 0; i + 1 < sorted.length; i++) {
    const here = sorted[i] as CeilingSample;
    const next = sorted[i + 1] as CeilingSample;
    lastGain = here.requestsPerSecond > 0 ? next.requestsPerSecond / here.requestsPerSecond - 1 : 1;
    // Compared as a product: 11,000 / 10,000 − 1 is a hair over 0.1 in floating point.
    if (next.requestsPerSecond <= here.requestsPerSecond * (1 + tolerance)) {
      // Past the ceiling: keep whichever of the two measured higher as the bare figure.
      const best = next.requestsPerSecond > here.requestsPerSecond ? next : here;
      return {
        workers: best.workers,
        requestsPerSecond: best.requestsPerSecond,
        reached: true,
        lastGain,
        text:
          `ceiling reached: ${here.workers} → ${next.workers} generator workers changed the bare ` +
          `figure by ${signedPercent(lastGain)} (≤ ${Math.round(tolerance * 100)} %); bare req/s by workers ${figures}`,
      };
    }
  }
  const last = sorted.at(-1) as CeilingSample;
  return {
    workers: last.workers,
    requestsPerSecond: last.requestsPerSecond,
    reached: false,
    lastGain,
    text:
      sorted.length === 1
        ? `CEILING NOT CHECKED: one generator size only (${figures}); the bare figure may be the generator's`
        : `GENERATOR-BOUND: the last step up in generator workers still raised the bare figure by ` +
          `${signedPercent(lastGain)} (> ${Math.round(tolerance * 100)} %): the bare figure is the generator's ceiling, not ` +
          `the server's, and every ratio to it flatters the app; bare req/s by workers ${figures}`,
  };
}

const signedPercent = (gain: number) => `${gain >= 0 ? "+" : ""}${Math.round(gain * 1000) / 10} %`;
