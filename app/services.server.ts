import type { Redis } from "ioredis";
import pino from "pino";
import { resolveAuthSecret } from "./auth/secret.server.ts";
import { readSettings } from "./config.server.ts";
import type { AppServices } from "./context.server.ts";
import { type DatabaseHandle, openDatabase } from "./db/database.server.ts";
import { migrate } from "./db/migrate.server.ts";
import { deliveryJob, emailDelivery } from "./email/outbox.server.ts";
import { invoiceJobs } from "./invoices/reminders.server.ts";
import { type Jobs, startJobs } from "./jobs/jobs.server.ts";
import { type MediaStores, openMediaStores } from "./media/store.server.ts";
import { uploadSweepJob } from "./media/uploads.server.ts";
import { paymentJobs } from "./orders/payment-jobs.server.ts";
import { createPaymentProvider } from "./payments/provider.server.ts";
import { pointsJobs } from "./points/upkeep.server.ts";
import { invitationJobs } from "./reviews/invitations.server.ts";
import { trustScoreJobs } from "./reviews/trust-keys.server.ts";
import { flashSaleJobs } from "./sales/flash.server.ts";
import { createBriefCache } from "./search/brief-cache.server.ts";
import { createRateLimits } from "./security/rate-limit.server.ts";
import { isCatalogEmpty, seedDemo } from "./seed/demo.server.ts";
import { voucherExpiryJobs } from "./vouchers/expiry.server.ts";
import { giftJobs } from "./vouchers/gifts.server.ts";

export interface RunningServices extends AppServices {
  /** The shared Redis connection when REDIS_URL is set (the page cache's change feed uses it). */
  redis?: Redis;
  /** Pictures and their rendered variants: on disk, or in the S3 bucket (decision 037). */
  mediaStores: MediaStores;
  close(): Promise<void>;
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
  let mediaStores: MediaStores | undefined;
  try {
    // First: a bucket that is missing or refuses the keys stops the start before anything else.
    mediaStores = await openMediaStores(settings);
    handle = await openDatabase(settings, (error) =>
      log.warn({ err: error }, "PostgreSQL dropped an idle connection"),
    );
    const applied = await migrate(handle.db);
    if (applied.length > 0) log.info({ applied }, "applied migrations");
    if (settings.seedDemo && (await isCatalogEmpty(handle.db))) {
      const seeded = await seedDemo(handle.db, { media: mediaStores.originals });
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
    mediaStores?.close();
    await handle?.close();
    throw error;
  }
  log.info(
    {
      modes: settings.modes,
      media: mediaStores.location,
      ms: Math.round(performance.now() - started),
    },
    "services started",
  );
  const { db } = handle;
  const databaseHandle = handle;
  const media = mediaStores;
  const email = emailDelivery({ db, settings, log });
  // Set once the jobs run; mail queued before that is asked for when they start (below).
  let jobs: Jobs | undefined;
  const emailQueued = () => {
    if (email.jobs.length === 0) return;
    jobs?.send(deliveryJob).catch((error: unknown) => {
      log.error({ err: error }, "could not ask for an email delivery");
    });
  };
  const { createAuth } = await authModule;
  const secret = resolveAuthSecret(settings);
  const auth = createAuth({ db, settings, secret, emailQueued });
  const payments = createPaymentProvider(settings.paystack);
  const jobsLog = log.child({ module: "jobs" });
  const jobsStarting = performance.now();
  const jobsReady = startJobs({
    connection: settings.databaseUrl
      ? { databaseUrl: settings.databaseUrl }
      : { pglite: embeddedClient(handle) },
    log: jobsLog,
    definitions: [
      ...paymentJobs({ db, payments, log: jobsLog, publicUrl: settings.publicUrl, emailQueued }),
      ...giftJobs({ db, log: jobsLog, publicUrl: settings.publicUrl, emailQueued }),
      ...invoiceJobs({ db, log: jobsLog, publicUrl: settings.publicUrl, emailQueued }),
      ...voucherExpiryJobs({ db, log: jobsLog, publicUrl: settings.publicUrl, emailQueued }),
      ...pointsJobs({ db, log: jobsLog, publicUrl: settings.publicUrl, emailQueued }),
      ...invitationJobs({ db, log: jobsLog, publicUrl: settings.publicUrl, emailQueued }),
      ...trustScoreJobs({ db, log: jobsLog }),
      ...flashSaleJobs({ db, log: jobsLog }),
      ...email.jobs,
      uploadSweepJob({ db, media: media.originals, log: jobsLog }),
    ],
  }).then((started) => {
    jobs = started;
    jobsLog.info({ ms: Math.round(performance.now() - jobsStarting) }, "jobs started");
    // Mail queued before the jobs ran goes out now rather than at the next scheduled delivery.
    emailQueued();
    return started;
  });
  jobsReady.catch((error: unknown) => {
    jobsLog.error({ err: error }, "the job queue could not start: no scheduled work runs");
  });
  return {
    settings,
    db,
    log,
    auth,
    secret,
    rateLimits: createRateLimits({ redis }),
    searchCache: createBriefCache({ redis }),
    payments,
    emailQueued,
    redis,
    media: media.originals,
    mediaStores: media,
    jobs: jobsReady,
    async close() {
      // Running jobs finish first (pg-boss waits for them), then what they use goes.
      await jobsReady.then(
        (started) => started.stop(),
        () => {},
      );
      await email.close();
      redis?.disconnect();
      media.close();
      await databaseHandle.close();
    },
  };
}

function embeddedClient(handle: DatabaseHandle) {
  if (!handle.client) throw new Error("The embedded database has no PGlite client");
  return handle.client;
}
