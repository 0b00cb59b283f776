import { berlinNow } from "../../../lib/calendar.ts";
import {
  freeSeatsPerService,
  heldAt,
  seatsHeldAt,
  type CapacitySettings,
  type HeldReservation,
} from "./seat-rule.ts";
import { EVENING_STARTS_AT, HOLDING_STATUSES, type ReservationStatus } from "../book/index.ts";

/**
 * A day at a glance for staff: guests per time, and totals per service (lunch, evening), so a full
 * evening shows before another request is confirmed. Cancelled reservations do not count.
 */
export interface SummaryInput {
  reservation_date: string;
  reservation_time: string;
  party_size: number;
  status: ReservationStatus;
}

export interface SlotLoad {
  time: string;
  reservations: number;
  guests: number;
  /** Guests of confirmed (or completed) reservations; the rest are still pending. */
  confirmedGuests: number;
}

export interface ServiceTotal {
  reservations: number;
  guests: number;
}

export interface DaySummary {
  slots: SlotLoad[];
  lunch: ServiceTotal;
  evening: ServiceTotal;
  total: ServiceTotal;
  /** Waitlist requests of the day: they hold no seats and count in nothing above (decision 0031). */
  waitlist: ServiceTotal;
  /** Of the totals, the parties at their table or done ('Eingetroffen', 'Abgeschlossen'; decision 0037). */
  arrived: ServiceTotal;
  /** Parties that did not come: they hold no seats and count in nothing above (decision 0034). */
  noShow: ServiceTotal;
}

export function summarizeDay(reservations: readonly SummaryInput[]): DaySummary {
  const slots = new Map<string, SlotLoad>();
  const lunch = { reservations: 0, guests: 0 };
  const evening = { reservations: 0, guests: 0 };
  const waitlist = { reservations: 0, guests: 0 };
  const arrived = { reservations: 0, guests: 0 };
  const noShow = { reservations: 0, guests: 0 };
  const add = (total: ServiceTotal, partySize: number) => {
    total.reservations += 1;
    total.guests += partySize;
  };
  for (const reservation of reservations) {
    if (reservation.status === "NO_SHOW") add(noShow, reservation.party_size);
    if (reservation.status === "ARRIVED" || reservation.status === "COMPLETED")
      add(arrived, reservation.party_size);
    if (reservation.status === "WAITLIST") {
      waitlist.reservations += 1;
      waitlist.guests += reservation.party_size;
    }
    // Cancelled reservations, waiting requests and parties that did not come hold no seats.
    if (
      reservation.status === "CANCELLED" ||
      reservation.status === "WAITLIST" ||
      reservation.status === "NO_SHOW"
    )
      continue;
    const slot = slots.get(reservation.reservation_time) ?? {
      time: reservation.reservation_time,
      reservations: 0,
      guests: 0,
      confirmedGuests: 0,
    };
    slot.reservations += 1;
    slot.guests += reservation.party_size;
    if (reservation.status !== "PENDING") slot.confirmedGuests += reservation.party_size;
    slots.set(reservation.reservation_time, slot);
    const service = reservation.reservation_time < EVENING_STARTS_AT ? lunch : evening;
    service.reservations += 1;
    service.guests += reservation.party_size;
  }
  return {
    slots: [...slots.values()].sort((a, b) => a.time.localeCompare(b.time)),
    lunch,
    evening,
    total: { reservations: lunch.reservations + evening.reservations, guests: lunch.guests + evening.guests },
    waitlist,
    arrived,
    noShow,
  };
}

/** Seats held at a time against the online seats; `overbooked` when more are held than that. */
export interface SlotSeats {
  held: number;
  overbooked: boolean;
}

/**
 * The day against the online seats (decision 0031), by the availability rule itself: the seats held
 * at each time (by PENDING and CONFIRMED reservations, each for its stay) and the free seats per
 * service. Undefined when no online seats are set: the summary then shows what it always showed.
 */
export interface DayCapacity {
  onlineSeats: number;
  /** By the summary's times ('HH:MM'). */
  slots: Record<string, SlotSeats>;
  free: { lunch: number; evening: number };
}

export function dayCapacity(
  reservations: readonly SummaryInput[],
  settings: CapacitySettings,
  now = new Date(),
): DayCapacity | undefined {
  const { onlineSeats } = settings;
  if (onlineSeats === null) return undefined;
  const held: HeldReservation[] = reservations
    .filter((reservation) => (HOLDING_STATUSES as readonly string[]).includes(reservation.status))
    .map(heldAt(berlinNow(now)));
  const slots: Record<string, SlotSeats> = {};
  for (const { reservation_time: time } of reservations) {
    const seats = seatsHeldAt(settings, held, time);
    slots[time] = { held: seats, overbooked: seats > onlineSeats };
  }
  const free = freeSeatsPerService(settings, held);
  return {
    onlineSeats,
    slots,
    free: { lunch: free.lunch ?? onlineSeats, evening: free.evening ?? onlineSeats },
  };
}

/**
 * 'Heute frei: mittags 40, abends 12 Plätze' (the dashboard); undefined without online seats. A
 * closed day says so instead ('Heute geschlossen: Ruhetag'), with or without online seats, and a
 * service the day's hours leave out is 'geschlossen', never free seats.
 */
export function freeSeatsLine(
  free: { lunch: number | null; evening: number | null },
  open: { closed: string } | { lunch: boolean; evening: boolean } = { lunch: true, evening: true },
): string | undefined {
  if ("closed" in open) return `Heute geschlossen: ${open.closed}`;
  if (free.lunch === null || free.evening === null) return undefined;
  const seats = (count: number) => `${count} ${count === 1 ? "Platz" : "Plätze"}`;
  const lunch = open.lunch ? String(free.lunch) : "geschlossen";
  const evening = open.evening ? seats(free.evening) : "geschlossen";
  // 'abends 12 Plätze' names the unit for both; with the evening closed, lunch names its own.
  return `Heute frei: mittags ${open.evening ? lunch : open.lunch ? seats(free.lunch) : lunch}, abends ${evening}`;
}
