import { describe, expect, it } from "vitest";
import { calendarFile, escapeIcsText, foldIcsLine } from "./ics.ts";

describe("calendar file", () => {
  const file = calendarFile({
    uid: "reservation-7@example.de",
    date: "2026-12-31",
    time: "23:00",
    durationMinutes: 120,
    summary: "Tischreservierung im Ristorante Tavola (2 Personen)",
    location: "Ristorante Tavola, Marktplatz 12, 72070 Tübingen",
    description: "Reservierung für Jürgen; bitte pünktlich",
    stamp: new Date("2026-11-24T10:00:00Z"),
  });

  it("is a VCALENDAR with one VEVENT in Berlin time, ending on the next day when it must", () => {
    const lines = file.split("\r\n");
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines.at(-2)).toBe("END:VCALENDAR");
    expect(file.endsWith("\r\n")).toBe(true);
    expect(file).toContain("DTSTART;TZID=Europe/Berlin:20261231T230000");
    expect(file).toContain("DTEND;TZID=Europe/Berlin:20270101T010000");
    expect(file).toContain("DTSTAMP:20261124T100000Z");
    expect(file).toContain("TZID:Europe/Berlin");
    expect(file).toContain("LOCATION:Ristorante Tavola\\, Marktplatz 12\\, 72070 Tübingen");
  });

  it("keeps every line within 75 octets, folding without splitting characters", () => {
    for (const line of file.split("\r\n"))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    // Two, three and four bytes per character: every folded part stays within 75 octets.
    for (const long of [
      `SUMMARY:${"ü".repeat(60)}`,
      `SUMMARY:${"€".repeat(40)}`,
      `SUMMARY:${"🍕".repeat(30)}`,
    ]) {
      const folded = foldIcsLine(long);
      expect(folded.replace(/\r\n /g, "")).toBe(long);
      for (const part of folded.split("\r\n"))
        expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    }
    expect(foldIcsLine("SUMMARY:kurz")).toBe("SUMMARY:kurz");
  });

  it("escapes text values", () => {
    expect(escapeIcsText("a;b,c\\d\ne")).toBe("a\\;b\\,c\\\\d\\ne");
  });

  it("escapes every kind of line break, a lone CR included, as one \\n each", () => {
    expect(escapeIcsText("a\r\nb\nc\rd\r\re\n\rf")).toBe("a\\nb\\nc\\nd\\n\\ne\\n\\nf");
    const injected = calendarFile({
      uid: "r@example.de",
      date: "2026-12-31",
      time: "19:00",
      durationMinutes: 120,
      summary: "Tisch\rATTENDEE:mailto:a@example.de",
      description: "x\rX-INJECTED:1\ny\r\nX-INJECTED:2",
      location: "Markt\rX-INJECTED:3",
    });
    expect(injected).not.toMatch(/\r(?!\n)/);
    expect(injected).not.toMatch(/(?<!\r)\n/);
    const names = injected.split("\r\n").map((line) => line.split(/[:;]/)[0]);
    expect(names).not.toContain("X-INJECTED");
    expect(names).not.toContain("ATTENDEE");
  });
});
