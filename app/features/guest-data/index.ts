export { GuestDataScreen } from "./components/guest-data-screen.tsx";
export { guestDataFailure, type GuestDataResult, type GuestDataView } from "./guest-data-model.ts";
export { guestDataMessages } from "./schema.ts";
