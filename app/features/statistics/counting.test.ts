import { sourceLabels, statusLabels } from "../reservations/book/index.ts";
import { describe, expect, it } from "vitest";
import type { GuestAction, ReservationSource, ReservationStatus } from "../../../db/database.types.ts";
import { statisticsCsv } from "./statistics-csv.ts";
import {
  aggregateStatistics,
  berlinInstant,
  bucketOf,
  bucketsOf,
  formatLead,
  formatShare,
  granularityOf,
  isoInstant,
  keyFigures,
  kindOf,
  type StatisticsRow,
} from "./counting.ts";

/** A reservation in the words of the table; `kind` packed as the query packs it. */
interface Readable {
  reservation_date: string;
  reservation_time?: string;
  status?: ReservationStatus;
  source?: ReservationSource;
  auto_confirmed?: number;
  guest_action?: GuestAction | null;
  party_size?: number;
  created_at?: string;
}

const row = (values: Readable): StatisticsRow => {
  const { status = "CONFIRMED", source = "online", guest_action = null, auto_confirmed = 0 } = values;
  return {
    reservation_date: values.reservation_date,
    reservation_time: values.reservation_time ?? "19:00",
    party_size: values.party_size ?? 2,
    created_at: values.created_at ?? `${values.reservation_date}T10:00:00.000Z`,
    kind: kindOf({ status, source, guest_action, auto_confirmed }),
  };
};

const NOVEMBER = { from: "2026-11-01", to: "2026-11-30" };
const NOW = { date: "2026-11-20", time: "18:00" };

/** The book's own labels, as the route hands them in. */
const labels = { status: statusLabels, source: sourceLabels };

describe("the bars of a period", () => {
  it("are days up to 62 days, weeks up to 184, months beyond", () => {
    expect(granularityOf({ from: "2026-01-01", to: "2026-03-03" })).toBe("day");
    expect(granularityOf({ from: "2026-01-01", to: "2026-03-04" })).toBe("week");
    expect(granularityOf({ from: "2026-01-01", to: "2026-07-03" })).toBe("week");
    expect(granularityOf({ from: "2026-01-01", to: "2026-07-04" })).toBe("month");
  });

  it("start on Mondays and firsts of the month, and cover every day of the period", () => {
    expect(bucketOf("2026-11-29", "week")).toBe("2026-11-23");
    expect(bucketOf("2026-11-23", "week")).toBe("2026-11-23");
    expect(bucketOf("2026-11-29", "month")).toBe("2026-11-01");
    expect(bucketsOf({ from: "2026-11-26", to: "2026-12-08" }, "week")).toEqual([
      "2026-11-23",
      "2026-11-30",
      "2026-12-07",
    ]);
    expect(bucketsOf({ from: "2026-01-31", to: "2026-04-01" }, "month")).toEqual([
      "2026-01-01",
      "2026-02-01",
      "2026-03-01",
      "2026-04-01",
    ]);
  });
});

describe("a Berlin wall clock as an instant", () => {
  it("takes winter and summer time, and the days the clocks change", () => {
    expect(new Date(berlinInstant("2026-01-15", "19:00")).toISOString()).toBe("2026-01-15T18:00:00.000Z");
    expect(new Date(berlinInstant("2026-07-15", "19:00")).toISOString()).toBe("2026-07-15T17:00:00.000Z");
    // 29 March 2026: 02:00 becomes 03:00; 25 October 2026: 03:00 becomes 02:00.
    expect(new Date(berlinInstant("2026-03-29", "01:30")).toISOString()).toBe("2026-03-29T00:30:00.000Z");
    expect(new Date(berlinInstant("2026-03-29", "19:00")).toISOString()).toBe("2026-03-29T17:00:00.000Z");
    expect(new Date(berlinInstant("2026-10-25", "19:00")).toISOString()).toBe("2026-10-25T18:00:00.000Z");
  });
});

describe("a stored instant", () => {
  it("reads as Date.parse reads it", () => {
    for (const text of [
      "2026-11-27T18:00:00.000Z",
      "2024-02-29T23:59:59.999Z",
      "2000-03-01T00:00:00.001Z",
      "1999-12-31T12:34:56.789Z",
      "2026-11-27T18:00:00Z",
    ])
      expect(isoInstant(text), text).toBe(Date.parse(text));
  });
});

describe("aggregateStatistics", () => {
  it("counts reservations and guests of the guest statuses only, per bar, weekday and time", () => {
    const statistics = aggregateStatistics(
      NOVEMBER,
      [
        row({ reservation_date: "2026-11-02", status: "COMPLETED", party_size: 4 }),
        row({ reservation_date: "2026-11-02", status: "ARRIVED", party_size: 3, reservation_time: "12:00" }),
        row({ reservation_date: "2026-11-03", status: "PENDING", party_size: 2 }),
        row({ reservation_date: "2026-11-25", status: "CONFIRMED", party_size: 5 }),
        row({ reservation_date: "2026-11-03", status: "CANCELLED", party_size: 6 }),
        row({ reservation_date: "2026-11-03", status: "NO_SHOW", party_size: 6 }),
        row({ reservation_date: "2026-11-03", status: "WAITLIST", party_size: 6 }),
        // Outside the period: left out.
        row({ reservation_date: "2026-12-01", status: "CONFIRMED", party_size: 9 }),
      ],
      NOW,
    );
    expect(statistics.entries).toBe(7);
    expect(statistics.totals).toEqual({ reservations: 4, guests: 14 });
    expect(statistics.granularity).toBe("day");
    expect(statistics.series).toHaveLength(30);
    expect(statistics.series.find((bar) => bar.bucket === "2026-11-02")).toEqual({
      bucket: "2026-11-02",
      reservations: 2,
      guests: 7,
    });
    expect(statistics.series.find((bar) => bar.bucket === "2026-11-04")).toMatchObject({ reservations: 0 });
    expect(statistics.byWeekday.map((day) => day.weekday)).toEqual([
      "monday",
      "tuesday",
      "wednesday",
      "thursday",
      "friday",
      "saturday",
      "sunday",
    ]);
    expect(statistics.byWeekday[0]).toEqual({ weekday: "monday", reservations: 2, guests: 7 });
    expect(statistics.byWeekday[2]).toEqual({ weekday: "wednesday", reservations: 1, guests: 5 });
    expect(statistics.byTime).toEqual([
      { time: "12:00", reservations: 1, guests: 3 },
      { time: "19:00", reservations: 3, guests: 11 },
    ]);
    expect(statistics.byStatus).toMatchObject({ CANCELLED: 1, NO_SHOW: 1, WAITLIST: 1, COMPLETED: 1 });
  });

  it("takes the no-show rate among past reserved visits, not cancelled, waiting or walk-ins", () => {
    const statistics = aggregateStatistics(
      NOVEMBER,
      [
        row({ reservation_date: "2026-11-10", status: "NO_SHOW" }),
        row({ reservation_date: "2026-11-10", status: "COMPLETED" }),
        row({ reservation_date: "2026-11-10", status: "CONFIRMED" }),
        row({ reservation_date: "2026-11-20", status: "NO_SHOW", reservation_time: "17:30" }),
        // Today later on, ahead, cancelled, waiting, walk-in: not in the denominator.
        row({ reservation_date: "2026-11-20", status: "CONFIRMED", reservation_time: "19:00" }),
        row({ reservation_date: "2026-11-25", status: "CONFIRMED" }),
        row({ reservation_date: "2026-11-10", status: "CANCELLED" }),
        row({ reservation_date: "2026-11-10", status: "WAITLIST" }),
        row({ reservation_date: "2026-11-10", status: "COMPLETED", source: "walk-in" }),
      ],
      NOW,
    );
    expect(statistics.noShow).toEqual({ count: 2, of: 4, share: 0.5 });
  });

  it("splits cancellations by the guest's link and by staff, among bookings without walk-ins and waitlist", () => {
    const statistics = aggregateStatistics(
      NOVEMBER,
      [
        row({ reservation_date: "2026-11-10", status: "CANCELLED", guest_action: "cancelled" }),
        row({ reservation_date: "2026-11-10", status: "CANCELLED", guest_action: "changed" }),
        row({ reservation_date: "2026-11-10", status: "CANCELLED" }),
        row({ reservation_date: "2026-11-10", status: "CONFIRMED", guest_action: "cancelled" }),
        row({ reservation_date: "2026-11-10", status: "WAITLIST" }),
        row({ reservation_date: "2026-11-10", status: "COMPLETED", source: "walk-in" }),
      ],
      NOW,
    );
    expect(statistics.cancelledByGuest).toEqual({ count: 1, of: 4, share: 0.25 });
    expect(statistics.cancelledByStaff).toEqual({ count: 2, of: 4, share: 0.5 });
  });

  it("shares sources among all but the waitlist, automatic confirmation among online requests", () => {
    const statistics = aggregateStatistics(
      NOVEMBER,
      [
        row({ reservation_date: "2026-11-10", source: "online", auto_confirmed: 1 }),
        row({ reservation_date: "2026-11-10", source: "online" }),
        row({ reservation_date: "2026-11-10", source: "online", status: "WAITLIST" }),
        row({ reservation_date: "2026-11-10", source: "staff" }),
        row({ reservation_date: "2026-11-10", source: "walk-in", status: "COMPLETED" }),
      ],
      NOW,
    );
    expect(statistics.bySource.online).toEqual({ count: 2, of: 4, share: 0.5 });
    expect(statistics.bySource.staff).toEqual({ count: 1, of: 4, share: 0.25 });
    expect(statistics.bySource["walk-in"]).toEqual({ count: 1, of: 4, share: 0.25 });
    expect(statistics.autoConfirmed).toEqual({ count: 1, of: 3, share: 1 / 3 });
  });

  it("measures the lead time to the Berlin wall clock, without walk-ins, never below zero", () => {
    const statistics = aggregateStatistics(
      NOVEMBER,
      [
        // 19:00 in Berlin is 18:00 UTC in November.
        row({ reservation_date: "2026-11-10", created_at: "2026-11-08T18:00:00.000Z" }),
        row({ reservation_date: "2026-11-10", created_at: "2026-11-10T12:00:00.000Z" }),
        row({ reservation_date: "2026-11-10", created_at: "2026-11-10T20:00:00.000Z", status: "COMPLETED" }),
        row({ reservation_date: "2026-11-10", created_at: "2026-10-01T00:00:00.000Z", source: "walk-in" }),
      ],
      NOW,
    );
    const hour = 3_600_000;
    expect(statistics.leadTime).toEqual({
      count: 3,
      averageMs: (48 * hour + 6 * hour + 0) / 3,
      medianMs: 6 * hour,
    });
  });

  it("has no shares and no lead time for an empty period", () => {
    const statistics = aggregateStatistics(NOVEMBER, [], NOW);
    expect(statistics.noShow.share).toBeNull();
    expect(statistics.leadTime).toEqual({ count: 0, averageMs: null, medianMs: null });
    expect(keyFigures(statistics).map((figure) => figure.value)).toEqual(["0", "0", "–", "–", "–", "–", "–"]);
  });
});

describe("how the figures read", () => {
  it("writes shares and durations the German way", () => {
    expect(formatShare(0.125)).toBe("12,5\u00a0%");
    expect(formatShare(null)).toBe("–");
    expect(formatLead(3 * 86_400_000 + 4 * 3_600_000)).toBe("3 Tage 4 Std.");
    expect(formatLead(86_400_000)).toBe("1 Tag");
    expect(formatLead(5 * 3_600_000 + 1_000)).toBe("5 Std.");
  });

  it("makes a CSV for German Excel: BOM, semicolons, CRLF, the screen's numbers", () => {
    const statistics = aggregateStatistics(
      NOVEMBER,
      [
        row({ reservation_date: "2026-11-10", status: "COMPLETED", party_size: 4 }),
        row({ reservation_date: "2026-11-10", status: "NO_SHOW" }),
      ],
      NOW,
    );
    const csv = statisticsCsv(statistics, labels);
    expect(csv.startsWith("\uFEFFStatistik;01.11.2026 bis 30.11.2026\r\n")).toBe(true);
    expect(csv).toContain("\r\nNicht erschienen;50\u00a0%;1 von 2 vergangenen reservierten Besuchen\r\n");
    expect(csv).toContain("\r\n10.11.2026;1;4\r\n");
    expect(csv).toContain("\r\nDienstag;1;4\r\n");
    expect(csv).toContain("\r\nNicht erschienen;1\r\n");
    expect(csv.endsWith("\r\n")).toBe(true);
  });
});
