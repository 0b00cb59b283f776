import type { Kysely } from "kysely";
import type { Database, ReservationSource, ReservationStatus } from "../../db/database.types.ts";
import { storedPhoneKey } from "../../app/lib/phone.ts";

/** What a test says of a reservation it stores; the rest is a plausible guest's. */
export interface TestReservation {
  name?: string;
  /** `null` for a reservation without an address (a guest who phoned). */
  email?: string | null;
  /** As the guest typed it; none unless given. */
  phone?: string | null;
  date: string;
  time?: string;
  partySize?: number;
  status?: ReservationStatus;
  /** Where it came from; the column's default ('staff') unless given. */
  source?: ReservationSource;
  createdAt?: string;
}

/** A reservation straight into the database, as if a guest had sent it (PENDING unless said); its id. */
export async function insertReservation(db: Kysely<Database>, values: TestReservation): Promise<number> {
  const name = values.name ?? "Gast";
  const stamp = values.createdAt ?? new Date().toISOString();
  const row = await db
    .insertInto("reservations")
    .values({
      customer_name: name,
      customer_name_search: name.toLocaleLowerCase("de-DE"),
      email:
        values.email === undefined ? `${name.toLowerCase().replace(/\W+/g, ".")}@example.de` : values.email,
      phone_number: values.phone ?? null,
      // As the app writes it with every number (decision 0034).
      phone_key: storedPhoneKey(values.phone),
      reservation_date: values.date,
      reservation_time: values.time ?? "18:00",
      party_size: values.partySize ?? 2,
      notes: null,
      status: values.status ?? "PENDING",
      request_token: null,
      created_at: stamp,
      updated_at: stamp,
      ...(values.source === undefined ? {} : { source: values.source }),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
