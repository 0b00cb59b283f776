import type { ContactContent } from "../../common/content/schemas.ts";
import { formatDate } from "../../lib/format.ts";
import { calendarFile } from "../../common/mail/ics.ts";
import { renderMail, type MailBody } from "../../common/mail/html.ts";
import type { OutgoingMail } from "../../common/mail/outbox.server.ts";
import { personsLabel, statusLabels } from "./constants.ts";
import type { Reservation } from "./reservations.server.ts";

/**
 * The reservation e-mails (decision 0017): the notice of a new request to the restaurant, the
 * confirmation to the guest (with a calendar entry), and a short notice when a reservation is
 * cancelled. German, plain text plus simple HTML, Reply-To the restaurant's address.
 */
export interface MailContext {
  contact: ContactContent;
  /** The restaurant's inbox for notices: NOTIFY_EMAIL, else the contact address. */
  notifyEmail: string | undefined;
  /** For the link to the staff screen. */
  siteOrigin: string;
}

/** How long the calendar entry blocks: a dinner. */
const VISIT_MINUTES = 120;

const addressOf = (contact: ContactContent) => [contact.name, ...contact.address_lines].join(", ");

/** The date and time of the visit as the subjects name it: '01.12.2026 um 18:30 Uhr'. */
const visitAt = (reservation: Reservation) =>
  `${formatDate(reservation.reservation_date)} um ${reservation.reservation_time} Uhr`;

/** What the restaurant's notice says about a guest's request, by the status it was stored with. */
function guestRequestSentence(reservation: Reservation): string {
  if (reservation.status === "CONFIRMED")
    return "Über die Website ist eine Reservierung eingegangen. Sie wurde nach den Reservierungseinstellungen automatisch bestätigt; der Gast hat die Bestätigung per E-Mail erhalten.";
  if (reservation.status === "WAITLIST")
    return "Über die Website ist eine Anfrage für die Warteliste eingegangen: Zur gewünschten Zeit ist online kein Platz frei. Sie hält keine Plätze. Wird ein Platz frei, können Sie sie in den Reservierungen bestätigen.";
  return "Über die Website ist eine neue Reservierungsanfrage eingegangen. Sie wartet auf Ihre Bestätigung.";
}

export function reservationNotice(
  reservation: Reservation,
  context: MailContext,
  source: "guest" | "staff",
): OutgoingMail {
  const heading =
    source === "staff"
      ? "Neue Reservierung"
      : reservation.status === "WAITLIST"
        ? "Neue Anfrage für die Warteliste"
        : "Neue Reservierungsanfrage";
  const body = renderMail({
    heading,
    paragraphs: [
      source === "guest"
        ? guestRequestSentence(reservation)
        : `Im Verwaltungsbereich wurde eine Reservierung eingetragen (Status: ${statusLabels[reservation.status]}).`,
    ],
    details: [
      ["Name", reservation.customer_name],
      ["E-Mail", reservation.email ?? "–"],
      ["Telefon", reservation.phone_number ?? "–"],
      ["Datum", formatDate(reservation.reservation_date)],
      ["Uhrzeit", `${reservation.reservation_time} Uhr`],
      ["Personen", String(reservation.party_size)],
      ["Anmerkungen", reservation.notes ?? "–"],
    ],
    closing: [
      `Reservierungen einsehen: ${context.siteOrigin}/admin/reservations?date=${reservation.reservation_date}`,
    ],
  });
  return {
    kind: "reservation-notice",
    recipient: context.notifyEmail ?? context.contact.email,
    subject: `${heading}: ${reservation.customer_name}, ${visitAt(reservation)}, ${personsLabel(reservation.party_size)}`,
    text: body.text,
    html: body.html,
    // Answering the notice writes to the guest.
    replyTo: reservation.email ?? undefined,
    sender: context.contact.email,
    reservationId: reservation.id,
  };
}

/**
 * A mail to the guest about their reservation, the one shape the confirmation and the cancellation
 * share: greeting, the visit's date, time and party size between the mail's own details, its closing
 * and the restaurant's signature; answers go to the restaurant. `undefined` without an e-mail address.
 */
function guestMail(
  reservation: Reservation,
  { contact }: MailContext,
  mail: {
    kind: string;
    /** 'bestätigt', 'storniert': the subject's word for what happened. */
    outcome: string;
    /** The subject's start, when it is not 'Reservierung <outcome>'. */
    subject?: string;
    heading: string;
    intro: string;
    detailsBefore?: MailBody["details"];
    detailsAfter?: MailBody["details"];
    closing: string[];
    attachments?: OutgoingMail["attachments"];
  },
): OutgoingMail | undefined {
  if (!reservation.email) return undefined;
  const body = renderMail({
    heading: mail.heading,
    paragraphs: [`Guten Tag ${reservation.customer_name},`, mail.intro],
    details: [
      ...(mail.detailsBefore ?? []),
      ["Datum", formatDate(reservation.reservation_date)],
      ["Uhrzeit", `${reservation.reservation_time} Uhr`],
      ["Personen", personsLabel(reservation.party_size)],
      ...(mail.detailsAfter ?? []),
    ],
    closing: [...mail.closing, `Herzliche Grüße\n${contact.name}`],
  });
  return {
    kind: mail.kind,
    recipient: reservation.email,
    subject: `${mail.subject ?? `Reservierung ${mail.outcome}`}: ${contact.name}, ${visitAt(reservation)}`,
    text: body.text,
    html: body.html,
    replyTo: contact.email,
    sender: contact.email,
    reservationId: reservation.id,
    ...(mail.attachments ? { attachments: mail.attachments } : {}),
  };
}

/** The confirmation to the guest; `undefined` when the reservation has no e-mail address. */
export function reservationConfirmation(
  reservation: Reservation,
  context: MailContext,
): OutgoingMail | undefined {
  const { contact } = context;
  return guestMail(reservation, context, {
    kind: "reservation-confirmation",
    outcome: "bestätigt",
    heading: "Ihre Reservierung ist bestätigt",
    intro: `wir freuen uns auf Ihren Besuch im ${contact.name} und bestätigen Ihre Reservierung:`,
    detailsBefore: [["Restaurant", contact.name]],
    detailsAfter: [
      ["Adresse", contact.address_lines.join("\n")],
      ["Telefon", contact.phone],
    ],
    closing: [
      "Im Anhang finden Sie den Termin für Ihren Kalender.",
      `Falls Sie verhindert sind, sagen Sie bitte kurz ab – telefonisch unter ${contact.phone} oder per Antwort auf diese E-Mail.`,
    ],
    attachments: [
      {
        filename: "reservierung.ics",
        contentType: "text/calendar; charset=utf-8; method=PUBLISH",
        content: calendarFile({
          uid: `reservation-${reservation.id}@${new URL(context.siteOrigin).hostname}`,
          date: reservation.reservation_date,
          time: reservation.reservation_time,
          durationMinutes: VISIT_MINUTES,
          summary: `Tischreservierung im ${contact.name} (${personsLabel(reservation.party_size)})`,
          location: addressOf(contact),
          description: `Reservierung für ${reservation.customer_name}, ${personsLabel(reservation.party_size)}. Telefon: ${contact.phone}`,
        }),
      },
    ],
  });
}

/** The notice to the guest that a reservation was cancelled; `undefined` without an e-mail address. */
export function reservationCancellation(
  reservation: Reservation,
  context: MailContext,
): OutgoingMail | undefined {
  const { contact } = context;
  return guestMail(reservation, context, {
    kind: "reservation-cancellation",
    outcome: "storniert",
    heading: "Ihre Reservierung wurde storniert",
    intro: `Ihre Reservierung im ${contact.name} wurde storniert:`,
    closing: [
      `Bei Fragen erreichen Sie uns unter ${contact.phone} oder per Antwort auf diese E-Mail. Wir freuen uns, Sie ein anderes Mal bei uns zu begrüßen.`,
    ],
  });
}

/**
 * A waitlist request staff close without a table: the guest was told it is no reservation yet, so
 * this says no seat came free, not that a reservation was cancelled (decision 0031).
 */
export function waitlistClosed(reservation: Reservation, context: MailContext): OutgoingMail | undefined {
  const { contact } = context;
  return guestMail(reservation, context, {
    kind: "reservation-cancellation",
    outcome: "storniert",
    subject: "Warteliste: leider kein Platz frei",
    heading: "Leider ist kein Platz frei geworden",
    intro: `Sie standen im ${contact.name} auf der Warteliste. Zu dieser Zeit ist leider kein Platz frei geworden:`,
    closing: [
      `Gern finden wir mit Ihnen eine andere Zeit: Sie erreichen uns unter ${contact.phone} oder per Antwort auf diese E-Mail.`,
    ],
  });
}
