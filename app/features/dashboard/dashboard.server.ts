import type { Kysely } from "kysely";
import type { Database, MenuType } from "../../../db/database.types.ts";

export interface DashboardFigures {
  speisekarteDishes: number;
  wochenkarteDishes: number;
  pendingReservations: number;
  /** Today's reservations (Berlin date) that are not cancelled, and their guests. */
  todayReservations: number;
  todayGuests: number;
}

/** The three figures of the dashboard's info cards, read live. */
export async function readDashboardFigures(db: Kysely<Database>, today: string): Promise<DashboardFigures> {
  const activeCount = (type: MenuType) =>
    db
      .selectFrom("active_menu_configurations")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("menu_type", "=", type)
      .executeTakeFirstOrThrow();
  const [speisekarte, wochenkarte, pending, todays] = await Promise.all([
    activeCount("SPEISEKARTE"),
    activeCount("WOCHENKARTE"),
    db
      .selectFrom("reservations")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("status", "=", "PENDING")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("reservations")
      .select((eb) => [
        eb.fn.countAll<number>().as("count"),
        eb.fn.sum<number | null>("party_size").as("guests"),
      ])
      .where("reservation_date", "=", today)
      .where("status", "in", ["PENDING", "CONFIRMED", "COMPLETED"])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    speisekarteDishes: Number(speisekarte.count),
    wochenkarteDishes: Number(wochenkarte.count),
    pendingReservations: Number(pending.count),
    todayReservations: Number(todays.count),
    todayGuests: Number(todays.guests ?? 0),
  };
}
