import type { Kysely } from "kysely";
import type { Database } from "../../../db/database.types.ts";
import { addDays } from "../../lib/calendar.ts";
import { countActiveDishes } from "../menu/index.server.ts";
import {
  countPending,
  expectedOn,
  guestCancellationsOn,
  type GuestCancellation,
} from "../reservations/book/index.server.ts";

export type { GuestCancellation };

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

/** The figures of the dashboard's info cards, read live from the menu and the reservations. */
export async function readDashboardFigures(db: Kysely<Database>, today: string): Promise<DashboardFigures> {
  const [speisekarteDishes, wochenkarteDishes, pendingReservations, todays, guestCancellations] =
    await Promise.all([
      countActiveDishes(db, "SPEISEKARTE"),
      countActiveDishes(db, "WOCHENKARTE"),
      countPending(db),
      expectedOn(db, today),
      guestCancellationsOn(db, [today, addDays(today, 1)]),
    ]);
  return {
    speisekarteDishes,
    wochenkarteDishes,
    pendingReservations,
    todayReservations: todays.reservations,
    todayGuests: todays.guests,
    guestCancellations,
  };
}
