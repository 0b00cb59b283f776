import { formatDate } from "../../../lib/format.ts";
import { MAX_STAFF_PARTY_SIZE } from "../book/index.ts";

/**
 * The staff form's note on free seats (decision 0037): as staff type date, time and party size into
 * '+ Neue Reservierung' or 'Bearbeiten', the server answers how many online seats are still free for
 * the party's stay, and when the party does not fit, the nearest free times of that day — or the next
 * dates with room. Seats only, as 'Überbucht' (decision 0031): pacing and lead time are the guests'
 * rules, not staff's. Browser-safe: the answer's shape, the endpoint's address and the German lines.
 */

/** `GET` with `datum`, `uhrzeit`, `personen` and, when editing, `ohne` (the reservation's id). */
export const STAFF_SEATS_PATH = "/admin/reservations/freie-plaetze";

export type StaffSeats =
  /** No online seats set: nothing limits, nothing to say but that. */
  | { kind: "unlimited" }
  | {
      kind: "room" | "full";
      /** 'HH:MM' asked about. */
      time: string;
      partySize: number;
      /** Online seats still free at the fullest moment of the party's stay. */
      free: number;
      onlineSeats: number;
      /** When full: the nearest free time before and after on the same day (by time). */
      nearest: string[];
      /** When full and the day has no free time: the next dates with one (at most three). */
      nextDates: string[];
      /** The date is closed for guests (a closure, a day off): the rule's message. */
      closed?: string;
    };

export const staffSeatsMessages = {
  date: "Bitte geben Sie das Datum als JJJJ-MM-TT an, z. B. 2026-12-24.",
  time: "Bitte geben Sie die Uhrzeit als HH:MM an, z. B. 19:00.",
  party: `Bitte geben Sie die Personenzahl als ganze Zahl von 1 bis ${MAX_STAFF_PARTY_SIZE} an.`,
  except: "Bitte geben Sie bei 'ohne' die Nummer einer Reservierung an.",
  signedOut: "Bitte melden Sie sich an.",
  accountFirst: "Bitte schließen Sie zuerst die offenen Schritte unter „Mein Konto“ ab.",
  unavailable: "Die freien Plätze können gerade nicht gelesen werden.",
  unlimited: "Keine Platzgrenze eingestellt.",
} as const;

const places = (count: number) => (count === 1 ? "Platz" : "Plätzen");

/**
 * The note's lines: 'Noch 14 von 60 Plätzen frei um 19:00 Uhr.', and for a party that does not fit
 * 'Ausgebucht – nächste freie Zeiten: 18:00, 21:00'. Empty for no answer.
 */
export function staffSeatsLines(answer: StaffSeats | undefined): string[] {
  if (answer === undefined) return [];
  if (answer.kind === "unlimited") return [staffSeatsMessages.unlimited];
  const lines = [
    `Noch ${answer.free} von ${answer.onlineSeats} ${places(answer.onlineSeats)} frei um ${answer.time} Uhr.`,
  ];
  if (answer.closed !== undefined) lines.push(answer.closed);
  if (answer.kind === "room") return lines;
  if (answer.nearest.length > 0)
    lines.push(
      `Ausgebucht – ${answer.nearest.length === 1 ? "nächste freie Zeit" : "nächste freie Zeiten"}: ${answer.nearest.join(", ")}`,
    );
  else if (answer.nextDates.length > 0)
    lines.push(
      `Ausgebucht – an diesem Tag keine freie Zeit mehr; nächste Tage mit Platz: ${answer.nextDates.map(formatDate).join(", ")}`,
    );
  else lines.push("Ausgebucht – in den nächsten Wochen kein Tag mit Platz.");
  return lines;
}
