import path from "node:path";
import { describe, expect, test } from "vitest";
import { readSettings, SettingsError } from "./config.server.ts";

const testKeys = { PAYSTACK_SECRET_KEY: "sk_test_1", PAYSTACK_PUBLIC_KEY: "pk_test_1" };
const liveKeys = { PAYSTACK_SECRET_KEY: "sk_live_1", PAYSTACK_PUBLIC_KEY: "pk_live_1" };

describe("settings", () => {
  test("with nothing set, Oja runs embedded: PGlite in ./data, simulator, outbox, demo data", () => {
    const settings = readSettings({});
    expect(settings.port).toBe(3000);
    expect(settings.dataDir).toBe(path.resolve("data"));
    expect(settings.modes).toEqual({
      database: "pglite",
      cache: "memory",
      payments: "simulator",
      email: "outbox",
      storage: "disk",
    });
    expect(settings.seedDemo).toBe(true);
    expect(settings.paystack.mode).toBe("test");
  });

  test("a database URL selects PostgreSQL and turns the demo seed off", () => {
    const settings = readSettings({ DATABASE_URL: "postgres://postgres@127.0.0.1:5432/oja" });
    expect(settings.modes.database).toBe("postgresql");
    expect(settings.seedDemo).toBe(false);
  });

  test("the platform commission is 5% unless set, kept in basis points, two decimals at most", () => {
    expect(readSettings({}).commissionRateBp).toBe(500);
    expect(readSettings({ PLATFORM_COMMISSION_PERCENT: "7.25" }).commissionRateBp).toBe(725);
    expect(readSettings({ PLATFORM_COMMISSION_PERCENT: "0" }).commissionRateBp).toBe(0);
    expect(() => readSettings({ PLATFORM_COMMISSION_PERCENT: "7.125" })).toThrow(/two decimals/);
    expect(() => readSettings({ PLATFORM_COMMISSION_PERCENT: "60" })).toThrow(/between 0 and 50/);
    expect(() => readSettings({ PLATFORM_COMMISSION_PERCENT: "lots" })).toThrow(/percentage/);
  });

  test("an empty URL counts as unset", () => {
    expect(readSettings({ DATABASE_URL: "", REDIS_URL: " " }).modes.database).toBe("pglite");
  });

  test.each([
    [{ PORT: "eighty" }, "PORT: must be a port number"],
    [{ PORT: "70000" }, "PORT: must be between 1 and 65535"],
    [{ DATABASE_URL: "not a url" }, "DATABASE_URL: must be a URL"],
    [{ PAYSTACK_SECRET_KEY: "sk_test_1" }, "set both PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY"],
    [{ PAYSTACK_SECRET_KEY: "wrong", PAYSTACK_PUBLIC_KEY: "pk_test_1" }, "must start with sk_"],
    [{ SEED_DEMO: "yes" }, "SEED_DEMO: must be true or false"],
    [{ METRICS_TOKEN: "short" }, "METRICS_TOKEN: must be at least 24 characters"],
    [{ S3_ENDPOINT: "minio:9000", S3_BUCKET: "oja" }, "S3_ENDPOINT: must be a URL"],
    [{ S3_ENDPOINT: "http://127.0.0.1:9000" }, "S3_ENDPOINT and the S3 keys need S3_BUCKET"],
    [
      { S3_BUCKET: "oja", S3_ACCESS_KEY_ID: "key" },
      "set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY",
    ],
    [
      { S3_BUCKET: "oja", S3_FORCE_PATH_STYLE: "yes" },
      "S3_FORCE_PATH_STYLE: must be true or false",
    ],
    [
      { ...testKeys, PAYSTACK_BASE_URL: "not a url" },
      "PAYSTACK_BASE_URL: must be a URL such as https://api.paystack.co",
    ],
    [
      { ...testKeys, PAYSTACK_BASE_URL: "ftp://paystack.example" },
      "PAYSTACK_BASE_URL: must be a URL",
    ],
    [{ PAYSTACK_BASE_URL: "http://127.0.0.1:3400" }, "PAYSTACK_BASE_URL needs PAYSTACK_SECRET_KEY"],
    [
      { PAYSTACK_SECRET_KEY: "sk_test_1", PAYSTACK_PUBLIC_KEY: "pk_live_1" },
      "must both be test keys (sk_test_, pk_test_) or both live keys",
    ],
    [
      { ...liveKeys, PAYSTACK_BASE_URL: "http://paystack-proxy.internal" },
      "PAYSTACK_BASE_URL must be https:// with live keys",
    ],
  ])("a bad value is refused with a message naming it (%o)", (env, message) => {
    expect(() => readSettings(env)).toThrow(SettingsError);
    expect(() => readSettings(env)).toThrow(message);
  });
});

describe("object storage settings", () => {
  test("a bucket keeps pictures in S3: path-style addressing for a local store, AWS's own otherwise", () => {
    const local = readSettings({
      S3_BUCKET: "oja-media",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "minio",
      S3_SECRET_ACCESS_KEY: "minio-secret",
    });
    expect(local.modes.storage).toBe("s3");
    expect(local.s3).toEqual({
      bucket: "oja-media",
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      credentials: { accessKeyId: "minio", secretAccessKey: "minio-secret" },
      forcePathStyle: true,
    });
    const aws = readSettings({ S3_BUCKET: "oja-media", S3_REGION: "eu-west-1" });
    expect(aws.s3).toEqual({
      bucket: "oja-media",
      endpoint: undefined,
      region: "eu-west-1",
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  test("without a bucket, pictures stay on disk", () => {
    expect(readSettings({}).s3).toBeUndefined();
    expect(readSettings({ S3_BUCKET: "" }).modes.storage).toBe("disk");
  });
});

describe("payment settings", () => {
  test("without keys, Oja calls its own simulator over loopback and browsers reach it under PUBLIC_URL", () => {
    const { paystack, modes } = readSettings({ PORT: "3311", PUBLIC_URL: "https://oja.example/" });
    expect(modes.payments).toBe("simulator");
    expect(paystack).toEqual({
      mode: "test",
      testMode: true,
      secretKey: "sk_test_oja_simulator",
      publicKey: "pk_test_oja_simulator",
      apiBaseUrl: "http://127.0.0.1:3311/_paystack",
      inlineScriptUrl: "/_paystack/v2/inline.js",
      simulator: {
        publicBaseUrl: "https://oja.example/_paystack",
        webhookUrl: "http://127.0.0.1:3311/api/payments/paystack/webhook",
      },
    });
  });

  test("a server bound to one address calls itself there", () => {
    expect(readSettings({ HOST: "10.0.0.5" }).paystack.apiBaseUrl).toBe(
      "http://10.0.0.5:3000/_paystack",
    );
    expect(readSettings({ HOST: "::1" }).paystack.apiBaseUrl).toBe("http://[::1]:3000/_paystack");
  });

  test("live keys talk to Paystack and are not test mode", () => {
    const { paystack, modes } = readSettings(liveKeys);
    expect(modes.payments).toBe("paystack");
    expect(paystack).toMatchObject({
      mode: "live",
      testMode: false,
      apiBaseUrl: "https://api.paystack.co",
      inlineScriptUrl: "https://js.paystack.co/v2/inline.js",
      simulator: undefined,
    });
  });

  test("Paystack's test keys are test mode: the banner shows", () => {
    expect(readSettings(testKeys).paystack).toMatchObject({
      mode: "live",
      testMode: true,
      apiBaseUrl: "https://api.paystack.co",
    });
  });

  test("PAYSTACK_BASE_URL points at another Paystack-compatible API, which serves its inline script", () => {
    const { paystack } = readSettings({
      ...testKeys,
      PAYSTACK_BASE_URL: " http://127.0.0.1:3400/ ",
    });
    expect(paystack.apiBaseUrl).toBe("http://127.0.0.1:3400");
    expect(paystack.inlineScriptUrl).toBe("http://127.0.0.1:3400/v2/inline.js");
  });

  test("PAYSTACK_BASE_URL set to Paystack itself keeps Paystack's inline script", () => {
    const { paystack } = readSettings({
      ...liveKeys,
      PAYSTACK_BASE_URL: "https://api.paystack.co/",
    });
    expect(paystack.inlineScriptUrl).toBe("https://js.paystack.co/v2/inline.js");
  });
});
