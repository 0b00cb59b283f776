import type { Kysely } from "kysely";
import type { Database } from "../../../../db/database.types.ts";
import { addDays } from "../../../lib/calendar.ts";
import {
  OBSERVED_AFTER,
  stayClassOf,
  type ObservedStay,
  type ObservedStays,
  type StayClass,
} from "./reservation-settings.ts";

/**
 * The turn times the evenings show (decision 0057): how long parties really stayed, from when staff
 * marked them 'Eingetroffen' until 'Abgeschlossen', per stay of 'Reservierungseinstellungen' (1–2,
 * 3–4, 5 and more guests). A figure is given once `OBSERVED_AFTER` parties of that stay have left
 * within the last `OBSERVED_DAYS` days: fewer say more about chance than about the restaurant.
 */

export const OBSERVED_DAYS = 180;
/** Stays shorter or longer than this are taps forgotten or made by mistake, not stays. */
const PLAUSIBLE = { min: 10, max: 480 } as const;

const medianOf = (sorted: readonly number[]) => {
  const middle = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 === 1 ? sorted[middle] : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return Math.round(value ?? 0);
};

/** The observed stays up to `today` (Berlin), per stay of the settings. */
export async function observedStays(db: Kysely<Database>, today: string): Promise<ObservedStays> {
  const rows = await db
    .selectFrom("reservations")
    .select(["party_size", "arrived_at", "left_at"])
    .where("status", "=", "COMPLETED")
    .where("arrived_at", "is not", null)
    .where("left_at", "is not", null)
    .where("reservation_date", ">=", addDays(today, -OBSERVED_DAYS))
    .where("reservation_date", "<=", today)
    .execute();
  const stays: Record<StayClass, number[]> = { small: [], medium: [], large: [] };
  for (const row of rows) {
    if (row.arrived_at === null || row.left_at === null) continue;
    const minutes = (new Date(row.left_at).getTime() - new Date(row.arrived_at).getTime()) / 60_000;
    if (minutes >= PLAUSIBLE.min && minutes <= PLAUSIBLE.max)
      stays[stayClassOf(row.party_size)].push(minutes);
  }
  const observed = (values: number[]): ObservedStay => {
    values.sort((a, b) => a - b);
    return values.length >= OBSERVED_AFTER
      ? { parties: values.length, median: medianOf(values) }
      : { parties: values.length };
  };
  return { small: observed(stays.small), medium: observed(stays.medium), large: observed(stays.large) };
}
