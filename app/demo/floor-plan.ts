import type { PlanDraft } from "../features/reservations/tables/index.server.ts";

/**
 * The demo restaurant's 'Tischplan' (issue 37): 'Innenraum' with 13 tables — two small round ones by
 * the bar kept for walk-ins and the phone, four squares, five long tables and two big ones — and
 * 'Terrasse' with eight, online bookable and closed from November to March. Two combinations: 3 + 4
 * for five to eight, 12 + 13 for a group of up to sixteen. Lengths in centimetres.
 *
 * The fully booked evening (reservations.ts) fills every online-bookable table inside for both
 * sittings; on a date the terrace is open it is closed that evening for a private party, so the
 * evening stays fully booked by the tables.
 */
type Shape = "round" | "square" | "rectangle";

const table = (
  name: string,
  [seatsMin, seatsMax]: [number, number],
  shape: Shape,
  [x, y, width, height]: [number, number, number, number],
  online = true,
) => ({
  name,
  seats_min: seatsMin,
  seats_max: seatsMax,
  shape,
  x,
  y,
  width,
  height,
  rotation: 0,
  online,
});

/** The winters (1 November to 31 March) from the one `today` lies in or comes before, two of them. */
function winters(today: string) {
  const year = Number(today.slice(0, 4));
  const first = today.slice(5) <= "03-31" ? year - 1 : year;
  return [first, first + 1].map((start) => ({
    from: `${start}-11-01`,
    to: `${start + 1}-03-31`,
    note: "Winterpause",
  }));
}

export function demoFloorPlan(today: string, fullDate: string): PlanDraft {
  const closures = winters(today);
  const terraceOpenOnFullDate = !closures.some(({ from, to }) => from <= fullDate && fullDate <= to);
  return {
    areas: [
      {
        name: "Innenraum",
        online: true,
        plan_width: 1400,
        plan_height: 1000,
        closures: [],
        tables: [
          // By the bar: for walk-ins and guests who phone.
          table("1", [1, 2], "round", [1120, 110, 90, 90], false),
          table("2", [1, 2], "round", [1250, 110, 90, 90], false),
          table("3", [1, 4], "square", [100, 100, 100, 100]),
          table("4", [1, 4], "square", [210, 100, 100, 100]),
          table("5", [1, 4], "square", [450, 100, 100, 100]),
          table("6", [1, 4], "square", [660, 100, 100, 100]),
          // A long table seats two as well, when the small ones are taken.
          table("7", [2, 6], "rectangle", [100, 420, 180, 100]),
          table("8", [2, 6], "rectangle", [380, 420, 180, 100]),
          table("9", [2, 6], "rectangle", [660, 420, 180, 100]),
          table("10", [2, 6], "rectangle", [940, 420, 180, 100]),
          table("11", [2, 6], "rectangle", [1150, 600, 100, 180]),
          table("12", [4, 8], "rectangle", [250, 760, 240, 110]),
          table("13", [4, 8], "rectangle", [500, 760, 240, 110]),
        ],
        combinations: [
          { tables: ["3", "4"], seats_min: 5, seats_max: 8 },
          { tables: ["12", "13"], seats_min: 10, seats_max: 16 },
        ],
      },
      {
        name: "Terrasse",
        online: true,
        plan_width: 1200,
        plan_height: 600,
        closures: terraceOpenOnFullDate
          ? [...closures, { from: fullDate, to: fullDate, note: "Geschlossene Gesellschaft" }].sort((a, b) =>
              a.from.localeCompare(b.from),
            )
          : closures,
        tables: [
          ...["21", "22", "23", "24"].map((name, index) =>
            table(name, [1, 2], "round", [100 + index * 260, 100, 90, 90]),
          ),
          ...["25", "26", "27", "28"].map((name, index) =>
            table(name, [2, 4], "square", [100 + index * 260, 360, 110, 110]),
          ),
        ],
        combinations: [],
      },
    ],
  };
}
