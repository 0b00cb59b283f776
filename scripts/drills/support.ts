import fs from "node:fs";
import path from "node:path";
import type { DatabaseTarget } from "../../db/database.server.ts";
import { findPostgresBinaries, startThrowawayPostgres } from "../../tests/support/throwaway-postgres.ts";
import { BENCH_STAFF } from "../../tests/support/production-server.ts";

/** What every drill shares: how it speaks, how it judges, and how it signs in as staff. */
export const say = (line: string) => process.stdout.write(`${line}\n`);

export interface Finding {
  text: string;
  holds: boolean;
}

/** Prints each finding with ✓ or ✗; true when all hold. */
export function reportFindings(findings: Finding[]): boolean {
  for (const finding of findings) say(`  ${finding.holds ? "✓" : "✗"} ${finding.text}`);
  return findings.every((finding) => finding.holds);
}

/** Signs in through the form as the staff account `startProductionServer` creates; returns the cookie. */
export async function signInAsStaff(origin: string): Promise<string> {
  const signIn = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams(BENCH_STAFF),
  });
  const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  if (!cookie.includes("=")) throw new Error(`Anmeldung gescheitert (${signIn.status})`);
  return cookie;
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type DrillOnDatabase = (
  label: string,
  env: Record<string, string>,
  target: DatabaseTarget,
) => Promise<boolean>;

/**
 * Runs a drill on SQLite (in a folder of its own under `.tmp`, which outlives a server's restart)
 * and, when PostgreSQL's programs are installed, on a throwaway PostgreSQL.
 */
export async function onBothDatabases(root: string, drill: DrillOnDatabase): Promise<boolean> {
  const sqliteDir = fs.mkdtempSync(path.join(root, ".tmp", "drill-"));
  let passed: boolean;
  try {
    passed = await drill(
      "SQLite",
      { DATA_DIR: sqliteDir },
      { kind: "sqlite", file: path.join(sqliteDir, "tavola.sqlite") },
    );
  } finally {
    fs.rmSync(sqliteDir, { recursive: true, force: true });
  }
  const binaries = findPostgresBinaries();
  if (!binaries) {
    say("\nPostgreSQL: übersprungen (keine Programme gefunden)");
    return passed;
  }
  const postgres = await startThrowawayPostgres(binaries);
  try {
    const onPostgres = await drill(
      "PostgreSQL",
      { DATABASE_URL: postgres.url },
      { kind: "postgres", url: postgres.url },
    );
    return passed && onPostgres;
  } finally {
    postgres.stop();
  }
}
