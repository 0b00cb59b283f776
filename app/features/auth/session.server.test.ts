import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";
import { createStaff } from "../../../tests/support/staff.ts";
import {
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  clearedSessionCookie,
  createSession,
  deleteSession,
  findSession,
  readSessionToken,
  requireStaff,
  sessionCookie,
} from "./session.server.ts";
import { setStaffPassword } from "./staff.server.ts";

describe("session cookie", () => {
  it("is HttpOnly and SameSite=Lax, and Secure with the __Host- prefix only over https", () => {
    expect(sessionCookie("t", { secure: false })).toBe(
      `tavola_session=t; Path=/; HttpOnly; SameSite=Lax; Max-Age=${SESSION_ABSOLUTE_MS / 1000}`,
    );
    const secure = sessionCookie("t", { secure: true });
    expect(secure).toMatch(/^__Host-tavola_session=t; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
    expect(clearedSessionCookie({ secure: false })).toMatch(/^tavola_session=; .*Max-Age=0/);
  });

  it("reads only a well-formed token of its own cookie", () => {
    const token = "a".repeat(43);
    const request = (cookie: string) => new Request("http://x/", { headers: { cookie } });
    expect(readSessionToken(request(`other=1; tavola_session=${token}`), { secure: false })).toBe(token);
    expect(readSessionToken(request(`tavola_session=${token}`), { secure: true })).toBeUndefined();
    expect(readSessionToken(request("tavola_session=kurz"), { secure: false })).toBeUndefined();
  });
});

describe.each(testDatabases())("sessions on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  it("finds the staff member by token and stores only the token's hash", async () => {
    handle = await engine.open();
    const userId = await createStaff(handle.db, "Anna");
    const token = await createSession(handle.db, userId, "Vitest");
    const stored = await handle.db.selectFrom("staff_sessions").select("id").executeTakeFirstOrThrow();
    expect(await findSession(handle.db, token)).toEqual({
      userId,
      username: "Anna",
      role: "owner",
      sessionId: stored.id,
      pending: [],
    });
    expect(stored.id).not.toBe(token);
    expect(stored.id).toMatch(/^[0-9a-f]{64}$/);
    expect(await findSession(handle.db, "b".repeat(43))).toBeUndefined();
  });

  it("ends a session after the idle timeout and after the absolute lifetime", async () => {
    handle = await engine.open();
    const userId = await createStaff(handle.db);
    const start = new Date("2026-11-21T10:00:00Z");
    const idle = await createSession(handle.db, userId, null, start);
    expect(
      await findSession(handle.db, idle, new Date(start.getTime() + SESSION_IDLE_MS - 1000)),
    ).toBeDefined();
    expect(
      await findSession(handle.db, idle, new Date(start.getTime() + 2 * SESSION_IDLE_MS)),
    ).toBeUndefined();

    const busy = await createSession(handle.db, userId, null, start);
    // Active every hour, it still ends at the absolute lifetime.
    for (let hour = 1; hour * 3600_000 < SESSION_ABSOLUTE_MS; hour++) {
      expect(await findSession(handle.db, busy, new Date(start.getTime() + hour * 3600_000))).toBeDefined();
    }
    expect(
      await findSession(handle.db, busy, new Date(start.getTime() + SESSION_ABSOLUTE_MS)),
    ).toBeUndefined();
  });

  it("logout deletes the session, and a new password ends all sessions of the account", async () => {
    handle = await engine.open();
    const userId = await createStaff(handle.db, "Luca");
    const first = await createSession(handle.db, userId, null);
    const second = await createSession(handle.db, userId, null);
    await deleteSession(handle.db, first);
    expect(await findSession(handle.db, first)).toBeUndefined();
    expect(await findSession(handle.db, second)).toBeDefined();
    await setStaffPassword(handle.db, "luca", "ein-ganz-neues-passwort");
    expect(await findSession(handle.db, second)).toBeUndefined();
  });

  it("the guard throws a replacing redirect to /login without a valid session", async () => {
    handle = await engine.open();
    const thrown = await requireStaff(handle.db, new Request("http://x/admin"), { secure: false }).catch(
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login");
    expect(response.headers.get("x-remix-replace")).toBe("true");
  });
});
