import os from "node:os";
import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests against the production build on the system Chromium (never a downloaded browser).
 * The global setup builds once and prepares a template database; each worker then starts its own
 * server on its own copy, on a free port (tests/e2e/fixtures.ts), so the tests run in parallel,
 * one worker per core. docs/decisions/0011-isolated-browser-tests.md says why.
 */
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/support/playwright-global-setup.ts",
  fullyParallel: true,
  workers: os.availableParallelism(),
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: { trace: "retain-on-failure" },
  projects: [{ name: "chromium", use: chromium }],
});
