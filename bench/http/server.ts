import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";

/**
 * Starting the production build for a benchmark, and choosing real pages to measure from the
 * database it will serve. Shared by bench/http and bench/js; both run from the repository root.
 */
export interface Target {
  engine: "pglite" | "postgresql";
  dataDir: string;
  databaseUrl?: string;
}

export interface Pages {
  businesses: number;
  products: number;
  /** A business slug with active products, one of its product slugs, and a word that finds it. */
  business: string;
  product: string;
  term: string;
  /** A category with active businesses (/shop/{id}), the first by position. */
  category: string;
  /**
   * A storefront collection with active products (/b/{business}/collection/{slug}), or null when
   * the dataset has none (seeds before issue 17 made no collections).
   */
  collection: { business: string; slug: string } | null;
}

/**
 * Reads the dataset before the server starts (PGlite allows one process on a data dir). Picks
 * the business with the most active products among the first by slug, so every run on the same
 * data picks the same one.
 */
export async function choosePages(target: Target): Promise<Pages> {
  if (target.databaseUrl) process.env.DATABASE_URL = target.databaseUrl;
  process.env.DATA_DIR = target.dataDir;
  const { readSettings } = await import("#app/config.server.ts");
  const { openDatabase } = await import("#app/db/database.server.ts");
  const { migrate } = await import("#app/db/migrate.server.ts");
  const handle = await openDatabase(readSettings());
  try {
    await migrate(handle.db);
    // Planner statistics, as a production PostgreSQL's autovacuum would have gathered them after
    // the seed (see bench/search/run.ts); cheap, and kept in the database afterwards.
    await handle.db.execute(sql`analyze`);
    const rows = async <Row>(query: ReturnType<typeof sql>) =>
      ((await handle.db.execute(query)) as unknown as { rows: Row[] }).rows;
    const [counts] = await rows<{ businesses: number; products: number }>(
      sql`select (select count(*) from businesses where status = 'active')::int as businesses,
        (select count(*) from products where status = 'active')::int as products`,
    );
    const [page] = await rows<{ business: string; product: string; name: string }>(sql`
      select b.slug as business, p.slug as product, p.name
      from (select * from businesses where status = 'active' order by slug limit 50) b
      join products p on p.business_id = b.id and p.status = 'active'
      order by (select count(*) from products q where q.business_id = b.id and q.status = 'active') desc,
        b.slug, p.slug
      limit 1`);
    if (!counts || !page) throw new Error("No active business with active products: seed first.");
    const term = (page.name.toLowerCase().match(/\p{L}{4,}/u) ?? ["spa"])[0] as string;
    const [category] = await rows<{ slug: string }>(sql`
      select c.slug from categories c
      where exists (select 1 from businesses b where b.category_id = c.id and b.status = 'active')
      order by c.position, c.slug limit 1`);
    // The first by business slug among those with the most active products: the same every run.
    const [collection] = await rows<{ business: string; slug: string }>(sql`
      select b.slug as business, c.slug
      from collections c
      join businesses b on b.id = c.business_id and b.status = 'active'
      join collection_products cp on cp.collection_id = c.id
      join products p on p.id = cp.product_id and p.status = 'active'
      group by b.slug, c.slug
      order by count(*) desc, b.slug, c.slug
      limit 1`);
    return {
      ...counts,
      business: page.business,
      product: page.product,
      term,
      category: category?.slug ?? "",
      collection: collection ?? null,
    };
  } finally {
    await handle.close();
  }
}

export interface RunningServer {
  origin: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** More environment for the server (bench:checkout: the simulator's keys, TRUST_PROXY). */
  env?: Record<string, string>;
  /** Each line the server writes to stdout (its JSON log); ignored when absent. */
  onLog?: (line: string) => void;
  /** LOG_LEVEL; "warn" by default, so a loaded server doesn't spend its time logging. */
  logLevel?: string;
}

/**
 * The Node flags `npm start` runs Oja with (package.json: the young generation's size, decision
 * 039), so a bench measures the process production runs.
 */
const startFlags = (
  JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { start: string } }
).scripts.start
  .split(/\s+/)
  .filter((part) => part.startsWith("--"));

/**
 * `node server.ts` on build/ with NODE_ENV=production and `npm start`'s Node flags; resolves once
 * /readyz answers 200.
 */
export async function startServer(
  target: Target,
  port: number,
  options: ServerOptions = {},
): Promise<RunningServer> {
  if (!existsSync("build/server/index.js")) {
    throw new Error(
      "No build in build/: run `npx react-router build` first (npm start builds too).",
    );
  }
  // Something already answering there would be measured instead of this build (its /readyz
  // answers before ours fails to listen).
  const answering = await fetch(`http://127.0.0.1:${port}/`).then(
    () => true,
    () => false,
  );
  if (answering) throw new Error(`Port ${port} is already in use: pick another with --port`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: target.dataDir,
    LOG_LEVEL: options.logLevel ?? "warn",
  };
  delete env.DATABASE_URL;
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  Object.assign(env, options.env);
  const child = spawn(process.execPath, [...startFlags, "server.ts"], {
    detached: true,
    stdio: ["ignore", options.onLog ? "pipe" : "ignore", "inherit"],
    env,
  });
  if (options.onLog && child.stdout) {
    const onLog = options.onLog;
    let partial = "";
    child.stdout.on("data", (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) if (line.trim()) onLog(line);
    });
  }
  const origin = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      if (child.pid) process.kill(-child.pid, "SIGTERM");
    });
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 180_000) {
      await stop();
      throw new Error("The server did not become ready within 180 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await waitForIdle(child.pid as number);
  return { origin, process: child, stop };
}

/**
 * Waits until the server has finished what it does after answering /readyz (builds before
 * decision 033 warmed every business's page in the background, minutes for 10,000 businesses),
 * so the measurement gets the machine to itself: over 2 s, its CPU use must stay under 10 % of a
 * core and its threads must have waited for a CPU less than 10 % of the time. The second half
 * matters on a busy machine: a server starved of CPU uses little of it without being idle.
 * Linux only (/proc); elsewhere it returns at once.
 */
async function waitForIdle(pid: number, limitMs = 20 * 60_000) {
  /** CPU used and time spent runnable but waiting, in ms, summed over the process's threads. */
  const sample = () => {
    try {
      let runMs = 0;
      let waitMs = 0;
      for (const task of readdirSync(`/proc/${pid}/task`)) {
        let line: string;
        try {
          line = readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8");
        } catch {
          continue; // a thread that ended meanwhile
        }
        // "time on the CPU (ns) time waiting on a run queue (ns) timeslices"
        const [run, wait] = line.trim().split(" ").map(Number);
        runMs += (run ?? 0) / 1e6;
        waitMs += (wait ?? 0) / 1e6;
      }
      return { runMs, waitMs };
    } catch {
      return undefined;
    }
  };
  const started = performance.now();
  let before = sample();
  let reported = started;
  while (before !== undefined && performance.now() - started < limitMs) {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const now = sample();
    if (now === undefined) return;
    if (now.runMs - before.runMs < 200 && now.waitMs - before.waitMs < 200) return;
    before = now;
    if (performance.now() - reported > 30_000) {
      reported = performance.now();
      console.log(
        `The server is still busy after start (${Math.round((reported - started) / 1000)} s), waiting…`,
      );
    }
  }
}

/** --data-dir / --database-url, falling back to DATA_DIR / DATABASE_URL. */
export function targetFrom(values: { "data-dir"?: string; "database-url"?: string }): Target {
  const databaseUrl = values["database-url"] ?? process.env.DATABASE_URL;
  // PostgreSQL still needs a data dir (session secret, media); keep it out of the checkout.
  const dataDir =
    values["data-dir"] ??
    process.env.DATA_DIR ??
    (databaseUrl ? path.join(tmpdir(), "oja-bench-data") : "./data");
  return { engine: databaseUrl ? "postgresql" : "pglite", dataDir, databaseUrl };
}
