/**
 * Backs up the embedded database (PGlite in DATA_DIR) to one file; stop Oja first.
 *
 *   npm run db:backup                      ./oja-backup-<time>.tar.gz
 *   npm run db:backup -- --out FILE
 *
 * PostgreSQL (DATABASE_URL) is backed up with its own tools: see README, "Backups".
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { readSettings } from "#app/config.server.ts";
import { backupEmbedded } from "#app/db/backup.server.ts";

const { values } = parseArgs({ options: { out: { type: "string" } }, strict: true });
try {
  const settings = readSettings();
  if (settings.databaseUrl) {
    console.error(
      "DATABASE_URL is set: back PostgreSQL up with pg_dump, e.g.\n" +
        '  pg_dump --format=custom --file=oja.dump "$DATABASE_URL"\n(README, "Backups").',
    );
    process.exit(1);
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  // npm runs scripts from the project folder; a relative name means where the command was typed.
  const file = path.resolve(
    process.env.INIT_CWD ?? process.cwd(),
    values.out ?? `oja-backup-${stamp}.tar.gz`,
  );
  const { bytes } = await backupEmbedded(path.join(settings.dataDir, "pglite"), file);
  console.log(`Backed up the embedded database to ${file} (${(bytes / 1e6).toFixed(1)} MB).`);
  console.log(`Pictures are files: copy ${path.join(settings.dataDir, "media")} alongside it.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
