import type { Kysely } from "kysely";
import { z } from "zod";
import { checkpointErasures } from "../../../db/database.server.ts";
import type { Database } from "../../../db/database.types.ts";
import { eraseMails, eraseMailsAbout, mailsWrittenAt } from "../../common/mail/outbox-guest-data.server.ts";
import { eraseReservations, reservationsWrittenAt } from "../reservations/book/index.server.ts";

/**
 * The record of what 'Gastdaten' erased (Art. 17 GDPR; decision 0042). A backup taken before an
 * erasure still holds the guest; restoring it would bring them back. So every erased reservation
 * and e-mail is recorded by its id and the instant it was written — never by what it held — in
 * `guest_erasures`, `db:backup` writes the whole record beside its archives (`loeschungen.json`),
 * and `db:restore` erases those rows again in whatever archive it restores.
 *
 * The instant makes the id unambiguous: after a restore of an old archive the ids go on from that
 * archive's highest, so a new guest's reservation may get an id an erased one had; it never has
 * the same instant too.
 */
export type ErasedKind = "reservation" | "mail";

export interface Erasure {
  kind: ErasedKind;
  id: number;
  /** When the erased row was written (its `created_at`). */
  createdAt: string;
  erasedAt: string;
}

type Db = Kysely<Database>;

/** Ids per `in (…)`: far below both engines' limit of parameters per statement. */
const CHUNK = 500;

/** Records erased rows; part of the erasing transaction, so a row is gone exactly when it is recorded. */
export async function recordErasures(
  trx: Db,
  rows: ReadonlyArray<{ kind: ErasedKind; id: number; createdAt: string }>,
  erasedAt: string,
): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK)
    await trx
      .insertInto("guest_erasures")
      .values(
        rows.slice(start, start + CHUNK).map((row) => ({
          kind: row.kind,
          row_id: row.id,
          row_created_at: row.createdAt,
          erased_at: erasedAt,
        })),
      )
      .onConflict((conflict) => conflict.doNothing())
      .execute();
}

export async function readErasures(db: Db): Promise<Erasure[]> {
  const rows = await db
    .selectFrom("guest_erasures")
    .select(["kind", "row_id", "row_created_at", "erased_at"])
    .orderBy("erased_at")
    .orderBy("kind")
    .orderBy("row_id")
    .execute();
  return rows.map((row) => ({
    kind: row.kind,
    id: row.row_id,
    createdAt: new Date(row.row_created_at).toISOString(),
    erasedAt: new Date(row.erased_at).toISOString(),
  }));
}

/** The recorded rows of `kind`, as their owner is asked for them: by id and instant written. */
const recorded = (kind: ErasedKind, erasures: readonly Erasure[]) =>
  erasures
    .filter((erasure) => erasure.kind === kind)
    .map((erasure) => ({ id: erasure.id, createdAt: erasure.createdAt }));

/**
 * Erases again every recorded row a restored database holds, and adds the record to its own, so a
 * later backup of it carries the record on. In one transaction; e-mails first (they point at
 * reservations), reservations' guest links by `on delete cascade`. The rows' owners answer which of
 * them are here and delete them: the outbox the e-mails, the reservations area the reservations.
 */
export async function reapplyErasures(
  db: Db,
  erasures: readonly Erasure[],
): Promise<{ reservations: number; mails: number }> {
  const result = await db.transaction().execute(async (trx) => {
    const mails = await mailsWrittenAt(trx, recorded("mail", erasures));
    const reservations = await reservationsWrittenAt(trx, recorded("reservation", erasures));
    await eraseMails(trx, mails);
    for (let start = 0; start < reservations.length; start += CHUNK) {
      const ids = reservations.slice(start, start + CHUNK);
      // E-mails about them the record does not name (written after the erasure's backup) go too.
      await eraseMailsAbout(trx, ids);
      await eraseReservations(trx, ids);
    }
    for (const erasure of erasures)
      await trx
        .insertInto("guest_erasures")
        .values({
          kind: erasure.kind,
          row_id: erasure.id,
          row_created_at: erasure.createdAt,
          erased_at: erasure.erasedAt,
        })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    return { reservations: reservations.length, mails: mails.length };
  });
  if (result.reservations + result.mails > 0) await checkpointErasures(db);
  return result;
}

/** `loeschungen.json`: the record as a file (db:backup writes it, db:restore reads it). */
export const ERASURE_FILE_FORMAT = "tavola-loeschungen";

const erasureFileSchema = z.object({
  format: z.literal(ERASURE_FILE_FORMAT),
  version: z.literal(1),
  createdAt: z.iso.datetime(),
  erasures: z.array(
    z.object({
      kind: z.enum(["reservation", "mail"]),
      id: z.number().int().positive(),
      createdAt: z.iso.datetime(),
      erasedAt: z.iso.datetime(),
    }),
  ),
});

export type ErasureFile = z.infer<typeof erasureFileSchema>;

export function erasureFile(erasures: Erasure[], now = new Date()): ErasureFile {
  return { format: ERASURE_FILE_FORMAT, version: 1, createdAt: now.toISOString(), erasures };
}

/** The file's record, or a German reason why it is none. */
export function parseErasureFile(
  text: string,
): { ok: true; file: ErasureFile } | { ok: false; reason: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, reason: "kein JSON" };
  }
  const parsed = erasureFileSchema.safeParse(data);
  if (!parsed.success)
    return {
      ok: false,
      reason: `keine Löschliste von Tavola (${parsed.error.issues[0]?.message ?? "ungültig"})`,
    };
  return { ok: true, file: parsed.data };
}
