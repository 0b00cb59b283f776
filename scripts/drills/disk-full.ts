import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import sharp from "sharp";
import { openDatabase, type DatabaseTarget } from "../../db/database.server.ts";
import { FILE_NAME_HEADER, UPLOAD_PATH } from "../../app/common/pictures/picture-upload.ts";
import { storedKeysOf } from "../../app/common/pictures/uploaded-pictures.ts";
import { guestForm, openDayAhead } from "../bench/reservation-figures.ts";
import { startProductionServer, stopProductionServer } from "../../tests/support/production-server.ts";
import { reportFindings, say, signInAsStaff, type Finding } from "./support.ts";

/**
 * `npm run drill -- disk-full`: DATA_DIR on a small tmpfs of its own. The disk is filled to the last
 * byte, then staff upload a picture and guests send reservation requests; then the tmpfs is made
 * read-only (the 'folder not writable' case); then space is freed. Expected: the German message
 * each time (never a server error page), no partial file left, the database intact, every request
 * confirmed to a guest stored, and everything working again once there is space, without a restart.
 *
 * Needs root (mount); on SQLite the database shares the full disk; on PostgreSQL the pictures do,
 * and reservations, whose database has room, must go on working.
 */
const SIZE_MB = 96;
const GUEST_REQUESTS = 40;

interface Answer {
  status: number;
  text: string;
}

const mount = (args: string[]) => execFileSync("mount", args, { stdio: "pipe" });

/** Fills the file system under `dir` to the last byte it gives; returns the filler's path. */
function fillDisk(dir: string): string {
  const filler = path.join(dir, "fuellung.bin");
  const fd = fs.openSync(filler, "w");
  try {
    for (const size of [1 << 20, 1 << 14, 1 << 10, 64, 1]) {
      const chunk = Buffer.alloc(size, 0xaa);
      for (;;) {
        try {
          fs.writeSync(fd, chunk);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === "ENOSPC") break;
          throw error;
        }
      }
    }
  } finally {
    fs.closeSync(fd);
  }
  return filler;
}

/** Every file under `dir` with its size, except the filler: what a drill step must not have changed. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((name) => fs.statSync(path.join(dir, name)).isFile())
    .sort();
}

async function answerOf(response: Promise<Response>): Promise<Answer> {
  const answer = await response;
  return { status: answer.status, text: await answer.text() };
}

const root = path.resolve(import.meta.dirname, "..", "..");

export async function diskFullDrill(label: string, env: Record<string, string>, target: DatabaseTarget) {
  say(`\n${label}: Festplatte voll (tmpfs ${SIZE_MB} MB), dann schreibgeschützt, dann wieder Platz`);
  const mountPoint = fs.mkdtempSync(path.join(root, ".tmp", "voll-"));
  try {
    mount(["-t", "tmpfs", "-o", `size=${SIZE_MB}m`, "tmpfs", mountPoint]);
  } catch (error) {
    fs.rmSync(mountPoint, { recursive: true, force: true });
    say(`  ✗ kein tmpfs möglich (braucht root): ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
  const dataDir = path.join(mountPoint, "data");
  const sqlite = target.kind === "sqlite";
  // On SQLite the database lives in DATA_DIR: that is the disk that fills up.
  const databaseTarget: DatabaseTarget = sqlite
    ? { kind: "sqlite", file: path.join(dataDir, "tavola.sqlite") }
    : target;
  const server = await startProductionServer("0", {
    RESERVATION_RATE_LIMIT: "0",
    LOG_LEVEL: "silent",
    ...env,
    DATA_DIR: dataDir,
  });
  const { origin } = server;
  const findings: Finding[] = [];
  // Noise compresses badly: a photo of a few MB, more than any space left.
  const photo = await sharp(randomBytes(2400 * 1600 * 3), { raw: { width: 2400, height: 1600, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  try {
    const cookie = await signInAsStaff(origin);
    const upload = (name: string) =>
      answerOf(
        fetch(`${origin}${UPLOAD_PATH}?ziel=galerie`, {
          method: "POST",
          headers: {
            cookie,
            origin,
            "content-type": "image/jpeg",
            [FILE_NAME_HEADER]: encodeURIComponent(name),
          },
          body: photo,
        }),
      );
    const date = openDayAhead();
    const prefix = `Voll${Date.now()}`;
    let sentCount = 0;
    const reserve = () => {
      const index = sentCount++;
      return answerOf(
        fetch(`${origin}/_.data?index`, {
          method: "POST",
          headers: { origin, "content-type": "application/x-www-form-urlencoded" },
          body: guestForm(prefix, index, date),
        }),
      ).then((answer) => ({ ...answer, token: `${prefix}-${index}` }));
    };
    const picturesDir = path.join(dataDir, "pictures");
    const before = filesUnder(picturesDir);

    // 1. The disk is full.
    const filler = fillDisk(mountPoint);
    say(`  Platte gefüllt: ${(fs.statSync(filler).size / 2 ** 20).toFixed(1)} MB Füllung, 0 Bytes frei`);
    const fullUpload = await upload("voll.jpg");
    const afterUpload = filesUnder(picturesDir);
    const leftovers = filesUnder(dataDir).filter(
      (name) => /\.(tmp|upload)$/.test(name) || name.startsWith("eingang/"),
    );
    findings.push({
      text: `Bild-Upload bei voller Platte: ${fullUpload.status}, '${/kein Speicherplatz mehr frei/.test(fullUpload.text) ? "Auf dem Server ist kein Speicherplatz mehr frei …" : fullUpload.text.slice(0, 80)}'`,
      holds: fullUpload.status === 507 && /kein Speicherplatz mehr frei/.test(fullUpload.text),
    });
    findings.push({
      text: `keine halben Dateien: ${afterUpload.length - before.length} neue Bilddateien, ${leftovers.length} Reste (0, 0)`,
      holds: afterUpload.length === before.length && leftovers.length === 0,
    });

    const pages = await Promise.all(
      ["/", "/speisekarte", "/admin/reservations"].map((pathname) =>
        fetch(`${origin}${pathname}`, { headers: { cookie } }).then(
          (response) => response.status,
          () => 0, // a broken connection counts as a failure
        ),
      ),
    );
    findings.push({
      text: `Seiten bei voller Platte (/, /speisekarte, /admin/reservations): ${pages.join(", ")} (200)`,
      holds: pages.every((status) => status === 200),
    });

    const answers = [];
    for (let n = 0; n < GUEST_REQUESTS; n += 1) answers.push(await reserve());
    const confirmed = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter(
      (answer) =>
        answer.status === 507 && /weil unser Server im Moment nichts speichern kann/.test(answer.text),
    );
    const other = answers.length - confirmed.length - refused.length;
    say(
      `  ${answers.length} Reservierungsanfragen bei voller Platte: ${confirmed.length} × 200, ` +
        `${refused.length} × 507 mit der deutschen Meldung, ${other} andere`,
    );
    findings.push({
      text: `andere Antworten als 200 oder 507 mit Meldung: ${other} (0)`,
      holds: other === 0,
    });
    if (sqlite)
      findings.push({
        text: `abgelehnt mit 'Ihre Anfrage konnte gerade nicht gespeichert werden …': ${refused.length} (> 0)`,
        holds: refused.length > 0,
      });
    else
      findings.push({
        text: `Reservierungen gehen weiter (die Datenbank hat Platz): ${confirmed.length} von ${answers.length}`,
        holds: confirmed.length === answers.length,
      });

    // 2. Space again, but the pictures' folder read-only (a bind mount of it, remounted read-only).
    fs.rmSync(filler);
    fs.mkdirSync(picturesDir, { recursive: true });
    mount(["--bind", picturesDir, picturesDir]);
    mount(["-o", "remount,bind,ro", picturesDir]);
    say("  Platz wieder frei, aber der Bilderordner schreibgeschützt (mount -o remount,bind,ro)");
    let readOnlyUpload: Answer;
    try {
      readOnlyUpload = await upload("gesperrt.jpg");
    } finally {
      execFileSync("umount", [picturesDir], { stdio: "pipe" });
    }
    findings.push({
      text: `Bild-Upload in den schreibgeschützten Ordner: ${readOnlyUpload.status}, '${/nicht schreiben/.test(readOnlyUpload.text) ? "Der Server darf in seinen Bilderordner nicht schreiben …" : readOnlyUpload.text.slice(0, 80)}'`,
      holds: readOnlyUpload.status === 507 && /nicht schreiben/.test(readOnlyUpload.text),
    });
    const afterReadOnly = filesUnder(dataDir).filter((name) => /\.(tmp|upload)$/.test(name));
    findings.push({ text: `Reste danach: ${afterReadOnly.length} (0)`, holds: afterReadOnly.length === 0 });

    // 3. Everything works again without a restart.
    const laterUpload = await upload("wieder-da.jpg");
    const laterReservation = await reserve();
    answers.push(laterReservation);
    findings.push({
      text: `danach ohne Neustart: Upload ${laterUpload.status} (201), Reservierung ${laterReservation.status} (200)`,
      holds: laterUpload.status === 201 && laterReservation.status === 200,
    });

    const handle = openDatabase(databaseTarget);
    try {
      const stored = new Set(
        (
          await handle.db
            .selectFrom("reservations")
            .select("request_token")
            .where("customer_name", "like", `${prefix} %`)
            .execute()
        ).map((row) => row.request_token),
      );
      const confirmedTokens = answers.filter((answer) => answer.status === 200).map((answer) => answer.token);
      const lost = confirmedTokens.filter((token) => !stored.has(token)).length;
      const phantom = answers.filter((answer) => answer.status !== 200 && stored.has(answer.token)).length;
      findings.push({ text: `bestätigt, aber nicht gespeichert: ${lost} (0)`, holds: lost === 0 });
      findings.push({ text: `abgelehnt, aber doch gespeichert: ${phantom} (0)`, holds: phantom === 0 });
      const gallery = await handle.db.selectFrom("gallery_images").select("storage_path").execute();
      const missingFiles = gallery
        .flatMap((row) => storedKeysOf(row.storage_path))
        .filter((key) => !fs.existsSync(path.join(picturesDir, key))).length;
      findings.push({
        text: `Galerie-Einträge ohne ihre Datei: ${missingFiles} (0)`,
        holds: missingFiles === 0,
      });
      if (sqlite) {
        const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(handle.db);
        const verdict = check.rows.map((row) => row.integrity_check).join(", ");
        findings.push({ text: `SQLite integrity_check: ${verdict} (ok)`, holds: verdict === "ok" });
      }
    } finally {
      await handle.close();
    }
    return reportFindings(findings);
  } finally {
    await stopProductionServer(server);
    try {
      execFileSync("umount", [mountPoint], { stdio: "pipe" });
    } finally {
      fs.rmSync(mountPoint, { recursive: true, force: true });
    }
  }
}
