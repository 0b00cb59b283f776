import type { Kysely } from "kysely";
import type { Database, MenuType } from "../../lib/database.types.ts";

export interface DashboardFigures {
  speisekarteDishes: number;
  wochenkarteDishes: number;
  pendingReservations: number;
}

/** The three figures of the dashboard's info cards, read live. */
export async function readDashboardFigures(db: Kysely<Database>): Promise<DashboardFigures> {
  const activeCount = (type: MenuType) =>
    db
      .selectFrom("active_menu_configurations")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("menu_type", "=", type)
      .executeTakeFirstOrThrow();
  const [speisekarte, wochenkarte, pending] = await Promise.all([
    activeCount("SPEISEKARTE"),
    activeCount("WOCHENKARTE"),
    db
      .selectFrom("reservations")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("status", "=", "PENDING")
      .executeTakeFirstOrThrow(),
  ]);
  return {
    speisekarteDishes: Number(speisekarte.count),
    wochenkarteDishes: Number(wochenkarte.count),
    pendingReservations: Number(pending.count),
  };
}
