import type { Insertable } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { sourceLabels, statusLabels } from "../reservations/book/index.ts";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import type { ReservationsTable } from "../../../db/database.types.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";
import { loadStatistics, readStatistics, statisticsDownload, statisticsQuery } from "./statistics.server.ts";
import { kindOf, SOURCE_INDEX, STATUS_INDEX } from "./counting.ts";

/**
 * 'Statistik' against both engines: the one query reads the period's reservations (PostgreSQL's
 * `date` column comes back as 'YYYY-MM-DD', its timestamps as ISO strings, like SQLite's text), and
 * an anonymised reservation counts like any other.
 */
const NOW = new Date("2026-11-20T17:00:00.000Z"); // 18:00 in Berlin

/** The book's own labels, as the route hands them in. */
const labels = { status: statusLabels, source: sourceLabels };

const reservation = (values: Partial<Insertable<ReservationsTable>>): Insertable<ReservationsTable> => ({
  customer_name: "Gast",
  customer_name_search: "gast",
  email: "gast@example.de",
  phone_number: null,
  reservation_date: "2026-11-10",
  reservation_time: "19:00",
  party_size: 2,
  notes: null,
  status: "CONFIRMED",
  request_token: null,
  created_at: "2026-11-08T18:00:00.000Z",
  updated_at: "2026-11-08T18:00:00.000Z",
  // Every row names every column: a multi-row insert on SQLite writes null for one left out.
  source: "staff",
  auto_confirmed: 0,
  guest_action: null,
  ...values,
});

describe.each(testDatabases())("statistics on $dialect", (engine) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  async function seeded() {
    handle = await engine.open();
    await handle.db
      .insertInto("reservations")
      .values([
        reservation({ status: "COMPLETED", party_size: 4, source: "online", auto_confirmed: 1 }),
        // Anonymised (decision 0033): no name, no address; it still counts.
        reservation({
          customer_name: "Anonymisiert",
          customer_name_search: "anonymisiert",
          email: null,
          status: "NO_SHOW",
          source: "staff",
        }),
        reservation({ status: "CANCELLED", guest_action: "cancelled", source: "online" }),
        reservation({ status: "CANCELLED", source: "staff" }),
        reservation({
          status: "COMPLETED",
          source: "walk-in",
          party_size: 3,
          reservation_time: "12:30",
          created_at: "2026-11-10T11:30:00.000Z",
        }),
        reservation({ reservation_date: "2026-11-25", status: "PENDING", source: "online", party_size: 6 }),
        reservation({ reservation_date: "2026-11-25", status: "WAITLIST", source: "online" }),
        // Outside November.
        reservation({ reservation_date: "2026-10-31", status: "COMPLETED", party_size: 8 }),
        reservation({ reservation_date: "2026-12-01", status: "CONFIRMED", party_size: 8 }),
      ])
      .execute();
    return handle;
  }

  it("counts the period's reservations by the rules of decision 0036", async () => {
    const { db } = await seeded();
    const statistics = await readStatistics(db, { from: "2026-11-01", to: "2026-11-30" }, NOW);
    expect(statistics.entries).toBe(7);
    expect(statistics.totals).toEqual({ reservations: 3, guests: 13 });
    expect(statistics.noShow).toEqual({ count: 1, of: 2, share: 0.5 });
    expect(statistics.cancelledByGuest).toEqual({ count: 1, of: 5, share: 0.2 });
    expect(statistics.cancelledByStaff).toEqual({ count: 1, of: 5, share: 0.2 });
    expect(statistics.bySource).toEqual({
      online: { count: 3, of: 6, share: 0.5 },
      staff: { count: 2, of: 6, share: 2 / 6 },
      "walk-in": { count: 1, of: 6, share: 1 / 6 },
    });
    expect(statistics.autoConfirmed).toEqual({ count: 1, of: 4, share: 0.25 });
    expect(statistics.byTime).toEqual([
      { time: "12:30", reservations: 1, guests: 3 },
      { time: "19:00", reservations: 2, guests: 10 },
    ]);
    expect(statistics.series.find((bar) => bar.bucket === "2026-11-10")).toEqual({
      bucket: "2026-11-10",
      reservations: 2,
      guests: 7,
    });
    // Every non-walk-in was made 48 hours ahead of 19:00 Berlin on the 10th (18:00 UTC) … but the
    // one on the 25th, made on the 8th at 18:00 UTC: 17 days.
    expect(statistics.leadTime.count).toBe(6);
    expect(statistics.leadTime.medianMs).toBe(48 * 3_600_000);
  });

  it("packs status, source and flags in SQL exactly as kindOf does", async () => {
    handle = await engine.open();
    const combinations = STATUS_INDEX.flatMap((status) =>
      SOURCE_INDEX.flatMap((source) =>
        [null, "cancelled" as const, "changed" as const].flatMap((guest_action) =>
          [0, 1].map((auto_confirmed) => ({ status, source, guest_action, auto_confirmed })),
        ),
      ),
    );
    await handle.db
      .insertInto("reservations")
      .values(combinations.map((values) => reservation(values)))
      .execute();
    const rows = await statisticsQuery(handle.db, { from: "2026-11-10", to: "2026-11-10" }).execute();
    expect(rows.map((row) => row.kind).sort((a, b) => a - b)).toEqual(
      combinations.map((values) => kindOf(values)).sort((a, b) => a - b),
    );
  });

  it("answers a refused period with 400 and its message, on the screen and as a download", async () => {
    const { db } = await seeded();
    const url = new URL("http://localhost/admin/statistik?zeitraum=eigener&von=2026-11-30&bis=2026-11-01");
    expect(await loadStatistics(db, url, NOW)).toMatchObject({
      status: 400,
      view: { state: "refused", check: { message: "Das Enddatum liegt vor dem Startdatum." } },
    });
    const download = await statisticsDownload(db, url, labels, NOW);
    expect(download.status).toBe(400);
    expect(await download.text()).toBe("Das Enddatum liegt vor dem Startdatum.\n");
  });

  it("downloads the figures as CSV with the period in the file's name", async () => {
    const { db } = await seeded();
    const url = new URL("http://localhost/admin/statistik/csv?zeitraum=dieser-monat");
    const download = await statisticsDownload(db, url, labels, NOW);
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(download.headers.get("Content-Disposition")).toBe(
      'attachment; filename="statistik-2026-11-01-bis-2026-11-30.csv"',
    );
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain("\r\nReservierungen;3;");
    expect(text).toContain("\r\nGäste;13;");
    expect(text).toContain("\r\nLaufkundschaft;1;16,7\u00a0%\r\n");
  });
});
