import type { ReservationEventKind } from "../../../db/database.types.ts";

export type { ReservationEventKind };

/**
 * One change of the reservation book as the open staff screens are told it (decision 0035): what
 * happened, to which reservation on which day and — for a new one only — its time and party size,
 * for the note 'Neue Reservierungsanfrage …'. Never a name, an address or a note: the screen reads
 * those itself, as it did before, when it renews its data.
 */
export interface ReservationEvent {
  id: number;
  kind: ReservationEventKind;
  reservationId: number;
  date: string;
  previousDate?: string;
  time?: string;
  partySize?: number;
}

/**
 * Where a server process learns what changed (decision 0035): on SQLite by reading the
 * `reservation_events` table every few hundred milliseconds, on PostgreSQL when a change's NOTIFY
 * says there is something to read (decision 0039). Nothing above this interface tells them apart.
 */
export interface ChangeSource {
  /**
   * Begins telling `onEvents` every batch of events committed from now on, oldest first, each once;
   * the function it returns stops that.
   */
  listen(onEvents: (events: ReservationEvent[]) => void): () => void;
}
