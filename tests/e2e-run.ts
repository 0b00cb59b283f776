import { spawn } from "node:child_process";
import path from "node:path";

/**
 * `npm run test:e2e [-- --slow] [playwright arguments]`: Playwright's `test` command; `--slow` is
 * slow mode (`E2E_SLOW=1`, tests/support/slow-mode.ts, decision 0045), everything else goes to
 * Playwright as given.
 */
const root = path.resolve(import.meta.dirname, "..");
const given = process.argv.slice(2);
const slow = given.includes("--slow");
const args = given.filter((argument) => argument !== "--slow");
const child = spawn(path.join(root, "node_modules", ".bin", "playwright"), ["test", ...args], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, ...(slow ? { E2E_SLOW: "1" } : {}) },
});
// Ctrl+C reaches Playwright through the terminal's process group: wait for it to end its run. A
// plain kill is passed on.
process.on("SIGINT", () => undefined);
process.on("SIGTERM", () => child.kill("SIGTERM"));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
