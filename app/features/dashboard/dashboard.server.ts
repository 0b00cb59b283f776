import type { Kysely } from "kysely";
import type { Database, MenuType } from "../../../db/database.types.ts";
import { addDays } from "../../lib/calendar.ts";

export interface DashboardFigures {
  speisekarteDishes: number;
  wochenkarteDishes: number;
  pendingReservations: number;
  /** Today's reservations (Berlin date) that are not cancelled, and their guests. */
  todayReservations: number;
  todayGuests: number;
  /** Reservations of today and tomorrow the guest cancelled through their link (decision 0033). */
  guestCancellations: GuestCancellation[];
}

export interface GuestCancellation {
  id: number;
  name: string;
  date: string;
  time: string;
  partySize: number;
  /** When the guest cancelled. */
  at: string;
}

/** The three figures of the dashboard's info cards, read live. */
export async function readDashboardFigures(db: Kysely<Database>, today: string): Promise<DashboardFigures> {
  const tomorrow = addDays(today, 1);
  const activeCount = (type: MenuType) =>
    db
      .selectFrom("active_menu_configurations")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("menu_type", "=", type)
      .executeTakeFirstOrThrow();
  const [speisekarte, wochenkarte, pending, todays, cancelled] = await Promise.all([
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
      .where("status", "in", ["PENDING", "CONFIRMED", "ARRIVED", "COMPLETED"])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("reservations")
      .select([
        "id",
        "customer_name",
        "reservation_date",
        "reservation_time",
        "party_size",
        "guest_action_at",
      ])
      .where("reservation_date", "in", [today, tomorrow])
      .where("status", "=", "CANCELLED")
      .where("guest_action", "=", "cancelled")
      .orderBy("reservation_date")
      .orderBy("reservation_time")
      .limit(50)
      .execute(),
  ]);
  return {
    speisekarteDishes: Number(speisekarte.count),
    wochenkarteDishes: Number(wochenkarte.count),
    pendingReservations: Number(pending.count),
    todayReservations: Number(todays.count),
    todayGuests: Number(todays.guests ?? 0),
    guestCancellations: cancelled.map((row) => ({
      id: row.id,
      name: row.customer_name,
      date: row.reservation_date,
      time: row.reservation_time,
      partySize: row.party_size,
      at: row.guest_action_at ?? "",
    })),
  };
}
