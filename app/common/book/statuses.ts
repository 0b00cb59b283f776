/**
 * The book's vocabulary: a reservation's statuses and sources, in their order, and the groups every
 * query and count uses (decisions 0031, 0034, 0047). One list each: the reservations area, the
 * statistics, the dashboard and the guest data read them from here. No imports: the guest's first
 * page load uses this module.
 */

/** Every status, in the order staff see them. */
export const RESERVATION_STATUSES = [
  "PENDING",
  "WAITLIST",
  "CONFIRMED",
  "ARRIVED",
  "COMPLETED",
  "NO_SHOW",
  "CANCELLED",
] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/** Parties that are coming, at the table or done: they count as guests ('erwartet', 'Gäste'). */
export const EXPECTED_STATUSES = [
  "PENDING",
  "CONFIRMED",
  "ARRIVED",
  "COMPLETED",
] as const satisfies readonly ReservationStatus[];

/** What a guest may still cancel or change, and what a request sent twice finds again. */
export const OPEN_STATUSES = [
  "PENDING",
  "CONFIRMED",
  "WAITLIST",
] as const satisfies readonly ReservationStatus[];

/** The statuses whose reservations hold seats (decisions 0031, 0034). */
export const HOLDING_STATUSES = [
  "PENDING",
  "CONFIRMED",
  "ARRIVED",
] as const satisfies readonly ReservationStatus[];

/** Where a reservation came from (decision 0034): the guest's form, staff, or a guest at the door. */
export const RESERVATION_SOURCES = ["online", "staff", "walk-in"] as const;
export type ReservationSource = (typeof RESERVATION_SOURCES)[number];
