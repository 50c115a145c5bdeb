import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * What every benchmark of issue 5 shares: percentiles, the machine it ran on, and writing a run
 * to bench/results (a JSON file per bench, engine and day, plus a line in the README summary).
 * Numbers are only comparable between runs on the same kind of machine, so each run records it.
 */

/** Committed: the runs here are the issues' benchmark reports (bench/README.md summarises them). */
export const resultsDir = path.join(import.meta.dirname, "..", "results");

/** Nearest-rank percentile (q in 0..1) of unsorted samples; 0 when there are none. */
export function percentile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1] as number;
}

export function round(value: number, digits = 1): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

export interface Machine {
  cpus: number;
  cpuModel: string;
  ramGb: number;
  /** 1-minute load average when the run started: above `cpus`, other work competed with it. */
  loadAverage: number;
  node: string;
  commit: string;
}

function git(...args: string[]): string {
  try {
    return execFileSync("git", args, {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return "";
  }
}

export function machine(): Machine {
  const dirty = git("status", "--porcelain", "--untracked-files=no") ? "+changes" : "";
  return {
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model.trim() ?? "unknown",
    ramGb: round(os.totalmem() / 1024 ** 3, 0),
    loadAverage: round(os.loadavg()[0] ?? 0, 2),
    node: process.version,
    commit: `${git("rev-parse", "--short", "HEAD") || "unknown"}${dirty}`,
  };
}

export type Engine = "pglite" | "postgresql";

/** DATABASE_URL wins over DATA_DIR, as in the app's settings. */
export function engineOf(env: { databaseUrl?: string }): Engine {
  return env.databaseUrl ? "postgresql" : "pglite";
}

export interface Run {
  bench: "search" | "http" | "js" | "vitals" | "soak" | "vouchers" | "points" | "reviews" | "flash";
  engine: Engine;
  /** Rows the run saw (active businesses and products), or the bench's own data in words. */
  dataset: { businesses: number; products: number } | string;
  settings: Record<string, unknown>;
  /** Markdown table (header included) for the README summary. */
  table: string;
  /** One line per goal: "search p95 18.2 ms, 0.61 of the 30 ms goal". */
  goals: string[];
  data: unknown;
  /**
   * The machine as it was when the run started; read now when absent. A long bench passes it,
   * so the load average in the record is the one before its own load, not after.
   */
  host?: Machine;
  /** One more sentence for the machine line (bench:http names its load generator there). */
  note?: string;
}

/** Writes bench/results/<bench>-<engine>-<date>.json and appends the run to the README. */
export function record(run: Run): string {
  const at = new Date();
  const date = at.toISOString().slice(0, 10);
  const host = run.host ?? machine();
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${run.bench}-${run.engine}-${date}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ bench: run.bench, engine: run.engine, at: at.toISOString(), machine: host, dataset: run.dataset, settings: run.settings, goals: run.goals, results: run.data }, null, 2)}\n`,
  );

  const summary = path.join(resultsDir, "README.md");
  const header =
    "# Benchmark results\n\nOne section per run, newest last, written by `npm run bench:search`, " +
    "`bench:http` and `bench:js` (see ../README.md). The JSON file named in each section has the full results " +
    "(it is replaced by a later run of the same bench, engine and day). Compare runs only on the same kind of machine; a load average above the core " +
    "count means other work shared the machine.\n";
  const before = existsSync(summary) ? readFileSync(summary, "utf8") : header;
  const number = new Intl.NumberFormat("en");
  const engineName = run.engine === "postgresql" ? "PostgreSQL" : "PGlite";
  const section = [
    `## ${run.bench} — ${engineName} — ${at.toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `Machine: ${machineLine(host)}, engine ${engineName}. ` +
      (run.note ? `${run.note} ` : "") +
      `Dataset: ${typeof run.dataset === "string" ? run.dataset : `${number.format(run.dataset.businesses)} active businesses, ${number.format(run.dataset.products)} active products`}. ` +
      `File: \`${path.basename(file)}\`.`,
    "",
    ...run.goals.map((goal) => `- ${goal}`),
    "",
    run.table,
    "",
  ].join("\n");
  writeFileSync(summary, `${before.trimEnd()}\n\n${section}`);
  return file;
}

/** "2 cores (AMD EPYC), 24 GB RAM, load average 0.8 at start, Node v24.21.0, commit 1a2b3c4". */
export function machineLine(host: Machine): string {
  return (
    `${host.cpus} cores (${host.cpuModel}), ${host.ramGb} GB RAM, load average ${host.loadAverage} at start, ` +
    `Node ${host.node}, commit ${host.commit}`
  );
}

/** A markdown table from rows of equal keys. */
export function markdownTable(rows: ReadonlyArray<Record<string, unknown>>): string {
  const first = rows[0];
  if (!first) return "";
  const keys = Object.keys(first);
  const line = (cells: unknown[]) => `| ${cells.map((cell) => String(cell ?? "")).join(" | ")} |`;
  return [
    line(keys),
    line(keys.map(() => "---")),
    ...rows.map((row) => line(keys.map((key) => row[key]))),
  ].join("\n");
}
