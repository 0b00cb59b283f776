import type { BrowserContext } from "@playwright/test";
import { createSession } from "../../../app/features/auth/session.server.ts";
import { createStaff } from "../../support/staff.ts";
import type { Site } from "./site.ts";

/** A staff member who is no owner ('luca'), signed in in `context` without the form. */
export async function signInAsStaff(site: Site, context: BrowserContext): Promise<void> {
  const id = await createStaff(site.db, "luca", "Tiramisu mit Espresso");
  await site.db.updateTable("staff_users").set({ role: "staff" }).where("id", "=", id).execute();
  const token = await createSession(site.db, id, "Playwright");
  await context.addCookies([
    { name: site.sessionCookie, value: token, url: site.origin, httpOnly: true, sameSite: "Lax" },
  ]);
}
