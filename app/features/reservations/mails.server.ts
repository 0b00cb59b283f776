import type { ContactContent } from "../../shared/content/schemas.ts";
import { formatDate } from "../../lib/format.ts";
import { calendarFile } from "../../shared/mail/ics.ts";
import { renderMail } from "../../shared/mail/html.ts";
import type { OutgoingMail } from "../../shared/mail/outbox.server.ts";
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

export function reservationNotice(
  reservation: Reservation,
  context: MailContext,
  source: "guest" | "staff",
): OutgoingMail {
  const when = `${formatDate(reservation.reservation_date)} um ${reservation.reservation_time} Uhr`;
  const body = renderMail({
    heading: source === "guest" ? "Neue Reservierungsanfrage" : "Neue Reservierung",
    paragraphs: [
      source === "guest"
        ? `Über die Website ist eine neue Reservierungsanfrage eingegangen. Sie wartet auf Ihre Bestätigung.`
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
    subject: `${source === "guest" ? "Neue Reservierungsanfrage" : "Neue Reservierung"}: ${reservation.customer_name}, ${when}, ${personsLabel(reservation.party_size)}`,
    text: body.text,
    html: body.html,
    // Answering the notice writes to the guest.
    replyTo: reservation.email ?? undefined,
    sender: context.contact.email,
    reservationId: reservation.id,
  };
}

/** The confirmation to the guest; `undefined` when the reservation has no e-mail address. */
export function reservationConfirmation(
  reservation: Reservation,
  context: MailContext,
): OutgoingMail | undefined {
  if (!reservation.email) return undefined;
  const { contact } = context;
  const body = renderMail({
    heading: "Ihre Reservierung ist bestätigt",
    paragraphs: [
      `Guten Tag ${reservation.customer_name},`,
      `wir freuen uns auf Ihren Besuch im ${contact.name} und bestätigen Ihre Reservierung:`,
    ],
    details: [
      ["Restaurant", contact.name],
      ["Datum", formatDate(reservation.reservation_date)],
      ["Uhrzeit", `${reservation.reservation_time} Uhr`],
      ["Personen", personsLabel(reservation.party_size)],
      ["Adresse", contact.address_lines.join("\n")],
      ["Telefon", contact.phone],
    ],
    closing: [
      "Im Anhang finden Sie den Termin für Ihren Kalender.",
      `Falls Sie verhindert sind, sagen Sie bitte kurz ab – telefonisch unter ${contact.phone} oder per Antwort auf diese E-Mail.`,
      `Herzliche Grüße\n${contact.name}`,
    ],
  });
  return {
    kind: "reservation-confirmation",
    recipient: reservation.email,
    subject: `Reservierung bestätigt: ${contact.name}, ${formatDate(reservation.reservation_date)} um ${reservation.reservation_time} Uhr`,
    text: body.text,
    html: body.html,
    replyTo: contact.email,
    sender: contact.email,
    reservationId: reservation.id,
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
  };
}

/** The notice to the guest that a reservation was cancelled; `undefined` without an e-mail address. */
export function reservationCancellation(
  reservation: Reservation,
  context: MailContext,
): OutgoingMail | undefined {
  if (!reservation.email) return undefined;
  const { contact } = context;
  const body = renderMail({
    heading: "Ihre Reservierung wurde storniert",
    paragraphs: [
      `Guten Tag ${reservation.customer_name},`,
      `Ihre Reservierung im ${contact.name} wurde storniert:`,
    ],
    details: [
      ["Datum", formatDate(reservation.reservation_date)],
      ["Uhrzeit", `${reservation.reservation_time} Uhr`],
      ["Personen", personsLabel(reservation.party_size)],
    ],
    closing: [
      `Bei Fragen erreichen Sie uns unter ${contact.phone} oder per Antwort auf diese E-Mail. Wir freuen uns, Sie ein anderes Mal bei uns zu begrüßen.`,
      `Herzliche Grüße\n${contact.name}`,
    ],
  });
  return {
    kind: "reservation-cancellation",
    recipient: reservation.email,
    subject: `Reservierung storniert: ${contact.name}, ${formatDate(reservation.reservation_date)} um ${reservation.reservation_time} Uhr`,
    text: body.text,
    html: body.html,
    replyTo: contact.email,
    sender: contact.email,
    reservationId: reservation.id,
  };
}
