import type { Site } from "./site.ts";

/** A reservation straight into the site's database, as if a guest had sent it (PENDING unless said). */
export async function insertReservation(
  site: Site,
  values: {
    name: string;
    date: string;
    time?: string;
    status?: "PENDING" | "CONFIRMED";
    email?: string | null;
  },
) {
  const now = new Date().toISOString();
  return site.db
    .insertInto("reservations")
    .values({
      customer_name: values.name,
      customer_name_search: values.name.toLocaleLowerCase("de-DE"),
      email: values.email === undefined ? "gast@example.de" : values.email,
      phone_number: null,
      reservation_date: values.date,
      reservation_time: values.time ?? "18:00",
      party_size: 2,
      notes: null,
      status: values.status ?? "PENDING",
      request_token: null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}
