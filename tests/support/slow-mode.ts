/**
 * Slow mode of the browser tests (`npm run test:e2e -- --slow`, or `E2E_SLOW=1`): a stand-in for a
 * machine well below the one the suite was written on (issue 42, decision 0045). Chromium's CPU is
 * throttled 4× on every page (tests/e2e/fixtures.ts), every server the tests start runs on one core
 * (`taskset -c 0`, tests/support/server-process.ts), and retries are off (playwright.config.ts), so a
 * test that depends on the machine's speed fails instead of passing on a second try.
 */
export const SLOW = process.env.E2E_SLOW === "1";

/** Chromium's CPU throttling rate in slow mode (`Emulation.setCPUThrottlingRate`). */
export const CPU_THROTTLING_RATE = 4;

/** The factor slow mode gives a test's time limit and the default assertion time limit. */
export const SLOW_TIMEOUT_FACTOR = 4;

/** The command that starts `args` in the current mode: on core 0 alone in slow mode. */
export function serverCommand(args: string[]): { command: string; args: string[] } {
  return SLOW
    ? { command: "taskset", args: ["--cpu-list", "0", process.execPath, ...args] }
    : { command: process.execPath, args };
}
