import { sql, type Kysely } from "kysely";
import type { Database } from "../../../../db/database.types.ts";
import { SOURCE_INDEX, STATUS_INDEX } from "../../../common/book/facts.ts";
import { EXPECTED_STATUSES } from "../../../common/book/statuses.ts";

/** `CASE column WHEN 'a' THEN 0 WHEN 'b' THEN 1 … END` over the app's own fixed values (no input). */
const indexCase = (column: string, values: readonly string[]) =>
  `case ${column} ${values.map((value, index) => `when '${value}' then ${index}`).join(" ")} end`;

/** `kindOf` in SQL: the same packing, computed by the database. */
const KIND = sql<number>`${sql.raw(
  `(${indexCase("status", STATUS_INDEX)}) * 16 + (${indexCase("source", SOURCE_INDEX)}) * 4` +
    ` + (case when status = 'CANCELLED' and guest_action = 'cancelled' then 2 else 0 end) + auto_confirmed`,
)}`;

/**
 * The reservations of a period (Berlin dates, both included) as facts to count, through the index on
 * (reservation_date, reservation_time). Also for the benchmark's query plan.
 */
export function reservationFactsQuery(db: Kysely<Database>, period: { from: string; to: string }) {
  return db
    .selectFrom("reservations")
    .select(["reservation_date", "reservation_time", "party_size", "created_at", KIND.as("kind")])
    .where("reservation_date", ">=", period.from)
    .where("reservation_date", "<=", period.to);
}

/**
 * The parties of a period (Berlin dates, both included) that came or are expected
 * (`EXPECTED_STATUSES`): what the seats' utilisation weighs, with the id their place is found by.
 */
export function partiesBetween(db: Kysely<Database>, period: { from: string; to: string }) {
  return db
    .selectFrom("reservations")
    .select(["id", "reservation_date", "reservation_time", "party_size"])
    .where("reservation_date", ">=", period.from)
    .where("reservation_date", "<=", period.to)
    .where("status", "in", EXPECTED_STATUSES)
    .execute();
}
