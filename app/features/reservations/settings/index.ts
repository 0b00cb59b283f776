export { SettingsScreen } from "./components/settings-screen.tsx";
export { settingsFailure } from "./settings-form.ts";
export { seatsSummary, settingsDraftOf, settingsMessages, withoutPast } from "./settings-schema.ts";
