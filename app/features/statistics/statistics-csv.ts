import type { ReservationSource, ReservationStatus } from "../../../db/database.types.ts";
import type { SeatUtilisation } from "../reservations/availability/index.ts";
import { UTILISATION_HEADERS, utilisationRows } from "./utilisation-rows.ts";
import { formatDate } from "../../lib/format.ts";
import { RESERVATION_SOURCES, RESERVATION_STATUSES } from "../../common/book/statuses.ts";
import {
  bucketLabel,
  formatCount,
  formatShare,
  granularityLabels,
  keyFigures,
  weekdayName,
  type Statistics,
} from "./counting.ts";

/** The labels of statuses and sources, which the route hands over (features do not import each other). */
export interface StatisticsLabels {
  status: Record<ReservationStatus, string>;
  source: Record<ReservationSource, string>;
}

/** The order statuses and sources are listed in: the reservations area's. */
export const STATUS_ORDER: readonly ReservationStatus[] = RESERVATION_STATUSES;
export const SOURCE_ORDER: readonly ReservationSource[] = RESERVATION_SOURCES;

/** A field as German Excel reads it: in quotes when it holds a separator, a quote or a line break. */
const field = (value: string) => (/[;"\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * The screen's figures as CSV for German spreadsheets: UTF-8 with a byte order mark (else Excel reads
 * the umlauts as Latin-1), semicolons between fields, CRLF between lines, numbers and shares written
 * as the screen shows them ('1.234', '12,5 %'). One block per table, a blank line between them.
 */
export function statisticsCsv(
  statistics: Statistics,
  labels: StatisticsLabels,
  utilisation?: SeatUtilisation,
): string {
  const lines: string[][] = [];
  const block = (header: string[], rows: string[][]) => {
    if (lines.length > 0) lines.push([]);
    lines.push(header, ...rows);
  };
  const { period, granularity } = statistics;
  block(
    ["Statistik", `${formatDate(period.from)} bis ${formatDate(period.to)}`],
    [["Einträge insgesamt", formatCount(statistics.entries)]],
  );
  block(
    ["Kennzahl", "Wert", "Gezählt"],
    keyFigures(statistics).map((figure) => [figure.label, figure.value, figure.detail]),
  );
  block(
    [granularityLabels[granularity], "Reservierungen", "Gäste"],
    statistics.series.map((bar) => [
      bucketLabel(bar.bucket, granularity, true),
      formatCount(bar.reservations),
      formatCount(bar.guests),
    ]),
  );
  block(
    ["Wochentag", "Reservierungen", "Gäste"],
    statistics.byWeekday.map((day) => [
      weekdayName(day.weekday),
      formatCount(day.reservations),
      formatCount(day.guests),
    ]),
  );
  block(
    ["Uhrzeit", "Reservierungen", "Gäste"],
    statistics.byTime.map((slot) => [slot.time, formatCount(slot.reservations), formatCount(slot.guests)]),
  );
  block(
    ["Herkunft", "Buchungen", "Anteil"],
    SOURCE_ORDER.map((source) => [
      labels.source[source],
      formatCount(statistics.bySource[source].count),
      formatShare(statistics.bySource[source].share),
    ]),
  );
  block(
    ["Status", "Einträge"],
    STATUS_ORDER.map((status) => [labels.status[status], formatCount(statistics.byStatus[status])]),
  );
  if (utilisation)
    block(
      [...UTILISATION_HEADERS],
      utilisationRows(utilisation).map((row) => [
        row.label,
        formatCount(row.days),
        formatCount(row.takenHours),
        formatCount(row.openHours),
        formatShare(row.share),
      ]),
    );
  return `\uFEFF${lines.map((line) => line.map(field).join(";")).join("\r\n")}\r\n`;
}
