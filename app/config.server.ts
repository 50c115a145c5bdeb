import path from "node:path";
import { z } from "#app/zod.ts";

/**
 * Every setting Oja reads, validated once at start. An unset optional setting selects the
 * embedded default of the modes table in ARCHITECTURE.md (PGlite, in-memory cache, the
 * Paystack simulator, the dev mailbox, local disk).
 */
const optionalUrl = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined)
  .pipe(z.url({ message: "must be a URL such as postgres://user@host:5432/db" }).optional());

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
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default("./data"),
  REDIS_URL: optionalUrl,
  PAYSTACK_SECRET_KEY: z.string().startsWith("sk_", "must start with sk_").optional(),
  PAYSTACK_PUBLIC_KEY: z.string().startsWith("pk_", "must start with pk_").optional(),
  SMTP_URL: optionalUrl,
  S3_BUCKET: z.string().min(1).optional(),
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
  return {
    env: raw.NODE_ENV,
    production: raw.NODE_ENV === "production",
    port: raw.PORT,
    host: raw.HOST,
    publicUrl: raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`,
    databaseUrl: raw.DATABASE_URL,
    dataDir: path.resolve(raw.DATA_DIR),
    redisUrl: raw.REDIS_URL,
    smtpUrl: raw.SMTP_URL,
    s3Bucket: raw.S3_BUCKET,
    paystack: raw.PAYSTACK_SECRET_KEY
      ? {
          mode: "live" as const,
          secretKey: raw.PAYSTACK_SECRET_KEY,
          publicKey: raw.PAYSTACK_PUBLIC_KEY,
        }
      : { mode: "test" as const },
    // Demo data fills an empty embedded database; a real PostgreSQL server is never seeded
    // unless asked.
    seedDemo: raw.SEED_DEMO ?? embedded,
    logLevel: raw.LOG_LEVEL,
    /** Signs session cookies. Unset: a random secret kept in DATA_DIR (one instance only). */
    authSecret: raw.AUTH_SECRET,
    /** Which proxies' X-Forwarded-For to believe (Express's "trust proxy"). */
    trustProxy: parseTrustProxy(raw.TRUST_PROXY),
    /** Served over HTTPS: cookies are Secure and browsers are told to keep to HTTPS (HSTS). */
    secure: new URL(raw.PUBLIC_URL ?? "http://localhost").protocol === "https:",
    /** How often the browser asks whether a new build was deployed. */
    versionCheckMs: raw.VERSION_CHECK_SECONDS * 1000,
    modes: {
      database: embedded ? ("pglite" as const) : ("postgresql" as const),
      cache: raw.REDIS_URL ? ("redis" as const) : ("memory" as const),
      payments: raw.PAYSTACK_SECRET_KEY ? ("paystack" as const) : ("simulator" as const),
      email: raw.SMTP_URL ? ("smtp" as const) : ("outbox" as const),
      storage: raw.S3_BUCKET ? ("s3" as const) : ("disk" as const),
    },
  };
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
