import fs from "node:fs";
import path from "node:path";
import { createStaffReservation } from "../../tests/support/reservations.ts";
import { addDays, berlinNow } from "../../app/lib/calendar.ts";
import { openDatabase } from "../../db/database.server.ts";
import { buildIfNeeded } from "../../server/build-if-needed.ts";
import {
  busyMachineWarning,
  residentMemory,
  startProductionServer,
  stopProductionServer,
} from "../../tests/support/production-server.ts";
import { median } from "./stats.ts";
import { openStream, signIn, type Stream } from "./live-streams.ts";

/**
 * `npm run bench:live`: the staff screens' live updates (decision 0035) on the production server, a
 * benchmark, not a test. Opens STREAMS event streams (/admin/live) for signed-in staff (several
 * sessions: one holds at most 10), then
 *   1. the server's resident memory before and with the streams open, and its CPU time over IDLE_MS
 *      with nothing happening, without and with the streams;
 *   2. CHANGES reservations entered one after the other (`createStaffReservation` on the server's
 *      database, as the staff screen's action does): the time from the call until every stream has
 *      the event, median and max.
 *
 *   npm run bench:live                 # one server process
 *   npm run bench:live -- --workers 2  # two: the streams spread over both
 */
const root = path.resolve(import.meta.dirname, "../..");
const say = (line: string) => process.stdout.write(`${line}\n`);
const STREAMS = 50;
const PER_SESSION = 10;
const IDLE_MS = 10_000;
const CHANGES = 20;

const args = process.argv.slice(2);
const workersAt = args.indexOf("--workers");
const workers = workersAt >= 0 ? Number(args[workersAt + 1]) : 1;
if (!Number.isInteger(workers) || workers < 1) throw new Error("--workers braucht eine Zahl ab 1");

/** CPU time (user + system) in ms of a process and its descendants, from Linux's /proc; 0 elsewhere. */
function cpuTime(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    const children = fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/))
      .filter(Boolean)
      .map(Number);
    // Linux counts in 1/100 s (USER_HZ).
    return ticks * 10 + children.reduce((sum, child) => sum + cpuTime(child), 0);
  } catch {
    return 0;
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const warning = busyMachineWarning();
if (warning) say(warning);
buildIfNeeded(root, () => undefined);
const server = await startProductionServer("0", { LOG_LEVEL: "error", WORKERS: String(workers) });
const handle = openDatabase({ kind: "sqlite", file: path.join(server.dataDir, "tavola.sqlite") });
const streams: Stream[] = [];
try {
  const pid = server.process.pid;
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const rssBefore = residentMemory(pid);
  const cpuQuietStart = cpuTime(pid);
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const cpuQuiet = cpuTime(pid) - cpuQuietStart;
  const cookies: string[] = [];
  for (let index = 0; index < Math.ceil(STREAMS / PER_SESSION); index += 1)
    cookies.push(await signIn(server.origin));
  for (let index = 0; index < STREAMS; index += 1)
    streams.push(await openStream(server.origin, cookies[Math.floor(index / PER_SESSION)] ?? ""));
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rssOpen = residentMemory(pid);
  const cpuBefore = cpuTime(pid);
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const cpuIdle = cpuTime(pid) - cpuBefore;
  const rssIdle = residentMemory(pid);

  const day = addDays(berlinNow().date, 3);
  const times: number[] = [];
  for (let change = 0; change < CHANGES; change += 1) {
    const started = performance.now();
    const { reservation } = await createStaffReservation(handle.db, {
      customer_name: `Live ${change}`,
      email: null,
      phone_number: null,
      reservation_date: day,
      reservation_time: "19:00",
      party_size: 2,
      status: "CONFIRMED",
      notes: null,
    });
    await Promise.all(streams.map((stream) => stream.waitFor(reservation.id)));
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 200 + Math.random() * 400));
  }
  say(`Live-Aktualisierung: ${STREAMS} offene Streams, ${workers} Serverprozess(e), SQLite`);
  say(`  Speicher (RSS) ohne Streams:   ${mb(rssBefore)}`);
  say(
    `  Speicher mit ${STREAMS} Streams:      ${mb(rssOpen)} (nach ${IDLE_MS / 1000} s Ruhe ${mb(rssIdle)})`,
  );
  const share = (ms: number) => `${ms} ms (${((ms / IDLE_MS) * 100).toFixed(1)} % eines Kerns)`;
  say(`  CPU in ${IDLE_MS / 1000} s Ruhe ohne Streams: ${share(cpuQuiet)}`);
  say(`  CPU in ${IDLE_MS / 1000} s Ruhe mit Streams:  ${share(cpuIdle)}`);
  say(
    `  Änderung → alle ${STREAMS} Streams:  Median ${median(times).toFixed(0)} ms, höchstens ${Math.max(...times).toFixed(0)} ms (${CHANGES} Änderungen)`,
  );
} finally {
  for (const stream of streams) stream.close();
  await handle.close();
  await stopProductionServer(server);
}
