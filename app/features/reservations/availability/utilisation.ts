import type { ServiceWindows } from "./seat-rule.ts";

/**
 * How full the restaurant was (docs/product/tables.md, 'Statistik'): the seats' utilisation per
 * service and per area over a period, as seat-minutes taken of seat-minutes open. A party takes its
 * seats for its stay (the 'Aufenthaltsdauer' by party size), counted inside the opening times only;
 * the restaurant, or an area, offers its seats for every minute it is open. Pure: the reading is
 * `seat-utilisation.server.ts`.
 */

export type Service = keyof ServiceWindows;

/** A party that came or is expected, with the area of its table (none: no table, or no tables). */
export interface UtilisationParty {
  date: string;
  time: string;
  partySize: number;
  areaId?: number | undefined;
}

export interface UtilisationArea {
  id: number;
  name: string;
  /** All its tables' largest party. */
  seats: number;
  /** Whether it is closed on a date (its closures). */
  closedOn: (date: string) => boolean;
}

/** Seat-minutes taken of seat-minutes open, and on how many days the part was open. */
export interface UtilisationFigure {
  days: number;
  taken: number;
  open: number;
}

export interface SeatUtilisation {
  /** The restaurant's seats it is weighed against; null: no seats are set, so nothing is weighed. */
  seats: number | null;
  services: Array<{ service: Service } & UtilisationFigure>;
  areas: Array<{ id: number; name: string; seats: number } & UtilisationFigure>;
  /** Days whose opening hours could not be read: left out. */
  unknownDays: number;
}

const SERVICES: readonly Service[] = ["lunch", "evening"];

const minutesOf = (windows: ReadonlyArray<{ from: number; to: number }>) =>
  windows.reduce((sum, window) => sum + Math.max(0, window.to - window.from), 0);

const overlapOf = (
  stay: { from: number; to: number },
  windows: ReadonlyArray<{ from: number; to: number }>,
) =>
  windows.reduce(
    (sum, window) => sum + Math.max(0, Math.min(stay.to, window.to) - Math.max(stay.from, window.from)),
    0,
  );

export function seatUtilisation({
  dates,
  seats,
  areas,
  parties,
  stayOf,
}: {
  /** Every date of the period with its services' opening times (undefined: hours unreadable). */
  dates: ReadonlyMap<string, ServiceWindows | undefined>;
  seats: number | null;
  areas: readonly UtilisationArea[];
  parties: readonly UtilisationParty[];
  /** A party's stay in minutes after midnight, [from, to). */
  stayOf: (time: string, partySize: number) => { from: number; to: number } | undefined;
}): SeatUtilisation {
  const services = SERVICES.map((service) => ({ service, days: 0, taken: 0, open: 0 }));
  const byArea = new Map(
    areas.map((area) => [
      area.id,
      { id: area.id, name: area.name, seats: area.seats, days: 0, taken: 0, open: 0 },
    ]),
  );
  let unknownDays = 0;
  for (const [date, windows] of dates) {
    if (!windows) {
      unknownDays += 1;
      continue;
    }
    for (const figure of services) {
      const minutes = minutesOf(windows[figure.service]);
      if (minutes === 0) continue;
      figure.days += 1;
      figure.open += (seats ?? 0) * minutes;
    }
    const dayMinutes = minutesOf(windows.lunch) + minutesOf(windows.evening);
    for (const area of areas) {
      const figure = byArea.get(area.id);
      if (!figure || dayMinutes === 0 || area.closedOn(date)) continue;
      figure.days += 1;
      figure.open += area.seats * dayMinutes;
    }
  }
  for (const party of parties) {
    const windows = dates.get(party.date);
    const stay = windows && stayOf(party.time, party.partySize);
    if (!windows || !stay) continue;
    let atTables = 0;
    for (const figure of services) {
      const taken = party.partySize * overlapOf(stay, windows[figure.service]);
      figure.taken += taken;
      atTables += taken;
    }
    const area = party.areaId === undefined ? undefined : byArea.get(party.areaId);
    const closed = areas.find((one) => one.id === party.areaId)?.closedOn(party.date) ?? false;
    if (area && !closed) area.taken += atTables;
  }
  return {
    seats,
    services: seats === null ? [] : services,
    areas: [...byArea.values()],
    unknownDays,
  };
}
