import type { Kysely } from "kysely";
import type { Database, SecondFactorPolicy } from "../../../db/database.types.ts";

type Db = Kysely<Database>;

/**
 * 'Zwei-Faktor-Anmeldung Pflicht' (decision 0027): whom the owners require to have a second factor.
 * One row, made by migration 0009 with 'off'; a database without it (restored from an archive that
 * lost it) reads as 'off', as every installation was before.
 */
export async function readSecondFactorPolicy(db: Db): Promise<SecondFactorPolicy> {
  const row = await db
    .selectFrom("staff_policy")
    .select("second_factor_required")
    .where("id", "=", 1)
    .executeTakeFirst();
  return row?.second_factor_required ?? "off";
}

export async function writeSecondFactorPolicy(db: Db, policy: SecondFactorPolicy): Promise<void> {
  await db
    .insertInto("staff_policy")
    .values({ id: 1, second_factor_required: policy })
    .onConflict((conflict) => conflict.column("id").doUpdateSet({ second_factor_required: policy }))
    .execute();
}
