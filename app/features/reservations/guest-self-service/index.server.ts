export { GUEST_PAGE_HEADERS, answerGuestPage, loadGuestPage } from "./guest-page.server.ts";
export { dueForReminder, writeDueReminders } from "./reminders.server.ts";
