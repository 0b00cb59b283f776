import type { Transaction } from "kysely";
import type { ReservationStatus, Database } from "../../db/database.types.ts";
import { WALK_IN_NAME, searchableName } from "../features/reservations/book/index.ts";
import { insertPastReservations, type PastReservation } from "../features/reservations/book/index.server.ts";
import { writeReservationSettings } from "../features/reservations/settings/index.server.ts";
import { DEFAULT_SETTINGS, type ReservationSettings } from "../features/reservations/book/index.ts";
import { addDays, berlinNow, weekdayOf } from "../lib/calendar.ts";
import { seatTheDay, stayFor } from "../features/reservations/availability/index.server.ts";
import { partiesBetween } from "../features/reservations/book/index.server.ts";
import {
  insertFloorPlan,
  placesBetween,
  readKeptFloorPlan,
  settleDay,
  storePlaces,
  unitsOn,
} from "../features/reservations/tables/index.server.ts";
import { demoFloorPlan } from "./floor-plan.ts";

/**
 * Demo reservations: a fortnight around the day of the first start, in all four states, on the
 * default opening days (not on Mondays), so 'Reservierungen einsehen' has something to show. And the
 * reservation book's every state (decision 0031): 80 seats, 60 of them online, no automatic
 * confirmation; the evening of the next open day fully booked online, with two guests on the
 * waitlist; a week of 'Betriebsferien' 20 weeks ahead. Every other date has room as before.
 */
interface DemoGuest {
  name: string;
  email: string | null;
  phone: string | null;
  time: string;
  party: number;
  notes: string | null;
}

const guests: DemoGuest[] = [
  {
    name: "Anna Müller",
    email: "anna.mueller@example.de",
    phone: "0151 2345678",
    time: "18:30",
    party: 2,
    notes: null,
  },
  {
    name: "Jörg Schäfer",
    email: "j.schaefer@example.de",
    phone: null,
    time: "19:00",
    party: 4,
    notes: "Geburtstag – bitte ein Dessert mit Kerze.",
  },
  {
    name: "Familie Özdemir",
    email: "oezdemir@example.de",
    phone: "07071 998877",
    time: "12:30",
    party: 5,
    notes: "Ein Kinderstuhl, bitte.",
  },
  {
    name: "Sabine Weiß",
    email: "sabine.weiss@example.de",
    phone: null,
    time: "20:00",
    party: 2,
    notes: null,
  },
  {
    name: "Thomas Becker",
    email: "t.becker@example.de",
    phone: "0176 1122334",
    time: "17:30",
    party: 3,
    notes: "Eine Person isst vegetarisch.",
  },
  {
    name: "Lena Hoffmann",
    email: "lena.hoffmann@example.de",
    phone: null,
    time: "13:00",
    party: 2,
    notes: null,
  },
  {
    name: "Markus Brenner",
    email: null,
    phone: "07071 445566",
    time: "19:30",
    party: 6,
    notes: "Telefonisch reserviert.",
  },
];

/** Status by how many days the date lies after the first start (negative: before it). */
function statusFor(offset: number, index: number): ReservationStatus {
  if (offset < 0) {
    if (index % 4 === 3) return "CANCELLED";
    // The evening's states (decision 0034): a party that did not come, and yesterday's first party
    // still 'Eingetroffen' because nobody marked it 'Abgeschlossen'.
    if ((offset + index) % 3 === 0) return "NO_SHOW";
    return offset === -1 && index === 0 ? "ARRIVED" : "COMPLETED";
  }
  if (offset === 0) return index % 2 === 0 ? "CONFIRMED" : "PENDING";
  if (index % 5 === 4) return "CANCELLED";
  return index % 2 === 0 ? "PENDING" : "CONFIRMED";
}

/** The first open day after `today` (the demo's weekly closed day is Monday): one or two days ahead. */
export function demoFullDate(today: string): string {
  const tomorrow = addDays(today, 1);
  return weekdayOf(tomorrow) === "monday" ? addDays(today, 2) : tomorrow;
}

export const demoReservationSettings = (today: string): ReservationSettings => ({
  ...DEFAULT_SETTINGS,
  totalSeats: 80,
  onlineSeats: 60,
  closures: [{ from: addDays(today, 20 * 7), to: addDays(today, 20 * 7 + 6), note: "Betriebsferien" }],
});

/**
 * The full evening: two sittings of exactly 60 seats, 17:00–19:30 and 19:30–22:00 (parties of five
 * or more stay 150 minutes, of three or four 120), so no evening time has room for even one more
 * guest, and nothing is overbooked. Two guests wait for a table.
 */
const fullEvening: Array<{ name: string; time: string; party: number; status: ReservationStatus }> = [
  ...[
    ["Familie Rossi", 8],
    ["Kegelclub Gut Holz", 8],
    ["Praxis Dr. Lang", 6],
    ["Familie Yılmaz", 6],
    ["Chor Cantabile", 6],
    ["Familie Krüger", 5],
    ["Team Stadtwerke", 5],
  ].map(([name, party]) => ({
    name: String(name),
    time: "17:00",
    party: Number(party),
    status: "CONFIRMED" as const,
  })),
  ...[
    ["Petra Jansen", 4],
    ["Ömer Aydın", 4],
    ["Claudia Vogt", 4],
    ["Heinz Fischer", 4],
  ].map(([name, party]) => ({
    name: String(name),
    time: "17:30",
    party: Number(party),
    status: "CONFIRMED" as const,
  })),
  ...[
    ["Abteilung Einkauf", 8],
    ["Familie Schmitt", 8],
    ["Lauftreff Neckar", 6],
    ["Familie Nguyen", 6],
    ["Freundeskreis Weiß", 6],
    ["Familie Bauer", 5],
    ["Doppelkopfrunde", 5],
  ].map(([name, party]) => ({
    name: String(name),
    time: "19:30",
    party: Number(party),
    status: "CONFIRMED" as const,
  })),
  ...[
    ["Julia Roth", 4],
    ["Stefan Wolf", 4],
    ["Miriam Kaya", 4],
    ["Frank Zimmermann", 4],
  ].map(([name, party]) => ({
    name: String(name),
    time: "20:00",
    party: Number(party),
    status: "PENDING" as const,
  })),
  { name: "Nina Albrecht", time: "19:00", party: 2, status: "WAITLIST" },
  { name: "Paul Seidel", time: "20:00", party: 4, status: "WAITLIST" },
];

const demoRow = (
  date: string,
  guest: DemoGuest,
  status: ReservationStatus,
  requested: string,
): PastReservation => ({
  customer_name: guest.name,
  email: guest.email,
  phone_number: guest.phone,
  reservation_date: date,
  reservation_time: guest.time,
  party_size: guest.party,
  notes: guest.notes,
  status,
  request_token: null,
  created_at: requested,
  updated_at: requested,
  // Guests without an e-mail address phoned (the guest's form asks for one).
  source: guest.email === null ? "staff" : "online",
});

/**
 * What guests do through their own link (decision 0033), so the cards and the dashboard show it: one
 * coming guest said 'Ich komme', one waiting request was changed, and one guest cancelled a visit of
 * the next open day (the dashboard's 'Vom Gast storniert').
 */
function markGuestActions(rows: Array<PastReservation>, today: string, now: Date) {
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
  const ahead = rows.filter((row) => row.reservation_date > today);
  const attending = ahead.find((row) => row.status === "CONFIRMED");
  if (attending) Object.assign(attending, { guest_action: "attending", guest_action_at: hoursAgo(5) });
  const changed = ahead.find((row) => row.status === "PENDING");
  if (changed) Object.assign(changed, { guest_action: "changed", guest_action_at: hoursAgo(20) });
  const tomorrow = addDays(today, 1);
  const day = weekdayOf(tomorrow) === "monday" ? today : tomorrow;
  const guest = guests[0] as DemoGuest;
  rows.push({
    ...demoRow(
      day,
      {
        ...guest,
        name: "Greta Hoffmann",
        email: "greta.hoffmann@example.de",
        phone: null,
        time: "19:30",
        notes: null,
      },
      "CANCELLED",
      hoursAgo(24 * 6),
    ),
    guest_action: "cancelled",
    guest_action_at: hoursAgo(2),
    updated_at: hoursAgo(2),
  });
}

/** Guests who came without a reservation on the past days ('Laufkundschaft', decision 0034). */
function walkIns(today: string, now: Date): Array<PastReservation> {
  return [-2, -3, -5]
    .map((offset) => addDays(today, offset))
    .filter((date) => weekdayOf(date) !== "monday")
    .map((date, index) => {
      const at = new Date(Date.parse(`${date}T18:00:00Z`) + index * 60_000).toISOString();
      return {
        ...demoRow(
          date,
          { name: WALK_IN_NAME, email: null, phone: null, time: "18:30", party: 2 + index, notes: null },
          "COMPLETED",
          at < now.toISOString() ? at : now.toISOString(),
        ),
        source: "walk-in" as const,
      };
    });
}

export async function seedDemoReservations(db: Transaction<Database>, now = new Date()): Promise<void> {
  const today = berlinNow(now).date;
  const full = demoFullDate(today);
  const rows: Array<PastReservation> = [];
  for (let offset = -7; offset <= 7; offset += 1) {
    const date = addDays(today, offset);
    if (weekdayOf(date) === "monday") continue;
    const count = 2 + ((offset + 7) % 3);
    for (let index = 0; index < count; index += 1) {
      const guest = guests[(offset + 7 + index * 3) % guests.length] as DemoGuest;
      const requested = new Date(
        now.getTime() - (Math.max(1, 10 - offset) + index) * 86_400_000,
      ).toISOString();
      // The full evening is the fixed list below; that day keeps only its lunch guests here.
      if (date === full && guest.time >= "16:00") continue;
      rows.push(demoRow(date, guest, statusFor(offset, index), requested));
    }
  }
  const booked = new Date(now.getTime() - 3 * 86_400_000).toISOString();
  for (const [index, guest] of fullEvening.entries()) {
    const email = `${searchableName(guest.name).replace(/[^a-z]+/g, ".")}@example.de`;
    const notes = guest.status === "WAITLIST" ? "Warteliste: bitte melden, wenn ein Tisch frei wird." : null;
    rows.push(
      demoRow(
        full,
        { ...guest, email, phone: null, notes },
        guest.status,
        new Date(Date.parse(booked) + index * 60_000).toISOString(),
      ),
    );
  }
  markGuestActions(rows, today, now);
  rows.push(...walkIns(today, now));
  // The demo's guests are invented (their addresses are example.de's): a new site with a mail server
  // must not send them the reminder the day before. Nothing shows this mark (decision 0033).
  const remindedAt = now.toISOString();
  await insertPastReservations(
    db,
    rows.map((row) => (row.email ? { ...row, reminder_sent_at: remindedAt } : row)),
  );
  const settings = demoReservationSettings(today);
  await writeReservationSettings(db, settings, "demo");
  // The plan after the settings: the seats typed there stay for a plan without tables. Then every
  // day's parties are seated at its tables, as the book seats them when they are stored.
  await insertFloorPlan(db, demoFloorPlan(today, full), "demo");
  for (const date of new Set(rows.map((row) => row.reservation_date))) {
    await seatTheDay(db, settings, date);
    if (date < today) await seatPastVisits(db, settings, date);
  }
}

/**
 * The past days' visits that came ('Abgeschlossen', walk-ins too) sat at tables as well: each given
 * the place the book would have given it while it was expected, after the parties still seated —
 * so 'Statistik' shows the demo's past week per area.
 */
async function seatPastVisits(db: Transaction<Database>, settings: ReservationSettings, date: string) {
  const [plan, parties, places] = await Promise.all([
    readKeptFloorPlan(db),
    partiesBetween(db, { from: date, to: date }),
    placesBetween(db, date, date),
  ]);
  const seated = parties.flatMap((party) => {
    const stay = stayFor(settings, party.reservation_time, party.party_size);
    return stay ? [{ ...stay, id: party.id, partySize: party.party_size, online: false }] : [];
  });
  const { changes } = settleDay(unitsOn(plan, date), seated, places);
  await storePlaces(db, changes);
}
