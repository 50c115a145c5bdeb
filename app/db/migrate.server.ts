import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { Database } from "./database.server.ts";

/**
 * Applies drizzle-kit's generated migrations in journal order, each in its own transaction.
 * Our own migrator rather than drizzle-kit's, because drizzle-kit cannot load PGlite's contrib
 * extensions. An advisory lock keeps two instances starting together from racing.
 */
interface Journal {
  entries: Array<{ idx: number; tag: string }>;
}

// The migrator's own bookkeeping; kept out of the app schema so drizzle-kit never generates it.
const ojaMigrations = pgTable("oja_migrations", {
  tag: text("tag").primaryKey(),
  hash: text("hash").notNull(),
  appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
});

export const migrationsFolder = path.resolve("drizzle");
const lockKey = 7_461_636_100; // any constant shared by every Oja instance

export async function migrate(db: Database, folder = migrationsFolder): Promise<string[]> {
  const journal = JSON.parse(
    await readFile(path.join(folder, "meta", "_journal.json"), "utf8"),
  ) as Journal;
  await db.execute(sql`
    create table if not exists oja_migrations (
      tag text primary key,
      hash text not null,
      applied_at timestamptz not null default now()
    )`);
  const applied: string[] = [];
  for (const entry of [...journal.entries].sort((a, b) => a.idx - b.idx)) {
    const text = await readFile(path.join(folder, `${entry.tag}.sql`), "utf8");
    const hash = createHash("sha256").update(text).digest("hex");
    const ran = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${lockKey})`);
      const done = await tx
        .select({ tag: ojaMigrations.tag })
        .from(ojaMigrations)
        .where(eq(ojaMigrations.tag, entry.tag));
      if (done.length > 0) return false;
      for (const statement of text.split("--> statement-breakpoint")) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.insert(ojaMigrations).values({ tag: entry.tag, hash });
      return true;
    });
    if (ran) applied.push(entry.tag);
  }
  return applied;
}
