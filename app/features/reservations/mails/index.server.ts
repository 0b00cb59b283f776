export {
  type MailContext,
  guestActionNotice,
  queueMails,
  requestAnswerMail,
  reservationCancellation,
  reservationChanged,
  reservationNotice,
  reservationReminder,
  statusChangeMails,
} from "./reservation-mails.server.ts";
