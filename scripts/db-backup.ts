import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { fail, openForCli, say } from "./cli-support.ts";

/**
 * `npm run db:backup [target-file]`: a consistent copy of the SQLite database while the server runs
 * (VACUUM INTO reads one snapshot). Uploaded files live next to it in DATA_DIR and are copied with
 * any file backup. On PostgreSQL, use pg_dump instead.
 */
const { config, database } = await openForCli();
try {
  if (database.dialect !== "sqlite")
    fail("Die Datenbank ist PostgreSQL: sichern Sie sie mit pg_dump (siehe README).");
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const target = path.resolve(
    process.argv[2] ?? path.join(config.dataDir, "backups", `tavola-${stamp}.sqlite`),
  );
  if (fs.existsSync(target)) fail(`${target} gibt es schon. Nichts wurde geschrieben.`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  await sql`vacuum into ${target}`.execute(database.db);
  say(`Sicherung geschrieben: ${target}`);
} finally {
  await database.close();
}
