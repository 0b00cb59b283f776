export { freeSeatsChanges, noteFreeSeatsChanged } from "./changes.server.ts";
export { lockReservationDay, lockReservationDays } from "./day-lock.server.ts";
export { partiesBetween, reservationFactsQuery } from "./facts.server.ts";
export {
  type GuestCancellation,
  countPending,
  expectedOn,
  guestCancellationsOn,
  holdsReservations,
} from "./figures.server.ts";
export {
  type GuestChange,
  type GuestChangeField,
  type RequestField,
  type ReservationRequest,
  type StaffReservationValues,
  guestChangeFields,
  requestFields,
  staffFields,
  staffReservationSchema,
  statusSchema,
  validateGuestChange,
  validateReservationRequest,
  walkInFields,
  walkInSchema,
  withFormerStaffNames,
  doorEntryFields,
  doorEntrySchema,
  type DoorEntryValues,
} from "./form-schemas.ts";
export { type GuestHistory } from "./guest-history.ts";
export {
  GUEST_LINK_LABEL,
  GUEST_TOKEN_SLOT,
  fillInGuestLinks,
  guestLinkPath,
  reservationOfToken,
} from "./guest-links.server.ts";
export {
  type GuestReservationMatch,
  type GuestReservationRecord,
  eraseGuestReservations,
  eraseReservations,
  existingReservations,
  findGuestReservations,
  guestReservationRecords,
  lockReservations,
  reservationsWrittenAt,
} from "./guest-records.server.ts";
export { guestHistories } from "./guest-visits.server.ts";
export { type BookingWindow, bookingWindow } from "./opening-rule.ts";
export {
  type AdminIntent,
  type AdminResult,
  type AdminResultExtra,
  type ListedPlace,
  type ListResult,
  type Reservation,
} from "./shapes.ts";
export {
  SERVICE_STATUSES,
  noShowFrom,
  offeredServiceActions,
  reversesTap,
  serviceActions,
} from "./status-moves.ts";
export {
  LIST_LIMIT,
  type ReservationView,
  type StaffChange,
  announceNewReservation,
  cancelOpen,
  countReservations,
  deleteReservation,
  findReservation,
  findSameRequest,
  findStoredRequest,
  followNewAddress,
  insertGuestRequest,
  insertPastReservations,
  type PastReservation,
  insertStaffReservation,
  listReservations,
  markAttending,
  moveByGuest,
  reservationColumns,
  updateByStaff,
} from "./store.server.ts";
export {
  ANONYMISED_NAME,
  type ClosedReason,
  EXPECTED_STATUSES,
  HOLDING_STATUSES,
  holdsSeats,
  HONEYPOT_FIELD,
  type InfoTitle,
  MAX_PUBLIC_PARTY_SIZE,
  MAX_STAFF_PARTY_SIZE,
  OVERBOOK_FIELD,
  OVERBOOK_YES,
  type ReservationSource,
  type ReservationStatus,
  SHOW_TIMES,
  TIME_SLOTS,
  adminMessages,
  guestActionLabels,
  guestLinkMessages,
  personsLabel,
  reservationLimits,
  reservationMessages,
  serviceMessages,
  statusLabels,
} from "./terms.ts";
export {
  DEFAULT_SETTINGS,
  stayMinutesFor,
  stayClassOf,
  type StayClass,
  type StayMinutes,
  type ReservationSettings,
} from "./reservation-settings.ts";
export { deleteOldEvents, recordReservationEvent } from "./change-events.server.ts";
export { notifiedSource, pollingSource } from "./change-feed.server.ts";
export { observedStays } from "./turn-times.server.ts";
