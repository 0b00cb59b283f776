export { adminFailureResult } from "./admin-failure.ts";
export { GuestHistoryLine } from "./components/guest-history-line.tsx";
export { statusClasses, TableChoiceForm } from "./components/reservation-card.tsx";
export { OverbookingDialog, OverbookingInPage } from "./components/reservation-dialogs.tsx";
export { ReservationRequestForm } from "./components/reservation-request-form.tsx";
export { ReservationsScreen } from "./components/reservations-screen.tsx";
export { TablePlace } from "./components/table-place.tsx";
