export {
  FAILED_MAIL_DAYS,
  type RetentionResult,
  SENT_MAIL_DAYS,
  deleteExpiredGuestData,
} from "./expired-data.server.ts";
