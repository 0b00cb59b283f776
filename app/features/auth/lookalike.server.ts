import type { Kysely } from "kysely";
import unhomoglyph from "unhomoglyph";
import type { Database } from "../../../db/database.types.ts";
import { normalizeUsername } from "./schema.ts";

/**
 * Usernames that look alike (decision 0027): 'аdmin' with a Cyrillic 'а', 'Ian' beside 'lan',
 * 'rnario' beside 'mario'. The skeleton of Unicode's UTS #39 (section 4): NFD, every character
 * replaced by its prototype from Unicode's confusables table (`unhomoglyph` ships it), NFD again.
 * Two names are look-alikes when their skeletons are equal.
 */
export const skeleton = (text: string) => unhomoglyph(text.normalize("NFD")).normalize("NFD");

/**
 * A name's skeletons as written and case-folded, each case-folded: names are shown as written but
 * signed in with without case, so 'АDMIN' (Cyrillic 'А') must meet 'admin' as well as 'Ian' meets 'lan'.
 */
export function lookalikeKeys(username: string): Set<string> {
  const written = username.normalize("NFKC").trim();
  return new Set([skeleton(written), skeleton(normalizeUsername(written))].map(normalizeUsername));
}

/**
 * The existing account whose name looks like `username` without being the same name (that one is
 * found by the unique `username_normalized`), or undefined. Reads every account: a restaurant has
 * a handful, and a skeleton stored per row would have to be rebuilt whenever Unicode's table grows.
 */
export async function lookalikeOf(db: Kysely<Database>, username: string): Promise<string | undefined> {
  const keys = lookalikeKeys(username);
  const normalized = normalizeUsername(username);
  const accounts = await db.selectFrom("staff_users").select(["username", "username_normalized"]).execute();
  return accounts.find(
    (account) =>
      account.username_normalized !== normalized &&
      [...lookalikeKeys(account.username)].some((key) => keys.has(key)),
  )?.username;
}
