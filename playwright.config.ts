import os from "node:os";
import { defineConfig, devices } from "@playwright/test";
import { SLOW, SLOW_TIMEOUT_FACTOR } from "./tests/support/slow-mode.ts";

/**
 * Browser tests against the production build on the system Chromium (never a downloaded browser).
 * The global setup builds once and prepares a template database; each worker then starts its own
 * server on its own copy, on a free port (tests/e2e/fixtures.ts), so the tests run in parallel,
 * one worker per core. docs/decisions/0011-isolated-browser-tests.md says why.
 * Slow mode (`E2E_SLOW=1`, `npm run test:e2e -- --slow`): throttled, on one core, no retries, longer
 * time limits (the test's own limit is scaled in tests/e2e/fixtures.ts); decision 0045.
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
  // A test that passes only on a retry is named as flaky by `npm test` (tests/run.ts).
  retries: process.env.CI && !SLOW ? 1 : 0,
  // A long test (several pages, sign-ins, e-mails) on a busy machine; slow mode scales it (fixtures.ts).
  timeout: 60_000,
  // Generous: an answer that waits on a password hash or a page that loads on a busy machine is no fault.
  expect: { timeout: SLOW ? 15_000 * SLOW_TIMEOUT_FACTOR : 15_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: { trace: "retain-on-failure" },
  projects: [{ name: "chromium", use: chromium }],
});
