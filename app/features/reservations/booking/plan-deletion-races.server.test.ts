import { afterEach, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { DatabaseHandle } from "../../../../db/database.server.ts";
import type { Database } from "../../../../db/database.types.ts";
import { addDays } from "../../../lib/calendar.ts";
import { berlinToday } from "../../../lib/format.ts";
import { bumpPageVersion } from "../../../lib/page-version.server.ts";
import { drawArea } from "../../../../tests/support/tables.ts";
import { testDatabases } from "../../../../tests/support/test-databases.ts";
import {
  guestRequestDeps,
  holdTransaction,
  untilWaitingForLock,
} from "../../../../tests/support/reservations.ts";
import { reservationMessages as M } from "../book/terms.ts";
import { DEFAULT_SETTINGS, type ReservationSettings } from "../book/reservation-settings.ts";
import { planMessages } from "../tables/floor-plan.ts";
import {
  deleteCombination,
  deleteTable,
  saveCombination,
  type PlanChange,
} from "../tables/plan-store.server.ts";
import { tableKey } from "../tables/seating.ts";
import { submitReservationRequest } from "./guest-request.server.ts";
import { changeTable } from "./table-change.server.ts";
import { addByStaff, changeByStaff } from "./staff-booking.server.ts";
import { changeByGuest } from "../guest-self-service/guest-changes.server.ts";
import { findReservation } from "../book/index.server.ts";
import { openEveryDay as hours } from "../../../../tests/support/opening-hours.ts";

/**
 * Staff deleting a table or an area while a reservation is being stored with it (decision 0056). On
 * PostgreSQL the two run side by side: the reservation's write refers to a row the deletion has just
 * removed. Each test holds the deletion open until the write waits for it, then lets it commit. The
 * guest and the staff member get an answer from the plan as it is now, never a server error; a
 * deletion that waited for a party being seated names that party instead of taking its table away.
 * (SQLite writes one transaction at a time: there the two cannot meet.)
 */
const date = addDays(berlinToday(), 5);
const settings: ReservationSettings = { ...DEFAULT_SETTINGS, leadMinutes: 0, areaWish: true };

/** 'Gast b', two people at 19:00 on `date`, as staff enter them (with an e-mail address and a status). */
const partyOfTwo = {
  customer_name: "Gast b",
  phone_number: null,
  reservation_date: date,
  reservation_time: "19:00",
  party_size: 2,
  notes: null,
};

const postgres = testDatabases().filter((engine) => engine.dialect === "postgres");

describe.runIf(postgres.length > 0).each(postgres)(
  "a plan changed under a reservation on $dialect",
  (engine) => {
    let handle: DatabaseHandle;
    afterEach(async () => handle?.close());

    /** 'Innenraum' with the two-tops 1 and 2, 'Terrasse' with the two-top T1. */
    async function opened() {
      handle = await engine.open();
      const inside = await drawArea(handle.db, "Innenraum", [
        ["1", 2, 100],
        ["2", 2, 300],
      ]);
      const terrace = await drawArea(handle.db, "Terrasse", [["T1", 2, 100]]);
      const request = (token: string, fields: { date?: string; area?: number } = {}) => {
        const form = new FormData();
        for (const [key, value] of Object.entries({
          name: `Gast ${token}`,
          email: `gast.${token}@example.de`,
          date: fields.date ?? date,
          time: "19:00",
          party_size: "2",
          request_token: `form-${token}`,
          ...(fields.area === undefined ? {} : { area: String(fields.area) }),
        }))
          form.set(key, value);
        return submitReservationRequest(form, guestRequestDeps(handle.db, { settings }));
      };
      /** The table a guest sits at, with its place's version. */
      const placeOf = async (token: string) =>
        handle.db
          .selectFrom("table_assignments")
          .innerJoin("reservations", "reservations.id", "table_assignments.reservation_id")
          .select(["reservations.id", "table_assignments.table_id", "table_assignments.assigned_at"])
          .where("reservations.customer_name", "=", `Gast ${token}`)
          .executeTakeFirst();
      /** Staff deleting, in a transaction held open: as the plan's store does, with the page version counted up. */
      const deleting = (work: (trx: Kysely<Database>) => Promise<unknown>) =>
        holdTransaction(handle.db, async (trx) => {
          await work(trx);
          await bumpPageVersion(trx);
        });
      return { inside, terrace, request, placeOf, deleting };
    }

    it("a guest who wished for an area deleted meanwhile is asked to choose another", async () => {
      const { terrace, request, deleting } = await opened();
      // Two areas stay to choose from (with one left, a wish is of no use and not asked for).
      await drawArea(handle.db, "Wintergarten", [["W1", 2, 100]]);
      const deletion = await deleting(async (trx) => {
        await trx.deleteFrom("dining_tables").where("area_id", "=", terrace.areaId).execute();
        await trx.deleteFrom("floor_areas").where("id", "=", terrace.areaId).execute();
      });
      const answer = request("a", { area: terrace.areaId });
      await untilWaitingForLock(handle.db);
      deletion.release();
      await deletion.ended;
      const { status, result } = await answer;
      expect(status).toBe(409);
      expect(result).toMatchObject({ fieldErrors: { area: M.areaInvalid } });
      const stored = await handle.db.selectFrom("reservations").select("id").execute();
      expect(stored).toEqual([]);
    });

    it("a guest's party the book seats at a table deleted meanwhile sits at another", async () => {
      const seated = await opened();
      const { first, other } = await firstTable(seated);
      const answer = await whileDeleted(seated, first, () => seated.request("a"));
      expect(answer.status).toBe(200);
      expect((await seated.placeOf("a"))?.table_id).toBe(other);
    });

    /** The table the book gives the first party of two (the rule is the same on every date), and another. */
    async function firstTable(seated: Awaited<ReturnType<typeof opened>>) {
      await seated.request("probe", { date: addDays(date, 1) });
      const first = (await seated.placeOf("probe"))?.table_id ?? 0;
      return { first, other: [...seated.inside.tables.values()].find((id) => id !== first) };
    }

    /**
     * What `deletion` answers while staff put the reservation `id` at `place` (its table or its
     * combination), in a transaction not yet committed when the owner deletes.
     */
    async function deletionWhileSeating(
      id: number,
      place: { table_id?: number; combination_id?: number },
      deletion: () => Promise<PlanChange>,
    ): Promise<PlanChange> {
      const seating = await holdTransaction(handle.db, (trx) =>
        trx
          .updateTable("table_assignments")
          .set({ table_id: null, combination_id: null, ...place, fixed: 1 })
          .where("reservation_id", "=", id)
          .execute(),
      );
      const answer = deletion();
      await untilWaitingForLock(handle.db);
      seating.release();
      await seating.ended;
      return answer;
    }

    /** `write` while the table `id` is being deleted: it waits for the deletion, which then commits. */
    async function whileDeleted<T>(
      seated: Awaited<ReturnType<typeof opened>>,
      id: number,
      write: () => Promise<T>,
    ) {
      const deletion = await seated.deleting((trx) =>
        trx.deleteFrom("dining_tables").where("id", "=", id).execute(),
      );
      const written = write();
      await untilWaitingForLock(handle.db);
      deletion.release();
      await deletion.ended;
      return written;
    }

    it("a guest moving their party to a date whose table is deleted meanwhile sits at another", async () => {
      const seated = await opened();
      const { first, other } = await firstTable(seated);
      const probe = await findReservation(handle.db, (await seated.placeOf("probe"))?.id ?? 0);
      if (!probe) throw new Error("no probe");
      const { mail } = guestRequestDeps(handle.db);
      const moved = await whileDeleted(seated, first, () =>
        changeByGuest(handle.db, probe, { date, time: "19:00", party_size: 2 }, { settings, hours, mail }),
      );
      expect(moved).toMatchObject({ done: true });
      expect((await seated.placeOf("probe"))?.table_id).toBe(other);
    });

    it("a party staff add at a table deleted meanwhile sits at another", async () => {
      const seated = await opened();
      const { first, other } = await firstTable(seated);
      await whileDeleted(seated, first, () =>
        addByStaff(handle.db, {
          values: { ...partyOfTwo, email: null, status: "CONFIRMED" },
          settings,
        }),
      );
      expect((await seated.placeOf("b"))?.table_id).toBe(other);
    });

    it("a party staff move to a date whose table is deleted meanwhile sits at another", async () => {
      const seated = await opened();
      const { first, other } = await firstTable(seated);
      // Two days later the first table is taken: 'b' sits at the other, until staff move it.
      const later = addDays(date, 2);
      await seated.request("taken", { date: later });
      await seated.request("b", { date: later });
      const place = await seated.placeOf("b");
      expect(place?.table_id).toBe(other);
      await whileDeleted(seated, first, () =>
        changeByStaff(
          handle.db,
          place?.id ?? 0,
          { ...partyOfTwo, email: "gast.b@example.de", status: "PENDING" },
          { settings, override: true },
        ),
      );
      const moved = await findReservation(handle.db, place?.id ?? 0);
      expect(moved?.reservation_date).toBe(date);
      expect((await seated.placeOf("b"))?.table_id).toBe(other);
    });

    it("staff putting a party at a table deleted meanwhile are told it is gone", async () => {
      const { inside, request, placeOf, deleting } = await opened();
      await request("a");
      const place = await placeOf("a");
      const target = [...inside.tables.values()].find((id) => id !== place?.table_id) ?? 0;
      const deletion = await deleting((trx) =>
        trx.deleteFrom("dining_tables").where("id", "=", target).execute(),
      );
      const change = changeTable(
        handle.db,
        { id: place?.id ?? 0, unit: tableKey(target), version: place?.assigned_at ?? "", override: false },
        settings,
      );
      await untilWaitingForLock(handle.db);
      deletion.release();
      await deletion.ended;
      expect(await change).toEqual({ refused: planMessages.tableGone, status: 404 });
      expect((await placeOf("a"))?.table_id).toBe(place?.table_id);
    });

    it("deleting a combination waits for a party being seated at it, then names the party", async () => {
      const { inside, request, placeOf } = await opened();
      const combination = await saveCombination(
        handle.db,
        { input: { tables: [...inside.tables.values()], seats_min: 3, seats_max: 4 } },
        "owner",
      );
      if (!combination.ok) throw new Error("no combination");
      await request("a");
      const place = await placeOf("a");
      const answer = await deletionWhileSeating(place?.id ?? 0, { combination_id: combination.id }, () =>
        deleteCombination(handle.db, combination.id, "owner"),
      );
      expect(answer).toMatchObject({ ok: false });
      expect(answer.ok ? "" : answer.message).toContain("Gast a");
    });

    it("deleting a table waits for a party being seated at it, then names the party", async () => {
      const { inside, request, placeOf } = await opened();
      await request("a");
      const place = await placeOf("a");
      const target = [...inside.tables.values()].find((id) => id !== place?.table_id) ?? 0;
      const answer = await deletionWhileSeating(place?.id ?? 0, { table_id: target }, () =>
        deleteTable(handle.db, target, "owner"),
      );
      expect(answer).toMatchObject({ ok: false });
      expect(answer.ok ? "" : answer.message).toContain("Gast a");
      expect((await placeOf("a"))?.table_id).toBe(target);
    });
  },
);
