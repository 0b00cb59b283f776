import type { Kysely } from "kysely";
import type { Database } from "../../../db/database.types.ts";
import { saveMessages } from "../../lib/forms.ts";
import type { Logger } from "../../lib/logger.server.ts";
import { staffActionDispatcher } from "../../lib/staff-actions.server.ts";
import { saveAnnouncements, type Announcement } from "./announcements.server.ts";
import type { EditableAnnouncement, SaveResult } from "./drafts.ts";
import { validateAnnouncementList } from "./schema.ts";

/** An announcement as the admin screen edits it. */
export const editable = (announcement: Announcement): EditableAnnouncement => ({
  id: announcement.id,
  title: announcement.title,
  content: announcement.content,
  type: announcement.type,
  priority: announcement.priority,
  is_active: announcement.is_active,
  valid_until: announcement.valid_until ?? "",
  created_at: announcement.created_at,
});

function readList(form: FormData): unknown {
  const json = form.get("announcements");
  if (typeof json !== "string") return undefined;
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

export interface AnnouncementsActionDependencies {
  db: Kysely<Database>;
  logger: Logger;
  username: string;
}

/**
 * 'Alle Änderungen speichern', the screen's one form: the whole list, re-validated here; one invalid
 * entry and nothing is saved.
 */
export const handleAnnouncementsAction = staffActionDispatcher<
  "save",
  AnnouncementsActionDependencies,
  SaveResult
>(
  {
    async save(form, { db, logger, username }) {
      const validation = validateAnnouncementList(readList(form));
      if (!validation.success)
        return {
          status: 400,
          result: {
            outcome: "invalid",
            status: "invalid",
            fieldErrors: validation.fieldErrors,
            formError: validation.formError ?? saveMessages.fixMarked,
          },
        };
      try {
        const saved = await saveAnnouncements(db, validation.data);
        logger.info("announcements saved", { username, count: saved.length });
        return {
          status: 200,
          result: { outcome: "done", status: "saved", announcements: saved.map(editable) },
        };
      } catch (error) {
        logger.error("announcements save failed", { error });
        return { status: 500, result: { outcome: "failed", status: "error" } };
      }
    },
  },
  { intent: "save" },
);
