import type { GuestHistory, ListedPlace } from "../book/index.ts";
import type { ReservationSource, ReservationStatus } from "../book/index.ts";

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
}

/** What the screen needs to offer 'Rückgängig': the status to go back to, on the version the tap wrote. */
export interface UndoOffer {
  id: number;
  /** The status before the tap; absent for a walk-in, whose undo deletes it. */
  status?: ReservationStatus;
  updatedAt: string;
}
