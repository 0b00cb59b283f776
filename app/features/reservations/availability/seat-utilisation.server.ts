import type { Kysely } from "kysely";
import type { Database } from "../../../../db/database.types.ts";
import type { OpeningHoursContent } from "../../../common/content/schemas.ts";
import { addDays } from "../../../lib/calendar.ts";
import { partiesBetween, type ReservationSettings } from "../book/index.server.ts";
import { areaClosureOn, placesBetween, readKeptFloorPlan, unitArea } from "../tables/index.server.ts";
import { serviceWindowsOn, stayFor, type ServiceWindows } from "./seat-rule.ts";
import { seatUtilisation, type SeatUtilisation } from "./utilisation.ts";

/**
 * The seats' utilisation of a period (`seatUtilisation`), read: the parties that came or are
 * expected with the areas of their tables, the opening times of every date, and the restaurant's
 * seats and areas as they are now ('Plätze gesamt', the plan) — a period before a change is weighed
 * by today's seats.
 */
export async function readSeatUtilisation(
  db: Kysely<Database>,
  period: { from: string; to: string },
  settings: ReservationSettings,
  hours: OpeningHoursContent,
): Promise<SeatUtilisation> {
  const [plan, parties, places] = await Promise.all([
    readKeptFloorPlan(db),
    partiesBetween(db, period),
    placesBetween(db, period.from, period.to),
  ]);
  const dates = new Map<string, ServiceWindows | undefined>();
  for (let date = period.from; date <= period.to; date = addDays(date, 1))
    dates.set(date, serviceWindowsOn(date, settings, hours));
  return seatUtilisation({
    dates,
    seats: settings.totalSeats ?? settings.onlineSeats,
    areas: plan.areas.map((area) => ({
      id: area.id,
      name: area.name,
      seats: plan.tables
        .filter((table) => table.areaId === area.id)
        .reduce((sum, table) => sum + table.seatsMax, 0),
      closedOn: (date: string) => areaClosureOn(area, date) !== undefined,
    })),
    parties: parties.map((party) => {
      const place = places.get(party.id);
      return {
        date: party.reservation_date,
        time: party.reservation_time,
        partySize: party.party_size,
        areaId: place && unitArea(plan, place.unit)?.id,
      };
    }),
    stayOf: (time, partySize) => stayFor(settings, time, partySize),
  });
}
