import { mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema.server.ts";

/** The one database type the whole app codes against, whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The database or a transaction open on it: what a step of a larger action writes through. */
export type Executor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  engine: "pglite" | "postgresql";
  /** The embedded engine itself (PGlite only): the job queue talks to it directly. */
  client?: PGlite;
  close(): Promise<void>;
}

export const pgliteExtensions = { pg_trgm, unaccent };

/** Embedded PostgreSQL (PGlite) in `dataDir`, or an in-memory one loaded from a dump. */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }) {
  const { dataDir } = options;
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir,
      loadDataDir: options.loadDataDir,
      extensions: pgliteExtensions,
    });
  } catch (error) {
    unlock();
    throw error;
  }
  const handle: DatabaseHandle & { client: PGlite } = {
    db: drizzlePglite(client, { schema }) as unknown as Database,
    engine: "pglite",
    client,
    close: () => client.close().finally(unlock),
  };
  return handle;
}

export class DataDirInUseError extends Error {
  override name = "DataDirInUseError";
}

/** A holder touches its lock this often; one untouched for `lockStaleMs` is left over. */
const lockBeatMs = 5_000;
const lockStaleMs = 30_000;

/**
 * PGlite has no server: two processes opening one data dir would both write its files and break
 * it. Each opener holds `<dataDir>.lock` (its process id, touched every few seconds) while it is
 * open; a second opener is refused with a clear message. A lock whose process is gone, or that
 * nobody touched for half a minute (a container restarted, its old process id now another
 * program's), is left over from a crash and taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  mkdirSync(path.dirname(dataDir), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      const beat = setInterval(() => {
        const now = new Date();
        try {
          utimesSync(lockFile, now, now);
        } catch {
          // Removed under us (by hand): nothing to keep fresh.
        }
      }, lockBeatMs);
      beat.unref();
      return () => {
        clearInterval(beat);
        rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(readFileSync(lockFile, "utf8"));
      const fresh = Date.now() - statSync(lockFile).mtimeMs < lockStaleMs;
      if (holder !== process.pid && isRunning(holder) && fresh) {
        throw new DataDirInUseError(
          `The embedded database in ${dataDir} is open in another process (pid ${holder}): stop it first (is Oja running?).`,
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock the embedded database in ${dataDir}.`);
}

function isRunning(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * A pool on a PostgreSQL server. An idle connection the server drops (a restart, a failover, an
 * administrator) is reported to `onIdleError` and replaced on next use; without a listener pg
 * would raise it as an uncaught exception and stop the process.
 */
export function openPostgres(
  connectionString: string,
  poolSize = 10,
  onIdleError: (error: Error) => void = (error) =>
    console.error("PostgreSQL dropped an idle connection:", error.message),
): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  pool.on("error", onIdleError);
  return {
    db: drizzlePostgres(pool, { schema }) as unknown as Database,
    engine: "postgresql",
    close: () => pool.end(),
  };
}

/** PostgreSQL when a URL is given, otherwise PGlite in `<dataDir>/pglite`. */
export async function openDatabase(
  settings: { databaseUrl?: string; dataDir: string },
  onIdleError?: (error: Error) => void,
): Promise<DatabaseHandle> {
  if (settings.databaseUrl) return openPostgres(settings.databaseUrl, 10, onIdleError);
  return openPglite({ dataDir: path.join(settings.dataDir, "pglite") });
}

/** Rows of a raw SQL query; `execute()` is typed per engine, but both answer with `rows`. */
export async function queryRows<Row>(executor: Executor, query: SQL): Promise<Row[]> {
  const result = (await executor.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
