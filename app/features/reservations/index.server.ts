export { handleAdminAction, loadList, viewOf } from "./admin.server.ts";
export {
  ANSWER_SECONDS,
  answerAvailability,
  availabilityApiMessages,
  mayAsk,
} from "./availability-api.server.ts";
export { heldBetween, heldOn } from "./availability.server.ts";
export { answerGuestRequest, guestFormSetupOf, knownDay, prefillOf } from "./guest-form.server.ts";
export { fillInGuestLinks } from "./guest-link.server.ts";
export {
  eraseGuestReservations,
  eraseReservations,
  existingReservations,
  findGuestReservations,
  guestReservationRecords,
  lockReservations,
  reservationsWrittenAt,
  type GuestContact,
  type GuestReservationMatch,
  type GuestReservationRecord,
} from "./guest-records.server.ts";
export { GUEST_PAGE_HEADERS, answerGuestPage, loadGuestPage } from "./guest-page.server.ts";
export { type MailContext } from "./mails.server.ts";
export { dueForReminder, writeDueReminders } from "./reminders.server.ts";
export { createStaffReservation, listReservations } from "./reservations.server.ts";
export {
  FAILED_MAIL_DAYS,
  SENT_MAIL_DAYS,
  deleteExpiredGuestData,
  type RetentionResult,
} from "./retention.server.ts";
export { handleServiceAction, loadServiceDay } from "./service.server.ts";
export { handleSettingsAction } from "./settings-admin.server.ts";
export {
  readKeptReservationSettings,
  readReservationSettings,
  readSettingsOrDefaults,
  saveReservationSettings,
  writeReservationSettings,
} from "./settings.server.ts";
export { answerStaffSeats } from "./staff-seats.server.ts";
export { dayOptions, seatsHeldAt, type HeldReservation } from "./availability.ts";
export { reservationMessages } from "./constants.ts";
export { searchableName } from "./schema.ts";
export { DEFAULT_SETTINGS, type ReservationSettings } from "./settings.ts";
export {
  countPending,
  expectedOn,
  guestCancellationsOn,
  type GuestCancellation,
} from "./book-figures.server.ts";
export { reservationFactsQuery } from "./facts.server.ts";
