import type { Kysely } from "kysely";
import type { ReservationStatus } from "../../db/database.types.ts";
import { searchableName } from "../features/reservations/schema.ts";
import { addDays, berlinNow, weekdayOf } from "../lib/calendar.ts";
import type { Database } from "../../db/database.types.ts";

/**
 * Demo reservations: a fortnight around the day of the first start, in all four states, on the
 * default opening days (not on Mondays), so 'Reservierungen einsehen' has something to show.
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
  if (offset < 0) return index % 4 === 3 ? "CANCELLED" : "COMPLETED";
  if (offset === 0) return index % 2 === 0 ? "CONFIRMED" : "PENDING";
  if (index % 5 === 4) return "CANCELLED";
  return index % 2 === 0 ? "PENDING" : "CONFIRMED";
}

export async function seedDemoReservations(db: Kysely<Database>, now = new Date()): Promise<void> {
  const today = berlinNow(now).date;
  const rows = [];
  for (let offset = -7; offset <= 7; offset += 1) {
    const date = addDays(today, offset);
    if (weekdayOf(date) === "monday") continue;
    const count = 2 + ((offset + 7) % 3);
    for (let index = 0; index < count; index += 1) {
      const guest = guests[(offset + 7 + index * 3) % guests.length] as DemoGuest;
      const requested = new Date(
        now.getTime() - (Math.max(1, 10 - offset) + index) * 86_400_000,
      ).toISOString();
      rows.push({
        customer_name: guest.name,
        customer_name_search: searchableName(guest.name),
        email: guest.email,
        phone_number: guest.phone,
        reservation_date: date,
        reservation_time: guest.time,
        party_size: guest.party,
        notes: guest.notes,
        status: statusFor(offset, index),
        request_token: null,
        created_at: requested,
        updated_at: requested,
      });
    }
  }
  await db.insertInto("reservations").values(rows).execute();
}
