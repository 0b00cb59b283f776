import { defineConfig } from "vitest/config";

/** Unit and integration tests next to the code; the data-layer tests run on SQLite and PostgreSQL. */
export default defineConfig({
  test: {
    include: ["{app,server,db,scripts,deploy}/**/*.test.{ts,tsx}", "tests/*.test.ts"],
    globalSetup: ["tests/support/vitest-global-setup.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
