import type { EveningParty } from "../../app/features/reservations/service/table-states.ts";
import type { SeatingUnit } from "../../app/features/reservations/tables/index.ts";

/**
 * The evening's pieces for the plan's pure tests (decision 0057): a table or combination of area 1,
 * ranked as the host would order them (tables first, combinations after), and parties numbered in
 * the order they are made.
 */
export const unit = (
  key: SeatingUnit["key"],
  tableIds: number[],
  seatsMin: number,
  seatsMax: number,
): SeatingUnit => ({
  key,
  areaId: 1,
  tableIds,
  seatsMin,
  seatsMax,
  online: true,
  rank: Number(key.slice(1)) + (key.startsWith("c") ? 5_000 : 0),
});

let nextId = 1;

/** A party of two, confirmed unless said otherwise, at `tableIds` from `time`. */
export const party = (
  values: Partial<EveningParty> & Pick<EveningParty, "time" | "tableIds">,
): EveningParty => ({
  id: nextId++,
  name: `Gast ${nextId}`,
  partySize: 2,
  status: "CONFIRMED",
  ...values,
});
