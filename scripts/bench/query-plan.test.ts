import { describe, expect, it } from "vitest";
import { readPlan } from "./query-plan.ts";

describe("reading a query plan", () => {
  it("names SQLite's indexes and sees a scan of every row", () => {
    expect(
      readPlan("sqlite", "reservations", [
        "SEARCH reservations USING INDEX reservations_reminder_idx (reservation_date=? AND status=?)",
        "USE TEMP B-TREE FOR ORDER BY",
      ]),
    ).toEqual({ indexes: ["reservations_reminder_idx"], fullScan: false });
    expect(
      readPlan("sqlite", "reservations", [
        "SEARCH reservations USING COVERING INDEX reservations_status_date_idx (status=?)",
      ]),
    ).toEqual({ indexes: ["reservations_status_date_idx"], fullScan: false });
    expect(readPlan("sqlite", "reservations", ["SCAN reservations", "USE TEMP B-TREE FOR ORDER BY"])).toEqual(
      { indexes: [], fullScan: true },
    );
    expect(
      readPlan("sqlite", "reservations", ["SCAN reservations USING INDEX reservations_date_time_idx"]),
    ).toEqual({ indexes: ["reservations_date_time_idx"], fullScan: true });
    expect(readPlan("sqlite", "reservations", ["SCAN mail_outbox"])).toEqual({
      indexes: [],
      fullScan: false,
    });
  });

  it("names PostgreSQL's indexes and sees a sequential scan", () => {
    expect(
      readPlan("postgres", "reservations", [
        "Limit  (cost=9.01..9.02 rows=1 width=120)",
        "  ->  Sort  (cost=9.01..9.02 rows=1 width=120)",
        "        ->  Bitmap Heap Scan on reservations  (cost=4.70..9.00 rows=1 width=120)",
        "              ->  Bitmap Index Scan on reservations_reminder_idx  (cost=0.00..4.70 rows=2 width=0)",
      ]),
    ).toEqual({ indexes: ["reservations_reminder_idx"], fullScan: false });
    expect(
      readPlan("postgres", "reservations", [
        "  ->  Index Scan using reservations_status_date_idx on reservations  (cost=0.29..8.31 rows=1 width=120)",
      ]),
    ).toEqual({ indexes: ["reservations_status_date_idx"], fullScan: false });
    expect(
      readPlan("postgres", "reservations", [
        "  ->  Seq Scan on reservations  (cost=0.00..1234.00 rows=100 width=120)",
        "  ->  Index Scan using mail_outbox_pkey on mail_outbox  (cost=0.29..8.31 rows=1 width=8)",
      ]),
    ).toEqual({ indexes: [], fullScan: true });
  });
});
