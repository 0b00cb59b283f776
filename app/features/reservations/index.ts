export { adminFailureResult } from "./admin-failure.ts";
export {
  dayOptions,
  freeSeatsPerService,
  seatsHeldAt,
  servicesOn,
  type HeldReservation,
} from "./availability.ts";
export { ReservationsScreen } from "./components/admin/reservations-screen.tsx";
export { ServiceScreen } from "./components/admin/service-screen.tsx";
export { SettingsScreen } from "./components/admin/settings-screen.tsx";
export { GuestReservationPage, type GuestPageMode } from "./components/guest-reservation.tsx";
export { ReservationRequestForm } from "./components/reservation-request-form.tsx";
export {
  WALK_IN_NAME,
  guestActionLabels,
  guestLinkPath,
  personsLabel,
  reservationMessages,
  serviceFailureNotices,
  serviceMessages,
  sourceLabels,
  statusLabels,
} from "./constants.ts";
export { freeSeatsLine } from "./day-summary.ts";
export { searchableName } from "./schema.ts";
export { settingsFailure } from "./settings-form.ts";
export { seatsSummary, settingsDraftOf, settingsMessages, withoutPast } from "./settings-schema.ts";
export { DEFAULT_SETTINGS, type ReservationSettings } from "./settings.ts";
export { staffSeatsMessages } from "./staff-seats.ts";
