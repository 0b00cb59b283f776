import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { heldOn } from "../../app/features/reservations/availability/index.server.ts";
import { saveReservationSettings } from "../../app/features/reservations/settings/index.server.ts";
import { reservationMessages as M } from "../../app/features/reservations/book/index.server.ts";
import {
  seatsHeldAt,
  type HeldReservation,
} from "../../app/features/reservations/availability/index.server.ts";
import {
  DEFAULT_SETTINGS,
  type ReservationSettings,
} from "../../app/features/reservations/book/index.server.ts";
import { addDays, berlinNow } from "../../app/lib/calendar.ts";
import { openDatabase, type DatabaseTarget } from "../../db/database.server.ts";
import {
  behindProxy,
  startProductionServer,
  stopProductionServer,
} from "../../tests/support/production-server.ts";
import { findPostgresBinaries, startThrowawayPostgres } from "../../tests/support/throwaway-postgres.ts";
import { post, WARM_UP_BURSTS } from "./reservation-figures.ts";

/**
 * The last seats of an evening (decision 0031), measured from outside: the production server has
 * online seats set, GUESTS guests from as many addresses (behind a trusted proxy, the rate limit on)
 * ask for the same evening at the same moment, and afterwards the database shows that the seats
 * held never went past the online seats and that every guest was told the truth: stored, or the
 * time or the day is taken ('ausgebucht').
 */
export const CAPACITY_GUESTS = 200;

/** A restaurant with a limit that 200 guests overrun many times over; small parties confirmed at once. */
export const CAPACITY_SETTINGS: ReservationSettings = {
  ...DEFAULT_SETTINGS,
  totalSeats: 80,
  onlineSeats: 60,
  autoConfirmUpTo: 4,
};

/** Writes the settings as an owner saving 'Reservierungseinstellungen' would (the server reads them per request). */
export async function storeSettings(target: DatabaseTarget, settings: ReservationSettings): Promise<void> {
  const handle = openDatabase(target);
  try {
    await saveReservationSettings(handle.db, settings, "bench");
  } finally {
    await handle.close();
  }
}

/** A different address per guest, as seen through one trusted proxy: 10.x.y.z from the guest's number. */
export const addressOf = (guest: number) => `10.${(guest >> 16) & 255}.${(guest >> 8) & 255}.${guest & 255}`;

function getJson<T>(url: string, headers: Record<string, string>): Promise<{ status: number; body: T }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as T }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/**
 * The first `count` dates from three days ahead on that have a free time for `party`, as the server's own
 * hours and settings say (`GET /api/verfuegbarkeit`): real questions, not ones answered 'geschlossen'.
 */
export async function openDates(
  origin: string,
  count: number,
  party = 2,
  headers: Record<string, string> = {},
) {
  // After the demo content's fully booked evening (one or two days ahead).
  const from = addDays(berlinNow().date, 3);
  const to = addDays(from, 60);
  const { status, body } = await getJson<{ tage?: Array<{ datum: string; frei: boolean }> }>(
    `${origin}/api/verfuegbarkeit?von=${from}&bis=${to}&personen=${party}`,
    headers,
  );
  const open = (body.tage ?? []).filter((day) => day.frei).map((day) => day.datum);
  if (status !== 200 || open.length < count)
    throw new Error(`Keine ${count} offenen Tage von ${from} bis ${to} (Antwort ${status})`);
  return open.slice(0, count);
}

/** The evening's free times of `date` (from 17:00 on), as the server offers them. */
export async function eveningTimes(origin: string, date: string, headers: Record<string, string> = {}) {
  const { body } = await getJson<{ zeiten?: Array<{ zeit: string; frei: boolean }> }>(
    `${origin}/api/verfuegbarkeit?datum=${date}&personen=1`,
    headers,
  );
  const times = (body.zeiten ?? []).filter((option) => option.frei && option.zeit >= "17:00");
  if (times.length === 0) throw new Error(`Am ${date} gibt es abends keine freie Uhrzeit`);
  return times.map((option) => option.zeit);
}

function decoded(body: Buffer, encoding: string | undefined): string {
  if (encoding === "br") return zlib.brotliDecompressSync(body).toString("utf8");
  if (encoding === "gzip") return zlib.gunzipSync(body).toString("utf8");
  return body.toString("utf8");
}

/** One guest's POST from `address` (X-Forwarded-For): the status, the decoded answer and the time. */
async function postFrom(url: string, origin: string, address: string, body: string) {
  const answer = await post(url, body, { Origin: origin, "X-Forwarded-For": address });
  return { status: answer.status, ms: answer.ms, text: decoded(answer.body, answer.encoding) };
}

/** What a guest's answer says: stored, refused for lack of room ('ausgebucht'), or anything else. */
export type AnswerKind = "stored" | "full" | "wrong";

/**
 * Reads an answer by its status and its words (the `.data` stream or the whole page carry the same
 * German texts): 200 with the sent or confirmed notice, or 409 with 'Diese Uhrzeit ist gerade
 * ausgebucht.' or 'An diesem Tag sind online keine Plätze mehr frei.'. Everything else is wrong.
 */
export function answerKind(status: number, text: string): AnswerKind {
  if (status === 200 && (text.includes(M.successTitle) || text.includes(M.confirmedTitle))) return "stored";
  if (status === 409 && (text.includes(M.timeTaken) || text.includes(M.dayFull))) return "full";
  return "wrong";
}

/**
 * The most seats the stored reservations hold at any moment of the day: the count changes only where
 * a stay begins, so the peak is at one of their times (the pure rule's `seatsHeldAt`).
 */
export function peakSeatsHeld(
  settings: Pick<ReservationSettings, "stayMinutes">,
  held: readonly HeldReservation[],
): number {
  return Math.max(0, ...held.map((reservation) => seatsHeldAt(settings, held, reservation.time)));
}

export interface CapacityFigures {
  date: string;
  sent: number;
  stored: number;
  full: number;
  /** Answers neither stored nor 'ausgebucht', with their status: each one a fault. */
  wrong: Array<{ status: number; text: string }>;
  perSecond: number;
  /** Milliseconds per request, sorted. */
  latencies: number[];
  /** Rows of this burst in the database, and how many different guests they are. */
  rows: number;
  distinctRows: number;
  /** Guests answered 'stored' whose row is missing, or 'ausgebucht' whose row is there. */
  mismatched: number;
  peakSeats: number;
  onlineSeats: number;
}

/**
 * CAPACITY_GUESTS guests, each from an address of its own, send the form for `date` at the same
 * moment, each for one of the evening's `times` (in turn) with 1–8 people; then the database is read:
 * who is stored, and the most seats held at any moment of the date.
 */
export async function capacityBurst(options: {
  origin: string;
  target: DatabaseTarget;
  prefix: string;
  date: string;
  times: readonly string[];
  pathAndQuery: string;
  settings?: ReservationSettings;
  /** The first guest's number: each burst's addresses are new to the rate limit. */
  firstGuest?: number;
}): Promise<CapacityFigures> {
  const settings = options.settings ?? CAPACITY_SETTINGS;
  const first = options.firstGuest ?? 0;
  const guests = Array.from({ length: CAPACITY_GUESTS }, (_, i) => ({
    name: `${options.prefix} ${i}`,
    address: addressOf(first + i),
    body: new URLSearchParams({
      name: `${options.prefix} ${i}`,
      email: `gast${i}@example.de`,
      date: options.date,
      time: options.times[i % options.times.length] ?? "19:00",
      party_size: String(1 + (i % 8)),
      request_token: `${options.prefix}-${i}`,
    }).toString(),
  }));
  const started = performance.now();
  const answers = await Promise.all(
    guests.map((guest) =>
      postFrom(`${options.origin}${options.pathAndQuery}`, options.origin, guest.address, guest.body),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const kinds = answers.map((answer) => answerKind(answer.status, answer.text));

  const handle = openDatabase(options.target);
  try {
    const rows = await handle.db
      .selectFrom("reservations")
      .select(["customer_name"])
      .where("customer_name", "like", `${options.prefix} %`)
      .where("reservation_date", "=", options.date)
      .execute();
    const names = new Set(rows.map((row) => row.customer_name));
    const mismatched = guests.filter(
      (guest, i) => (kinds[i] === "stored") !== names.has(guest.name) && kinds[i] !== "wrong",
    ).length;
    const held = await heldOn(handle.db, options.date);
    return {
      date: options.date,
      sent: guests.length,
      stored: kinds.filter((kind) => kind === "stored").length,
      full: kinds.filter((kind) => kind === "full").length,
      wrong: answers
        .filter((_, i) => kinds[i] === "wrong")
        .map((answer) => ({ status: answer.status, text: answer.text.slice(0, 200) })),
      perSecond: guests.length / seconds,
      latencies: answers.map((answer) => answer.ms).sort((a, b) => a - b),
      rows: rows.length,
      distinctRows: names.size,
      mismatched,
      peakSeats: peakSeatsHeld(settings, held),
      onlineSeats: settings.onlineSeats ?? Number.POSITIVE_INFINITY,
    };
  } finally {
    await handle.close();
  }
}

/** Whether a burst kept every promise: no wrong answer, the rows as answered, never over the online seats. */
export const capacityHeld = (figures: CapacityFigures) =>
  figures.wrong.length === 0 &&
  figures.mismatched === 0 &&
  figures.rows === figures.stored &&
  figures.distinctRows === figures.rows &&
  figures.stored + figures.full === figures.sent &&
  figures.peakSeats <= figures.onlineSeats;

/** The two ways the form is sent (scripts/bench/reservation-figures.ts): with and without JavaScript. */
export const CAPACITY_PATHS = {
  "mit JavaScript": "/_.data?index",
  "ohne JavaScript": "/?index",
} as const;
export type CapacityPath = keyof typeof CAPACITY_PATHS;

export interface CapacityRuns {
  database: "SQLite" | "PostgreSQL";
  path: CapacityPath;
  runs: CapacityFigures[];
  /**
   * The first burst after the server started (the warm-up's first, decision 0032), for comparison:
   * with the first way of sending only, which the warm-up uses.
   */
  afterStart?: CapacityFigures;
}

/**
 * The scenario on one production server (`origin`, its database `target`): the settings stored,
 * WARM_UP_BURSTS unmeasured bursts to warm the server up, then `runs` bursts per way of sending, each
 * on a date of its own (the next open dates, as the server's API names them) so every burst meets
 * empty seats.
 */
export async function capacityRuns(options: {
  origin: string;
  target: DatabaseTarget;
  database: CapacityRuns["database"];
  runs: number;
  paths?: readonly CapacityPath[];
  onBurst?: (path: CapacityPath, run: number, figures: CapacityFigures) => void;
}): Promise<CapacityRuns[]> {
  const paths = options.paths ?? (Object.keys(CAPACITY_PATHS) as CapacityPath[]);
  await storeSettings(options.target, CAPACITY_SETTINGS);
  const dates = await openDates(options.origin, WARM_UP_BURSTS + options.runs * paths.length);
  let next = 0;
  const burst = async (prefix: string, way: CapacityPath) => {
    const date = dates[next] as string;
    const figures = await capacityBurst({
      origin: options.origin,
      target: options.target,
      prefix,
      date,
      times: await eveningTimes(options.origin, date),
      pathAndQuery: CAPACITY_PATHS[way],
      firstGuest: next * CAPACITY_GUESTS,
    });
    next += 1;
    return figures;
  };
  const afterStart = await burst("Aufwärmgast0", paths[0] ?? "mit JavaScript");
  for (let round = 1; round < WARM_UP_BURSTS; round += 1)
    await burst(`Aufwärmgast${round}`, paths[0] ?? "mit JavaScript");
  const results: CapacityRuns[] = [];
  for (const way of paths) {
    const runs: CapacityFigures[] = [];
    for (let run = 1; run <= options.runs; run += 1) {
      const figures = await burst(`Abendgast${next}`, way);
      options.onBurst?.(way, run, figures);
      runs.push(figures);
    }
    results.push({
      database: options.database,
      path: way,
      runs,
      ...(way === (paths[0] ?? "mit JavaScript") ? { afterStart } : {}),
    });
  }
  return results;
}

/**
 * `capacityRuns` on the production server with SQLite, and again with PostgreSQL when its programs
 * are installed (a throwaway server; without, `onSkipped` says so). Each server sits behind a
 * trusted proxy with the guests' rate limit on, as in production (RESERVATION_RATE_LIMIT's default).
 */
export async function capacityOnBothDatabases(options: {
  runs: number;
  onSkipped: () => void;
  onBurst?: (
    database: CapacityRuns["database"],
    path: CapacityPath,
    run: number,
    figures: CapacityFigures,
  ) => void;
}): Promise<CapacityRuns[]> {
  const measure = async (database: CapacityRuns["database"], env: Record<string, string>) => {
    const server = await startProductionServer("0", { ...(await behindProxy()), ...env });
    try {
      return await capacityRuns({
        origin: server.origin,
        target: env.DATABASE_URL
          ? { kind: "postgres", url: env.DATABASE_URL }
          : { kind: "sqlite", file: path.join(server.dataDir, "tavola.sqlite") },
        database,
        runs: options.runs,
        onBurst: (way, run, figures) => options.onBurst?.(database, way, run, figures),
      });
    } finally {
      await stopProductionServer(server);
    }
  };
  const results = await measure("SQLite", {});
  const binaries = findPostgresBinaries();
  if (!binaries) {
    options.onSkipped();
    return results;
  }
  const postgres = await startThrowawayPostgres(binaries);
  try {
    results.push(...(await measure("PostgreSQL", { DATABASE_URL: postgres.url })));
  } finally {
    postgres.stop();
  }
  return results;
}
