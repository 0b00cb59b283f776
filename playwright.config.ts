import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests against the production build on the system Chromium (never a downloaded browser).
 * The server starts on a fresh SQLite database in .tmp/e2e with a known staff account.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
/** Separate ports and folders let two checkouts run their browser tests side by side. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? ".tmp/e2e";
export const E2E_ADMIN = { username: "e2e-chef", password: "e2e-geheim-passwort" };

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
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: { baseURL: `http://127.0.0.1:${E2E_PORT}`, trace: "retain-on-failure" },
  projects: [{ name: "chromium", use: chromium }],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && node server/start.ts`,
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      DATA_DIR: E2E_DATA_DIR,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: "error",
    },
  },
});
