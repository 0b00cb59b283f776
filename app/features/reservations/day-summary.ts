import { EVENING_STARTS_AT, type ReservationStatus } from "./constants.ts";

/**
 * A day at a glance for staff: guests per time, and totals per service (lunch, evening), so a full
 * evening shows before another request is confirmed. Cancelled reservations do not count.
 */
export interface SummaryInput {
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
}

export function summarizeDay(reservations: readonly SummaryInput[]): DaySummary {
  const slots = new Map<string, SlotLoad>();
  const lunch = { reservations: 0, guests: 0 };
  const evening = { reservations: 0, guests: 0 };
  for (const reservation of reservations) {
    // Cancelled reservations and waiting requests hold no seats.
    if (reservation.status === "CANCELLED" || reservation.status === "WAITLIST") continue;
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
  };
}
