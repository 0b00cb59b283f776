export { editable, handleAnnouncementsAction } from "./announcements-actions.server.ts";
export { listAllAnnouncements, listVisibleAnnouncements } from "./announcements.server.ts";
