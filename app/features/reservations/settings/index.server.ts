export { handleSettingsAction } from "./settings-action.server.ts";
export {
  readKeptReservationSettings,
  readReservationSettings,
  readSettingsOn,
  readSettingsOrDefaults,
  saveReservationSettings,
  writeReservationSettings,
} from "./settings-store.server.ts";
