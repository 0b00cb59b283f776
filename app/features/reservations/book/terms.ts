/**
 * Reservations' fixed values and texts (docs/product/reservations.md): the time slots, party sizes
 * and statuses with their German labels, and every message the guest's form and the staff screen
 * show. No imports with a run-time cost: the guest's first page load uses this module, and Zod stays
 * out of it (decision 0008).
 */

/** The time slots (docs/product/reservations.md#guest-form); guests must use one of them (decision 0014). */
export const TIME_SLOTS = [
  "11:30",
  "12:00",
  "12:30",
  "13:00",
  "13:30",
  "17:00",
  "17:30",
  "18:00",
  "18:30",
  "19:00",
  "19:30",
  "20:00",
  "20:30",
  "21:00",
  "21:30",
] as const;
export type TimeSlot = (typeof TIME_SLOTS)[number];

/** Slots before this time belong to the lunch service, the rest to the evening (the day list's totals). */
export const EVENING_STARTS_AT = "16:00";

/** The guest's choices: '1 Person' … '7 Personen', '8+ Personen' (stored as 8). */
export const PUBLIC_PARTY_SIZES = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export const MAX_PUBLIC_PARTY_SIZE = 8;
/**
 * Staff may enter larger parties (a company dinner); the original set only the minimum of 1 (decision 0017).
 */
export const MAX_STAFF_PARTY_SIZE = 100;

/** The public form's choice of a party's size; the last option, the largest online group, reads 'N+ Personen'. */
export const partySizeLabel = (size: number, largest: number = MAX_PUBLIC_PARTY_SIZE) =>
  size >= largest ? `${largest}+ Personen` : size === 1 ? "1 Person" : `${size} Personen`;

/** '1 Person' … 'N+ Personen' for the largest online group ('Größte Gruppe online', decision 0031). */
export const publicPartySizes = (largest: number = MAX_PUBLIC_PARTY_SIZE): number[] =>
  Array.from({ length: Math.max(1, largest) }, (_, index) => index + 1);

export const personsLabel = (size: number) => (size === 1 ? "1 Person" : `${size} Personen`);

export {
  EXPECTED_STATUSES,
  HOLDING_STATUSES,
  holdsSeats,
  OPEN_STATUSES,
  RESERVATION_SOURCES,
  RESERVATION_STATUSES,
  type ReservationSource,
  type ReservationStatus,
} from "../../../common/book/statuses.ts";
import type { ReservationSource, ReservationStatus } from "../../../common/book/statuses.ts";

export const statusLabels: Record<ReservationStatus, string> = {
  PENDING: "Ausstehend",
  /** A request for a full day or time, holding no seats until staff confirm it (decision 0031). */
  WAITLIST: "Warteliste",
  CONFIRMED: "Bestätigt",
  /** The party is at its table: it holds its seats until marked 'Abgeschlossen' (decision 0034). */
  ARRIVED: "Eingetroffen",
  COMPLETED: "Abgeschlossen",
  /** The party did not come: it holds nothing (decision 0034). */
  NO_SHOW: "Nicht erschienen",
  CANCELLED: "Storniert",
};

export const sourceLabels: Record<ReservationSource, string> = {
  online: "Online",
  staff: "Telefon/Personal",
  "walk-in": "Laufkundschaft",
};

/** The name an anonymised reservation keeps: the column may not be empty, and staff see what happened. */
export const ANONYMISED_NAME = "Anonymisiert";

/** The name a walk-in is stored under when staff give none. */
export const WALK_IN_NAME = "Laufkundschaft";

/** How far ahead guests may ask for a table (decision 0014). */
export const MAX_MONTHS_AHEAD = 6;

export const reservationLimits = {
  name: 120,
  email: 254,
  phone: 40,
  notes: 1000,
  search: 100,
  /** The form's one-time key against double submissions. */
  requestToken: 64,
} as const;

/**
 * The admin form's defaults: 18:00, 2 people, the shown date, Bestätigt
 * (docs/product/reservations.md#staff-screen).
 */
export const STAFF_DEFAULTS = { time: "18:00", partySize: 2, status: "CONFIRMED" } as const;

/**
 * The field a staff form re-sends after 'Überbucht: … Trotzdem speichern?' (decision 0031), and its
 * value: the change is then saved although it holds more than the online seats.
 */
export const OVERBOOK_FIELD = "overbook";
export const OVERBOOK_YES = "ja";

/** The honeypot: a field people never see or fill in; a request that fills it is a robot's. */
export const HONEYPOT_FIELD = "website";

/**
 * The value of the guest form's `waitlist` field that asks for the waitlist. Here, not beside the
 * form's schema: the form needs it at once, the schema (with Zod) only when it is sent.
 */
export const WAITLIST_YES = "ja";
/** The intent of the form's 'Zeiten anzeigen' button (without JavaScript): show the chosen date's times. */
export const SHOW_TIMES = "zeiten";

/** 'Reservierungen sind höchstens 6 Monate im Voraus möglich.' for a horizon of `months`. */
const dateTooFarFor = (months: number) =>
  `Reservierungen sind höchstens ${months === 1 ? "1 Monat" : `${months} Monate`} im Voraus möglich.`;

export const reservationMessages = {
  missingTitle: "Fehlende Angaben",
  missingDescription:
    "Bitte füllen Sie alle erforderlichen Felder aus (Name, E-Mail, Datum, Uhrzeit, Personenanzahl)",
  successTitle: "Reservierungsanfrage gesendet!",
  successDescription:
    "Vielen Dank! Wir haben Ihre Anfrage erhalten und werden sie prüfen. Sie erhalten in Kürze eine Bestätigung per E-Mail, sobald Ihre Reservierung final ist.",
  /** A request the settings confirmed at once (decision 0031). */
  confirmedTitle: "Ihre Reservierung ist bestätigt.",
  confirmedDescription: (date: string, time: string) =>
    `Wir erwarten Sie am ${date} um ${time} Uhr. Sie erhalten die Bestätigung auch per E-Mail.`,
  largerGroups: (phone: string) => `Größere Gruppen: bitte rufen Sie uns an unter ${phone}.`,
  failedTitle: "Fehler bei der Reservierung",
  unexpected: "Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.",
  storageProblem:
    "Ihre Anfrage konnte gerade nicht gespeichert werden, weil unser Server im Moment nichts speichern kann. Bitte versuchen Sie es später erneut oder rufen Sie uns an.",
  tooMany:
    "Zu viele Anfragen: Von Ihrem Anschluss kamen in kurzer Zeit zu viele Reservierungsanfragen. Bitte versuchen Sie es in einigen Minuten erneut oder rufen Sie uns an.",
  checkFields: "Bitte prüfen Sie die markierten Angaben.",

  nameRequired: "Bitte geben Sie Ihren Namen ein.",
  nameTooLong: `Der Name darf höchstens ${reservationLimits.name} Zeichen lang sein.`,
  nameInvalid: "Der Name enthält unzulässige Zeichen.",
  emailRequired: "Bitte geben Sie Ihre E-Mail-Adresse ein.",
  emailInvalid: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
  phoneInvalid: "Bitte geben Sie eine gültige Telefonnummer ein (Ziffern, Leerzeichen, + / ( ) -).",
  phoneTooLong: `Die Telefonnummer darf höchstens ${reservationLimits.phone} Zeichen lang sein.`,
  dateRequired: "Bitte wählen Sie ein Datum.",
  dateInvalid: "Bitte geben Sie ein gültiges Datum ein.",
  datePast: "Das Datum liegt in der Vergangenheit. Bitte wählen Sie einen späteren Tag.",
  dateTooFar: dateTooFarFor(MAX_MONTHS_AHEAD),
  dateTooFarFor,
  closedDay: (weekday: string) => `Am ${weekday} haben wir Ruhetag. Bitte wählen Sie einen anderen Tag.`,
  timeRequired: "Bitte wählen Sie eine Uhrzeit.",
  timeInvalid: "Bitte wählen Sie eine der angebotenen Uhrzeiten.",
  timePast: "Diese Uhrzeit ist heute schon vorbei. Bitte wählen Sie eine spätere Uhrzeit.",
  timeClosed: "Zu dieser Uhrzeit haben wir an diesem Tag geschlossen. Bitte wählen Sie eine andere Uhrzeit.",
  noTimesLeft: "Für diesen Tag sind keine Uhrzeiten mehr frei wählbar. Bitte wählen Sie einen anderen Tag.",
  /** A date inside a closure ('Schließtage und Ausnahmen'), with the closure's note when it has one. */
  closedDate: (note: string) =>
    note.trim() === ""
      ? "An diesem Tag haben wir geschlossen. Bitte wählen Sie einen anderen Tag."
      : `Geschlossen: ${note.trim()} – bitte wählen Sie einen anderen Tag.`,
  dayFull: "An diesem Tag sind online keine Plätze mehr frei.",
  /** A request stored on the waitlist, and how the guest asks for that (decision 0031). */
  waitlistTitle: "Sie stehen auf der Warteliste.",
  waitlistDescription: (date: string, time: string) =>
    `Für den ${date} um ${time} Uhr ist gerade kein Platz frei. Wir melden uns per E-Mail, sobald ein Platz frei wird – Ihre Anfrage ist noch keine Reservierung.`,
  waitlistOffer: "Ihre Wunschzeit ist ausgebucht? Sie können sich auf die Warteliste setzen lassen.",
  waitlistButton: "Auf die Warteliste setzen",
  waitlistChoose: "Ausgebuchte Zeiten für die Warteliste zeigen",
  waitlistLeave: "Wieder die freien Uhrzeiten zeigen",
  waitlistTimes:
    "Warteliste: Diese Uhrzeiten sind ausgebucht. Ihre Anfrage hält noch keinen Platz; wir melden uns, sobald einer frei wird.",
  timeTaken: "Diese Uhrzeit ist gerade ausgebucht.",
  /** After 'ausgebucht': the times of that date that still have room. */
  stillFree: (times: readonly string[]) => `Noch frei: ${times.join(", ")} Uhr.`,
  /** After a fully booked day: the next dates with room, and the phone for everything else. */
  otherDates: (dates: readonly string[], phone: string) =>
    dates.length > 0
      ? `Noch Plätze frei am ${dates.join(", ")}. Oder rufen Sie uns an: ${phone}.`
      : `Bitte rufen Sie uns an: ${phone}.`,
  leadTime: "Online ist diese Uhrzeit nicht mehr buchbar – bitte rufen Sie uns an.",
  /** 'Zeiten anzeigen' (the form without JavaScript): the chosen date's times, nothing sent. */
  showTimes: "Zeiten anzeigen",
  timesTitle: "Freie Uhrzeiten",
  timesDescription: (date: string, party: number) =>
    `Die Uhrzeiten in der Liste gelten für den ${date} und ${party} ${party === 1 ? "Person" : "Personen"}. Ihre Anfrage ist noch nicht gesendet.`,
  timesUnknown: "Bitte wählen Sie ein Datum innerhalb des Buchungszeitraums.",
  staffTimeInvalid: "Bitte geben Sie eine gültige Uhrzeit ein (HH:MM).",
  partySizeRequired: "Bitte wählen Sie die Personenanzahl.",
  partySizeInvalid: "Bitte wählen Sie eine gültige Personenanzahl.",
  staffPartySizeInvalid: `Die Personenanzahl muss eine ganze Zahl von 1 bis ${MAX_STAFF_PARTY_SIZE} sein.`,
  notesTooLong: `Ihre Wünsche dürfen höchstens ${reservationLimits.notes} Zeichen lang sein.`,
  notesInvalid: "Ihre Wünsche enthalten unzulässige Zeichen.",
  /** 'Bereichswunsch' (decision 0054): the form's choice of an area, and its refusals. */
  areaLabel: "Bereich",
  areaNone: "Kein Wunsch",
  areaHint: "Die freien Uhrzeiten gelten für den gewählten Bereich.",
  areaInvalid: "Bitte wählen Sie einen der angebotenen Bereiche.",
  areaClosed: (area: string, note: string) =>
    `${area} ist an diesem Tag geschlossen${note.trim() === "" ? "" : `: ${note.trim()}`}. Bitte wählen Sie einen anderen Bereich oder Tag.`,
  /** The staff card: the area the guest chose. */
  areaWishLabel: "Bereichswunsch",
  statusRequired: "Bitte wählen Sie einen Status.",
  customerNameRequired: "Name ist erforderlich",
} as const;

/** The staff screen's texts (docs/product/reservations.md#staff-results). */
export const adminMessages = {
  loadFailed: (message: string) => `Fehler beim Laden der Reservierungen: ${message}`,
  loadHint: "Bitte versuchen Sie es später erneut oder wenden Sie sich an den Support.",
  updateFailed: (message: string) => `Fehler beim Aktualisieren der Reservierung: ${message}`,
  deleteFailed: (message: string) => `Fehler beim Löschen der Reservierung: ${message}`,
  quickStatusFailed: (message: string) => `Fehler beim schnellen Aktualisieren des Status: ${message}`,
  statusMailFailed: (customer: string, message: string) =>
    `Status aktualisiert, aber Bestätigungs-E-Mail für ${customer} konnte nicht gesendet werden: ${message}`,
  editMailFailed: (message: string) =>
    `Reservierung aktualisiert, aber Bestätigungs-E-Mail konnte nicht gesendet werden: ${message}`,
  statusConfirmedAndMailed: (customer: string) =>
    `Status für ${customer} aktualisiert und Bestätigungs-E-Mail gesendet.`,
  statusUpdated: (customer: string, status: string) =>
    `Status für ${customer} erfolgreich auf ${status} aktualisiert.`,
  editConfirmedAndMailed: "Reservierung aktualisiert und Bestätigungs-E-Mail gesendet.",
  editUpdated: "Reservierung erfolgreich aktualisiert!",
  added: "Neue Reservierung erfolgreich hinzugefügt!",
  addFailed: "Fehler beim Speichern der Reservierung.",
  cancelMailFailed: (customer: string, message: string) =>
    `Status aktualisiert, aber die Stornierungs-E-Mail für ${customer} konnte nicht gesendet werden: ${message}`,
  notFound: "Diese Reservierung gibt es nicht mehr. Die Liste wurde neu geladen.",
  truncated: (shown: number, total: number) =>
    `Angezeigt werden die ersten ${shown} von ${total} Reservierungen. Grenzen Sie die Suche weiter ein oder wählen Sie ein Datum.`,
  changedMeanwhile:
    "Diese Reservierung wurde inzwischen von jemand anderem geändert. Ihre Änderungen wurden nicht gespeichert; die Liste zeigt jetzt den aktuellen Stand.",
  noEmail: "Für diese Reservierung ist keine E-Mail-Adresse hinterlegt; es wurde keine Bestätigung gesendet.",
  /**
   * A staff change that would hold more than the online seats at some moment (decision 0031): asked
   * first, saved with 'Trotzdem speichern'.
   */
  overbookedTitle: "Überbucht",
  overbooked: (time: string, seats: number, onlineSeats: number) =>
    `Überbucht: Um ${time} wären ${seats} von ${onlineSeats} Plätzen belegt. Trotzdem speichern?`,
  overbookedNoTable: (time: string, partySize: number) =>
    `Überbucht: Um ${time} ist kein Tisch für ${partySize} ${partySize === 1 ? "Person" : "Personen"} frei. Trotzdem speichern?`,
  overbookAnyway: "Trotzdem speichern",
  /** A waitlist request whose time has room again for its party. */
  roomFree: "Platz frei",
  confirmWaitlisted: "Bestätigen",
  emptyTitle: "Keine Reservierungen",
  emptyText: "Aktuell sind keine Reservierungen vorhanden",
  loading: "Lade Reservierungen...",
} as const;

export type InfoTitle = "Erfolg" | "Fehler" | "E-Mail Fehler";

/** What the guest did through their link, as the staff's cards and notices say it (decision 0033). */
export const guestActionLabels = {
  cancelled: "Vom Gast storniert",
  changed: "Vom Gast geändert",
  attending: "Vom Gast bestätigt",
} as const;

/** The path of a guest's link (decision 0033); an e-mail in the outbox holds a slot for the token. */
export const guestLinkPath = (token: string) => `/reservierung/${token}`;

/** Why the guest's link no longer offers changes. */
export type ClosedReason = "cancelled" | "completed" | "past";

/** The guest's page of a reservation, `/reservierung/<token>` (decision 0033). */
export const guestLinkMessages = {
  notFoundTitle: "Reservierung nicht gefunden",
  limitedTitle: "Bitte später erneut versuchen",
  changeByPhone:
    "Diese Reservierung können Sie online nicht ändern (Uhrzeit oder Gruppengröße wurden mit dem Restaurant abgesprochen). Bitte rufen Sie uns an.",
  alreadyAttending: "Sie haben bereits zugesagt – wir freuen uns auf Ihren Besuch.",
  notFound:
    "Dieser Link führt zu keiner Reservierung. Vielleicht ist er unvollständig – bitte kopieren Sie ihn ganz aus Ihrer E-Mail – oder die Reservierung wurde inzwischen gelöscht.",
  tooMany: "Zu viele Aufrufe von Ihrer Adresse. Bitte versuchen Sie es in einigen Minuten erneut.",
  foreignOrigin: "Diese Anfrage kam nicht von unserer Seite. Es wurde nichts geändert.",
  cancelledTitle: "Reservierung storniert",
  cancelled: "Ihre Reservierung ist storniert. Sie erhalten eine Bestätigung per E-Mail.",
  changedTitle: "Reservierung geändert",
  changedConfirmed:
    "Ihre Reservierung wurde geändert und ist bestätigt. Sie erhalten die neuen Angaben per E-Mail.",
  changedPending:
    "Ihre Reservierung wurde geändert. Das Restaurant prüft die Änderung und bestätigt sie Ihnen per E-Mail.",
  attendingTitle: "Danke für Ihre Rückmeldung",
  attending: "Schön, dass Sie kommen – wir freuen uns auf Ihren Besuch.",
  unchanged: "Sie haben nichts geändert.",
  failedTitle: "Nicht möglich",
  closed: {
    cancelled: "Diese Reservierung ist storniert.",
    completed: "Dieser Besuch ist abgeschlossen.",
    past: "Der Termin ist vorbei. Die Reservierung kann nicht mehr geändert oder storniert werden.",
  } satisfies Record<ClosedReason, string>,
  unexpected: "Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es erneut oder rufen Sie uns an.",
} as const;

/** 'Service': the evening at the host stand (decision 0034). */
export const NO_SHOW_AFTER_MINUTES = 15;
/** How long the toast after a change offers 'Rückgängig'. */
export const UNDO_SECONDS = 10;

export const serviceMessages = {
  title: "Service",
  description: "Der Abend am Empfang: Gäste als eingetroffen, fertig oder nicht erschienen markieren.",
  today: "Heute",
  tomorrow: "Morgen",
  empty: "Für diesen Tag sind keine Reservierungen eingetragen.",
  arrived: "Eingetroffen",
  completed: "Abgeschlossen",
  noShow: "Nicht erschienen",
  undo: "Rückgängig",
  guestConfirmed: "Vom Gast bestätigt",
  seatsHeld: (held: number, capacity: number) => `${held} von ${capacity} Plätzen belegt`,
  seatsHeldNoLimit: (held: number) => `${held} ${held === 1 ? "Platz" : "Plätze"} belegt`,
  marked: (customer: string, status: string) => `${customer}: ${status}`,
  undone: (customer: string, status: string) => `Rückgängig gemacht: ${customer} ist wieder „${status}“.`,
  undoTooLate:
    "Rückgängig ist nicht mehr möglich: Die Reservierung wurde inzwischen geändert. Die Liste zeigt den aktuellen Stand.",
  noShowTooEarly: (time: string) =>
    `„Nicht erschienen“ ist erst ${NO_SHOW_AFTER_MINUTES} Minuten nach der reservierten Uhrzeit möglich (ab ${time} Uhr).`,
  notOffered: (target: string, current: string) =>
    `„${target}“ ist für diese Reservierung nicht möglich: Sie ist „${current}“. Ändern Sie den Status bei Bedarf unter „Reservierungen einsehen“.`,
  walkInTitle: "Laufkundschaft",
  walkInHint: "Gäste ohne Reservierung: jetzt eingetroffen, mit Plätzen ab sofort.",
  walkInPartySize: "Personen",
  walkInName: "Name (optional)",
  walkInSubmit: "Laufkundschaft eintragen",
  walkInAdded: (size: number, time: string) =>
    `Laufkundschaft eingetragen: ${size === 1 ? "1 Person" : `${size} Personen`} um ${time} Uhr.`,
  walkInUndone: "Laufkundschaft wieder entfernt.",
  walkInFailed: "Die Laufkundschaft konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.",
  waitlist: (count: number) => `${count} ${count === 1 ? "Anfrage" : "Anfragen"} auf der Warteliste`,
  summary: (expected: number, arrived: number) => `${expected} Gäste erwartet · ${arrived} eingetroffen`,
  doorNameRequired: "Bitte geben Sie einen Namen ein.",
  doorNoteTooLong: `Die Notiz darf höchstens ${reservationLimits.notes} Zeichen lang sein.`,
} as const;

/** What 'Service' says when a tap's answer never arrives (decision 0028), by the tap's intent. */
export const serviceFailureNotices = {
  mark: (failure: { detail: string }) => ({
    tone: "error" as const,
    title: "Fehler",
    description: adminMessages.quickStatusFailed(failure.detail),
  }),
  undo: (failure: { detail: string }) => ({
    tone: "error" as const,
    title: "Fehler",
    description: `${serviceMessages.undo}: ${failure.detail}`,
  }),
  "walk-in": () => ({ tone: "error" as const, title: "Fehler", description: serviceMessages.walkInFailed }),
  "undo-walk-in": (failure: { detail: string }) => ({
    tone: "error" as const,
    title: "Fehler",
    description: `${serviceMessages.undo}: ${failure.detail}`,
  }),
};
