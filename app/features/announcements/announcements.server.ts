import type { Kysely, Selectable } from "kysely";
import type { AnnouncementsTable, Database } from "../../../db/database.types.ts";
import { nowIso } from "../../../db/database.server.ts";
import {
  displayType,
  sortAnnouncements,
  type AnnouncementType,
  type PublicAnnouncement,
  type SavedAnnouncement,
} from "./schema.ts";

/** An announcement as the application uses it: a boolean flag and a known type. */
export interface Announcement extends PublicAnnouncement {
  is_active: boolean;
  updated_at: string;
}

function fromRow(row: Selectable<AnnouncementsTable>): Announcement {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    type: displayType(row.type) satisfies AnnouncementType,
    priority: row.priority,
    is_active: row.is_active === 1,
    valid_until: row.valid_until,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

// The order (priority rank, then newest) is applied in JavaScript: a CASE expression would work on
// both engines too, but the list is small and the rule then lives in one place, shared with the UI.

/** What guests see on `today` (Berlin date, YYYY-MM-DD): active and valid through that day. */
export async function listVisibleAnnouncements(
  db: Kysely<Database>,
  today: string,
): Promise<PublicAnnouncement[]> {
  const rows = await db
    .selectFrom("announcements")
    .selectAll()
    .where("is_active", "=", 1)
    .where((eb) => eb.or([eb("valid_until", "is", null), eb("valid_until", ">=", today)]))
    .execute();
  return sortAnnouncements(rows.map(fromRow)).map(
    ({ id, title, content, type, priority, valid_until, created_at }) => ({
      id,
      title,
      content,
      type,
      priority,
      valid_until,
      created_at,
    }),
  );
}

/** Every announcement, for the admin screen, in the same order. */
export async function listAllAnnouncements(db: Kysely<Database>): Promise<Announcement[]> {
  const rows = await db.selectFrom("announcements").selectAll().execute();
  return sortAnnouncements(rows.map(fromRow));
}

/**
 * Saves the whole list (already validated) in one transaction, so the table afterwards holds
 * exactly the list: rows not in it are deleted, listed ones updated, new ones inserted. An id that
 * no longer exists (deleted meanwhile in another tab) is inserted again rather than lost.
 */
export async function saveAnnouncements(
  db: Kysely<Database>,
  list: readonly SavedAnnouncement[],
): Promise<Announcement[]> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const keptIds = list.flatMap((entry) => (entry.id === undefined ? [] : [entry.id]));
    await (
      keptIds.length > 0
        ? trx.deleteFrom("announcements").where("id", "not in", keptIds)
        : trx.deleteFrom("announcements")
    ).execute();

    const insert = (values: ReturnType<typeof columnsOf>) =>
      trx
        .insertInto("announcements")
        .values({ ...values, created_at: now })
        .execute();
    const added: SavedAnnouncement[] = [];
    for (const entry of list) {
      if (entry.id === undefined) {
        added.push(entry);
        continue;
      }
      const result = await trx
        .updateTable("announcements")
        .set(columnsOf(entry, now))
        .where("id", "=", entry.id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) await insert(columnsOf(entry, now));
    }
    // New entries share one created_at, so the id decides their order (newest first): inserting
    // bottom-up keeps the card that staff added last, shown on top, on top.
    for (const entry of added.reverse()) await insert(columnsOf(entry, now));

    return listAllAnnouncements(trx);
  });
}

function columnsOf(entry: SavedAnnouncement, now: string) {
  return {
    title: entry.title,
    content: entry.content,
    type: entry.type,
    priority: entry.priority,
    is_active: entry.is_active ? 1 : 0,
    valid_until: entry.valid_until === "" ? null : entry.valid_until,
    updated_at: now,
  };
}
