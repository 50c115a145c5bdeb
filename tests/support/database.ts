import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, openPglite, openPostgres } from "#app/db/database.server.ts";
import { databaseUrl } from "./global-setup.ts";

/**
 * A fresh, migrated database of its own for the calling test file: PGlite loaded from the run's
 * template dump, or a PostgreSQL database copied from the run's template database. Close it in
 * afterAll.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const template = inject("testDatabase");
  if (template.engine === "pglite") {
    const dump = await readFile(template.dumpPath);
    return openPglite({ loadDataDir: new Blob([dump]) });
  }
  const name = `${template.prefix}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: template.adminUrl });
  await admin.connect();
  try {
    // Copies from one template must not overlap, so they take turns.
    await admin.query("select pg_advisory_lock(7461636101)");
    await admin.query(`create database "${name}" template "${template.template}"`);
  } finally {
    await admin.end();
  }
  // Dropping the database at the end ends its connections; nobody is using them by then.
  const handle = openPostgres(databaseUrl(template.adminUrl, name), 4, () => {});
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: template.adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}
