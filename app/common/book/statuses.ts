/**
 * The book's vocabulary: a reservation's statuses and sources, in their order, and the groups every
 * query and count uses (decisions 0031, 0034, 0047). One list each: the reservations area, the
 * statistics, the dashboard and the guest data read them from here. Which statuses and sources
 * exist is the table's (db/database.types.ts, checked against the database); the lists here must name
 * every one, or the type check fails. Types only are imported: the guest's first page load uses this
 * module.
 */

import type {
  ReservationSource as StoredSource,
  ReservationStatus as StoredStatus,
} from "../../../db/database.types.ts";

/** `true` when `Listed` names every one of `All`; otherwise the ones missing, and no `true` fits. */
type NamesEvery<All, Listed> = [Exclude<All, Listed>] extends [never]
  ? true
  : { missing: Exclude<All, Listed> };

/** Every status, in the order staff see them. */
export const RESERVATION_STATUSES = [
  "PENDING",
  "WAITLIST",
  "CONFIRMED",
  "ARRIVED",
  "COMPLETED",
  "NO_SHOW",
  "CANCELLED",
] as const satisfies readonly StoredStatus[];
export type ReservationStatus = StoredStatus;
true satisfies NamesEvery<StoredStatus, (typeof RESERVATION_STATUSES)[number]>;

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

/** Whether a reservation in `status` holds seats (and, with tables, a table). */
export const holdsSeats = (status: string): boolean =>
  (HOLDING_STATUSES as readonly string[]).includes(status);

/** Where a reservation came from (decision 0034): the guest's form, staff, or a guest at the door. */
export const RESERVATION_SOURCES = ["online", "staff", "walk-in"] as const satisfies readonly StoredSource[];
export type ReservationSource = StoredSource;
true satisfies NamesEvery<StoredSource, (typeof RESERVATION_SOURCES)[number]>;
