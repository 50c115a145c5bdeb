import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

/**
 * How long `npm start` takes to answer its first request: on an existing data dir (goal < 3 s)
 * and on an empty one, including migrations and the demo seed (goal < 30 s). Measures the built
 * app; builds first when there is no build. Run: npm run bench:startup [-- --runs 5]
 */
const { values } = parseArgs({ options: { runs: { type: "string", default: "5" } } });
const runs = Number(values.runs);
const port = 3190;

if (!existsSync("build/server/index.js")) {
  spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
}

function stop(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    if (child.pid) process.kill(-child.pid, "SIGTERM");
  });
}

async function timeToFirstAnswer(dataDir: string): Promise<number> {
  const started = performance.now();
  const child = spawn("npm", ["start", "--silent"], {
    detached: true,
    stdio: "ignore",
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  });
  try {
    for (;;) {
      try {
        const response = await fetch(`http://localhost:${port}/`);
        if (response.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 120_000) throw new Error("no answer within 120 s");
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    await stop(child);
  }
}

function summary(label: string, goalMs: number, times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    case: label,
    runs: times.length,
    p50_ms: Math.round(at(0.5)),
    max_ms: Math.round(sorted.at(-1) ?? 0),
    goal_ms: goalMs,
    ratio_to_goal: Number((at(0.5) / goalMs).toFixed(2)),
  };
}

const root = mkdtempSync(path.join(tmpdir(), "oja-startup-"));
const existing = path.join(root, "existing");
try {
  await timeToFirstAnswer(existing); // creates and seeds the data dir once
  const warm: number[] = [];
  for (let i = 0; i < runs; i++) warm.push(await timeToFirstAnswer(existing));

  const empty: number[] = [];
  for (let i = 0; i < Math.max(1, Math.ceil(runs / 2)); i++) {
    const dir = path.join(root, `empty-${i}`);
    empty.push(await timeToFirstAnswer(dir));
    rmSync(dir, { recursive: true, force: true });
  }
  console.table([
    summary("existing data dir", 3_000, warm),
    summary("empty data dir + seed", 30_000, empty),
  ]);
} finally {
  rmSync(root, { recursive: true, force: true });
}
