import { parseConfigOrExit, type Config } from "../../app/lib/env.server.ts";
import { openDatabase, type DatabaseHandle } from "../../db/database.server.ts";
import { restrictNewFiles } from "../../db/private-files.server.ts";
import { migrateToLatest } from "../../db/migrate.ts";

/** Configuration and an up-to-date database for a command-line tool; exits 1 with a message on bad config. */
export async function openForCli(): Promise<{ config: Config; database: DatabaseHandle; applied: string[] }> {
  const config = parseConfigOrExit(process.env);
  restrictNewFiles();
  const database = openDatabase(config.database);
  const applied = await migrateToLatest(database);
  return { config, database, applied };
}

export const say = (line: string) => process.stdout.write(`${line}\n`);
export const fail = (line: string): never => {
  process.stderr.write(`${line}\n`);
  process.exit(1);
};
