import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { incomingDirOf, receiveToFile } from "../app/common/pictures/upload.server.ts";
import { openDatabase } from "../db/database.server.ts";
import { parseConfig } from "../app/lib/env.server.ts";
import { createBackup } from "../scripts/cli/backup/create.ts";
import { restoreBackup } from "../scripts/cli/backup/restore.ts";
import { testBuild } from "../tests/support/router-build.ts";
import { recordingLogger } from "../tests/support/silent-logger.ts";
import { createApp } from "./app.ts";

/**
 * DATA_DIR is the server account's only (decision 0026): folders 0700, files 0600 — the database
 * with its -wal and -shm, the pictures and their variants, uploads on their way, backups — on a
 * fresh start, at the start of an installation whose DATA_DIR was readable by everyone, and after a
 * restore. The tests run under the common umask 022, so the modes are the code's, not the umask's.
 */
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-modes-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

let umask: number;
beforeEach(() => {
  umask = process.umask(0o022);
});
afterEach(() => {
  process.umask(umask);
});

const build = testBuild(
  () => new Response("<!DOCTYPE html><p>ok</p>", { headers: { "Content-Type": "text/html" } }),
  {
    home: { index: true, module: { default: () => null, loader: () => ({}) } },
  },
);

/** Every folder and file below `root` (and root itself as "."), with its permission bits in octal. */
function modesOf(root: string): Record<string, string> {
  const found: Record<string, string> = { ".": (fs.statSync(root).mode & 0o777).toString(8) };
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isSymbolicLink()) continue;
    found[path.relative(root, full)] = (fs.lstatSync(full).mode & 0o777).toString(8);
  }
  return found;
}

/** The entries of `modes` that are not 0700 for a folder or 0600 for a file. */
function notPrivate(root: string): Record<string, string> {
  const modes = modesOf(root);
  return Object.fromEntries(
    Object.entries(modes).filter(([name, mode]) => {
      const directory = fs.statSync(path.join(root, name)).isDirectory();
      return mode !== (directory ? "700" : "600");
    }),
  );
}

async function start(dataDir: string) {
  const config = parseConfig({
    DATA_DIR: dataDir,
    ADMIN_USERNAME: "chef",
    ADMIN_PASSWORD: "test-passwort-1",
    DEMO_CONTENT: "on",
  });
  return createApp(config, { build, logger: recordingLogger().logger, mailWorker: false });
}

describe("DATA_DIR is the server account's only", () => {
  it("on a fresh start: the folder, the database with -wal and -shm, pictures, variants, uploads, backups", async () => {
    const dataDir = path.join(scratch, "fresh");
    const app = await start(dataDir);
    try {
      const names = Object.keys(modesOf(dataDir));
      expect(names).toEqual(
        expect.arrayContaining(["tavola.sqlite", "tavola.sqlite-wal", "tavola.sqlite-shm"]),
      );
      // The demo gallery's pictures, each with its WebP variants, in sub-folders of pictures/.
      expect(
        names.filter((name) => name.startsWith("pictures/gallery/") && name.endsWith("w.webp")).length,
      ).toBeGreaterThan(3);
      // An upload on its way.
      const incoming = path.join(incomingDirOf(dataDir), "upload-1");
      await receiveToFile(new Blob(["bytes"]).stream(), incoming);
      expect(fs.existsSync(incoming)).toBe(true);
      await createBackup({
        database: app.database,
        dataDir,
        target: path.join(dataDir, "backups", "a.tar.gz"),
      });
      expect(fs.existsSync(path.join(dataDir, "backups", "a.tar.gz"))).toBe(true);
      expect(notPrivate(dataDir)).toEqual({});
    } finally {
      await app.close();
    }
  });

  it("at the start of an installation whose DATA_DIR every local user could read, without following links out of it", async () => {
    const dataDir = path.join(scratch, "older");
    fs.mkdirSync(path.join(dataDir, "pictures", "gallery"), { recursive: true, mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    const database = new DatabaseSync(path.join(dataDir, "tavola.sqlite"));
    database.exec("PRAGMA journal_mode = WAL");
    database.exec("create table t (x)");
    fs.writeFileSync(path.join(dataDir, "pictures", "gallery", "alt.jpg"), "alt", { mode: 0o644 });
    const outside = path.join(scratch, "outside.txt");
    fs.writeFileSync(outside, "not ours", { mode: 0o644 });
    fs.symlinkSync(outside, path.join(dataDir, "link"));
    expect(modesOf(dataDir)).toMatchObject({
      ".": "755",
      "tavola.sqlite": "644",
      "tavola.sqlite-wal": "644",
      "tavola.sqlite-shm": "644",
      "pictures/gallery/alt.jpg": "644",
    });
    database.close();

    const app = await start(dataDir);
    try {
      expect(notPrivate(dataDir)).toEqual({});
      expect(fs.statSync(outside).mode & 0o777).toBe(0o644);
    } finally {
      await app.close();
    }
  });

  it("after a restore, also into a DATA_DIR made beforehand with the usual modes", async () => {
    const source = path.join(scratch, "source");
    const app = await start(source);
    const archive = path.join(scratch, "backup.tar.gz");
    try {
      await createBackup({ database: app.database, dataDir: source, target: archive });
    } finally {
      await app.close();
    }
    const dataDir = path.join(scratch, "restored");
    fs.mkdirSync(dataDir, { mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    const file = path.join(dataDir, "tavola.sqlite");
    const result = await restoreBackup({ archive, dataDir, target: { kind: "sqlite", file } });
    expect(result.files).toBeGreaterThan(3);
    expect(Object.keys(modesOf(dataDir))).toContain("tavola.sqlite");
    expect(notPrivate(dataDir)).toEqual({});

    // Opened again (a command, the server): SQLite's -wal and -shm take the database file's mode.
    const reopened = openDatabase({ kind: "sqlite", file });
    try {
      await reopened.db.updateTable("page_versions").set({ version: 5 }).execute();
      expect(Object.keys(modesOf(dataDir))).toEqual(
        expect.arrayContaining(["tavola.sqlite-wal", "tavola.sqlite-shm"]),
      );
      expect(notPrivate(dataDir)).toEqual({});
    } finally {
      await reopened.close();
    }
  });
});
