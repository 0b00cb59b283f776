import type { Selectable } from "kysely";
import type { ReservationsTable } from "../../../../db/database.types.ts";
import type { FieldErrors, StaffActionResult } from "../../../lib/forms.ts";
import type { InfoTitle } from "./terms.ts";
import type { GuestHistory } from "./guest-history.ts";
import type { StaffField } from "./form-schemas.ts";

/**
 * The shapes the server hands to the reservation screens and forms, in one place for both sides
 * (types only: nothing here reaches the browser's bundle).
 */

/** A reservation as staff see it (without the search columns and the form key). */
export type Reservation = Omit<
  Selectable<ReservationsTable>,
  "customer_name_search" | "request_token" | "phone_key"
>;

/** What the staff list shows: a day, the pending requests, the waitlist, or a name search. */
export type ReservationView =
  | { mode: "date"; date: string }
  | { mode: "pending" }
  | { mode: "waitlist" }
  | { mode: "search"; query: string };

export type AdminIntent = "create" | "update" | "status" | "delete" | "table";

/**
 * What a staff action answers (`StaffActionResult`, the shape of every staff form): the info
 * dialog's title and text, field messages for a form, and the reservation the answer is about.
 */
export type AdminResult = StaffActionResult<AdminIntent | "unknown"> & AdminResultExtra;

/** The reservations screen's own fields: its dialog has three fixed titles, and names the reservation. */
export interface AdminResultExtra {
  info?: { title: InfoTitle; message: string };
  fieldErrors?: FieldErrors<StaffField>;
  /** The reservation the answer is about (for the form that sent it). */
  reservationId?: number;
  /**
   * The change was not saved because it would overbook (decision 0031): the question to ask, and the
   * form's values to send again with the override ('Trotzdem speichern').
   */
  overbooking?: {
    message: string;
    values: Record<string, string>;
    /** Another question than 'Überbucht' ('Tisch belegt', decision 0053): its title and button. */
    title?: string;
    confirm?: string;
  };
}

/** Where a listed reservation sits (decision 0053). */
export interface ListedPlace {
  label: string;
  closedArea: boolean;
  /** Its table or combination ('t4', 'c2') and the place's version; none: it has no table. */
  unit?: string;
  version?: string;
}

/** The staff list as its loader answers. */
export type ListResult =
  | {
      ok: true;
      reservations: Reservation[];
      /** How many the view holds; more than shown when the list stops at LIST_LIMIT. */
      total: number;
      /** When the list was read, Berlin time ('25.11.2026, 09:14'): the printed day list's 'Stand'. */
      readAt: string;
      /** The listed waitlist requests whose time has room again for their party ('Platz frei'). */
      roomFor: number[];
      /**
       * Each listed guest's earlier visits, by reservation id (decision 0037); absent for a
       * reservation without e-mail or phone number, and for all when they could not be read.
       */
      history: Record<number, GuestHistory>;
      /**
       * Where each listed reservation sits, by id, once tables are drawn (decision 0053): 'Tisch 4',
       * 'Tisch 4 + 5', or 'Kein Tisch' for one that holds seats without a table. Absent without tables.
       */
      places?: Record<number, ListedPlace>;
      /** The tables and combinations staff may choose with 'Tisch ändern', once tables are drawn. */
      tableChoices?: Array<{ key: string; label: string }>;
      /** The area each listed guest chose ('Bereichswunsch', decision 0054), by id; absent: none. */
      areaWishes?: Record<number, string>;
    }
  | { ok: false; message: string };
