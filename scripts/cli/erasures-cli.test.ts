import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { deleteGuestData, findGuestData } from "../../app/features/guest-data/guest-data.server.ts";
import { checkGuestTerm } from "../../app/features/guest-data/schema.ts";
import { addDays, berlinNow } from "../../app/lib/calendar.ts";
import { openDatabase } from "../../db/database.server.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { insertReservation } from "../../tests/support/reservations.ts";
import { ERASURE_FILE_NAME } from "./backup/keep.ts";
import { cliToolPath, type CliTool } from "./tools.ts";

/**
 * Art. 17 GDPR across backups (decision 0042), as an operator runs the tools: a guest erased after
 * a backup stays erased when that backup is restored, a restore without the record is refused, the
 * retention periods run right after a restore, and old archives go after BACKUP_RETENTION_DAYS.
 */
const root = path.resolve(import.meta.dirname, "../..");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-erasures-cli-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function run(script: CliTool, args: string[], dataDir: string, env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [cliToolPath(script), ...args], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", DEMO_CONTENT: "off", ...env },
  });
  return { status: result.status, out: result.stdout + result.stderr };
}

const term = (value: string) => {
  const check = checkGuestTerm(value);
  if (!check.ok) throw new Error(check.message);
  return check.term;
};

describe("db:backup and db:restore with erased guests", () => {
  const site = path.join(scratch, "site");
  const backups = path.join(scratch, "backups");
  const file = path.join(site, "tavola.sqlite");

  it("a week-old backup restored brings back no guest erased since, nor notes past their period", async () => {
    fs.mkdirSync(backups, { recursive: true });
    const database = openDatabase({ kind: "sqlite", file });
    const today = berlinNow().date;
    try {
      await migrateToLatest(database);
      await insertReservation(database.db, { name: "Anna Berg", email: "anna.berg@example.de", date: today });
      await insertReservation(database.db, { name: "Bruno Kern", email: "bruno@example.de", date: today });
      // Bruno's notes are past their period (14 days by default) by the time the backup is restored.
      await database.db
        .updateTable("reservations")
        .set({ notes: "Nussallergie", reservation_date: addDays(today, -20) })
        .where("customer_name", "=", "Bruno Kern")
        .execute();
      const old = run("db-backup.ts", [`${backups}/`], site);
      expect(old.status, old.out).toBe(0);

      // Anna asks to be erased (Gastdaten); the nightly backup runs afterwards.
      const anna = term("anna.berg@example.de");
      const { stand } = await findGuestData(database.db, anna);
      expect(await deleteGuestData(database, anna, stand)).toMatchObject({
        outcome: "deleted",
        reservations: 1,
      });
    } finally {
      await database.close();
    }
    const oldArchive = fs.readdirSync(backups).find((name) => name.endsWith(".tar.gz")) ?? "";
    const nightly = run("db-backup.ts", [`${backups}/`], site);
    expect(nightly.status, nightly.out).toBe(0);
    expect(fs.statSync(path.join(backups, ERASURE_FILE_NAME)).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(path.join(backups, ERASURE_FILE_NAME), "utf8")).not.toMatch(/anna|berg/i);

    // The site is lost; the operator restores the older archive.
    const restoredDir = path.join(scratch, "restored");
    const restore = run("db-restore.ts", [path.join(backups, oldArchive)], restoredDir);
    expect(restore.status, restore.out).toBe(0);
    expect(restore.out).toContain("1 Reservierungen und 0 E-Mails erneut gelöscht");
    const restored = openDatabase({ kind: "sqlite", file: path.join(restoredDir, "tavola.sqlite") });
    try {
      const rows = await restored.db.selectFrom("reservations").select(["customer_name", "notes"]).execute();
      expect(rows).toEqual([{ customer_name: "Bruno Kern", notes: null }]);
      expect(await restored.db.selectFrom("guest_erasures").select("kind").execute()).toEqual([
        { kind: "reservation" },
      ]);
    } finally {
      await restored.close();
    }
    const bytes = fs.readFileSync(path.join(restoredDir, "tavola.sqlite"));
    expect(bytes.includes("anna.berg@example.de")).toBe(false);
    expect(bytes.includes("Nussallergie")).toBe(false);
  }, 120_000);

  it("refuses to restore without the record, and changes nothing", () => {
    const elsewhere = path.join(scratch, "ohne-liste");
    fs.mkdirSync(elsewhere);
    const archive = fs.readdirSync(backups).find((name) => name.endsWith(".tar.gz")) ?? "";
    fs.copyFileSync(path.join(backups, archive), path.join(elsewhere, archive));
    const target = path.join(scratch, "ohne-liste-ziel");
    const refused = run("db-restore.ts", [path.join(elsewhere, archive)], target);
    expect(refused.status).toBe(1);
    expect(refused.out).toContain("Löschliste");
    expect(fs.existsSync(path.join(target, "tavola.sqlite"))).toBe(false);
    // A file that is not the record is refused too.
    fs.writeFileSync(path.join(elsewhere, "falsch.json"), "{}");
    const wrong = run(
      "db-restore.ts",
      [path.join(elsewhere, archive), "--loeschungen", path.join(elsewhere, "falsch.json")],
      target,
    );
    expect(wrong.status).toBe(1);
    expect(wrong.out).toContain("keine Löschliste von Tavola");
    expect(fs.existsSync(path.join(target, "tavola.sqlite"))).toBe(false);
    // Given, it restores.
    const given = run(
      "db-restore.ts",
      [path.join(elsewhere, archive), "--loeschungen", path.join(backups, ERASURE_FILE_NAME)],
      target,
    );
    expect(given.status, given.out).toBe(0);
  }, 120_000);

  it("removes archives older than BACKUP_RETENTION_DAYS from its folder, and nothing else", () => {
    const day = 24 * 60 * 60 * 1000;
    const aged = (name: string, days: number) => {
      const at = path.join(backups, name);
      fs.writeFileSync(at, "alt");
      const time = new Date(Date.now() - days * day);
      fs.utimesSync(at, time, time);
    };
    aged("tavola-2026-10-01T03-15-00-000Z.tar.gz", 31);
    aged("tavola-2026-10-20T03-15-00-000Z.tar.gz", 10);
    aged("notizen.txt", 400);
    const backup = run("db-backup.ts", [`${backups}/`], site);
    expect(backup.status, backup.out).toBe(0);
    const names = fs.readdirSync(backups);
    expect(names).not.toContain("tavola-2026-10-01T03-15-00-000Z.tar.gz");
    expect(names).toContain("tavola-2026-10-20T03-15-00-000Z.tar.gz");
    expect(names).toContain("notizen.txt");
    // The operator's own period: 5 days.
    expect(run("db-backup.ts", [`${backups}/`], site, { BACKUP_RETENTION_DAYS: "5" }).status).toBe(0);
    expect(fs.readdirSync(backups)).not.toContain("tavola-2026-10-20T03-15-00-000Z.tar.gz");
    expect(fs.readdirSync(backups).filter((name) => name.endsWith(".tar.gz")).length).toBeGreaterThanOrEqual(
      3,
    );
    expect(run("db-backup.ts", [`${backups}/`], site, { BACKUP_RETENTION_DAYS: "0" })).toMatchObject({
      status: 1,
      out: expect.stringContaining("BACKUP_RETENTION_DAYS"),
    });
  }, 120_000);
});
