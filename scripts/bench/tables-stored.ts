import { performance } from "node:perf_hooks";
import { contentDefaults } from "../../app/common/content/defaults.ts";
import { createMailer } from "../../app/common/mail/mailer.server.ts";
import {
  dayOptions,
  holdingOn,
  seatTheDay,
  stayFor,
} from "../../app/features/reservations/availability/index.server.ts";
import {
  DEFAULT_SETTINGS,
  insertPastReservations,
  lockReservationDay,
  type PastReservation,
} from "../../app/features/reservations/book/index.server.ts";
import {
  submitReservationRequest,
  weighVisit,
} from "../../app/features/reservations/booking/index.server.ts";
import {
  placesBetween,
  readFloorPlan,
  saveArea,
  saveCombination,
  saveTable,
  storePlaces,
  unitsOn,
  type UnitKey,
} from "../../app/features/reservations/tables/index.server.ts";
import { addDays, berlinNow, weekdayOf } from "../../app/lib/calendar.ts";
import { createLogger } from "../../app/lib/logger.server.ts";
import type { DatabaseHandle } from "../../db/database.server.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { percentile } from "./load-generator.ts";
import { onBothDatabases, type BenchDatabase } from "./reservation-figures.ts";
import { benchParties, benchPlan } from "./tables.ts";
import { openEveryDay } from "../../tests/support/opening-hours.ts";

/**
 * Booking by tables with the database (decision 0053), on SQLite and PostgreSQL: the bench plan of
 * scripts/bench/tables.ts (40 tables, 6 combinations) stored, and 150 parties seated on one date.
 *
 * - **Availability of the date, warm**: what `/api/verfuegbarkeit` and the form compute — the
 *   reservations with their places read and seated, every time of the day asked. Goal: < 5 ms (SQLite).
 * - **Storing a request that needs a reassignment**: the storing transaction's work for a party that
 *   fits only after an unfixed party moves (lock, weigh, insert, seat the day), rolled back after each
 *   measurement so that every one needs the move. Goal: < 20 ms.
 * - **200 guests at once for one evening** (`submitReservationRequest`, in this process): each
 *   request's time, and whether any two parties ended up at one table at once. Goals: p99 < 250 ms
 *   on SQLite, < 400 ms on PostgreSQL, never two parties at one table.
 */
export const STORED_DAY_BUDGET_MS = 5;
export const REASSIGNMENT_BUDGET_MS = 20;
export const BURST_P99_BUDGET_MS: Record<BenchDatabase, number> = { SQLite: 250, PostgreSQL: 400 };

export interface StoredTablesFigures {
  database: BenchDatabase;
  dayP50: number;
  reassignmentP50: number;
  /** How many moves the measured request needed. */
  moves: number;
  burstP99: number;
  burstStored: number;
  /** Pairs of parties holding one table at overlapping times after the burst: must be 0. */
  doubleBooked: number;
}

const hours = openEveryDay;
const settings = { ...DEFAULT_SETTINGS, leadMinutes: 0 };
const clock = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

class Rollback extends Error {}

/** Stores the bench plan; answers the stored id of each bench table and combination. */
export async function storePlan(db: DatabaseHandle["db"]): Promise<Map<UnitKey, UnitKey>> {
  const plan = benchPlan();
  const areaIds = new Map<number, number>();
  for (const area of plan.areas) {
    const saved = await saveArea(
      db,
      { input: { name: area.name, online: area.onlineBookable, plan_width: 1200, plan_height: 800 } },
      "bench",
    );
    if (!saved.ok) throw new Error(saved.message);
    areaIds.set(area.id, saved.id);
  }
  const ids = new Map<UnitKey, UnitKey>();
  const tableIds = new Map<number, number>();
  for (const table of plan.tables) {
    const saved = await saveTable(
      db,
      {
        areaId: areaIds.get(table.areaId) ?? 0,
        input: {
          name: table.name,
          seats_min: table.seatsMin,
          seats_max: table.seatsMax,
          shape: table.shape,
          x: table.x,
          y: table.y,
          width: table.width,
          height: table.height,
          rotation: table.rotation,
          online: table.onlineBookable,
        },
      },
      "bench",
    );
    if (!saved.ok) throw new Error(saved.message);
    tableIds.set(table.id, saved.id);
    ids.set(`t${table.id}`, `t${saved.id}`);
  }
  for (const combination of plan.combinations) {
    const saved = await saveCombination(
      db,
      {
        input: {
          tables: combination.tableIds.map((id) => tableIds.get(id) ?? 0),
          seats_min: combination.seatsMin,
          seats_max: combination.seatsMax,
        },
      },
      "bench",
    );
    if (!saved.ok) throw new Error(saved.message);
    ids.set(`c${combination.id}`, `c${saved.id}`);
  }
  return ids;
}

/** The 150 bench parties stored on `date` as guests' reservations, at their places. */
export async function storeParties(handle: DatabaseHandle, date: string, ids: Map<UnitKey, UnitKey>) {
  const parties = benchParties(unitsOn(benchPlan(), date));
  const now = new Date().toISOString();
  const rows: PastReservation[] = parties.map((party) => ({
    customer_name: `Gast ${party.id}`,
    email: `gast${party.id}@example.de`,
    phone_number: null,
    reservation_date: date,
    reservation_time: clock(party.from),
    party_size: party.partySize,
    notes: null,
    status: "CONFIRMED",
    request_token: null,
    created_at: now,
    updated_at: now,
    source: party.online ? "online" : "staff",
  }));
  await insertPastReservations(handle.db, rows);
  const stored = await handle.db
    .selectFrom("reservations")
    .select("id")
    .where("reservation_date", "=", date)
    .orderBy("id")
    .execute();
  await storePlaces(
    handle.db,
    parties.flatMap((party, index) => {
      const id = stored[index]?.id;
      const unit = party.unit && ids.get(party.unit);
      return id !== undefined && unit ? [{ id, unit }] : [];
    }),
  );
}

/** A party size and time that fit only after moving someone, as the day stands. */
async function reassignmentCase(handle: DatabaseHandle, date: string) {
  const { held, tables } = await holdingOn(settings, handle.db, date);
  if (!tables) throw new Error("no tables");
  for (const partySize of [2, 4, 6, 8, 3, 5]) {
    const options = dayOptions({ date, partySize, settings, hours, held, tables });
    const free = options.kind === "open" ? options.times.filter((option) => option.free) : [];
    for (const { time } of free) {
      const stay = stayFor(settings, time, partySize);
      const seated = stay && tables.seat({ ...stay, partySize, online: true });
      if (seated && seated.moves.length > 0) return { partySize, time, moves: seated.moves.length };
    }
  }
  throw new Error("no request needs a move on the bench day");
}

/** Pairs of parties at one table at overlapping times. */
async function doubleBookings(handle: DatabaseHandle, date: string): Promise<number> {
  const [places, { held }, plan] = await Promise.all([
    placesBetween(handle.db, date, date),
    holdingOn(settings, handle.db, date),
    readFloorPlan(handle.db),
  ]);
  const units = new Map(unitsOn(plan, date).map((unit) => [unit.key, unit]));
  const stays = held.flatMap((reservation) => {
    const place = reservation.id === undefined ? undefined : places.get(reservation.id);
    const stay = stayFor(settings, reservation.time, reservation.partySize);
    const unit = place && units.get(place.unit);
    return unit && stay ? [{ ...stay, tables: unit.tableIds }] : [];
  });
  let pairs = 0;
  stays.forEach((one, index) => {
    for (const other of stays.slice(index + 1)) {
      const shared = one.tables.some((table) => other.tables.includes(table));
      if (shared && one.from < other.to && other.from < one.to) pairs += 1;
    }
  });
  return pairs;
}

async function measureOn(handle: DatabaseHandle): Promise<Omit<StoredTablesFigures, "database">> {
  await migrateToLatest(handle);
  let date = addDays(berlinNow().date, 30);
  while (weekdayOf(date) === "monday") date = addDays(date, 1);
  const ids = await storePlan(handle.db);
  await storeParties(handle, date, ids);

  // The date's availability, warm: read and seated, every time asked.
  const day: number[] = [];
  for (let round = 0; round < 200; round += 1) {
    const started = performance.now();
    for (const partySize of [2, 4, 6])
      dayOptions({ date, partySize, settings, hours, ...(await holdingOn(settings, handle.db, date)) });
    day.push((performance.now() - started) / 3);
  }

  // A request that needs a move: weighed, stored and seated, then rolled back.
  const needing = await reassignmentCase(handle, date);
  const mail = {
    contact: contentDefaults["global.contact"],
    notifyEmail: undefined,
    siteOrigin: "http://localhost",
  };
  const reassignment: number[] = [];
  for (let round = 0; round < 60; round += 1) {
    const started = performance.now();
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await lockReservationDay(trx, date);
        const verdict = await weighVisit(
          trx,
          { date, time: needing.time, partySize: needing.partySize },
          { settings, hours, mail },
        );
        if (!("status" in verdict)) throw new Error("the measured request was refused");
        await insertPastReservations(trx, [
          {
            customer_name: "Gast neu",
            email: "neu@example.de",
            phone_number: null,
            reservation_date: date,
            reservation_time: needing.time,
            party_size: needing.partySize,
            notes: null,
            status: verdict.status,
            request_token: null,
            created_at: new Date().toISOString(),
            updated_at: new Date().toISOString(),
          },
        ]);
        await seatTheDay(trx, settings, date);
        reassignment.push(performance.now() - started);
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
  }

  // 200 guests at once for the evening of a date with the plan empty.
  const evening = addDays(date, weekdayOf(addDays(date, 1)) === "monday" ? 2 : 1);
  const logger = createLogger("silent");
  const mailer = createMailer({
    db: handle.db,
    logger,
    transport: { async send() {}, close() {} },
    from: undefined,
    retryBaseMs: 60_000,
  });
  const burst = await Promise.all(
    Array.from({ length: 200 }, async (_, index) => {
      const form = new FormData();
      const fields = {
        name: `Gast ${index}`,
        email: `burst${index}@example.de`,
        date: evening,
        time: ["18:00", "18:30", "19:00", "19:30", "20:00"][index % 5] ?? "19:00",
        party_size: String([2, 2, 4, 3, 6, 2, 4, 8][index % 8]),
        request_token: `burst-${index}`,
      };
      for (const [key, value] of Object.entries(fields)) form.set(key, value);
      const started = performance.now();
      const answer = await submitReservationRequest(form, {
        db: handle.db,
        logger,
        mailer,
        clientAddress: `192.0.2.${index % 250}`,
        rateLimit: 0,
        hours,
        mail,
        settings,
      });
      return { ms: performance.now() - started, stored: answer.status === 200 };
    }),
  );
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  return {
    dayP50: percentile(sorted(day), 0.5),
    reassignmentP50: percentile(sorted(reassignment), 0.5),
    moves: needing.moves,
    burstP99: percentile(sorted(burst.map((one) => one.ms)), 0.99),
    burstStored: burst.filter((one) => one.stored).length,
    doubleBooked: await doubleBookings(handle, evening),
  };
}

export async function measureStoredTables(onSkipped: () => void): Promise<StoredTablesFigures[]> {
  const results = await onBothDatabases((handle) => measureOn(handle), onSkipped);
  return results.map(({ database, result }) => ({ ...result, database }));
}
