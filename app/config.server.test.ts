import path from "node:path";
import { describe, expect, test } from "vitest";
import { readSettings, SettingsError } from "./config.server.ts";

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
  ])("a bad value is refused with a message naming it (%o)", (env, message) => {
    expect(() => readSettings(env)).toThrow(SettingsError);
    expect(() => readSettings(env)).toThrow(message);
  });
});
