import path from "node:path";
import { defaultHoldLimits, type HoldLimits } from "#app/orders/hold-limits.ts";
import { z } from "#app/zod.ts";

/**
 * Every setting Oja reads, validated once at start. An unset optional setting selects the
 * embedded default of the modes table in ARCHITECTURE.md (PGlite, in-memory cache, the
 * Paystack simulator, the dev mailbox, local disk).
 */
const optionalUrl = (example: string, protocol?: RegExp) =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .pipe(z.url({ message: `must be a URL such as ${example}`, protocol }).optional());

/** Text where an empty or blank value counts as unset, as it does for the URLs. */
const optionalText = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

/** The simulator's fixed keys (test mode: no real money moves, so they need not be secret). */
export const simulatorKeys = {
  secretKey: "sk_test_oja_simulator",
  publicKey: "pk_test_oja_simulator",
} as const;

/** Where Paystack's own API and inline script are. */
export const paystackDefaults = {
  apiBaseUrl: "https://api.paystack.co",
  inlineScriptUrl: "https://js.paystack.co/v2/inline.js",
} as const;

/** A whole number setting between `min` and `max`. */
const count = (unit: string, min: number, max: number) =>
  z.coerce
    .number({ message: `must be a number of ${unit}` })
    .int(`must be a whole number of ${unit}`)
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`);

const settingsSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ message: "must be a port number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 65535")
    .max(65535, "must be between 1 and 65535")
    .default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: z.url({ message: "must be the URL people use, such as https://oja.ng" }).optional(),
  DATABASE_URL: optionalUrl("postgres://user@host:5432/db"),
  DATA_DIR: z.string().min(1).default("./data"),
  REDIS_URL: optionalUrl("redis://host:6379"),
  PAYSTACK_SECRET_KEY: z.string().startsWith("sk_", "must start with sk_").optional(),
  PAYSTACK_PUBLIC_KEY: z.string().startsWith("pk_", "must start with pk_").optional(),
  /** Another Paystack-compatible API, such as the standalone simulator (its inline script too). */
  PAYSTACK_BASE_URL: optionalUrl("https://api.paystack.co", /^https?$/),
  SMTP_URL: optionalUrl("smtp://user:password@host:587"),
  /** The largest form or JSON body any route reads (issue 16). */
  BODY_LIMIT_KB: z.coerce
    .number({ message: "must be a number of kilobytes" })
    .int("must be a whole number of kilobytes")
    .min(16, "must be at least 16")
    .max(10_240, "must be at most 10240 (10 MB)")
    .default(256),
  /** The largest body of the forms that carry pictures or files (10 pictures of 8 MB, and more). */
  UPLOAD_LIMIT_MB: z.coerce
    .number({ message: "must be a number of megabytes" })
    .int("must be a whole number of megabytes")
    .min(1, "must be at least 1")
    .max(1024, "must be at most 1024")
    .default(100),
  /** Oja's commission on the items of each order, in percent with up to two decimals (decision 026). */
  PLATFORM_COMMISSION_PERCENT: z.coerce
    .number({ message: "must be a percentage such as 5 or 7.5" })
    .min(0, "must be between 0 and 50")
    .max(50, "must be between 0 and 50")
    .refine((value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6), {
      message: "must have at most two decimals",
    })
    .default(5),
  /**
   * Test mode only: the token the test suite sends (X-Oja-Test-Token) to use the simulator's
   * /_paystack/_test hooks and /dev/mailbox, which otherwise open only to signed-in admins.
   */
  TEST_HOOKS_TOKEN: z.string().min(32, "must be at least 32 characters of random text").optional(),
  /** Stock holds that can't be hoarded (issue 16, decision 030; defaults in app/orders/hold-limits.ts). */
  CHECKOUT_OPEN_PER_SHOPPER: count("checkouts", 1, 50).default(defaultHoldLimits.openPerShopper),
  CHECKOUT_OPEN_PER_ADDRESS: count("checkouts", 1, 1000).default(defaultHoldLimits.openPerAddress),
  CHECKOUT_HOLD_SHARE_PERCENT: count("percent", 1, 100).default(defaultHoldLimits.sharePercent),
  CHECKOUT_HOLD_SHARE_MIN_UNITS: count("units", 1, 10_000).default(defaultHoldLimits.shareMinUnits),
  STOCK_EXACT_UP_TO: count("units", 0, 1000).default(defaultHoldLimits.exactStockUpTo),
  /** How much memory the render cache of public pages may hold (decision 033). */
  PAGE_CACHE_MB: count("megabytes", 1, 16_384).default(100),
  /** Pictures in an S3-compatible bucket instead of DATA_DIR/media (decision 037). */
  S3_BUCKET: optionalText,
  /** Any S3-compatible store (MinIO, R2, …); unset: AWS itself. */
  S3_ENDPOINT: optionalUrl("http://127.0.0.1:9000", /^https?$/),
  S3_REGION: optionalText.transform((value) => value ?? "us-east-1"),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** `bucket.host` names need DNS that local stores rarely have: path style is their default. */
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false"], { message: "must be true or false" })
    .transform((value) => value === "true")
    .optional(),
  SEED_DEMO: z
    .enum(["true", "false"], { message: "must be true or false" })
    .transform((value) => value === "true")
    .optional(),
  VERSION_CHECK_SECONDS: z.coerce
    .number({ message: "must be a number of seconds" })
    .int("must be a whole number of seconds")
    .min(1, "must be at least 1 second")
    .default(3600),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters of random text").optional(),
  /** How long a stopping instance lets requests in flight finish (issue 18). */
  SHUTDOWN_GRACE_SECONDS: count("seconds", 0, 3_600).default(25),
  /** Lets Prometheus read /metrics from elsewhere; without it only this machine may (issue 18). */
  METRICS_TOKEN: z.string().min(24, "must be at least 24 characters of random text").optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^(false|true|\d+|loopback|[\w.:/,\s-]+)$/, "must be false, a hop count or addresses")
    .default("loopback"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Settings = ReturnType<typeof readSettings>;

export class SettingsError extends Error {
  override name = "SettingsError";
}

/** Reads and checks the environment; throws a SettingsError naming every bad value. */
export function readSettings(env: Record<string, string | undefined> = process.env) {
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new SettingsError(`Oja cannot start: some settings are invalid.\n${lines.join("\n")}`);
  }
  const raw = parsed.data;
  if (Boolean(raw.PAYSTACK_SECRET_KEY) !== Boolean(raw.PAYSTACK_PUBLIC_KEY)) {
    throw new SettingsError(
      "Oja cannot start: set both PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY, or neither (test mode).",
    );
  }
  const embedded = raw.DATABASE_URL === undefined;
  const s3 = s3Settings(raw);
  const port = raw.PORT;
  const publicUrl = raw.PUBLIC_URL ?? `http://localhost:${port}`;
  return {
    env: raw.NODE_ENV,
    production: raw.NODE_ENV === "production",
    port,
    host: raw.HOST,
    publicUrl,
    databaseUrl: raw.DATABASE_URL,
    dataDir: path.resolve(raw.DATA_DIR),
    redisUrl: raw.REDIS_URL,
    smtpUrl: raw.SMTP_URL,
    /** How large a request body may be, enforced as it streams in (server/request-handler.ts). */
    bodyLimits: {
      formBytes: raw.BODY_LIMIT_KB * 1024,
      uploadBytes: raw.UPLOAD_LIMIT_MB * 1024 * 1024,
    },
    /** Oja's commission on items, in basis points (5% is 500). */
    commissionRateBp: Math.round(raw.PLATFORM_COMMISSION_PERCENT * 100),
    testHooksToken: raw.TEST_HOOKS_TOKEN,
    /** What one shopper may hold unpaid, and how exactly stock is told (decision 030). */
    holdLimits: {
      openPerShopper: raw.CHECKOUT_OPEN_PER_SHOPPER,
      openPerAddress: raw.CHECKOUT_OPEN_PER_ADDRESS,
      sharePercent: raw.CHECKOUT_HOLD_SHARE_PERCENT,
      shareMinUnits: raw.CHECKOUT_HOLD_SHARE_MIN_UNITS,
      exactStockUpTo: raw.STOCK_EXACT_UP_TO,
    } satisfies HoldLimits,
    /** The render cache's limit: least recently used pages leave past it (decision 033). */
    pageCacheBytes: raw.PAGE_CACHE_MB * 1024 * 1024,
    paystack: paystackSettings(raw, { host: raw.HOST, port, publicUrl }),
    // Demo data fills an empty embedded database; a real PostgreSQL server is never seeded
    // unless asked.
    seedDemo: raw.SEED_DEMO ?? embedded,
    logLevel: raw.LOG_LEVEL,
    /** Signs session cookies. Unset: a random secret kept in DATA_DIR (one instance only). */
    authSecret: raw.AUTH_SECRET,
    shutdownGraceMs: raw.SHUTDOWN_GRACE_SECONDS * 1000,
    /** `Authorization: Bearer …` for /metrics; unset: loopback requests without a proxy only. */
    metricsToken: raw.METRICS_TOKEN,
    /** Which proxies' X-Forwarded-For to believe (Express's "trust proxy"). */
    trustProxy: parseTrustProxy(raw.TRUST_PROXY),
    /** Served over HTTPS: cookies are Secure and browsers are told to keep to HTTPS (HSTS). */
    secure: new URL(raw.PUBLIC_URL ?? "http://localhost").protocol === "https:",
    /** Where pictures are kept when not on disk (decision 037). */
    s3,
    /** How often the browser asks whether a new build was deployed. */
    versionCheckMs: raw.VERSION_CHECK_SECONDS * 1000,
    modes: {
      database: embedded ? ("pglite" as const) : ("postgresql" as const),
      cache: raw.REDIS_URL ? ("redis" as const) : ("memory" as const),
      payments: raw.PAYSTACK_SECRET_KEY ? ("paystack" as const) : ("simulator" as const),
      email: raw.SMTP_URL ? ("smtp" as const) : ("outbox" as const),
      storage: s3 ? ("s3" as const) : ("disk" as const),
    },
  };
}

/** The bucket pictures go to, or undefined for the local disk (DATA_DIR/media). */
function s3Settings(raw: z.infer<typeof settingsSchema>) {
  const bucket = raw.S3_BUCKET;
  const anyS3 = raw.S3_ENDPOINT || raw.S3_ACCESS_KEY_ID || raw.S3_SECRET_ACCESS_KEY;
  if (!bucket) {
    if (anyS3) {
      throw new SettingsError(
        "Oja cannot start: S3_ENDPOINT and the S3 keys need S3_BUCKET (without it, pictures are kept under DATA_DIR/media).",
      );
    }
    return undefined;
  }
  if (Boolean(raw.S3_ACCESS_KEY_ID) !== Boolean(raw.S3_SECRET_ACCESS_KEY)) {
    throw new SettingsError(
      "Oja cannot start: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the AWS SDK's own credentials: a role, ~/.aws).",
    );
  }
  return {
    bucket,
    endpoint: raw.S3_ENDPOINT,
    region: raw.S3_REGION,
    credentials:
      raw.S3_ACCESS_KEY_ID && raw.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: raw.S3_ACCESS_KEY_ID, secretAccessKey: raw.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: raw.S3_FORCE_PATH_STYLE ?? raw.S3_ENDPOINT !== undefined,
  };
}

export type S3Settings = NonNullable<ReturnType<typeof s3Settings>>;

/**
 * Which Paystack Oja talks to. `mode: "test"` (no keys): the simulator inside Oja, reached by
 * the server over loopback and by browsers under PUBLIC_URL; the test-mode-only pages
 * (/dev/kit, /dev/mailbox, /dev/errors) exist only then. `mode: "live"` (keys set): Paystack, or
 * the Paystack-compatible API at PAYSTACK_BASE_URL; `testMode` when the keys are test keys.
 */
function paystackSettings(
  raw: z.infer<typeof settingsSchema>,
  server: { host: string; port: number; publicUrl: string },
) {
  const secretKey = raw.PAYSTACK_SECRET_KEY;
  const publicKey = raw.PAYSTACK_PUBLIC_KEY;
  if (!secretKey || !publicKey) {
    if (raw.PAYSTACK_BASE_URL) {
      throw new SettingsError(
        "Oja cannot start: PAYSTACK_BASE_URL needs PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY " +
          "(without all three, Oja runs its own Paystack simulator).",
      );
    }
    const internal = `${loopbackOrigin(server.host, server.port)}`;
    return {
      mode: "test" as const,
      testMode: true,
      ...simulatorKeys,
      /** The server's own calls go over loopback: PUBLIC_URL may be a proxy's address. */
      apiBaseUrl: `${internal}/_paystack`,
      /** Relative, so the page always loads it from the origin it was served from. */
      inlineScriptUrl: "/_paystack/v2/inline.js",
      simulator: {
        /** Where browsers reach the hosted checkout (its authorization_url). */
        publicBaseUrl: `${server.publicUrl.replace(/\/$/, "")}/_paystack`,
        webhookUrl: `${internal}/api/payments/paystack/webhook`,
      },
    };
  }
  const testKeys = secretKey.startsWith("sk_test_");
  if (testKeys !== publicKey.startsWith("pk_test_")) {
    throw new SettingsError(
      "Oja cannot start: PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY must both be test keys " +
        "(sk_test_, pk_test_) or both live keys.",
    );
  }
  const apiBaseUrl = (raw.PAYSTACK_BASE_URL ?? paystackDefaults.apiBaseUrl).replace(/\/+$/, "");
  if (!testKeys && new URL(apiBaseUrl).protocol !== "https:") {
    throw new SettingsError(
      "Oja cannot start: PAYSTACK_BASE_URL must be https:// with live keys (the secret key " +
        "travels with every call).",
    );
  }
  const paystackItself = new URL(apiBaseUrl).origin === paystackDefaults.apiBaseUrl;
  return {
    mode: "live" as const,
    testMode: testKeys,
    secretKey,
    publicKey,
    apiBaseUrl,
    // A Paystack-compatible API (the standalone simulator) serves its inline script itself.
    inlineScriptUrl: paystackItself
      ? paystackDefaults.inlineScriptUrl
      : `${apiBaseUrl}/v2/inline.js`,
    simulator: undefined,
  };
}

/** How this server reaches itself: loopback unless it listens on one address only. */
function loopbackOrigin(host: string, port: number): string {
  const anyAddress = ["0.0.0.0", "::", "", "localhost", "127.0.0.1"];
  if (anyAddress.includes(host)) return `http://127.0.0.1:${port}`;
  return host.includes(":") ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
