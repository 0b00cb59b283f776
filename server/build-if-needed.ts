import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * `npm start` builds when there is no build or when a source file is newer than the last build,
 * so the quick start is two commands and an edited checkout never serves stale code.
 */
const sources = [
  "app",
  "server",
  "db",
  "public",
  "vite.config.ts",
  "react-router.config.ts",
  "package-lock.json",
];

function newestModification(entry: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry))
    newest = Math.max(newest, newestModification(path.join(entry, child)));
  return newest;
}

export function buildIsCurrent(root: string): boolean {
  const output = path.join(root, "build", "server", "index.js");
  if (!fs.existsSync(output)) return false;
  const built = fs.statSync(output).mtimeMs;
  return sources.every((source) => newestModification(path.join(root, source)) <= built);
}

export function buildIfNeeded(root: string, log: (line: string) => void): void {
  if (buildIsCurrent(root)) return;
  log("Tavola: baue die Anwendung (npm run build) …");
  const result = spawnSync(
    process.execPath,
    [path.join(root, "node_modules", "@react-router", "dev", "bin.cjs"), "build"],
    {
      cwd: root,
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, NODE_ENV: "production" },
    },
  );
  if (result.status !== 0) throw new Error("Der Build ist fehlgeschlagen (siehe Ausgabe oben).");
}
