import type { Kysely } from "kysely";
import type { Database } from "../../../db/database.types.ts";
import { berlinNow } from "../../lib/calendar.ts";
import { checkPeriod, periodQuery, type Period, type PeriodCheck } from "./schema.ts";
import { reservationFactsQuery } from "../reservations/book/index.server.ts";
import { aggregateStatistics, type Statistics, type StatisticsRow } from "./counting.ts";
import { statisticsCsv, type StatisticsLabels } from "./statistics-csv.ts";
import type { SeatUtilisation } from "../reservations/availability/index.ts";

/**
 * 'Statistik' (decision 0036): one read of the period's reservations through the index on
 * (reservation_date, reservation_time), in portable SQL; the counting is `aggregateStatistics`.
 * Measured against grouping in the database (`npm run bench:statistics`): a GROUP BY over date, time,
 * status, source and flags still sorts every row, and the lead time needs every reservation's creation
 * anyway (its Berlin wall clock is no portable SQL), so a second read cost more than the grouping
 * saved. Status, source and flags come as one number (`kindOf`, the reservations area's): fewer
 * strings to make per row.
 * Anonymised reservations keep every column read here: they count.
 */

type Db = Kysely<Database>;

/** The query, also for the benchmark's query plan. */
export const statisticsQuery = (db: Db, period: Pick<Period, "from" | "to">) =>
  reservationFactsQuery(db, period);

/** The period's figures, as of `now`. */
export async function readStatistics(
  db: Db,
  period: Pick<Period, "from" | "to">,
  now = new Date(),
): Promise<Statistics> {
  const rows: StatisticsRow[] = await statisticsQuery(db, period).execute();
  return aggregateStatistics(period, rows, berlinNow(now));
}

export type StatisticsView =
  | { state: "shown"; period: Period; query: string; statistics: Statistics; today: string }
  | { state: "refused"; check: Extract<PeriodCheck, { ok: false }>; today: string };

/** The screen's data from the address: the figures, or (status 400) why the period is refused. */
export async function loadStatistics(
  db: Db,
  url: URL,
  now = new Date(),
): Promise<{ view: StatisticsView; status: number }> {
  const today = berlinNow(now).date;
  const check = checkPeriod(url.searchParams, today);
  if (!check.ok) return { view: { state: "refused", check, today }, status: 400 };
  const statistics = await readStatistics(db, check.period, now);
  return {
    view: { state: "shown", period: check.period, query: periodQuery(check.period), statistics, today },
    status: 200,
  };
}

/** 'Als CSV herunterladen': the screen's figures as a file for spreadsheets; a refused period is a 400 text. */
export async function statisticsDownload(
  db: Db,
  url: URL,
  labels: StatisticsLabels,
  now = new Date(),
  /** The period's seat utilisation, when the caller can read it. */
  utilisationOf?: (period: Period) => Promise<SeatUtilisation | undefined>,
): Promise<Response> {
  const headers = { "Cache-Control": "no-store" };
  const check = checkPeriod(url.searchParams, berlinNow(now).date);
  if (!check.ok)
    return new Response(`${check.message}\n`, {
      status: 400,
      headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" },
    });
  const [statistics, utilisation] = await Promise.all([
    readStatistics(db, check.period, now),
    utilisationOf?.(check.period),
  ]);
  return new Response(statisticsCsv(statistics, labels, utilisation), {
    headers: {
      ...headers,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="statistik-${check.period.from}-bis-${check.period.to}.csv"`,
    },
  });
}
