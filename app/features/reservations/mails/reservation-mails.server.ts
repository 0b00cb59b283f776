import type { Kysely } from "kysely";
import type { Database } from "../../../../db/database.types.ts";
import type { ContactContent } from "../../../common/content/schemas.ts";
import { formatDate } from "../../../lib/format.ts";
import { calendarFile } from "../../../common/mail/ics.ts";
import { renderMail, type MailBody } from "../../../common/mail/html.ts";
import { enqueueMails, type OutgoingMail } from "../../../common/mail/outbox.server.ts";
import {
  guestActionLabels,
  personsLabel,
  statusLabels,
  type ReservationStatus,
} from "../book/index.server.ts";
import { GUEST_LINK_LABEL, GUEST_TOKEN_SLOT, guestLinkPath } from "../book/index.server.ts";
import type { Reservation } from "../book/index.server.ts";

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
const visitAt = (reservation: Pick<Reservation, "reservation_date" | "reservation_time">) =>
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
  return restaurantNotice(reservation, context, {
    heading,
    paragraph:
      source === "guest"
        ? guestRequestSentence(reservation)
        : `Im Verwaltungsbereich wurde eine Reservierung eingetragen (Status: ${statusLabels[reservation.status]}).`,
    details: [["Anmerkungen", reservation.notes ?? "–"]],
  });
}

/**
 * A notice to the restaurant's inbox about a reservation: who, when and how many, the notice's own
 * details, and the link to the day on the staff screen. Answering it writes to the guest.
 */
function restaurantNotice(
  reservation: Reservation,
  context: MailContext,
  notice: { heading: string; paragraph: string; details: MailBody["details"] },
): OutgoingMail {
  const body = renderMail({
    heading: notice.heading,
    paragraphs: [notice.paragraph],
    details: [
      ["Name", reservation.customer_name],
      ["E-Mail", reservation.email ?? "–"],
      ["Telefon", reservation.phone_number ?? "–"],
      ["Datum", formatDate(reservation.reservation_date)],
      ["Uhrzeit", `${reservation.reservation_time} Uhr`],
      ["Personen", String(reservation.party_size)],
      ...notice.details,
    ],
    closing: [
      `Reservierungen einsehen: ${context.siteOrigin}/admin/reservations?date=${reservation.reservation_date}`,
    ],
  });
  return {
    kind: "reservation-notice",
    recipient: context.notifyEmail ?? context.contact.email,
    subject: `${notice.heading}: ${reservation.customer_name}, ${visitAt(reservation)}, ${personsLabel(reservation.party_size)}`,
    text: body.text,
    html: body.html,
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
  { contact, siteOrigin }: MailContext,
  mail: {
    kind: string;
    /** 'bestätigt', 'storniert': the subject's word for what happened. */
    outcome: string;
    /** The subject's start, when it is not 'Reservierung <outcome>'. */
    subject?: string;
    /** The whole subject, when it is not '<start>: <restaurant>, <date> um <time> Uhr'. */
    subjectLine?: string;
    /** Whether the e-mail carries the guest's link to see, change or cancel (decision 0033). */
    link?: boolean;
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
    // The token is filled in as the e-mail leaves: the outbox never holds it (decision 0033).
    link: mail.link
      ? { label: GUEST_LINK_LABEL, href: `${siteOrigin}${guestLinkPath(GUEST_TOKEN_SLOT)}` }
      : undefined,
    closing: [...mail.closing, `Herzliche Grüße\n${contact.name}`],
  });
  return {
    kind: mail.kind,
    recipient: reservation.email,
    subject:
      mail.subjectLine ??
      `${mail.subject ?? `Reservierung ${mail.outcome}`}: ${contact.name}, ${visitAt(reservation)}`,
    text: body.text,
    html: body.html,
    replyTo: contact.email,
    sender: contact.email,
    reservationId: reservation.id,
    ...(mail.attachments ? { attachments: mail.attachments } : {}),
  };
}

/** The calendar entry for the visit: the same uid every time, so a changed visit replaces the old one. */
function visitCalendarEntry(reservation: Reservation, { contact, siteOrigin }: MailContext) {
  return {
    filename: "reservierung.ics",
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    content: calendarFile({
      uid: `reservation-${reservation.id}@${new URL(siteOrigin).hostname}`,
      date: reservation.reservation_date,
      time: reservation.reservation_time,
      durationMinutes: VISIT_MINUTES,
      summary: `Tischreservierung im ${contact.name} (${personsLabel(reservation.party_size)})`,
      location: addressOf(contact),
      description: `Reservierung für ${reservation.customer_name}, ${personsLabel(reservation.party_size)}. Telefon: ${contact.phone}`,
    }),
  };
}

/**
 * A confirmed visit, as the confirmation, a change kept as confirmed and the reminder tell it: the
 * restaurant's address and phone beside the visit, the calendar entry, and the guest's link.
 */
function confirmedVisitMail(
  reservation: Reservation,
  context: MailContext,
  mail: {
    kind: string;
    outcome: string;
    subject?: string;
    heading: string;
    intro: string;
    closing: string[];
  },
): OutgoingMail | undefined {
  const { contact } = context;
  return guestMail(reservation, context, {
    ...mail,
    link: true,
    detailsBefore: [["Restaurant", contact.name]],
    detailsAfter: [
      ["Adresse", contact.address_lines.join("\n")],
      ["Telefon", contact.phone],
    ],
    closing: [
      "Im Anhang finden Sie den Termin für Ihren Kalender.",
      ...mail.closing,
      `Falls Sie verhindert sind, sagen Sie bitte kurz ab – über den Link oben, telefonisch unter ${contact.phone} oder per Antwort auf diese E-Mail.`,
    ],
    attachments: [visitCalendarEntry(reservation, context)],
  });
}

/** The confirmation to the guest; `undefined` when the reservation has no e-mail address. */
export function reservationConfirmation(
  reservation: Reservation,
  context: MailContext,
): OutgoingMail | undefined {
  return confirmedVisitMail(reservation, context, {
    kind: "reservation-confirmation",
    outcome: "bestätigt",
    heading: "Ihre Reservierung ist bestätigt",
    intro: `wir freuen uns auf Ihren Besuch im ${context.contact.name} und bestätigen Ihre Reservierung:`,
    closing: [],
  });
}

/**
 * The receipt of a guest's request that waits for staff (or on the waitlist): what arrived, and that
 * the restaurant answers by e-mail. A request confirmed at once gets the confirmation instead.
 */
export function reservationReceipt(reservation: Reservation, context: MailContext): OutgoingMail | undefined {
  const { contact } = context;
  const waitlist = reservation.status === "WAITLIST";
  return guestMail(reservation, context, {
    kind: "reservation-receipt",
    outcome: "eingegangen",
    subjectLine: `Ihre Reservierungsanfrage bei ${contact.name}: ${visitAt(reservation)}`,
    link: true,
    heading: waitlist ? "Sie stehen auf der Warteliste" : "Ihre Reservierungsanfrage ist eingegangen",
    intro: waitlist
      ? `vielen Dank für Ihre Anfrage im ${contact.name}. Zu dieser Zeit ist online kein Platz mehr frei; wir haben Sie auf die Warteliste gesetzt:`
      : `vielen Dank für Ihre Reservierungsanfrage im ${contact.name}. Sie ist bei uns eingegangen:`,
    closing: [
      waitlist
        ? "Das ist noch keine Reservierung. Wird ein Platz frei, bestätigen wir Ihnen die Reservierung per E-Mail."
        : "Das ist noch keine Bestätigung: Wir prüfen Ihre Anfrage und bestätigen Ihre Reservierung per E-Mail.",
      `Bei Fragen erreichen Sie uns unter ${contact.phone} oder per Antwort auf diese E-Mail.`,
    ],
  });
}

/** What a guest's request gets at once: the confirmation when it was confirmed automatically, else the receipt. */
export function requestAnswerMail(reservation: Reservation, context: MailContext): OutgoingMail | undefined {
  return reservation.status === "CONFIRMED"
    ? reservationConfirmation(reservation, context)
    : reservationReceipt(reservation, context);
}

/**
 * The guest changed the reservation through the link: its new state. Still confirmed (automatic
 * confirmation covers it) — the confirmation's shape with the new calendar entry; else a request that
 * waits for the restaurant again.
 */
export function reservationChanged(reservation: Reservation, context: MailContext): OutgoingMail | undefined {
  const { contact } = context;
  if (reservation.status === "CONFIRMED")
    return confirmedVisitMail(reservation, context, {
      kind: "reservation-change",
      outcome: "geändert",
      heading: "Ihre Reservierung wurde geändert",
      intro: `Ihre Reservierung im ${contact.name} wurde wie gewünscht geändert und ist bestätigt:`,
      closing: [],
    });
  return guestMail(reservation, context, {
    kind: "reservation-change",
    outcome: "geändert",
    link: true,
    heading: "Ihre Reservierung wurde geändert",
    intro: `Ihre Reservierung im ${contact.name} wurde wie gewünscht geändert:`,
    closing: [
      "Die Änderung ist noch nicht bestätigt: Wir prüfen sie und bestätigen Ihre Reservierung per E-Mail.",
      `Bei Fragen erreichen Sie uns unter ${contact.phone} oder per Antwort auf diese E-Mail.`,
    ],
  });
}

/** The reminder the day before a confirmed visit, with the link and 'Ich komme' (decision 0033). */
export function reservationReminder(
  reservation: Reservation,
  context: MailContext,
): OutgoingMail | undefined {
  return confirmedVisitMail(reservation, context, {
    kind: "reservation-reminder",
    outcome: "morgen",
    subject: "Erinnerung an Ihre Reservierung",
    heading: "Wir freuen uns auf Ihren Besuch",
    intro: `wir erinnern Sie gern an Ihre Reservierung im ${context.contact.name}:`,
    closing: ["Kommen Sie wie geplant? Über den Link oben können Sie es uns mit „Ich komme“ kurz sagen."],
  });
}

/**
 * The restaurant's notice that a guest cancelled or changed through their link: who, the visit as it
 * is now, and for a change what it was before.
 */
export function guestActionNotice(
  reservation: Reservation,
  context: MailContext,
  action: "cancelled" | "changed",
  before?: Pick<Reservation, "reservation_date" | "reservation_time" | "party_size" | "status">,
): OutgoingMail {
  return restaurantNotice(reservation, context, {
    heading: guestActionLabels[action],
    paragraph:
      action === "cancelled"
        ? `Ein Gast hat seine ${before?.status === "WAITLIST" ? "Anfrage auf der Warteliste" : "Reservierung"} über den Link in seiner E-Mail storniert.${before?.status === "WAITLIST" ? "" : " Die Plätze sind wieder frei."}`
        : reservation.status === "CONFIRMED"
          ? "Ein Gast hat seine Reservierung über den Link in seiner E-Mail geändert. Die automatische Bestätigung deckt die Änderung; sie ist bestätigt."
          : "Ein Gast hat seine Reservierung über den Link in seiner E-Mail geändert. Sie wartet auf Ihre Bestätigung.",
    details: [
      ["Status", statusLabels[reservation.status]],
      ...(before
        ? ([
            [
              "Vorher",
              `${visitAt(before)}, ${personsLabel(before.party_size)} (${statusLabels[before.status]})`,
            ],
          ] as MailBody["details"])
        : []),
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

/**
 * The mails a staff change causes (decision 0017): the confirmation when it changes into CONFIRMED,
 * the cancellation notice when it changes into CANCELLED (for a waitlist request: that no seat came
 * free); nothing when the status stays or comes back from 'Eingetroffen' or 'Nicht erschienen'.
 */
export function statusChangeMails(
  reservation: Reservation,
  previous: ReservationStatus,
  context: MailContext,
): Array<OutgoingMail | undefined> {
  if (reservation.status === previous) return [];
  // Back from the evening's states (a tap undone at the host stand, decision 0034): the guest was
  // told already, and is at the door or was not.
  if (previous === "ARRIVED" || previous === "NO_SHOW") return [];
  if (reservation.status === "CONFIRMED") return [reservationConfirmation(reservation, context)];
  if (reservation.status === "CANCELLED")
    return [
      previous === "WAITLIST"
        ? waitlistClosed(reservation, context)
        : reservationCancellation(reservation, context),
    ];
  return [];
}

/**
 * Writes the mails to the outbox in the change's own transaction (decision 0017), skipping those
 * without a recipient (`undefined`: a guest without an address); their ids, to send after the commit.
 */
export async function queueMails(
  trx: Kysely<Database>,
  mails: ReadonlyArray<OutgoingMail | undefined>,
): Promise<number[]> {
  return enqueueMails(
    trx,
    mails.filter((mail) => mail !== undefined),
  );
}
