export { handleSettingsAction } from "./settings-action.server.ts";
export {
  readKeptReservationSettings,
  readReservationSettings,
  readSettingsOrDefaults,
  saveReservationSettings,
  writeReservationSettings,
} from "./settings-store.server.ts";
