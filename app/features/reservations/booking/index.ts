export { adminFailureResult } from "./admin-failure.ts";
export { GuestHistoryLine } from "./components/guest-history-line.tsx";
export { statusClasses } from "./components/reservation-card.tsx";
export { ReservationRequestForm } from "./components/reservation-request-form.tsx";
export { ReservationsScreen } from "./components/reservations-screen.tsx";
export { TablePlace } from "./components/table-place.tsx";
