/**
 * An iCalendar (RFC 5545) file with one event in Europe/Berlin wall-clock time, for the guest's
 * calendar. The time zone is defined in the file (VTIMEZONE with the EU rules), so calendars that
 * do not know 'Europe/Berlin' still place the event right.
 */
export interface CalendarEvent {
  uid: string;
  /** 'YYYY-MM-DD' and 'HH:MM' in Berlin. */
  date: string;
  time: string;
  durationMinutes: number;
  summary: string;
  location?: string;
  description?: string;
  /** When the file was made (DTSTAMP). */
  stamp?: Date;
}

/**
 * Text values escape backslash, semicolon, comma and line breaks (RFC 5545, section 3.3.11). Every kind of
 * line break — CRLF, a lone LF and a lone CR — becomes `\n`: calendar programs end a content line at
 * a bare CR too, and the rest of the text would then be read as a property of its own.
 */
export const escapeIcsText = (value: string) =>
  value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n?|\n/g, "\\n");

/** Bytes of one character (one code point) in UTF-8. */
function utf8Length(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

/** Lines longer than 75 octets are folded: CRLF and a space, never inside a UTF-8 character. */
export function foldIcsLine(line: string): string {
  // Most lines are short and printable ASCII: nothing to fold, no bytes to count (one per character).
  if (line.length <= 75 && !/[^ -~]/.test(line)) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const length = utf8Length(char);
    const limit = parts.length === 0 ? 75 : 74;
    if (size + length > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += length;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const compactDate = (date: string) => date.replaceAll("-", "");
const compactTime = (time: string) => `${time.replace(":", "")}00`;

function addMinutes(date: string, time: string, minutes: number): { date: string; time: string } {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hours, mins] = time.split(":").map(Number) as [number, number];
  const end = new Date(Date.UTC(year, month - 1, day, hours, mins + minutes));
  return { date: end.toISOString().slice(0, 10), time: end.toISOString().slice(11, 16) };
}

const utcStamp = (date: Date) => `${date.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;

export function calendarFile(event: CalendarEvent): string {
  const end = addMinutes(event.date, event.time, event.durationMinutes);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Tavola//Reservierung//DE",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VTIMEZONE",
    "TZID:Europe/Berlin",
    "BEGIN:DAYLIGHT",
    "TZOFFSETFROM:+0100",
    "TZOFFSETTO:+0200",
    "TZNAME:CEST",
    "DTSTART:19700329T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
    "END:DAYLIGHT",
    "BEGIN:STANDARD",
    "TZOFFSETFROM:+0200",
    "TZOFFSETTO:+0100",
    "TZNAME:CET",
    "DTSTART:19701025T030000",
    "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
    "END:STANDARD",
    "END:VTIMEZONE",
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(event.stamp ?? new Date())}`,
    `DTSTART;TZID=Europe/Berlin:${compactDate(event.date)}T${compactTime(event.time)}`,
    `DTEND;TZID=Europe/Berlin:${compactDate(end.date)}T${compactTime(end.time)}`,
    `SUMMARY:${escapeIcsText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeIcsText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeIcsText(event.description)}`] : []),
    "STATUS:CONFIRMED",
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldIcsLine).join("\r\n")}\r\n`;
}
