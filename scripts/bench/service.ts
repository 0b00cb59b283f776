import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { DEFAULT_SETTINGS } from "../../app/features/reservations/book/index.server.ts";
import { changeByStaff } from "../../app/features/reservations/booking/index.server.ts";
import {
  addWaiting,
  estimateWaits,
  floorParties,
  floorStates,
  floorTime,
  loadServiceDay,
  stayOfFloor,
  walkInProposals,
} from "../../app/features/reservations/service/index.server.ts";
import { addDays, berlinNow, berlinOffsetAt } from "../../app/lib/calendar.ts";
import { openDatabase } from "../../db/database.server.ts";
import { createStaffReservation } from "../../tests/support/reservations.ts";
import {
  startProductionServer,
  stopProductionServer,
  type ProductionServer,
} from "../../tests/support/production-server.ts";
import { openStream, signIn, type Stream } from "./live-streams.ts";
import { percentile } from "./load-generator.ts";
import { median } from "./stats.ts";
import { storeParties, storePlan } from "./tables-stored.ts";

/**
 * `npm run bench -- service` (decision 0057), two figures of the evening on the plan:
 *   1. the plan of a full evening — 40 tables, 150 reservations, 20 parties at the door — at 19:30:
 *      what the screen works out on every tick of its clock and every live update (each table's
 *      state, the waits at the door, the tables proposed for a walk-in), and the server's reading of
 *      the whole day for the screen (SQLite). Goal for the plan: under 10 ms.
 *   2. a state change ('Eingetroffen' tapped) reaching 50 open staff screens of one server process:
 *      from the change until every screen's event stream has it. Goal: median under 1 s.
 */
export const SERVICE_PLAN_BUDGET_MS = 10;
export const SERVICE_LIVE_BUDGET_MS = 1000;

const DOOR_PARTIES = 20;
const SCREENS = 50;
const PER_SESSION = 10;
const CHANGES = 20;

export interface ServiceFigures {
  tables: number;
  reservations: number;
  waiting: number;
  /** The screen's work per tick, ms. */
  planP50: number;
  planP95: number;
  /** The server reading the day for the screen, ms. */
  loadP50: number;
  loadP95: number;
  /** From a tap until all screens have it, ms. */
  liveMedian: number;
  liveMax: number;
}

const berlinAt = (date: string, time: string) => {
  const wall = Date.parse(`${date}T${time}:00Z`);
  return new Date(wall - berlinOffsetAt(wall));
};

async function measurePlan(rounds = 200) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-bench-service-"));
  const handle = openDatabase({ kind: "sqlite", file: path.join(dir, "bench.sqlite") });
  try {
    const { migrateToLatest } = await import("../../db/migrate.ts");
    await migrateToLatest(handle);
    const date = berlinNow().date;
    const now = berlinAt(date, "19:30");
    const ids = await storePlan(handle.db);
    await storeParties(handle, date, ids);
    // Those due before half past seven have come; some have left.
    const early = await handle.db
      .selectFrom("reservations")
      .select("id")
      .where("reservation_date", "=", date)
      .where("reservation_time", "<", "19:30")
      .execute();
    for (const [index, { id }] of early.entries())
      await handle.db
        .updateTable("reservations")
        .set({
          status: index % 3 === 0 ? "COMPLETED" : "ARRIVED",
          arrived_at: berlinAt(date, "18:00").toISOString(),
        })
        .where("id", "=", id)
        .execute();
    for (let index = 0; index < DOOR_PARTIES; index += 1)
      await addWaiting(handle.db, date, {
        name: `Wartend ${index + 1}`,
        party_size: [2, 2, 4, 3, 6][index % 5] ?? 2,
        phone: null,
        notes: null,
      });

    const loads: number[] = [];
    let day = await loadServiceDay(handle.db, date, DEFAULT_SETTINGS, now);
    for (let round = 0; round < 50; round += 1) {
      const started = performance.now();
      day = await loadServiceDay(handle.db, date, DEFAULT_SETTINGS, now);
      loads.push(performance.now() - started);
    }
    const floor = day.floor;
    if (!floor) throw new Error("no tables");
    const moment = { day, floor, now };
    const plans: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const started = performance.now();
      floorStates(moment);
      estimateWaits(stayOfFloor(floor), floor.units, floorParties(day), day.door, floorTime(day, now));
      walkInProposals(moment, 4);
      plans.push(performance.now() - started);
    }
    loads.sort((a, b) => a - b);
    plans.sort((a, b) => a - b);
    return {
      tables: floor.tables.length,
      reservations: day.slots.reduce((sum, slot) => sum + slot.entries.length, 0),
      waiting: day.door.length,
      planP50: percentile(plans, 0.5),
      planP95: percentile(plans, 0.95),
      loadP50: percentile(loads, 0.5),
      loadP95: percentile(loads, 0.95),
    };
  } finally {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function measureLive(server: ProductionServer) {
  const handle = openDatabase({ kind: "sqlite", file: path.join(server.dataDir, "tavola.sqlite") });
  const streams: Stream[] = [];
  try {
    const cookies: string[] = [];
    for (let index = 0; index < Math.ceil(SCREENS / PER_SESSION); index += 1)
      cookies.push(await signIn(server.origin));
    for (let index = 0; index < SCREENS; index += 1)
      streams.push(await openStream(server.origin, cookies[Math.floor(index / PER_SESSION)] ?? ""));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const date = addDays(berlinNow().date, 2);
    const times: number[] = [];
    for (let change = 0; change < CHANGES; change += 1) {
      const { reservation } = await createStaffReservation(handle.db, {
        customer_name: `Abend ${change}`,
        email: null,
        phone_number: null,
        reservation_date: date,
        reservation_time: "19:00",
        party_size: 2,
        status: "CONFIRMED",
        notes: null,
      });
      await Promise.all(streams.map((stream) => stream.waitFor(reservation.id)));
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The tap: the party is at its table. Its event carries the same reservation id again.
      const started = performance.now();
      const arrived = Promise.all(streams.map((stream) => stream.waitForNext(reservation.id)));
      await changeByStaff(handle.db, reservation.id, { status: "ARRIVED" }, { override: true });
      await arrived;
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 200 + Math.random() * 300));
    }
    return { liveMedian: median(times), liveMax: Math.max(...times) };
  } finally {
    for (const stream of streams) stream.close();
    await handle.close();
  }
}

export async function measureService(): Promise<ServiceFigures> {
  const plan = await measurePlan();
  const server = await startProductionServer("0", { LOG_LEVEL: "error", WORKERS: "1" });
  try {
    return { ...plan, ...(await measureLive(server)) };
  } finally {
    await stopProductionServer(server);
  }
}
