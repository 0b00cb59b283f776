export { AnnouncementsEditor } from "./components/announcements-editor.tsx";
export { PublicAnnouncements } from "./components/public-announcements.tsx";
export { type SaveResult } from "./drafts.ts";
export {
  announcementMessages,
  type AnnouncementPriority,
  type AnnouncementType,
  type AnnouncementsPayload,
  type PublicAnnouncement,
} from "./schema.ts";

/** The announcements' dialog loads when a guest opens it, not with the page (decision 0008). */
export const loadAnnouncementsDialog = () => import("./components/announcements-dialog.tsx");
