import { defineConfig } from "@playwright/test";
import { testHooksHeaders, testHooksToken } from "./tests/support/test-hooks.ts";

/**
 * End-to-end tests on the production build (`npm run test:e2e` builds first), in the system's
 * Chromium: no test tool downloads a browser here. Each run starts from an empty data dir, so
 * the app migrates and seeds its demo data exactly as on a fresh machine.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
// Settings of every server the suite starts (this one, and the specs' own, which inherit them):
// the suite's requests, which all carry the token, may use /dev/mailbox and the simulator's test
// hooks; and every browser of the suite comes from one address, so its shoppers' unpaid
// checkouts would otherwise meet the per-address limit (decision 030, which Vitest tests); and
// Prometheus may read /metrics from elsewhere with its token (health.spec.ts).
export const e2eMetricsToken = "e2e-metrics-token-long-enough-1";
const suiteSettings = {
  TEST_HOOKS_TOKEN: testHooksToken,
  CHECKOUT_OPEN_PER_ADDRESS: "1000",
  METRICS_TOKEN: e2eMetricsToken,
};
Object.assign(process.env, suiteSettings);
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"], ["./tests/support/playwright-summary.ts"]],
  use: {
    baseURL,
    extraHTTPHeaders: testHooksHeaders,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: {
    command: "node tests/support/e2e-server.ts",
    url: `${baseURL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: !process.env.CI,
    stdout: "pipe",
    env: {
      PORT: String(port),
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      ...suiteSettings,
    },
  },
});
