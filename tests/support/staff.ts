import type { Kysely } from "kysely";
import type { Database } from "../../db/database.types.ts";
import { setStaffPassword } from "../../app/features/auth/staff.server.ts";

export const TEST_PASSWORD = "richtig-geheim-42";

/** A staff account for a test; returns its id. */
export async function createStaff(
  db: Kysely<Database>,
  username = "Chef",
  password = TEST_PASSWORD,
): Promise<number> {
  await setStaffPassword(db, username, password);
  const row = await db
    .selectFrom("staff_users")
    .select("id")
    .where("username", "=", username)
    .executeTakeFirstOrThrow();
  return row.id;
}
