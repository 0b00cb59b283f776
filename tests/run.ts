import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { flakyTests, type PlaywrightReport } from "./support/playwright-report.ts";

/**
 * `npm test`: the unit and integration tests (Vitest; SQLite and PostgreSQL), then the browser tests
 * (Playwright on the system Chromium). Both always run; the last line sums them up as
 * `N passed, M failed`, and the exit code is non-zero if anything failed.
 */
const root = path.resolve(import.meta.dirname, "..");
const reports = path.join(root, ".tmp", "reports");
fs.mkdirSync(reports, { recursive: true });
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
const extra = process.argv.slice(2);

function run(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

const vitestReport = path.join(reports, "vitest.json");
const playwrightReport = path.join(reports, "playwright.json");
fs.rmSync(vitestReport, { force: true });
fs.rmSync(playwrightReport, { force: true });

const vitestStatus = run(bin("vitest"), [
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile=${vitestReport}`,
  ...extra,
]);
const playwrightStatus = run(bin("playwright"), ["test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport });

const unit = readJson(vitestReport) as { numPassedTests?: number; numFailedTests?: number } | undefined;
const browser = readJson(playwrightReport) as PlaywrightReport | undefined;
const passed = (unit?.numPassedTests ?? 0) + (browser?.stats?.expected ?? 0) + (browser?.stats?.flaky ?? 0);
let failed = (unit?.numFailedTests ?? 0) + (browser?.stats?.unexpected ?? 0);
// A runner that crashed before reporting counts as one failure, never as silence.
if (vitestStatus !== 0 && !unit?.numFailedTests) failed += 1;
if (playwrightStatus !== 0 && !browser?.stats?.unexpected) failed += 1;

process.stdout.write(
  `\nunit: ${unit?.numPassedTests ?? 0} passed, ${unit?.numFailedTests ?? 0} failed (exit ${vitestStatus})\n`,
);
process.stdout.write(
  // Flaky tests (passed only on a retry) count as passed below, but are named here so they are not missed.
  `browser: ${browser?.stats?.expected ?? 0} passed, ${browser?.stats?.unexpected ?? 0} failed, ${browser?.stats?.flaky ?? 0} flaky (exit ${playwrightStatus})\n`,
);
// Each flaky test by name, so that one passing on CI's retry is seen (issue 42).
for (const name of flakyTests(browser)) process.stdout.write(`flaky (passed only on a retry): ${name}\n`);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failed > 0 || vitestStatus !== 0 || playwrightStatus !== 0 ? 1 : 0);
