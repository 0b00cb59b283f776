export { readDashboardFigures, type GuestCancellation } from "./dashboard.server.ts";
