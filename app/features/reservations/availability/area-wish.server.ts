import type { Kysely } from "kysely";
import type { Database } from "../../../../db/database.types.ts";
import { reservationMessages as M, type ReservationSettings } from "../book/index.server.ts";
import { areaClosureOn, readKeptFloorPlan, wishAreasOf, type WishArea } from "../tables/index.server.ts";

/**
 * 'Bereichswunsch' (decision 0054): the areas a guest may choose, and what a chosen area means for a
 * date. Off, every wish is ignored — a page rendered before an owner turned it off still sends one —
 * and the times are the whole restaurant's, as before.
 */

type Db = Kysely<Database>;

/** What a guest's chosen area asks of a date. */
export type AreaAsked =
  /** No wish, or wishes are off: the whole restaurant. */
  | { areaId?: undefined; closed?: undefined; invalid?: undefined }
  /** The area; `closed`: it is closed that date, with the guest's message. */
  | { areaId: number; closed?: string | undefined; invalid?: undefined }
  /** Not an area guests may choose. */
  | { invalid: string; areaId?: undefined; closed?: undefined };

/** The areas the guest's form offers: none while wishes are off or fewer than two areas are bookable. */
export async function wishAreas(
  db: Db,
  settings: Pick<ReservationSettings, "areaWish">,
): Promise<WishArea[]> {
  return settings.areaWish ? wishAreasOf(await readKeptFloorPlan(db)) : [];
}

/** The area numbered `area` for `date`, as a guest's question or request names it (null: none). */
export async function areaAsked(
  db: Db,
  settings: Pick<ReservationSettings, "areaWish">,
  area: number | null | undefined,
  date: string,
): Promise<AreaAsked> {
  if (area === null || area === undefined || !settings.areaWish) return {};
  const plan = await readKeptFloorPlan(db);
  const offered = wishAreasOf(plan);
  // No choice left to make (the plan changed under a page kept open): as if wishes were off.
  if (offered.length === 0) return {};
  const chosen = offered.some((candidate) => candidate.id === area)
    ? plan.areas.find((candidate) => candidate.id === area)
    : undefined;
  if (!chosen) return { invalid: M.areaInvalid };
  const closure = areaClosureOn(chosen, date);
  return closure ? { areaId: area, closed: M.areaClosed(chosen.name, closure.note) } : { areaId: area };
}
