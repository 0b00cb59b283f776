import { spawnSync } from "node:child_process";
import path from "node:path";
import { say } from "./support.ts";

/** `npm run drill -- hostile`: the hostile-input properties with many more runs than `npm test` gives them. */
const root = path.resolve(import.meta.dirname, "../..");

/** The property-based hostile-input tests with many more runs than `npm test` gives them. */
export function hostileDrill(): boolean {
  const env = { ...process.env, HOSTILE_RUNS: process.env.HOSTILE_RUNS ?? "3000" };
  say(`Feindliche Eingaben: ${env.HOSTILE_RUNS} Läufe je Eigenschaft (HOSTILE_RUNS)`);
  const unit = spawnSync("npx", ["vitest", "run", "hostile"], { cwd: root, env, stdio: "inherit" });
  const browser = spawnSync(
    "npx",
    ["playwright", "test", "tests/e2e/hostile-input.spec.ts"],
    // Over HTTP each run is a request: a tenth of the runs per door still sends thousands.
    {
      cwd: root,
      env: { ...env, HOSTILE_RUNS: String(Math.ceil(Number(env.HOSTILE_RUNS) / 10)) },
      stdio: "inherit",
    },
  );
  return unit.status === 0 && browser.status === 0;
}
