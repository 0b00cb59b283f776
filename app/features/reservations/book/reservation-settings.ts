/**
 * The reservation book's settings ('Reservierungseinstellungen'): what the restaurant can seat and
 * how guests may book it. Browser-safe: the settings screen, the guest's form and the server share
 * these shapes. On a fresh installation every limit is empty — no limit, every request taken and
 * stored 'Ausstehend' as before — until an owner sets them.
 */

/** A closed date range with a note for guests ('Betriebsferien'). Dates are Europe/Berlin calendar dates. */
export interface Closure {
  /** First closed day, YYYY-MM-DD. */
  from: string;
  /** Last closed day (inclusive), YYYY-MM-DD; equal to `from` for one day. */
  to: string;
  /** Shown to guests who pick a date in the range. */
  note: string;
}

/** A single date with its own opening hours (e.g. 24.12. only 17:00–21:00), instead of the weekday's. */
export interface DayException {
  /** YYYY-MM-DD. */
  date: string;
  /** 'HH:MM'. */
  opens: string;
  /** 'HH:MM' after `opens`; '24:00' for midnight. */
  closes: string;
  /** Optional note for guests. */
  note: string;
}

/** How long a party holds its seats, by its size. */
export interface StayMinutes {
  /** 1–2 Personen. */
  small: number;
  /** 3–4 Personen. */
  medium: number;
  /** ab 5 Personen. */
  large: number;
}

export interface ReservationSettings {
  /**
   * Once tables are drawn, 'Plätze gesamt' and 'Davon online buchbar' are the tables' seats, read
   * from 'Tischplan', not typed (decision 0053); absent before.
   */
  seatsFromTables?: true;
  /** 'Plätze gesamt'; null: not set. */
  totalSeats: number | null;
  /** 'Davon online buchbar'; null: no limit (every request is taken). At most `totalSeats`. */
  onlineSeats: number | null;
  /** 'Aufenthaltsdauer' by party size. */
  stayMinutes: StayMinutes;
  /** 'Ankünfte pro Zeitfenster': at most this many guests arriving at one slot; null: no limit. */
  arrivalsPerSlot: number | null;
  /** 'Größte Gruppe online': the largest party the public form offers ('N+ Personen' is its last option). */
  largestOnlineParty: number;
  /** 'Vorlaufzeit' in minutes: how long before a time it can still be booked online. */
  leadMinutes: number;
  /** 'Buchbar bis' in months ahead. */
  horizonMonths: number;
  /** 'Automatisch bestätigen': null is off; N confirms requests of at most N people that fit every rule. */
  autoConfirmUpTo: number | null;
  /**
   * 'Erinnerung am Vortag': the hour (Europe/Berlin, 0–23) at which confirmed guests are reminded the
   * day before (decision 0033); null is off.
   */
  reminderHour: number | null;
  /** 'Besondere Wünsche löschen': days after the reserved date (decision 0033). */
  notesEraseDays: number;
  /** 'Reservierungen anonymisieren': months after the reserved date (decision 0033). */
  anonymiseAfterMonths: number;
  /**
   * 'Bereichswunsch' (decision 0054): guests may choose an area of the floor plan on the form, and
   * the times follow it. Off until an owner turns it on.
   */
  areaWish: boolean;
  /** 'Schließtage und Ausnahmen'. */
  closures: Closure[];
  exceptions: DayException[];
}

/** A fresh installation: no limits, nothing automatic. */
export const DEFAULT_SETTINGS: ReservationSettings = {
  totalSeats: null,
  onlineSeats: null,
  stayMinutes: { small: 90, medium: 120, large: 150 },
  arrivalsPerSlot: null,
  largestOnlineParty: 8,
  // No lead time on a fresh installation: a time still ahead today stays bookable, as before
  // (decision 0031).
  leadMinutes: 0,
  horizonMonths: 6,
  autoConfirmUpTo: null,
  // The reminder asks nothing of the restaurant and changes no answer a guest gets: on from the start.
  reminderHour: 10,
  // What the privacy policy promised before these were settings.
  notesEraseDays: 1,
  anonymiseAfterMonths: 12,
  areaWish: false,
  closures: [],
  exceptions: [],
};

export type StayClass = keyof StayMinutes;

/** Which of the stays a party of `partySize` has: 1–2, 3–4, or 5 and more guests. */
export const stayClassOf = (partySize: number): StayClass =>
  partySize <= 2 ? "small" : partySize <= 4 ? "medium" : "large";

/** How long a party of `partySize` holds its seats. */
export function stayMinutesFor(
  settings: Pick<ReservationSettings, "stayMinutes">,
  partySize: number,
): number {
  return settings.stayMinutes[stayClassOf(partySize)];
}

/** A turn time is shown once this many parties of a stay have left (decision 0057). */
export const OBSERVED_AFTER = 30;

export interface ObservedStay {
  /** Parties of this stay that left within the period, with both times known. */
  parties: number;
  /** Their median stay in whole minutes; none before `OBSERVED_AFTER` parties. */
  median?: number;
}

export type ObservedStays = Record<StayClass, ObservedStay>;
