import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBusiness, createCategory, createProduct } from "#tests/support/catalog.ts";
import { BackupError, backupEmbedded, restoreEmbedded } from "./backup.server.ts";
import { type Database, DataDirInUseError, openPglite, queryRows } from "./database.server.ts";
import { migrate } from "./migrate.server.ts";

/** Every table's rows, as text, in a stable order: two databases compare equal by this. */
async function everyTable(db: Database): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select quote_ident(table_schema) || '.' || quote_ident(table_name) as name
        from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
        order by 1`,
  );
  const contents: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ rows: string }>(
      db,
      sql`select coalesce(jsonb_agg(to_jsonb(t) order by to_jsonb(t)::text), '[]')::text as rows
          from ${sql.raw(name)} t`,
    );
    contents[name] = row?.rows ?? "";
  }
  return contents;
}

let dir: string;
let source: string;
let original: Record<string, string>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "oja-backup-"));
  source = path.join(dir, "data", "pglite");
  const handle = await openPglite({ dataDir: source });
  try {
    await migrate(handle.db);
    const category = await createCategory(handle.db);
    const business = await createBusiness(handle.db, {
      categoryId: category.id,
      name: "Ọjà Àdìrẹ",
    });
    await createProduct(handle.db, {
      businessId: business.id,
      name: "Indigo wrapper",
      priceKobo: 1_850_050,
    });
    original = await everyTable(handle.db);
  } finally {
    await handle.close();
  }
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("backups of the embedded database", () => {
  it("round-trips every table of every schema", async () => {
    const file = path.join(dir, "oja.tar.gz");
    expect((await backupEmbedded(source, file)).bytes).toBeGreaterThan(0);
    const restored = path.join(dir, "restored", "pglite");
    expect(await restoreEmbedded(file, restored)).toEqual({ keptAside: null });
    const handle = await openPglite({ dataDir: restored });
    try {
      const copy = await everyTable(handle.db);
      expect(Object.keys(copy).length).toBeGreaterThan(20);
      expect(copy).toEqual(original);
      expect(copy['"public".products'] ?? copy["public.products"]).toContain("Indigo wrapper");
    } finally {
      await handle.close();
    }
  });

  it("restores over a database only when told to, keeping the old one beside it", async () => {
    const file = path.join(dir, "again.tar.gz");
    await backupEmbedded(source, file);
    const target = path.join(dir, "over", "pglite");
    await restoreEmbedded(file, target);
    await expect(restoreEmbedded(file, target)).rejects.toThrow(BackupError);
    const { keptAside } = await restoreEmbedded(file, target, {
      replace: true,
      now: new Date("2026-11-26T10:00:00Z"),
    });
    expect(keptAside).toBe(`${target}.before-restore-2026-11-26T10-00-00-000Z`);
    expect(existsSync(keptAside as string)).toBe(true);
  });

  it("refuses a database another opener holds, and a broken file leaves the old database in place", async () => {
    // Another live process holds it (the lock names one: this test's parent).
    writeFileSync(`${source}.lock`, String(process.ppid));
    try {
      await expect(backupEmbedded(source, path.join(dir, "x.tar.gz"))).rejects.toThrow(
        DataDirInUseError,
      );
      // The same lock untouched for a minute is left over from a crash (its process id reused).
      const minuteAgo = new Date(Date.now() - 60_000);
      utimesSync(`${source}.lock`, minuteAgo, minuteAgo);
      await backupEmbedded(source, path.join(dir, "x.tar.gz"));
      expect(existsSync(`${source}.lock`)).toBe(false);
    } finally {
      rmSync(`${source}.lock`, { force: true });
    }
    const broken = path.join(dir, "broken.tar.gz");
    writeFileSync(broken, "not a backup");
    await expect(restoreEmbedded(broken, source, { replace: true })).rejects.toThrow();
    const handle = await openPglite({ dataDir: source });
    try {
      expect(await everyTable(handle.db)).toEqual(original);
    } finally {
      await handle.close();
    }
  });
});
