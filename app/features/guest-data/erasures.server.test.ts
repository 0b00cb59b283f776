import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import { enqueueMail } from "../../common/mail/outbox.server.ts";
import { insertReservation } from "../../../tests/support/reservations.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";
import { parseErasureFile, erasureFile, readErasures, reapplyErasures } from "./erasures.server.ts";
import { deleteGuestData, findGuestData } from "./guest-data.server.ts";
import { checkGuestTerm } from "./schema.ts";

const anna = (() => {
  const check = checkGuestTerm("anna.berg@example.de");
  if (!check.ok) throw new Error(check.message);
  return check.term;
})();

describe.each(testDatabases())("the record of erased guest data on $dialect", (engine) => {
  const open: DatabaseHandle[] = [];
  afterEach(async () => {
    for (const handle of open.splice(0)) await handle.close();
  });
  const fresh = async () => {
    const handle = await engine.open();
    open.push(handle);
    return handle;
  };

  /** Anna's reservation with her e-mail, and Bruno's: the same on every database they are put into. */
  async function seed(handle: DatabaseHandle) {
    const annaId = await insertReservation(handle.db, {
      name: "Anna Berg",
      email: "anna.berg@example.de",
      date: "2026-12-24",
      createdAt: "2026-11-20T10:00:00.000Z",
    });
    const brunoId = await insertReservation(handle.db, {
      name: "Bruno",
      date: "2026-12-24",
      createdAt: "2026-11-20T10:01:00.000Z",
    });
    const mailId = await enqueueMail(
      handle.db,
      {
        kind: "test",
        recipient: "anna.berg@example.de",
        subject: "Ihre Anfrage",
        text: "…",
        sender: "info@example.de",
        reservationId: annaId,
      },
      new Date("2026-11-20T10:00:01.000Z"),
    );
    return { annaId, brunoId, mailId };
  }

  it("names each row 'Gastdaten' erased by id and instant written, and nothing it held", async () => {
    const handle = await fresh();
    const { annaId, mailId } = await seed(handle);
    const { stand } = await findGuestData(handle.db, anna);
    expect(await deleteGuestData(handle, anna, stand)).toMatchObject({ outcome: "deleted" });
    const record = await readErasures(handle.db);
    expect(record.map(({ kind, id, createdAt }) => ({ kind, id, createdAt }))).toEqual([
      { kind: "mail", id: mailId, createdAt: "2026-11-20T10:00:01.000Z" },
      { kind: "reservation", id: annaId, createdAt: "2026-11-20T10:00:00.000Z" },
    ]);
    expect(JSON.stringify(record)).not.toMatch(/anna|berg|example/i);
  });

  it("erases those rows again in a database restored from before the erasure, and only those", async () => {
    const current = await fresh();
    await seed(current);
    const { stand } = await findGuestData(current.db, anna);
    await deleteGuestData(current, anna, stand);
    // Through the file db:backup writes and db:restore reads.
    const parsed = parseErasureFile(JSON.stringify(erasureFile(await readErasures(current.db))));
    if (!parsed.ok) throw new Error(parsed.reason);

    // An older backup's database: Anna and her e-mail are still there; Clara came later.
    const restored = await fresh();
    const { brunoId } = await seed(restored);
    const stranger = await insertReservation(restored.db, {
      name: "Clara",
      date: "2026-12-25",
      createdAt: "2026-11-27T09:00:00.000Z",
    });
    expect(await reapplyErasures(restored.db, parsed.file.erasures)).toEqual({ reservations: 1, mails: 1 });
    const left = await restored.db.selectFrom("reservations").select("customer_name").orderBy("id").execute();
    expect(left.map((row) => row.customer_name)).toEqual(["Bruno", "Clara"]);
    expect(await restored.db.selectFrom("mail_outbox").select("id").execute()).toEqual([]);
    expect(brunoId).toBeLessThan(stranger);
    // The restored database carries the record on, and a second run finds nothing left to erase.
    expect(await readErasures(restored.db)).toEqual(parsed.file.erasures);
    expect(await reapplyErasures(restored.db, parsed.file.erasures)).toEqual({ reservations: 0, mails: 0 });
  });

  it("leaves a row alone whose id was erased but which was written at another instant", async () => {
    const current = await fresh();
    await seed(current);
    const { stand } = await findGuestData(current.db, anna);
    await deleteGuestData(current, anna, stand);
    const record = await readErasures(current.db);
    const other = await fresh();
    // Same ids, other instants: another site's (or a later) guests.
    await insertReservation(other.db, {
      name: "Dora",
      date: "2026-12-24",
      createdAt: "2026-11-28T08:00:00.000Z",
    });
    expect(await reapplyErasures(other.db, record)).toEqual({ reservations: 0, mails: 0 });
    expect(await other.db.selectFrom("reservations").select("customer_name").execute()).toEqual([
      { customer_name: "Dora" },
    ]);
  });
});

describe("loeschungen.json", () => {
  it("refuses anything but Tavola's record, saying why in German", () => {
    expect(parseErasureFile("kein json")).toEqual({ ok: false, reason: "kein JSON" });
    expect(parseErasureFile(JSON.stringify({ format: "etwas-anderes" }))).toMatchObject({
      ok: false,
      reason: expect.stringContaining("keine Löschliste von Tavola"),
    });
    const file = erasureFile([
      {
        kind: "reservation",
        id: -1,
        createdAt: "2026-11-20T10:00:00.000Z",
        erasedAt: "2026-11-21T10:00:00.000Z",
      },
    ]);
    expect(parseErasureFile(JSON.stringify(file)).ok).toBe(false);
  });
});

describe("an erasure on SQLite", () => {
  it("leaves the guest's details in neither the database file nor its -wal file", async () => {
    const sqlite = testDatabases().find((engine) => engine.dialect === "sqlite");
    if (!sqlite) throw new Error("expected SQLite among the test databases");
    const handle = await sqlite.open();
    if (handle.target.kind !== "sqlite") throw new Error("expected SQLite");
    const file = handle.target.file;
    const bytes = () =>
      Buffer.concat(
        [file, `${file}-wal`].filter((name) => fs.existsSync(name)).map((name) => fs.readFileSync(name)),
      );
    try {
      await insertReservation(handle.db, {
        name: "Anna Berg",
        email: "anna.berg@example.de",
        date: "2026-12-24",
      });
      await insertReservation(handle.db, { name: "Bruno", date: "2026-12-24" });
      expect(bytes().includes("anna.berg@example.de")).toBe(true);
      const { stand } = await findGuestData(handle.db, anna);
      expect(await deleteGuestData(handle, anna, stand)).toMatchObject({ outcome: "deleted" });
      expect(bytes().includes("anna.berg@example.de")).toBe(false);
      expect(bytes().includes("Anna Berg")).toBe(false);
    } finally {
      await handle.close();
    }
  });
});
