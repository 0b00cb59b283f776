import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { checkpointErasures, type DatabaseHandle } from "../../../db/database.server.ts";
import type { Database, GuestAction } from "../../../db/database.types.ts";
import { berlinNow } from "../../lib/calendar.ts";
import { formatBerlinDateTime } from "../../lib/format.ts";
import { errorNotice } from "../../lib/forms.ts";
import type { Logger } from "../../lib/logger.server.ts";
import {
  staffActionDispatcher,
  successNotice,
  type StaffActionOutcome,
} from "../../lib/staff-actions.server.ts";
import {
  countsText,
  mailStatusLabels,
  SHOWN_LIMIT,
  STAND_FIELD,
  type GuestDataCounts,
  type GuestDataFound,
  type GuestDataIntent,
  type GuestDataLabels,
  type GuestDataMode,
  type GuestDataView,
  type GuestMailRow,
  type GuestReservationRow,
} from "./guest-data-model.ts";
import { checkGuestTerm, SEARCH_PARAM, type GuestTerm } from "./schema.ts";
import {
  eraseMails,
  findGuestMails,
  guestMailRecords,
  type GuestMailMatch,
} from "../../common/mail/outbox-guest-data.server.ts";
import {
  eraseGuestReservations,
  existingReservations,
  findGuestReservations,
  guestReservationRecords,
  lockReservations,
  type GuestReservationMatch,
} from "../reservations/book/index.server.ts";
import { recordErasures } from "./erasures.server.ts";

/**
 * 'Gastdaten' (a guest's request for their data: Art. 15, 17 and 20 GDPR). Everything the site
 * stores about a guest is found by the e-mail address or phone number they gave: their reservations
 * (with the guest links, which go with them) and the outbox's e-mails about those reservations, to
 * that address, or answering to it (the restaurant's notices carry the guest's address as Reply-To).
 * Every function takes the term as `checkGuestTerm` parsed it; the routes parse it on every request,
 * from a form's body only.
 * The tables have their owners (decision 0047, "One owner per table"): the reservations area answers
 * for the reservations (`findGuestReservations`, …), the outbox for the e-mails (`findGuestMails`,
 * …); this module asks them, with its transaction where it has one, and shapes their answers.
 * What is logged names the staff member and counts, never the term or anything found.
 */

type Db = Kysely<Database>;

/** What a term finds, newest first: the ids and what they are ordered and recorded by. */
interface Matches {
  reservations: GuestReservationMatch[];
  mails: GuestMailMatch[];
}

/**
 * The guest's e-mails (the outbox answers): about the reservations found, and for an address also
 * those to it or answering to it.
 */
const matchingMails = (db: Db, term: GuestTerm, reservations: readonly GuestReservationMatch[]) =>
  findGuestMails(db, {
    reservationIds: reservations.map((row) => row.id),
    email: term.kind === "email" ? term.email : undefined,
  });

async function findMatches(db: Db, term: GuestTerm): Promise<Matches> {
  const reservations = await findGuestReservations(db, term);
  return { reservations, mails: await matchingMails(db, term, reservations) };
}

const countsOf = (matches: Matches): GuestDataCounts => ({
  reservations: matches.reservations.length,
  mails: matches.mails.length,
});

/** The digest of exactly these rows (see `GuestDataFound.stand`): ids only, so it gives nothing away. */
function standOf(matches: Matches): string {
  const ids = (rows: ReadonlyArray<{ id: number }>) =>
    rows
      .map((row) => row.id)
      .sort((a, b) => a - b)
      .join(",");
  return createHash("sha256")
    .update(`r:${ids(matches.reservations)}|m:${ids(matches.mails)}`)
    .digest("base64url");
}

/** The e-mails' records, each with whether its reservation is gone (none, or deleted since). */
async function mailsWithReservation(db: Db, ids: readonly number[], options: { bodies: boolean }) {
  const mails = await guestMailRecords(db, ids, options);
  const existing = await existingReservations(
    db,
    mails.flatMap((mail) => (mail.reservationId === null ? [] : [mail.reservationId])),
  );
  return mails.map((mail) => ({
    ...mail,
    reservationGone: mail.reservationId === null || !existing.has(mail.reservationId),
  }));
}

/** What the screen lists: everything counted, the newest `limit` rows each shown. */
export async function findGuestData(db: Db, term: GuestTerm, limit = SHOWN_LIMIT): Promise<GuestDataFound> {
  const matches = await findMatches(db, term);
  const found = new Set(matches.reservations.map((row) => row.id));
  const [reservations, mails] = await Promise.all([
    guestReservationRecords(
      db,
      matches.reservations.slice(0, limit).map((row) => row.id),
    ),
    mailsWithReservation(
      db,
      matches.mails.slice(0, limit).map((row) => row.id),
      { bodies: false },
    ),
  ]);
  return {
    kind: term.kind,
    counts: countsOf(matches),
    reservations: reservations.map((row): GuestReservationRow => ({
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      date: row.date,
      time: row.time,
      partySize: row.partySize,
      notes: row.notes,
      status: row.status,
      createdAt: row.createdAt,
    })),
    mails: mails.map((row): GuestMailRow => ({
      id: row.id,
      recipient: row.recipient,
      subject: row.subject,
      status: row.status,
      createdAt: row.createdAt,
      sentAt: row.sentAt,
      aboutFound: row.reservationId !== null && found.has(row.reservationId),
      reservationGone: row.reservationGone,
    })),
    truncated: matches.reservations.length > limit || matches.mails.length > limit,
    stand: standOf(matches),
  };
}

/** A guest's data as they receive it (Art. 15 and 20): German names, readable values, every row. */
export interface GuestDataExport {
  erstellt: string;
  suche: string;
  hinweis: string;
  reservierungen: Array<{
    datum: string;
    uhrzeit: string;
    personen: number;
    name: string;
    email: string | null;
    telefon: string | null;
    anmerkungen: string | null;
    status: string;
    angelegt: string;
    zuletzt_geaendert: string;
    letzte_aktion_des_gastes: string | null;
    letzte_aktion_des_gastes_am: string | null;
    erinnerung_geschrieben: string | null;
  }>;
  emails: Array<{
    geschrieben: string;
    gesendet: string | null;
    status: string;
    an: string;
    antwort_an: string | null;
    betreff: string;
    text: string;
  }>;
}

const EXPORT_NOTE =
  "Alle Reservierungen und E-Mails, die zu dieser E-Mail-Adresse oder Telefonnummer gespeichert sind " +
  "(Auskunft nach Art. 15 DSGVO, Datenübertragbarkeit nach Art. 20 DSGVO). Zeitangaben in UTC (ISO 8601), " +
  "Datum und Uhrzeit des Besuchs in Ortszeit. Die persönlichen Links der E-Mails werden nicht gespeichert; " +
  "an ihrer Stelle steht ein Platzhalter.";

/** Everything found, with the e-mails' texts: the JSON download and the printed page. */
export async function exportGuestData(
  db: Db,
  term: GuestTerm,
  labels: GuestDataLabels,
  now = new Date(),
): Promise<{ data: GuestDataExport; counts: GuestDataCounts }> {
  const matches = await findMatches(db, term);
  const [reservations, mails] = await Promise.all([
    guestReservationRecords(
      db,
      matches.reservations.map((row) => row.id),
    ),
    guestMailRecords(
      db,
      matches.mails.map((row) => row.id),
      { bodies: true },
    ),
  ]);
  const guestAction = (action: GuestAction | null) => (action ? labels.guestAction[action] : null);
  return {
    counts: countsOf(matches),
    data: {
      erstellt: now.toISOString(),
      suche: term.shown,
      hinweis: EXPORT_NOTE,
      reservierungen: reservations.map((row) => ({
        datum: row.date,
        uhrzeit: row.time,
        personen: row.partySize,
        name: row.name,
        email: row.email,
        telefon: row.phone,
        anmerkungen: row.notes,
        status: labels.status[row.status],
        angelegt: row.createdAt,
        zuletzt_geaendert: row.updatedAt,
        letzte_aktion_des_gastes: guestAction(row.guestAction),
        letzte_aktion_des_gastes_am: row.guestActionAt,
        erinnerung_geschrieben: row.reminderSentAt,
      })),
      emails: mails.map((row) => ({
        geschrieben: row.createdAt,
        gesendet: row.sentAt,
        status: mailStatusLabels[row.status],
        an: row.recipient,
        antwort_an: row.replyTo,
        betreff: row.subject,
        text: row.text ?? "",
      })),
    },
  };
}

export type GuestDeletion = { outcome: "deleted" | "changed" } & GuestDataCounts;

/**
 * 'Alle Daten dieses Gastes löschen': in one transaction, the term is searched again and, only if it
 * finds exactly what staff confirmed (`stand`), those e-mails and reservations are deleted — the
 * guest links by `on delete cascade`. Ids never come from the browser. Otherwise nothing is deleted
 * and the answer says what is there now (`changed`).
 *
 * On PostgreSQL the reservations found are locked first (`for update`, `lockReservations`): a change being written
 * meanwhile (a guest cancelling, staff confirming) finishes before, and its e-mail is then found
 * too; one that starts after waits, and then finds its reservation gone. No e-mail about them is
 * left behind with its reference set to null. SQLite runs one writing transaction at a time.
 */
export async function deleteGuestData(
  { db, dialect }: Pick<DatabaseHandle, "db" | "dialect">,
  term: GuestTerm,
  stand: string,
): Promise<GuestDeletion> {
  const result = await db.transaction().execute(async (trx): Promise<GuestDeletion> => {
    const reservations = await findGuestReservations(trx, term);
    await lockReservations(
      trx,
      dialect,
      reservations.map((row) => row.id),
    );
    const matches = { reservations, mails: await matchingMails(trx, term, reservations) };
    if (standOf(matches) !== stand) return { outcome: "changed", ...countsOf(matches) };
    const mails = await eraseMails(
      trx,
      matches.mails.map((row) => row.id),
    );
    // With their guest links; the open staff screens drop them at once (decision 0035).
    const deleted = await eraseGuestReservations(trx, reservations);
    // Which rows went, for a restore of an older backup to erase them again (decision 0042).
    await recordErasures(
      trx,
      [
        ...matches.mails.map((row) => ({ kind: "mail" as const, id: row.id, createdAt: row.createdAt })),
        ...reservations.map((row) => ({
          kind: "reservation" as const,
          id: row.id,
          createdAt: row.createdAt,
        })),
      ],
      new Date().toISOString(),
    );
    return { outcome: "deleted", reservations: deleted, mails };
  });
  // The erased text leaves SQLite's -wal file too (db/database.server.ts).
  if (result.outcome === "deleted") await checkpointErasures(db);
  return result;
}

/** Who asked, for the log; and the services the screen's loader and action use. */
export interface GuestDataDependencies {
  database: Pick<DatabaseHandle, "db" | "dialect">;
  logger: Logger;
  username: string;
}

/**
 * A view of the screen for a term sent in a form's body (never the address: it would stand in every
 * proxy's access log, decision 0041): a refused term (answered with 400, and nothing searched), or
 * what the term finds. The print view is an export (Art. 15) and logged as one.
 */
export async function viewGuestData(
  { database, logger, username }: GuestDataDependencies,
  mode: GuestDataMode,
  sent: FormDataEntryValue | null,
  now = new Date(),
): Promise<{ view: GuestDataView; status: number }> {
  const check = checkGuestTerm(sent);
  const term = typeof sent === "string" ? sent : "";
  if (!check.ok) return { view: { mode, state: "refused", term, message: check.message }, status: 400 };
  // The printed page is the guest's copy (Art. 15): all of it, not the screen's first rows.
  const found = await findGuestData(
    database.db,
    check.term,
    mode === "print" ? Number.POSITIVE_INFINITY : SHOWN_LIMIT,
  );
  if (mode === "print") logGuestDataExport(logger, username, "print", found.counts);
  return {
    view: {
      mode,
      state: "found",
      term: check.term.shown,
      readAt: formatBerlinDateTime(now.toISOString()),
      ...found,
    },
    status: 200,
  };
}

function logGuestDataExport(
  logger: Logger,
  username: string,
  format: "json" | "print",
  counts: GuestDataCounts,
) {
  logger.info("guest data exported", { staff: username, format, ...counts });
}

/**
 * 'Als JSON herunterladen': a file, never kept by a browser or proxy. A refused term gets 400 with a
 * German `fehler`, as the availability API answers.
 */
export async function guestDataDownload(
  { database, logger, username }: GuestDataDependencies,
  form: FormData,
  labels: GuestDataLabels,
  now = new Date(),
): Promise<Response> {
  const check = checkGuestTerm(form.get(SEARCH_PARAM));
  const headers = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };
  if (!check.ok) return Response.json({ fehler: check.message }, { status: 400, headers });
  const { data, counts } = await exportGuestData(database.db, check.term, labels, now);
  logGuestDataExport(logger, username, "json", counts);
  const { date, time } = berlinNow(now);
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      ...headers,
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="gastdaten-${date}-${time.replace(":", "")}.json"`,
    },
  });
}

type Extra = { counts?: GuestDataCounts; view?: GuestDataView };
type Outcome = StaffActionOutcome<Extra>;

/** 'Suchen', 'Druckansicht' and the confirmation's page: a view for the term the form sent. */
const viewAnswer =
  (mode: GuestDataMode) =>
  async (form: FormData, deps: GuestDataDependencies): Promise<Outcome> => {
    const { view, status } = await viewGuestData(deps, mode, form.get(SEARCH_PARAM));
    return { status, result: { outcome: status === 200 ? "done" : "invalid", view } };
  };

/**
 * 'Endgültig löschen': the term is parsed again (a form can be sent without the page), then searched
 * and deleted as `deleteGuestData` does. Logged with the staff member and the counts only.
 */
async function deleteAnswer(form: FormData, deps: GuestDataDependencies): Promise<Outcome> {
  const { database, logger, username } = deps;
  const check = checkGuestTerm(form.get(SEARCH_PARAM));
  if (!check.ok)
    return {
      status: 400,
      result: {
        outcome: "invalid",
        fieldErrors: { [SEARCH_PARAM]: check.message },
        notice: errorNotice(check.message),
      },
    };
  const stand = form.get(STAND_FIELD);
  const result = await deleteGuestData(database, check.term, typeof stand === "string" ? stand : "");
  const counts = { reservations: result.reservations, mails: result.mails };
  // The page afterwards shows the same search as it is now: empty, or what is there instead.
  const { view } = await viewGuestData(deps, "list", form.get(SEARCH_PARAM));
  if (result.outcome === "changed")
    return {
      status: 409,
      result: {
        outcome: "failed",
        counts,
        view,
        notice: errorNotice(
          `Zu dieser Angabe ist inzwischen anderes gespeichert (jetzt ${countsText(counts)}). Bitte prüfen Sie die Liste und löschen Sie dann erneut.`,
          "Nichts gelöscht",
        ),
      },
    };
  logger.info("guest data deleted", { staff: username, ...counts });
  return {
    status: 200,
    result: {
      outcome: "done",
      counts,
      view,
      notice: successNotice(
        "Gastdaten gelöscht",
        counts.reservations + counts.mails === 0
          ? "Zu dieser Angabe war nichts gespeichert."
          : `${countsText(counts)} wurden endgültig gelöscht.`,
      ),
    },
  };
}

export const handleGuestDataAction = staffActionDispatcher<GuestDataIntent, GuestDataDependencies, Extra>(
  {
    search: viewAnswer("list"),
    print: viewAnswer("print"),
    confirm: viewAnswer("confirm"),
    delete: deleteAnswer,
  },
  errorNotice("Unbekannte Aktion."),
);
