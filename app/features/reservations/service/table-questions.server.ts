import type { Kysely } from "kysely";
import type { Database } from "../../../../db/database.types.ts";
import { berlinNow, minutesOfClock } from "../../../lib/calendar.ts";
import { listReservations, stayMinutesFor, type Reservation } from "../book/index.server.ts";
import {
  placesBetween,
  readKeptFloorPlan,
  seatsLabel,
  unitLabel,
  unitsOn,
  unitTables,
  type FloorPlan,
  type UnitKey,
} from "../tables/index.server.ts";
import { floorMessages as F } from "./floor-messages.ts";
import { tableStates, type EveningParty, type StayRules, type TableState } from "./table-states.ts";

/**
 * The host stand's questions about a table (decision 0057), asked inside the write's transaction with
 * the date locked: of two hosts seating parties at one table at once, the second is asked, and a
 * walk-in is not put at a table a party is due at without the host saying so.
 */

type Db = Kysely<Database>;

/** The tap needs the host's yes first: the question, and nothing was written. */
export class TableQuestion extends Error {
  readonly question: string;
  constructor(question: string) {
    super(question);
    this.name = "TableQuestion";
    this.question = question;
  }
}

/** The tap cannot be made (a table not there today, an entry changed meanwhile): nothing was written. */
export class TapRefused extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = "TapRefused";
    this.status = status;
  }
}

/** 'HH:MM' in Berlin when the party at its table came, if that was on its reserved date. */
export function arrivalOf(reservation: Reservation): string | undefined {
  if (reservation.status !== "ARRIVED" || reservation.arrived_at === null) return undefined;
  const arrived = berlinNow(new Date(reservation.arrived_at));
  return arrived.date === reservation.reservation_date ? arrived.time : undefined;
}

/** The day's parties at their tables, as stored now (inside the transaction: behind the date's lock). */
async function eveningOn(db: Db, date: string): Promise<{ plan: FloorPlan; parties: EveningParty[] }> {
  const [plan, reservations, places] = await Promise.all([
    readKeptFloorPlan(db),
    listReservations(db, { mode: "date", date }),
    placesBetween(db, date, date),
  ]);
  const parties = reservations.map((reservation): EveningParty => {
    const unit = places.get(reservation.id)?.unit;
    return {
      id: reservation.id,
      name: reservation.customer_name,
      partySize: reservation.party_size,
      time: reservation.reservation_time,
      status: reservation.status,
      arrivedAt: arrivalOf(reservation),
      tableIds: unit ? unitTables(plan, unit) : [],
    };
  });
  return { plan, parties };
}

/** Another party than `except` sitting at the table in `state`. */
function seatedOther(state: TableState | undefined, except: number | undefined): EveningParty | undefined {
  if (!state || (state.kind !== "seated" && state.kind !== "soon-free" && state.kind !== "overdue"))
    return undefined;
  return [state.party, ...state.others].find((party) => party.id !== except);
}

const takenBy = (label: string, other: EveningParty) =>
  F.taken(label, other.name, other.partySize, other.arrivedAt ?? other.time);

/** Why a party should not sit at `tableIds` now: someone else sits there, or is due. */
function conflictAt(
  rules: StayRules,
  parties: readonly EveningParty[],
  tableIds: readonly number[],
  label: string,
  now: string,
  seated: { id?: number; partySize: number },
): string | undefined {
  const states = tableStates(rules, tableIds, parties, now);
  const stayEnds = (minutesOfClock(now) ?? 0) + stayMinutesFor(rules, seated.partySize);
  for (const id of tableIds) {
    const state = states.get(id);
    const other = seatedOther(state, seated.id);
    if (other) return takenBy(label, other);
    if (state?.kind === "due" && state.party.id !== seated.id)
      return F.due(label, state.party.name, state.party.partySize, state.party.time);
    const next = state?.kind === "free" ? state.next : undefined;
    if (next && next.id !== seated.id && (minutesOfClock(next.time) ?? 0) < stayEnds)
      return F.reservedFrom(label, next.name, next.partySize, next.time);
  }
  return undefined;
}

/**
 * A walk-in of `partySize` at `unit` today at `now`: refused for a table that is not there today
 * (unknown, deleted, or in an area closed today); asked about, unless `confirmed`, when it is too
 * small or large, taken, due within half an hour, or reserved before the party's stay would end.
 */
export function walkInCheck(
  rules: StayRules,
  unit: UnitKey,
  partySize: number,
  now: { date: string; time: string },
  confirmed: boolean,
): (trx: Db) => Promise<void> {
  return async (trx) => {
    const { plan, parties } = await eveningOn(trx, now.date);
    const label = unitLabel(plan, unit);
    if (label === undefined) throw new TapRefused(404, F.unknownTable);
    const target = unitsOn(plan, now.date).find((one) => one.key === unit);
    if (!target) throw new TapRefused(400, F.closedTable(label));
    if (confirmed) return;
    if (partySize < target.seatsMin || partySize > target.seatsMax)
      throw new TableQuestion(F.tooSmall(label, seatsLabel(target)));
    const conflict = conflictAt(rules, parties, target.tableIds, label, now.time, { partySize });
    if (conflict) throw new TableQuestion(conflict);
  };
}

/**
 * 'Eingetroffen' tapped on the plan for the party at its table: asked about, unless `confirmed`,
 * when another party still sits at one of its tables (two hosts seating two parties at one table at
 * once: the second is asked).
 */
export function seatCheck(
  rules: StayRules,
  now: { date: string; time: string },
  confirmed: boolean,
): (trx: Db, current: Reservation) => Promise<void> {
  return async (trx, current) => {
    if (confirmed || current.reservation_date !== now.date) return;
    const { plan, parties } = await eveningOn(trx, now.date);
    const party = parties.find((one) => one.id === current.id);
    if (!party || party.tableIds.length === 0) return;
    const states = tableStates(rules, party.tableIds, parties, now.time);
    for (const id of party.tableIds) {
      const other = seatedOther(states.get(id), current.id);
      if (other) throw new TableQuestion(takenBy(unitLabel(plan, `t${id}`) ?? "", other));
    }
  };
}
