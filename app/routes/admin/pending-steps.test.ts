import { afterEach, describe, expect, it } from "vitest";
import { beginSecondFactor, confirmSecondFactor } from "../../features/auth/accounts.server.ts";
import { writeSecondFactorPolicy } from "../../features/auth/second-factor-policy.server.ts";
import { createSession } from "../../features/auth/session.server.ts";
import { stepAt, totpCode } from "../../features/auth/totp.server.ts";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import {
  adminRouteFiles,
  callRoute,
  handlerOf,
  staffScreenContext,
} from "../../../tests/support/admin-routes.ts";
import { createStaff } from "../../../tests/support/staff.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";

/**
 * Decision 0027: an account that must change its password or set up its second factor reaches
 * Mein Konto and nothing else. Every route below /admin in app/routes.ts (a new one included, without
 * touching this test) is called with such an account: each loader and action must refuse it.
 */

/** Mein Konto and the layout around it let the account in: that is where its steps are done. */
const OPEN_WHILE_PENDING = new Set(["routes/admin/account.tsx", "routes/admin/layout.tsx"]);

const [sqlite] = testDatabases();
let handle: DatabaseHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

async function signedIn(username: string, options: { mustChange?: boolean } = {}) {
  if (!sqlite) throw new Error("SQLite is always available");
  handle ??= await sqlite.open();
  const userId = await createStaff(handle.db, username);
  if (options.mustChange)
    await handle.db
      .updateTable("staff_users")
      .set({ password_must_change: 1 })
      .where("id", "=", userId)
      .execute();
  const token = await createSession(handle.db, userId, null);
  const context = staffScreenContext(handle);
  const request = (path: string, body?: FormData) =>
    new Request(`http://localhost${path}`, {
      method: body ? "POST" : "GET",
      headers: { cookie: `tavola_session=${token}` },
      ...(body ? { body } : {}),
    });
  return { userId, context, request, db: handle.db };
}

async function refusal(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return await call();
  } catch (thrown) {
    return thrown;
  }
}

const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
};

describe("an account with steps pending on Mein Konto", () => {
  const files = adminRouteFiles();

  it("finds every admin screen and the picture upload in the route table", () => {
    expect(files).toEqual(
      expect.arrayContaining([
        "routes/admin/layout.tsx",
        "routes/admin/dashboard.tsx",
        "routes/admin/speisekarte.tsx",
        "routes/admin/accounts.tsx",
        "routes/admin/account.tsx",
        "routes/resources/picture-upload.ts",
      ]),
    );
  });

  it.each(["must-change", "second-factor"] as const)(
    "(%s) is sent to Mein Konto by every other admin loader and action; the upload refuses it",
    async (reason) => {
      const { context, request, db } = await signedIn("Chef", { mustChange: reason === "must-change" });
      if (reason === "second-factor") await writeSecondFactorPolicy(db, "everyone");
      const now = new Date().toISOString();
      await db
        .insertInto("announcements")
        .values({
          title: "Ruhetag",
          content: "Montags geschlossen",
          type: "info",
          priority: "low",
          valid_until: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const announcements = await db.selectFrom("announcements").select("id").execute();
      expect(announcements).toHaveLength(1);
      let checked = 0;
      for (const file of files) {
        const path = `/${file.replace(/^routes\//, "").replace(/\.tsx?$/, "")}`;
        for (const kind of ["loader", "action"] as const) {
          const handler = await handlerOf(file, kind);
          if (!handler || OPEN_WHILE_PENDING.has(file)) continue;
          const body = kind === "action" ? form({ intent: "save", announcements: "[]" }) : undefined;
          const answer = await refusal(() =>
            callRoute(file, kind, {
              request: request(path, body),
              context,
              params: {},
              url: new URL(`http://localhost${path}`),
            }),
          );
          expect(answer, `${file} ${kind}`).toBeInstanceOf(Response);
          const response = answer as Response;
          if (file === "routes/resources/picture-upload.ts" && kind === "action") {
            expect(response.status, `${file} ${kind}`).toBe(403);
            expect(await response.json()).toMatchObject({
              ok: false,
              message: expect.stringMatching(/Mein Konto/),
            });
          } else if (file === "routes/resources/staff-free-seats.ts") {
            // The staff form's free seats answer JSON (decision 0037).
            expect(response.status, `${file} ${kind}`).toBe(403);
            expect(await response.json()).toMatchObject({ fehler: expect.stringMatching(/Mein Konto/) });
          } else if (file === "routes/resources/live.ts") {
            // The live updates' EventSource cannot follow a redirect: 403, no stream (decision 0035).
            expect(response.status, `${file} ${kind}`).toBe(403);
            expect(response.headers.get("content-type")).not.toMatch(/event-stream/);
          } else if (file !== "routes/resources/picture-upload.ts") {
            expect([response.status, response.headers.get("location")], `${file} ${kind}`).toEqual([
              302,
              "/admin/konto",
            ]);
          }
          checked += 1;
        }
      }
      expect(checked).toBeGreaterThanOrEqual(19);
      // The actions did not run: an empty list would have removed every announcement.
      expect(await db.selectFrom("announcements").select("id").execute()).toEqual(announcements);
    },
  );

  it("Mein Konto keeps a required second factor on; Konten refuses a rule that would hold the owner who sets it", async () => {
    const { userId, context, request, db } = await signedIn("Chef");
    const owners = await refusal(() =>
      callRoute("routes/admin/accounts.tsx", "action", {
        request: request("/admin/konten", form({ intent: "second-factor-policy", policy: "owners" })),
        context,
        params: {},
      }),
    );
    expect(owners).toMatchObject({ init: { status: 409 }, data: { target: "policy" } });
    expect(await db.selectFrom("staff_policy").select("second_factor_required").execute()).toEqual([
      { second_factor_required: "off" },
    ]);

    const secret = await beginSecondFactor(db, userId);
    const now = Date.now();
    await confirmSecondFactor(db, userId, totpCode(secret, stepAt(now)), now);
    const saved = await callRoute("routes/admin/accounts.tsx", "action", {
      request: request("/admin/konten", form({ intent: "second-factor-policy", policy: "owners" })),
      context,
      params: {},
    });
    expect(saved).toMatchObject({ data: { target: "policy", notice: { tone: "success" } } });
    expect(await db.selectFrom("staff_policy").select("second_factor_required").execute()).toEqual([
      { second_factor_required: "owners" },
    ]);

    const off = await callRoute("routes/admin/account.tsx", "action", {
      request: request("/admin/konto", form({ intent: "totp-disable", current: "egal", code: "123456" })),
      context,
      params: {},
    });
    expect(off).toMatchObject({
      init: { status: 409 },
      data: { notice: { description: expect.stringMatching(/Pflicht/) } },
    });
    const row = await db
      .selectFrom("staff_users")
      .select("totp_secret")
      .where("id", "=", userId)
      .executeTakeFirst();
    expect(row?.totp_secret).toBe(secret);
  });
});
