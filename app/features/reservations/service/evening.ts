import type { GuestHistory, ListedPlace } from "../book/index.ts";
import type { ReservationSource, ReservationStatus } from "../book/index.ts";
import type { ReservationSettings, StayMinutes } from "../book/index.ts";
import type { DiningTable, FloorPlan, SeatingUnit } from "../tables/index.ts";

/** 'Service' (decision 0034): the shapes the host stand's screen receives. */

/** One reservation as the host stand sees it. */
export interface ServiceEntry {
  id: number;
  name: string;
  time: string;
  partySize: number;
  status: ReservationStatus;
  source: ReservationSource;
  notes: string | null;
  phone: string | null;
  /** The guest said 'Ich komme' through their link (decision 0033). */
  guestConfirmed: boolean;
  /** The row's version: a tap on a stale screen is refused, not applied to a changed reservation. */
  updatedAt: string;
  /** The guest's earlier visits (decision 0037); none when they cannot be recognised. */
  history?: GuestHistory;
  /** Where the party sits, once tables are drawn (decision 0053). */
  place?: ListedPlace;
  /** The tables it takes (decision 0057); none: it has no table. */
  tableIds?: readonly number[];
  /** 'HH:MM' (Berlin) when it was marked 'Eingetroffen' that day (decision 0057). */
  arrivedAt?: string;
}

/**
 * The room for the plan view (decision 0057), once tables are drawn: every area (a closed one says
 * so and offers no table), the tables, the tables and combinations open that day, and the stays that
 * say when a table frees up.
 */
export interface ServiceFloor {
  areas: Array<FloorPlan["areas"][number] & { closedNote?: string | undefined; closed: boolean }>;
  tables: DiningTable[];
  units: SeatingUnit[];
  stays: Pick<ReservationSettings, "stayMinutes">;
  /** The stays observed once 30 parties of a size have left (decision 0057): the waits use them. */
  observedStays: Partial<StayMinutes>;
  /** Each table's and combination's short name ('Tisch 4', 'Tisch 4 + 5'), by its key. */
  unitLabels: Record<string, string>;
  /** The tables and combinations 'Tisch wechseln' offers. */
  choices: Array<{ key: string; label: string }>;
}

/** The reservations of one time, and the seats held at that time against the restaurant's seats. */
export interface ServiceSlot {
  time: string;
  entries: ServiceEntry[];
  seatsHeld: number;
}

export interface ServiceDay {
  date: string;
  today: string;
  tomorrow: string;
  /** The restaurant's seats ('Plätze insgesamt', else the online seats); null: no limit set. */
  capacity: number | null;
  slots: ServiceSlot[];
  /** Waiting requests of the day: they have no table, so they are counted, not listed. */
  waitlist: number;
  expectedGuests: number;
  arrivedGuests: number;
  /** Once tables are drawn: the room (decision 0057). */
  floor?: ServiceFloor;
  /** Today's parties waiting at the door, in the order they came (decision 0057); none on another day. */
  door: DoorEntry[];
}

/** A party waiting at the door for a table ('Warteliste vor Ort', decision 0057). */
export interface DoorEntry {
  id: number;
  name: string;
  partySize: number;
  phone: string | null;
  note: string | null;
  /** 'HH:MM' it was put on the list. */
  since: string;
  updatedAt: string;
}

/** What the screen needs to offer 'Rückgängig': the status to go back to, on the version the tap wrote. */
export interface UndoOffer {
  id: number;
  /** For a party taken off the door's list ('Gegangen'): it waits again. */
  door?: true;
  /** The status before the tap; absent for a walk-in, whose undo deletes it. */
  status?: ReservationStatus;
  updatedAt: string;
}
