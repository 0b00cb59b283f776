export {
  type RequestField,
  type StaffField,
  searchableName,
  staffFields,
  staffReservationSchema,
  walkInFields,
  walkInSchema,
  doorEntryFields,
  doorEntrySchema,
  type DoorEntryValues,
} from "./form-schemas.ts";
export { type GuestHistory, guestHistoryLine } from "./guest-history.ts";
export {
  type BookingWindow,
  bookingWindow,
  closedWeekdays,
  dayAvailability,
  outsideWindow,
  slotsAhead,
} from "./opening-rule.ts";
export {
  type AdminIntent,
  type AdminResult,
  type AdminResultExtra,
  type ListedPlace,
  type ListResult,
  type Reservation,
  type ReservationView,
} from "./shapes.ts";
export { noShowDue, noShowFrom, offeredServiceActions } from "./status-moves.ts";
export {
  EVENING_STARTS_AT,
  HOLDING_STATUSES,
  holdsSeats,
  HONEYPOT_FIELD,
  type InfoTitle,
  MAX_MONTHS_AHEAD,
  MAX_STAFF_PARTY_SIZE,
  OVERBOOK_FIELD,
  OVERBOOK_YES,
  RESERVATION_STATUSES,
  type ReservationSource,
  type ReservationStatus,
  SHOW_TIMES,
  STAFF_DEFAULTS,
  TIME_SLOTS,
  type TimeSlot,
  UNDO_SECONDS,
  WAITLIST_YES,
  WALK_IN_NAME,
  adminMessages,
  guestActionLabels,
  guestLinkMessages,
  guestLinkPath,
  partySizeLabel,
  personsLabel,
  publicPartySizes,
  reservationLimits,
  reservationMessages,
  serviceFailureNotices,
  serviceMessages,
  sourceLabels,
  statusLabels,
} from "./terms.ts";
export {
  DEFAULT_SETTINGS,
  stayMinutesFor,
  type Closure,
  type DayException,
  type ReservationSettings,
} from "./reservation-settings.ts";

/** The forms' schemas (and Zod with them) for a form that loads them when a guest starts on it (decision 0008). */
export const loadFormSchemas = () => import("./form-schemas.ts");
