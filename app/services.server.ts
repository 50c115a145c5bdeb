import path from "node:path";
import type { Redis } from "ioredis";
import pino from "pino";
import { resolveAuthSecret } from "./auth/secret.server.ts";
import { readSettings, type Settings } from "./config.server.ts";
import type { AppServices } from "./context.server.ts";
import { type DatabaseHandle, openDatabase } from "./db/database.server.ts";
import { migrate } from "./db/migrate.server.ts";
import { startEmailDelivery } from "./email/outbox.server.ts";
import { startUploadSweep } from "./media/uploads.server.ts";
import { startPaymentJobs } from "./orders/payment-jobs.server.ts";
import { createPaymentProvider } from "./payments/provider.server.ts";
import { createBriefCache } from "./search/brief-cache.server.ts";
import { createRateLimits } from "./security/rate-limit.server.ts";
import { isCatalogEmpty, seedDemo } from "./seed/demo.server.ts";

export interface RunningServices extends AppServices {
  /** The shared Redis connection when REDIS_URL is set (the page cache's change feed uses it). */
  redis?: Redis;
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
  // Better Auth takes ~0.5 s to load; loading it while PGlite opens keeps startup short.
  const authModule = import("./auth/auth.server.ts");
  let handle: DatabaseHandle | undefined;
  let redis: Redis | undefined;
  try {
    handle = await openDatabase(settings, (error) =>
      log.warn({ err: error }, "PostgreSQL dropped an idle connection"),
    );
    const applied = await migrate(handle.db);
    if (applied.length > 0) log.info({ applied }, "applied migrations");
    if (settings.seedDemo && (await isCatalogEmpty(handle.db))) {
      const seeded = await seedDemo(handle.db, { mediaDir: mediaDir(settings) });
      log.info(seeded, "filled the empty database with demo data");
    }
    if (settings.redisUrl) {
      // Loaded only when configured: the embedded default starts without it.
      const { Redis } = await import("ioredis");
      redis = new Redis(settings.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
      await redis.connect();
    }
  } catch (error) {
    redis?.disconnect();
    await handle?.close();
    throw error;
  }
  log.info(
    { modes: settings.modes, ms: Math.round(performance.now() - started) },
    "services started",
  );
  const { db } = handle;
  const databaseHandle = handle;
  const email = startEmailDelivery({ db, settings, log });
  const { createAuth } = await authModule;
  const auth = createAuth({
    db,
    settings,
    secret: resolveAuthSecret(settings),
    emailQueued: email.kick,
  });
  const payments = createPaymentProvider(settings.paystack);
  const paymentJobs = startPaymentJobs({
    db,
    payments,
    log,
    publicUrl: settings.publicUrl,
    emailQueued: email.kick,
  });
  const uploadSweep = startUploadSweep({ db, mediaDir: mediaDir(settings), log });
  return {
    settings,
    db,
    log,
    auth,
    rateLimits: createRateLimits({ redis }),
    searchCache: createBriefCache({ redis }),
    payments,
    emailQueued: email.kick,
    redis,
    async close() {
      await paymentJobs.stop();
      uploadSweep.stop();
      await email.stop();
      redis?.disconnect();
      await databaseHandle.close();
    },
  };
}
