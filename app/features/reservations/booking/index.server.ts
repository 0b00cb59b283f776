export { handleAdminAction, handleTableChange, loadList, placesListed, viewOf } from "./book-admin.server.ts";
export { answerGuestRequest, knownDay, prefillOf, readGuestFormSetup } from "./guest-form.server.ts";
export { submitReservationRequest, weighVisit } from "./guest-request.server.ts";
export {
  type HostStandTap,
  type StaffChangeTerms,
  NoShowTooEarlyError,
  NotOfferedError,
  ReservationChangedError,
  ReservationNotFoundError,
  addByStaff,
  changeByStaff,
} from "./staff-booking.server.ts";
