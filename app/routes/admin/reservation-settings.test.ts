import { afterEach, describe, expect, it } from "vitest";
import { createSession } from "../../features/auth/session.server.ts";
import { settingsFormFields } from "../../features/reservations/settings/settings-form.ts";
import { settingsDraftOf } from "../../features/reservations/settings/settings-schema.ts";
import { readReservationSettings } from "../../features/reservations/settings/settings-store.server.ts";
import { DEFAULT_SETTINGS } from "../../features/reservations/book/reservation-settings.ts";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import { callRoute, staffScreenContext, thrownBy } from "../../../tests/support/admin-routes.ts";
import { createStaff } from "../../../tests/support/staff.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";
import { completedVisits } from "../../../tests/support/reservations.ts";
import { addDays, berlinNow } from "../../lib/calendar.ts";

/** Reservierungseinstellungen: every staff member may look, only owners may change. */
const FILE = "routes/admin/reservation-settings.tsx";
const PATH = "/admin/reservations/einstellungen";

const [sqlite] = testDatabases();
let handle: DatabaseHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

async function signedIn(role: "owner" | "staff") {
  if (!sqlite) throw new Error("SQLite is always available");
  handle ??= await sqlite.open();
  const userId = await createStaff(handle.db, role === "owner" ? "Chef" : "Luca");
  await handle.db.updateTable("staff_users").set({ role }).where("id", "=", userId).execute();
  const token = await createSession(handle.db, userId, null);
  const context = staffScreenContext(handle);
  const call = (kind: "loader" | "action", body?: FormData) =>
    callRoute(FILE, kind, {
      request: new Request(`http://localhost${PATH}`, {
        method: body ? "POST" : "GET",
        headers: { cookie: `tavola_session=${token}` },
        ...(body ? { body } : {}),
      }),
      context,
      url: new URL(`http://localhost${PATH}`),
    });
  return { call, db: handle.db };
}

const tenSeats = () => {
  const form = new FormData();
  form.append("intent", "save");
  const draft = { ...settingsDraftOf(DEFAULT_SETTINGS), totalSeats: "10", onlineSeats: "6" };
  for (const [name, value] of settingsFormFields(draft)) form.append(name, value);
  return form;
};

describe("Reservierungseinstellungen", () => {
  it("shows a staff member who is no owner the settings, without the right to change them", async () => {
    const { call } = await signedIn("staff");
    expect(await call("loader")).toMatchObject({ canChange: false, seats: "Noch keine Plätze festgelegt" });
  });

  it("refuses a non-owner's form with 403 before the action runs, and changes nothing", async () => {
    const { call, db } = await signedIn("staff");
    const refusal = await thrownBy(() => call("action", tenSeats()));
    expect(refusal).toBeInstanceOf(Response);
    expect((refusal as Response).status).toBe(403);
    expect(await (refusal as Response).text()).toBe("Nur Inhaber können die Einstellungen ändern.");
    expect(await readReservationSettings(db)).toEqual(DEFAULT_SETTINGS);
  });

  it("saves an owner's form", async () => {
    const { call, db } = await signedIn("owner");
    expect(await call("loader")).toMatchObject({ canChange: true });
    await call("action", tenSeats());
    expect(await readReservationSettings(db)).toMatchObject({ totalSeats: 10, onlineSeats: 6 });
    expect(await call("loader")).toMatchObject({ seats: "10 Plätze, davon 6 online" });
  });

  it("shows the observed turn times and takes one over with one tap, that stay alone (decision 0057)", async () => {
    const { call, db } = await signedIn("owner");
    const today = berlinNow().date;
    await completedVisits(db, { date: addDays(today, -1), partySize: 2, minutes: Array(30).fill(84) });
    expect(await call("loader")).toMatchObject({
      observed: { small: { parties: 30, median: 84 }, medium: { parties: 0 } },
    });
    const take = (size: string) => {
      const form = tenSeats();
      form.set("intent", `take-stay:${size}`);
      return call("action", form) as Promise<{ data: { outcome: string; notice?: { title: string } } }>;
    };
    const taken = await take("small");
    expect(taken.data.notice?.title).toBe("Aufenthaltsdauer für 1–2 Personen: jetzt 84 Minuten.");
    // Only the stay: the seats typed in the same form are not saved.
    expect(await readReservationSettings(db)).toEqual({
      ...DEFAULT_SETTINGS,
      stayMinutes: { ...DEFAULT_SETTINGS.stayMinutes, small: 84 },
    });
    expect((await take("medium")).data.outcome).toBe("failed");
    expect((await take("huge")).data.outcome).toBe("failed");
  });

  it("refuses a non-owner's take-over before the action runs", async () => {
    const { call, db } = await signedIn("staff");
    await completedVisits(db, { date: berlinNow().date, partySize: 2, minutes: Array(30).fill(84) });
    const form = tenSeats();
    form.set("intent", "take-stay:small");
    expect(((await thrownBy(() => call("action", form))) as Response).status).toBe(403);
    expect(await readReservationSettings(db)).toEqual(DEFAULT_SETTINGS);
  });
});
