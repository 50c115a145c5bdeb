import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "#app/db/database.server.ts";
import { migrate } from "#app/db/migrate.server.ts";

/**
 * Migrates one template database per run; every test file then gets its own copy (see
 * database.ts): a PGlite data-dir dump by default, a PostgreSQL database created from a template
 * database when TEST_DATABASE_URL is set.
 */
export type TestDatabaseTemplate =
  | { engine: "pglite"; dumpPath: string }
  | { engine: "postgresql"; adminUrl: string; template: string; prefix: string };

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: TestDatabaseTemplate;
  }
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), "oja-test-"));
    const handle = await openPglite({});
    await migrate(handle.db);
    const dump = await handle.client.dumpDataDir("none");
    await handle.close();
    const dumpPath = path.join(dir, "template.tar");
    writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
    project.provide("testDatabase", { engine: "pglite", dumpPath });
    return () => rmSync(dir, { recursive: true, force: true });
  }

  const prefix = `oja_t${randomBytes(4).toString("hex")}`;
  const template = `${prefix}_template`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${template}"`);
  const handle = openPostgres(databaseUrl(adminUrl, template), 1);
  await migrate(handle.db);
  await handle.close();
  project.provide("testDatabase", { engine: "postgresql", adminUrl, template, prefix });
  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like $1",
      [`${prefix}%`],
    );
    for (const { datname } of rows) await admin.query(`drop database "${datname}" with (force)`);
    await admin.end();
  };
}
