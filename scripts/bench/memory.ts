import fs from "node:fs";
import {
  BENCH_STAFF,
  behindProxy,
  startProductionServer,
  stopProductionServer,
  type ProductionServer,
} from "../../tests/support/production-server.ts";
import { addressOf, openDates } from "./capacity-figures.ts";
import { run, type RequestHeaders } from "./load-generator.ts";
import {
  heapReportsOf,
  MEMORY_REPORT_PREFIX,
  residentOf,
  settledResident,
  type MemoryReading,
  type MemoryRun,
} from "./memory-figures.ts";
import { guestForm, post } from "./reservation-figures.ts";

/**
 * `npm run bench -- memory` (decision 0043): the production server, one process on a fresh SQLite
 * database with the demo content, started `runs` times; each time its memory is read
 *   1. at rest after the start,
 *   2. after SIGN_INS staff sign-ins (real POSTs to /login, all at once: two scrypt checks run
 *      together, the others wait their turn),
 *   3. after a load run of `seconds` over guests' pages, the availability API and reservation
 *      requests (the load generator of `npm run load`, plus form POSTs from addresses of their own).
 * Resident memory from Linux's /proc (VmRSS, and VmHWM, the peak so far); V8's heap from the server
 * itself: started with MEMORY_REPORT=on it writes one line on SIGUSR2 (server/start.ts).
 */
export const SIGN_INS = 10;
export const LOAD_SECONDS = 30;
/** Keep-alive connections per guests' page during the load run. */
const CONNECTIONS = 4;
/** Guests sending the reservation form at the same time during the load run. */
const FORM_SENDERS = 4;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** VmRSS and VmHWM of `pid`, in bytes. */
function resident(pid: number) {
  const figures = residentOf(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!figures) throw new Error(`/proc/${pid}/status nennt VmRSS oder VmHWM nicht`);
  return figures;
}

/** Asks the server for its heap (SIGUSR2) and waits for the answer line. */
async function heapOf(server: ProductionServer) {
  const before = heapReportsOf(server.output()).length;
  server.process.kill("SIGUSR2");
  for (let waited = 0; waited < 10_000; waited += 50) {
    const reports = heapReportsOf(server.output());
    const report = reports[before];
    if (report) return report;
    await pause(50);
  }
  throw new Error(`Der Server hat auf SIGUSR2 keine Zeile „${MEMORY_REPORT_PREFIX.trim()}“ geschrieben`);
}

async function reading(server: ProductionServer): Promise<MemoryReading> {
  const pid = server.process.pid;
  if (pid === undefined) throw new Error("Der Server hat keine Prozessnummer");
  await settledResident(() => resident(pid).rss);
  const heap = await heapOf(server);
  return { ...resident(pid), ...heap };
}

/** SIGN_INS sign-ins at once, each from an address of its own (the server is behind a trusted proxy). */
async function signIns(origin: string) {
  const answers = await Promise.all(
    Array.from({ length: SIGN_INS }, async (_, index) => {
      const answer = await fetch(`${origin}/login`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin,
          "x-forwarded-for": addressOf(900_000 + index),
        },
        body: new URLSearchParams(BENCH_STAFF),
      });
      await answer.arrayBuffer();
      return (answer.headers.get("set-cookie") ?? "").includes("=");
    }),
  );
  const failed = answers.filter((signedIn) => !signedIn).length;
  if (failed > 0) throw new Error(`${failed} von ${SIGN_INS} Anmeldungen gescheitert`);
}

/**
 * The load run: guests' pages and the availability API at CONNECTIONS connections each, and
 * FORM_SENDERS guests sending the reservation form one after the other, all for `seconds`.
 */
async function loadRun(origin: string, seconds: number) {
  const home = await fetch(`${origin}/`).then((answer) => answer.text());
  const stylesheet = /<link[^>]* href="(\/assets\/[^"]+\.css)"/.exec(home)?.[1];
  // The gallery's pictures, as a phone asks for them: the demo's are uploaded pictures (decision 0038).
  const pictures = [...new Set(home.match(/\/bilder\/hochgeladen\/[\w.-]+-480w\.webp/g) ?? [])].slice(0, 3);
  const dates = await openDates(origin, 7);
  const browser = { "accept-encoding": "br, gzip" };
  const crowd: RequestHeaders = (request) => ({ ...browser, "x-forwarded-for": addressOf(request) });
  const targets: Array<[string, RequestHeaders]> = [
    ["/", browser],
    ["/", {}],
    ["/speisekarte", browser],
    ["/wochenkarte", browser],
    ["/reservieren", browser],
    ["/impressum", browser],
    [`/api/verfuegbarkeit?datum=${dates[0]}&personen=2`, crowd],
    [`/api/verfuegbarkeit?datum=${dates[1]}&personen=4`, crowd],
    ...(stylesheet ? [[stylesheet, browser] as [string, RequestHeaders]] : []),
    ...pictures.map((picture): [string, RequestHeaders] => [picture, browser]),
  ];
  const deadline = performance.now() + seconds * 1000;
  let guest = 0;
  const sender = async () => {
    while (performance.now() < deadline) {
      guest += 1;
      const date = dates[guest % dates.length] ?? "";
      await post(`${origin}/_.data?index`, guestForm("Speichergast", guest, date), {
        "X-Forwarded-For": addressOf(500_000 + guest),
      });
    }
  };
  const results = await Promise.all([
    ...targets.map(([path, headers]) => run(new URL(path, origin), headers, CONNECTIONS, seconds)),
    ...Array.from({ length: FORM_SENDERS }, sender),
  ]);
  const requests = results.reduce((sum, result) => sum + (result ? result.latencies.length : 0), 0);
  return { requests: requests + guest, forms: guest };
}

export interface MemoryMeasurement {
  runs: MemoryRun[];
  /** Requests answered in each run's load part, and of them reservation forms. */
  load: Array<{ requests: number; forms: number }>;
}

export async function measureMemory(
  runs: number,
  seconds = LOAD_SECONDS,
  say: (line: string) => void = () => undefined,
  extraEnv: Record<string, string> = {},
): Promise<MemoryMeasurement> {
  const measured: MemoryMeasurement = { runs: [], load: [] };
  for (let index = 1; index <= runs; index += 1) {
    const server = await startProductionServer("0", {
      MEMORY_REPORT: "on",
      ...(await behindProxy()),
      ...extraEnv,
    });
    try {
      const idle = await reading(server);
      await signIns(server.origin);
      const afterSignIns = await reading(server);
      const load = await loadRun(server.origin, seconds);
      const afterLoad = await reading(server);
      measured.runs.push({ idle, signIns: afterSignIns, load: afterLoad });
      measured.load.push(load);
      const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`;
      say(
        `  Lauf ${index}: Ruhe ${mib(idle.rss)}, nach ${SIGN_INS} Anmeldungen ${mib(afterSignIns.rss)}, ` +
          `nach ${seconds} s Last ${mib(afterLoad.rss)} (Spitze ${mib(afterLoad.peak)}; ` +
          `${load.requests} Anfragen, davon ${load.forms} Reservierungen)`,
      );
    } finally {
      await stopProductionServer(server);
    }
  }
  return measured;
}
