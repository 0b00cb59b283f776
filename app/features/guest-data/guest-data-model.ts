import type { GuestAction, MailStatus, ReservationStatus } from "../../../db/database.types.ts";
import type { ActionFailure } from "../../lib/action-failures.ts";
import type { GuestReservationRecord } from "../reservations/book/index.server.ts";
import { errorNotice, INTENT_FIELD, type StaffActionResult } from "../../lib/forms.ts";

/** The screen's texts, paths and shapes, for its loader, its action and its page alike. */

export const GUEST_DATA_PATH = "/admin/gastdaten";
export const GUEST_DATA_EXPORT_PATH = "/admin/gastdaten/json";

/**
 * The page lists at most this many reservations and e-mails each; the JSON, the printed page and
 * deleting take them all. A guest has a handful; hundreds mean a shared number (the restaurant's own,
 * noted for phoned-in tables) or address, which staff should see before deleting anything.
 */
export const SHOWN_LIMIT = 500;

/** The deleting form's field for `GuestDataFound.stand`. */
export const STAND_FIELD = "stand";

/** The labels of stored codes, which the route hands over from the reservations feature (decision 0030). */
export interface GuestDataLabels {
  status: Record<ReservationStatus, string>;
  guestAction: Record<GuestAction, string>;
}

export const mailStatusLabels: Record<MailStatus, string> = {
  pending: "Wartend",
  sent: "Gesendet",
  failed: "Fehlgeschlagen",
};

export interface GuestDataCounts {
  reservations: number;
  mails: number;
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** '3 Reservierungen und 7 E-Mails': what a search found, and what deleting takes. */
export const countsText = ({ reservations, mails }: GuestDataCounts): string =>
  `${counted(reservations, "Reservierung", "Reservierungen")} und ${counted(mails, "E-Mail", "E-Mails")}`;

/** A reservation as the screen lists it: what the reservations area answers, without its history. */
export type GuestReservationRow = Pick<
  GuestReservationRecord,
  "id" | "name" | "email" | "phone" | "date" | "time" | "partySize" | "notes" | "status" | "createdAt"
>;

export interface GuestMailRow {
  id: number;
  recipient: string;
  subject: string;
  status: MailStatus;
  createdAt: string;
  sentAt: string | null;
  /**
   * Whether the e-mail is about one of the reservations found; if not, it was found by its address
   * and its reservation is deleted (`reservationGone`) or has another address.
   */
  aboutFound: boolean;
  reservationGone: boolean;
}

/** What the screen shows of a search's result: the counts of everything, the rows up to `SHOWN_LIMIT`. */
export interface GuestDataFound {
  kind: "email" | "phone";
  counts: GuestDataCounts;
  reservations: GuestReservationRow[];
  mails: GuestMailRow[];
  /** Whether more was found than the page lists. */
  truncated: boolean;
  /**
   * A digest of exactly what was found: deleting sends it back, and the server deletes only when its
   * own search, in the deleting transaction, still finds the same (nothing new, nothing gone).
   */
  stand: string;
}

export type GuestDataMode = "list" | "print" | "confirm";

export type GuestDataView = { mode: GuestDataMode } & (
  | { state: "start" }
  | { state: "refused"; term: string; message: string }
  | ({ state: "found"; term: string; readAt: string } & GuestDataFound)
);

/**
 * The screen's forms, all sent by POST with the term in the body (decision 0041): the search, the
 * print view, the confirmation's page (without scripts) and deleting. The term never stands in the
 * address, which proxies and browsers' histories keep.
 */
export type GuestDataIntent = "search" | "print" | "confirm" | "delete";

export type GuestDataResult = StaffActionResult<GuestDataIntent | "unknown"> & {
  /** What is there now, when the search found something else than was confirmed. */
  counts?: GuestDataCounts;
  /** The view the answer shows: the search's result, the print view, the confirmation. */
  view?: GuestDataView;
};

/** Deleting without an answer of the action's own says so in the page (decision 0028). */
export const guestDataFailure = (form: FormData, failure: ActionFailure): GuestDataResult => ({
  intent: form.get(INTENT_FIELD) === "delete" ? "delete" : "unknown",
  resultId: failure.id,
  outcome: "failed",
  // The server may have deleted before the answer was lost: staff look again rather than assume.
  notice: errorNotice(
    `${failure.detail} Ob die Daten gelöscht sind, zeigt eine neue Suche.`,
    "Löschen nicht bestätigt",
  ),
});
