import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { type DatabaseHandle, openPglite, openPostgres } from "#app/db/database.server.ts";
import { migrate } from "#app/db/migrate.server.ts";

/**
 * A bench's own database, wiped and migrated: PostgreSQL when `databaseUrl` is given (dropped and
 * created again, so its name must contain "bench"), else PGlite in `dataDir` (deleted first, only
 * when it is empty or was made by the same bench, which leaves a marker file in it).
 */
export async function freshBenchDatabase(options: {
  bench: string;
  databaseUrl?: string;
  dataDir: string;
  /** The PostgreSQL pool (the server's is 10). */
  poolSize?: number;
}): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  if (options.databaseUrl) {
    const name = decodeURIComponent(new URL(options.databaseUrl).pathname.replace(/^\//, ""));
    if (!/^[a-z0-9_]+$/.test(name) || !name.includes("bench")) {
      throw new Error(`Refusing to drop "${name}": give a database whose name contains "bench".`);
    }
    const admin = new URL(options.databaseUrl);
    admin.pathname = "/postgres";
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.query(`create database "${name}"`);
    } finally {
      await client.end();
    }
    handle = openPostgres(options.databaseUrl, options.poolSize ?? 10);
  } else {
    const dir = path.resolve(options.dataDir);
    const marker = path.join(dir, `.oja-bench-${options.bench}`);
    if (existsSync(dir) && readdirSync(dir).length > 0 && !existsSync(marker)) {
      throw new Error(
        `Refusing to delete ${dir}: not empty and not made by bench:${options.bench}.`,
      );
    }
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(marker, `Made by bench:${options.bench}; deleted by its next run.\n`);
    handle = await openPglite({ dataDir: path.join(dir, "pglite") });
  }
  await migrate(handle.db);
  return handle;
}

/** Reads counting options ("100") as whole numbers of at least 1, or stops with the option's name. */
export function counts<Name extends string>(
  values: Record<Name, string | undefined>,
  names: readonly Name[],
): Record<Name, number> {
  const read = {} as Record<Name, number>;
  for (const name of names) {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < 1) {
      throw new Error(`--${name} must be a whole number ≥ 1`);
    }
    read[name] = value;
  }
  return read;
}
