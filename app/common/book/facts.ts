import type { GuestAction } from "../../../db/database.types.ts";
import {
  EXPECTED_STATUSES,
  RESERVATION_SOURCES,
  RESERVATION_STATUSES,
  type ReservationSource,
  type ReservationStatus,
} from "./statuses.ts";

/**
 * A reservation as a fact to count (the statistics, decision 0036): its date, time, party size, when
 * it was made (an ISO instant), and `kind`, which packs its status, source and two flags into one
 * number (`kindOf`). One number instead of four strings per row: a year can hold 50,000 of them. An
 * anonymised reservation keeps them all.
 */
export interface ReservationFact {
  reservation_date: string;
  reservation_time: string;
  party_size: number;
  created_at: string;
  kind: number;
}

const expected = new Set<ReservationStatus>(EXPECTED_STATUSES);

/** Every status by a number, the expected ones first (up to `EXPECTED_LAST`), then the others in their order. */
export const STATUS_INDEX: readonly ReservationStatus[] = [
  ...EXPECTED_STATUSES,
  ...RESERVATION_STATUSES.filter((status) => !expected.has(status)),
];
export const EXPECTED_LAST = EXPECTED_STATUSES.length - 1;

/** Every source by a number. */
export const SOURCE_INDEX: readonly ReservationSource[] = RESERVATION_SOURCES;

/**
 * `kind`: the status's number times 16, the source's times 4, 2 when the guest cancelled through
 * their link (status CANCELLED and guest_action 'cancelled'), 1 when the settings confirmed it at
 * once. The reservations area computes the same in SQL (`reservationFactsQuery`).
 */
export function kindOf(row: {
  status: ReservationStatus;
  source: ReservationSource;
  guest_action?: GuestAction | null;
  auto_confirmed?: number;
}): number {
  const guestCancelled = row.status === "CANCELLED" && row.guest_action === "cancelled";
  return (
    STATUS_INDEX.indexOf(row.status) * 16 +
    SOURCE_INDEX.indexOf(row.source) * 4 +
    (guestCancelled ? 2 : 0) +
    (row.auto_confirmed === 1 ? 1 : 0)
  );
}
