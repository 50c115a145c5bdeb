import path from "node:path";
import pino from "pino";
import { readSettings, type Settings } from "./config.server.ts";
import type { AppServices } from "./context.server.ts";
import { type DatabaseHandle, openDatabase } from "./db/database.server.ts";
import { migrate } from "./db/migrate.server.ts";
import { isCatalogEmpty, seedDemo } from "./seed/demo.server.ts";

export interface RunningServices extends AppServices {
  close(): Promise<void>;
}

export function mediaDir(settings: Settings): string {
  return path.join(settings.dataDir, "media");
}

/**
 * Starts everything the app needs, in order: settings, database, migrations, demo data on an
 * empty embedded database. Throws SettingsError for bad settings before touching anything.
 */
export async function startServices(): Promise<RunningServices> {
  const settings = readSettings();
  const log = pino({ level: settings.logLevel, base: { service: "oja" } });
  const started = performance.now();
  let handle: DatabaseHandle | undefined;
  try {
    handle = await openDatabase(settings);
    const applied = await migrate(handle.db);
    if (applied.length > 0) log.info({ applied }, "applied migrations");
    if (settings.seedDemo && (await isCatalogEmpty(handle.db))) {
      const seeded = await seedDemo(handle.db, { mediaDir: mediaDir(settings) });
      log.info(seeded, "filled the empty database with demo data");
    }
  } catch (error) {
    await handle?.close();
    throw error;
  }
  log.info(
    { modes: settings.modes, ms: Math.round(performance.now() - started) },
    "services started",
  );
  const { db, close } = handle;
  return { settings, db, log, close };
}
