export { type GuestPageMode, GuestReservationPage } from "./components/guest-reservation.tsx";
