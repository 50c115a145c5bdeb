import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { expect, strongPassword, test } from "./fixtures.ts";

/** The demo business the server's owner owns (tests/support/e2e-vendor-server.ts writes it). */
export interface OwnedBusiness {
  businessSlug: string;
  businessName: string;
  /** Demo businesses deliver across their own city (decision 021). */
  businessCity: string;
  productSlug: string;
  productName: string;
}

/**
 * A server of the spec's own whose data dir gets an owner for one demo business before it starts
 * (tests/support/e2e-vendor-server.ts): the demo data has no members, and the embedded database
 * can't be written while a server holds it. Call it at the top of a spec file: it makes the file
 * serial, starts the server before its tests and stops it (and removes its data) after them.
 * `business` is read once the server is up.
 */
export function ownedBusinessServer(name: string, port: number) {
  const baseURL = `http://localhost:${port}`;
  const dataDir = `.e2e-${name}-${port}`;
  const owner = { email: `owner-${Date.now().toString(36)}@example.com`, password: strongPassword };
  /** A manager of the same business, signed up before the server starts (no sign-up quota). */
  const manager = {
    email: `manager-${Date.now().toString(36)}@example.com`,
    password: strongPassword,
  };
  const state: { server?: ChildProcess; business?: OwnedBusiness } = {};

  test.describe.configure({ mode: "serial", timeout: 180_000 });
  test.use({ baseURL });

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    state.server = spawn(process.execPath, ["tests/support/e2e-vendor-server.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        E2E_OWNER_EMAIL: owner.email,
        E2E_OWNER_PASSWORD: owner.password,
        E2E_MANAGER_EMAIL: manager.email,
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    await expect
      .poll(
        async () => {
          try {
            return (await fetch(`${baseURL}/readyz`)).status;
          } catch {
            return 0;
          }
        },
        { timeout: 220_000, intervals: [1_000] },
      )
      .toBe(200);
    state.business = JSON.parse(readFileSync(`${dataDir}/e2e-owner.json`, "utf8")) as OwnedBusiness;
  });

  test.afterAll(async () => {
    const { server } = state;
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    baseURL,
    owner,
    manager,
    business(): OwnedBusiness {
      if (!state.business) throw new Error("the owned business's server has not started");
      return state.business;
    },
  };
}
