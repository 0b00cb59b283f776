import { errorsWithin, type FieldErrors } from "../../lib/forms.ts";
import type { AnnouncementField, AnnouncementValues, SavedAnnouncement } from "./schema.ts";

/**
 * The admin screen edits a local copy of the list ('drafts'); nothing reaches the database before
 * 'Alle Änderungen speichern'. Pure helpers for that copy, shared by the screen and its tests.
 */

/** An announcement as the admin screen receives it from its loader and action. */
export interface EditableAnnouncement extends AnnouncementValues {
  id: number;
  created_at: string;
}

/** One card: `key` identifies it on the screen, also before it has an id. */
export interface Draft extends AnnouncementValues {
  key: string;
  id?: number;
  created_at?: string;
}

/** What the action answers. */
export type SaveResult =
  | { status: "saved"; announcements: EditableAnnouncement[] }
  | {
      status: "invalid";
      /** Field messages by path in the submitted list (`1.title`). */
      fieldErrors: FieldErrors;
      formError?: string;
    }
  | { status: "error" };

export const toDrafts = (list: readonly EditableAnnouncement[]): Draft[] =>
  list.map((announcement) => ({ ...announcement, key: `a-${announcement.id}` }));

/**
 * The defaults for 'Neue Mitteilung': info, medium, active, no end date
 * (docs/product/announcements.md#staff-screen).
 */
export const newDraft = (key: string): Draft => ({
  key,
  title: "",
  content: "",
  type: "info",
  priority: "medium",
  is_active: true,
  valid_until: "",
});

/** The list as the action expects it: no screen keys, no dates it does not change. */
export const payloadOf = (drafts: readonly Draft[]): SavedAnnouncement[] =>
  drafts.map(({ id, title, content, type, priority, is_active, valid_until }) => ({
    ...(id === undefined ? {} : { id }),
    title,
    content,
    type,
    priority,
    is_active,
    valid_until,
  }));

export const hasChanges = (drafts: readonly Draft[], saved: readonly Draft[]): boolean =>
  JSON.stringify(payloadOf(drafts)) !== JSON.stringify(payloadOf(saved));

/** Messages by path in the submitted list (`1.title`), put on the cards that were submitted. */
export function errorsByKey(
  fieldErrors: FieldErrors,
  submittedKeys: readonly string[],
): Record<string, FieldErrors<AnnouncementField>> {
  const byKey: Record<string, FieldErrors<AnnouncementField>> = {};
  submittedKeys.forEach((key, index) => {
    const cardErrors = errorsWithin(fieldErrors, String(index));
    if (Object.keys(cardErrors).length > 0) byKey[key] = cardErrors;
  });
  return byKey;
}
