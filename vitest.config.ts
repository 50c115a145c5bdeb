import { defineConfig } from "vitest/config";

// Unit and integration tests only; the Playwright specs in tests/e2e are never collected here.
export default defineConfig({
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/integration/**/*.test.ts",
    ],
    globalSetup: ["tests/support/global-setup.ts"],
    reporters: ["default", "./tests/support/summary-reporter.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
