import fs from "node:fs";
import path from "node:path";
import { buildIfNeeded } from "../../server/build-if-needed.ts";
import { backupDrill } from "./backup.ts";
import { containerDrill } from "./container.ts";
import { diskFullDrill } from "./disk-full.ts";
import { hostileDrill } from "./hostile.ts";
import { instancesDrill } from "./instances.ts";
import { killDrill } from "./kill.ts";
import { postgresStopDrill } from "./postgres-stop.ts";
import { smtpDownDrill } from "./smtp-down.ts";
import { onBothDatabases, say } from "./support.ts";

/**
 * `npm run drill -- <name>`: fault drills against the production build on loopback, each bounded in
 * time, printing what it did and what it found, exit code 1 when a finding is wrong. On SQLite and,
 * when PostgreSQL's programs are installed, on a throwaway PostgreSQL too.
 *
 *   npm run drill -- kill      # kill -9 while 50 guests send reservation requests
 *   npm run drill -- postgres-stop   # PostgreSQL stopped under load for 3 s, then started
 *   npm run drill -- smtp-down # the mail server away for the whole run, then back
 *   npm run drill -- disk-full # DATA_DIR's disk full, then read-only, then space again (needs root)
 *   npm run drill -- hostile   # the hostile-input properties with 3000 runs each (HOSTILE_RUNS)
 *   npm run drill -- backup    # db:backup under write load, restored elsewhere, every table and file compared
 *   npm run drill -- instances # two servers on one PostgreSQL, one killed with kill -9 under guest load
 *   npm run drill -- container # deploy/Dockerfile built with podman and run: health, a reservation, a restart (needs root)
 */
const root = path.resolve(import.meta.dirname, "../..");

const drills: Record<string, () => Promise<boolean>> = {
  hostile: async () => hostileDrill(),
  backup: backupDrill,
  "postgres-stop": postgresStopDrill,
  kill: () => onBothDatabases(root, killDrill),
  "smtp-down": () => onBothDatabases(root, smtpDownDrill),
  "disk-full": () => onBothDatabases(root, diskFullDrill),
  instances: instancesDrill,
  container: containerDrill,
};

async function main() {
  const name = process.argv[2];
  const drill = name ? drills[name] : undefined;
  if (!drill) throw new Error(`Welche Übung? npm run drill -- <${Object.keys(drills).join("|")}>`);
  fs.mkdirSync(path.join(root, ".tmp"), { recursive: true });
  buildIfNeeded(root, () => undefined);
  const passed = await drill();
  say(passed ? "\nBestanden." : "\nNICHT bestanden.");
  if (!passed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`drill: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
