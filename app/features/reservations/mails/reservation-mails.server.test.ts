import { describe, expect, it } from "vitest";
import { contentDefaults } from "../../../common/content/defaults.ts";
import {
  reservationCancellation,
  reservationConfirmation,
  type MailContext,
} from "./reservation-mails.server.ts";
import type { Reservation } from "../book/shapes.ts";

const context: MailContext = {
  contact: contentDefaults["global.contact"],
  notifyEmail: undefined,
  siteOrigin: "https://tavola.example",
};

const reservation: Reservation = {
  id: 7,
  customer_name: "Jürgen <Müller>",
  email: "j@example.de",
  phone_number: null,
  reservation_date: "2026-12-01",
  reservation_time: "18:30",
  party_size: 2,
  notes: null,
  status: "CONFIRMED",
  created_at: "2026-11-24T10:00:00.000Z",
  updated_at: "2026-11-24T10:00:00.000Z",
  guest_action: null,
  guest_action_at: null,
  reminder_sent_at: null,
  source: "online",
  auto_confirmed: 0,
  area_wish_id: null,
  arrived_at: null,
  left_at: null,
};

describe("the guest's reservation e-mails", () => {
  it("confirm with greeting, the visit between the restaurant's details, closing, signature and calendar entry", () => {
    const mail = reservationConfirmation(reservation, context);
    expect(mail).toMatchObject({
      kind: "reservation-confirmation",
      recipient: "j@example.de",
      subject: "Reservierung bestätigt: Ristorante Tavola, 01.12.2026 um 18:30 Uhr",
      replyTo: context.contact.email,
      sender: context.contact.email,
      reservationId: 7,
    });
    expect(mail?.text).toBe(
      [
        "Guten Tag Jürgen <Müller>,",
        "",
        "wir freuen uns auf Ihren Besuch im Ristorante Tavola und bestätigen Ihre Reservierung:",
        "",
        "Restaurant: Ristorante Tavola",
        "Datum:      01.12.2026",
        "Uhrzeit:    18:30 Uhr",
        "Personen:   2 Personen",
        "Adresse:    Marktplatz 12",
        "            72070 Tübingen",
        "Telefon:    07071 123456",
        "",
        "Reservierung ansehen, ändern oder stornieren:",
        "https://tavola.example/reservierung/__GAST_TOKEN__",
        "",
        "Im Anhang finden Sie den Termin für Ihren Kalender.",
        "",
        "Falls Sie verhindert sind, sagen Sie bitte kurz ab – über den Link oben, telefonisch unter 07071 123456 oder per Antwort auf diese E-Mail.",
        "",
        "Herzliche Grüße",
        "Ristorante Tavola",
        "",
      ].join("\n"),
    );
    expect(mail?.html).toContain('<p style="margin:0 0 12px">Guten Tag Jürgen &lt;Müller&gt;,</p>');
    expect(mail?.html).toContain('<a href="https://tavola.example/reservierung/__GAST_TOKEN__"');
    expect(mail?.attachments?.map((attachment) => attachment.filename)).toEqual(["reservierung.ics"]);
  });

  it("announce a cancellation in the same shape, with the visit's details only and no attachment", () => {
    const mail = reservationCancellation({ ...reservation, status: "CANCELLED" }, context);
    expect(mail?.subject).toBe("Reservierung storniert: Ristorante Tavola, 01.12.2026 um 18:30 Uhr");
    expect(mail?.text).toBe(
      [
        "Guten Tag Jürgen <Müller>,",
        "",
        "Ihre Reservierung im Ristorante Tavola wurde storniert:",
        "",
        "Datum:    01.12.2026",
        "Uhrzeit:  18:30 Uhr",
        "Personen: 2 Personen",
        "",
        "Bei Fragen erreichen Sie uns unter 07071 123456 oder per Antwort auf diese E-Mail. Wir freuen uns, Sie ein anderes Mal bei uns zu begrüßen.",
        "",
        "Herzliche Grüße",
        "Ristorante Tavola",
        "",
      ].join("\n"),
    );
    expect(mail).not.toHaveProperty("attachments");
  });

  it("are not written for a reservation without an e-mail address", () => {
    expect(reservationConfirmation({ ...reservation, email: null }, context)).toBeUndefined();
    expect(reservationCancellation({ ...reservation, email: null }, context)).toBeUndefined();
  });
});
