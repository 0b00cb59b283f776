import fs from "node:fs/promises";
import path from "node:path";
import { erasureFile, type Erasure } from "../../../app/features/guest-data/index.server.ts";

/**
 * What db:backup leaves beside its archives (decision 0042): the record of erased guest data, newer
 * than any archive there, which db:restore re-applies; and no archive older than the retention the
 * operator set (BACKUP_RETENTION_DAYS), so erased guests do not live on in old backups forever.
 */
export const ERASURE_FILE_NAME = "loeschungen.json";

/** The archives db:backup names (`tavola-<time>.tar.gz`); half-written ones start with a dot. */
const ARCHIVE_NAME = /^tavola-[0-9A-Za-z-]+\.tar\.gz$/;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Writes the record as `folder/loeschungen.json`, replacing the previous one whole (a temporary
 * file renamed over it), readable by the owner only like the archives.
 */
export async function writeErasureFile(
  folder: string,
  erasures: Erasure[],
  now = new Date(),
): Promise<string> {
  const file = path.join(folder, ERASURE_FILE_NAME);
  const temporary = path.join(folder, `.${ERASURE_FILE_NAME}.${process.pid}.unfertig`);
  const handle = await fs.open(temporary, "w", 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(erasureFile(erasures, now), null, 1)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(temporary, file);
  return file;
}

/**
 * Removes the archives in `folder` last written more than `days` days before `now`; never `keep`
 * (the one just written), nor anything not named like an archive. Returns the names removed.
 */
export async function pruneBackups(
  folder: string,
  days: number,
  { keep, now = new Date() }: { keep: string; now?: Date },
): Promise<string[]> {
  const before = now.getTime() - days * DAY_MS;
  const removed: string[] = [];
  for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
    if (!entry.isFile() || !ARCHIVE_NAME.test(entry.name) || entry.name === path.basename(keep)) continue;
    const file = path.join(folder, entry.name);
    const { mtimeMs } = await fs.stat(file);
    if (mtimeMs >= before) continue;
    await fs.rm(file, { force: true });
    removed.push(entry.name);
  }
  return removed.sort();
}
