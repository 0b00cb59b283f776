import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { authenticateStaff } from "../../app/features/auth/staff.server.ts";
import { openDatabase } from "../../db/database.server.ts";
import { cliToolPath, type CliTool } from "./tools.ts";

/** The command-line tools as an operator runs them, against a throwaway DATA_DIR. */
const root = path.resolve(import.meta.dirname, "../..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-cli-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function run(script: CliTool, args: string[], input = "") {
  const result = spawnSync(process.execPath, [cliToolPath(script), ...args], {
    cwd: root,
    input,
    encoding: "utf8",
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
  });
  return { status: result.status, out: result.stdout + result.stderr };
}

describe("command-line tools", () => {
  it("db:migrate brings a new database up to date, then reports nothing to do", () => {
    expect(run("db-migrate.ts", [])).toMatchObject({
      status: 0,
      out: expect.stringContaining("0001-initial-schema"),
    });
    expect(run("db-migrate.ts", []).out).toContain("auf dem neuesten Stand");
  });

  // Each run of the command starts Node and hashes passwords (scrypt): slow on a busy machine.
  it("staff set-password creates an account, refuses short passwords, and lists accounts", async () => {
    const short = run("staff.ts", ["set-password", "Anna"], "kurz\n");
    expect(short.status).toBe(1);
    expect(short.out).toContain("mindestens 10 Zeichen");
    expect(run("staff.ts", ["set-password", "Anna"], "ein-gutes-passwort\n")).toMatchObject({
      status: 0,
      out: expect.stringContaining("angelegt"),
    });
    expect(run("staff.ts", ["set-password", "anna"], "ein-neues-passwort\n").out).toContain("Neues Passwort");
    expect(run("staff.ts", ["list"]).out).toMatch(/^Anna\tInhaber/m);
    expect(run("staff.ts", ["unbekannt"]).status).toBe(1);
    const common = run("staff.ts", ["set-password", "Bruno"], "1234567890\n");
    expect(common).toMatchObject({ status: 1, out: expect.stringContaining("häufigsten") });

    // For emergencies: roles and a lost phone's second factor, from the terminal.
    run("staff.ts", ["set-password", "Bruno"], "ein-gutes-passwort\n");
    expect(run("staff.ts", ["list"]).out).toMatch(/^Bruno\tMitarbeiter/m);
    expect(run("staff.ts", ["role", "bruno", "owner"])).toMatchObject({
      status: 0,
      out: expect.stringContaining("Inhaber"),
    });
    expect(run("staff.ts", ["list"]).out).toMatch(/^Bruno\tInhaber/m);
    expect(run("staff.ts", ["role", "bruno", "chef"]).status).toBe(1);
    expect(run("staff.ts", ["role", "bruno", "staff"]).status).toBe(0);
    const lastOwner = run("staff.ts", ["role", "anna", "staff"]);
    expect(lastOwner).toMatchObject({ status: 1, out: expect.stringContaining("letzte Inhaber-Konto") });
    expect(run("staff.ts", ["role", "niemand", "staff"]).status).toBe(1);
    expect(run("staff.ts", ["reset-2fa", "Bruno"])).toMatchObject({
      status: 0,
      out: expect.stringContaining("ausgeschaltet"),
    });

    // For someone else: --temporary makes them choose their own at the next sign-in (decision 0027).
    expect(run("staff.ts", ["set-password", "Carla", "--temporary"], "ein-gutes-passwort\n")).toMatchObject({
      status: 0,
      out: expect.stringContaining("nächsten Anmeldung"),
    });
    expect(run("staff.ts", ["list"]).out).toMatch(/^Carla\tMitarbeiter, muss Passwort ändern/m);
    expect(run("staff.ts", ["set-password", "Carla", "--vorlaeufig"], "ein-gutes-passwort\n").status).toBe(1);
    // A look-alike of an existing name (Cyrillic 'а') is refused; nothing is created.
    const lookalike = run("staff.ts", ["set-password", "Аnna"], "ein-gutes-passwort\n");
    expect(lookalike).toMatchObject({ status: 1, out: expect.stringContaining("zum Verwechseln ähnlich") });
    expect(
      run("staff.ts", ["list"])
        .out.split("\n")
        .filter((line) => line.trim()),
    ).toHaveLength(3);

    const database = openDatabase({ kind: "sqlite", file: path.join(dataDir, "tavola.sqlite") });
    try {
      expect(await authenticateStaff(database.db, "Anna", "ein-gutes-passwort")).toBeUndefined();
      expect(await authenticateStaff(database.db, "Anna", "ein-neues-passwort")).toBeDefined();
    } finally {
      await database.close();
    }
  }, 90_000);

  it("db:backup writes one archive, db:restore puts it into an empty DATA_DIR and refuses a second time", async () => {
    const target = path.join(dataDir, "sicherung.tar.gz");
    const backup = run("db-backup.ts", [target]);
    expect(backup).toMatchObject({ status: 0, out: expect.stringContaining("Sicherung geschrieben") });
    expect(fs.statSync(target).mode & 0o777).toBe(0o600);
    expect(run("db-backup.ts", [target])).toMatchObject({
      status: 1,
      out: expect.stringContaining("gibt es schon"),
    });

    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-cli-restore-"));
    const restore = (archive: string) =>
      spawnSync(process.execPath, [cliToolPath("db-restore.ts"), archive], {
        cwd: root,
        encoding: "utf8",
        env: { ...process.env, DATA_DIR: elsewhere, DATABASE_URL: "" },
      });
    try {
      const first = restore(target);
      expect(first.stdout).toContain("Wiederhergestellt");
      expect(first.status).toBe(0);
      const copy = openDatabase({ kind: "sqlite", file: path.join(elsewhere, "tavola.sqlite") });
      try {
        expect(
          await copy.db.selectFrom("staff_users").select("username").orderBy("username").execute(),
        ).toEqual([{ username: "Anna" }, { username: "Bruno" }, { username: "Carla" }]);
      } finally {
        await copy.close();
      }
      const second = restore(target);
      expect(second.status).toBe(1);
      expect(second.stderr).toContain("ist nicht leer");
      expect(restore(path.join(dataDir, "gibt-es-nicht.tar.gz")).stderr).toContain("gibt es nicht");
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it("a wrong configuration value stops a tool with the variable's name", () => {
    const result = spawnSync(process.execPath, [cliToolPath("db-migrate.ts")], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "mysql://nope" },
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("DATABASE_URL");
  });
});
