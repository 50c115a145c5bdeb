import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { lockDataDir, openPglite, queryRows } from "./database.server.ts";

/**
 * Backups of the embedded database (issue 18, item 6): PGlite's own dump of its data dir, a
 * gzipped tar, written while no other process has the database open (PGlite has no server to
 * take a consistent copy from a running instance). PostgreSQL is backed up with pg_dump and
 * restored with pg_restore (README, "Backups"). Pictures are files under DATA_DIR/media, copied
 * like any folder.
 */
export async function backupEmbedded(dataDir: string, file: string): Promise<{ bytes: number }> {
  if (!existsSync(dataDir)) throw new BackupError(`There is no embedded database in ${dataDir}.`);
  const handle = await openPglite({ dataDir });
  try {
    const dump = Buffer.from(await (await handle.client.dumpDataDir("gzip")).arrayBuffer());
    // Written aside first: a backup cut short by a full disk never replaces a good one.
    writeFileSync(`${file}.partial`, dump);
    renameSync(`${file}.partial`, file);
    return { bytes: dump.length };
  } finally {
    await handle.close();
  }
}

/**
 * Restores a backup into `dataDir`. A data dir that already holds a database is kept beside it
 * (`<dataDir>.before-restore-<time>`) with `replace`, and refused without. The restored database
 * is opened and asked a question before this returns: a broken file fails here, not at start-up.
 */
export async function restoreEmbedded(
  file: string,
  dataDir: string,
  options: { replace?: boolean; now?: Date } = {},
): Promise<{ keptAside: string | null }> {
  const dump = readFileSync(file);
  const unlock = lockDataDir(dataDir);
  const occupied = existsSync(dataDir) && readdirSync(dataDir).length > 0;
  if (occupied && !options.replace) {
    unlock();
    throw new BackupError(
      `${dataDir} already holds a database: pass --replace to restore over it (it is kept beside, not deleted).`,
    );
  }
  let keptAside: string | null = null;
  try {
    if (occupied) {
      const stamp = (options.now ?? new Date()).toISOString().replace(/[:.]/g, "-");
      keptAside = `${dataDir}.before-restore-${stamp}`;
      renameSync(dataDir, keptAside);
    }
    const handle = await openPglite({ dataDir, loadDataDir: new Blob([dump]) });
    try {
      await queryRows(handle.db, sql`select count(*) from pg_class`);
    } finally {
      await handle.close();
    }
    return { keptAside };
  } catch (error) {
    // Nothing half-restored stays; the database that was there goes back where it was.
    rmSync(dataDir, { recursive: true, force: true });
    if (keptAside) renameSync(keptAside, dataDir);
    throw error;
  } finally {
    unlock();
  }
}

export class BackupError extends Error {
  override name = "BackupError";
}
