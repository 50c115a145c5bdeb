/**
 * Restores a backup made by `npm run db:backup` into the embedded database; stop Oja first.
 *
 *   npm run db:restore -- FILE               into an empty DATA_DIR
 *   npm run db:restore -- FILE --replace     over the database there (kept beside it)
 *
 * PostgreSQL (DATABASE_URL) is restored with pg_restore: see README, "Backups".
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { readSettings } from "#app/config.server.ts";
import { restoreEmbedded } from "#app/db/backup.server.ts";

const { values, positionals } = parseArgs({
  options: { replace: { type: "boolean", default: false } },
  allowPositionals: true,
  strict: true,
});
try {
  const [file] = positionals;
  if (!file || positionals.length > 1) {
    console.error("Usage: npm run db:restore -- FILE [--replace]");
    process.exit(1);
  }
  const settings = readSettings();
  if (settings.databaseUrl) {
    console.error(
      "DATABASE_URL is set: restore PostgreSQL with pg_restore, e.g.\n" +
        '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" oja.dump\n(README, "Backups").',
    );
    process.exit(1);
  }
  const dataDir = path.join(settings.dataDir, "pglite");
  // npm runs scripts from the project folder; a relative name means where the command was typed.
  const from = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const { keptAside } = await restoreEmbedded(from, dataDir, {
    replace: values.replace,
  });
  console.log(`Restored ${file} into ${dataDir}.`);
  if (keptAside) console.log(`The database that was there is kept in ${keptAside}.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
