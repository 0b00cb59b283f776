import { fieldErrorsOf, type FieldErrors } from "../../lib/forms.ts";
import { formatBerlinDate, formatDate } from "../../lib/format.ts";
import { z } from "../../lib/zod.ts";
import { CONTROL_CHARACTERS_MESSAGE, isCleanText } from "../../lib/text-rules.ts";

/**
 * Announcements ('Mitteilungen'): the edit schema shared by the admin screen and its action, the
 * labels of both screens and their order (docs/product/announcements.md). No server imports: the browser uses
 * all of it.
 */
export const announcementTypes = ["info", "warning", "success"] as const;
export type AnnouncementType = (typeof announcementTypes)[number];

/** In display order: high first. */
export const announcementPriorities = ["high", "medium", "low"] as const;
export type AnnouncementPriority = (typeof announcementPriorities)[number];

export const announcementLimits = { title: 200, content: 2000, count: 100 } as const;

export const announcementMessages = {
  titleRequired: "Titel ist erforderlich",
  titleTooLong: `Der Titel darf höchstens ${announcementLimits.title} Zeichen lang sein.`,
  contentRequired: "Inhalt ist erforderlich",
  contentTooLong: `Der Inhalt darf höchstens ${announcementLimits.content} Zeichen lang sein.`,
  typeRequired: "Typ ist erforderlich",
  priorityRequired: "Priorität ist erforderlich",
  activeRequired: "Bitte geben Sie an, ob die Mitteilung aktiv ist.",
  invalidDate: "Bitte geben Sie ein gültiges Datum ein.",
  invalidEntry: "Eine Mitteilung ist unvollständig oder ungültig.",
  invalidList: "Die Mitteilungen konnten nicht gelesen werden. Bitte laden Sie die Seite neu.",
  tooMany: `Es sind höchstens ${announcementLimits.count} Mitteilungen möglich.`,
  duplicateId: "Eine Mitteilung ist doppelt enthalten. Bitte laden Sie die Seite neu.",
  /** The save's toast; its description and the failure texts are every screen's (`saveMessages`). */
  savedTitle: "Mitteilungen gespeichert",
  loadFailed: "Die Mitteilungen konnten nicht geladen werden. Bitte versuchen Sie es später erneut.",
} as const;

/** A real calendar date as 'YYYY-MM-DD' (no 31 February). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const M = announcementMessages;

/** One announcement as staff edit it; `valid_until` '' means 'no end date'. */
export const announcementSchema = z.object({
  title: z
    .string(M.titleRequired)
    .trim()
    .min(1, M.titleRequired)
    .max(announcementLimits.title, M.titleTooLong)
    .refine(isCleanText, CONTROL_CHARACTERS_MESSAGE),
  content: z
    .string(M.contentRequired)
    .trim()
    .min(1, M.contentRequired)
    .max(announcementLimits.content, M.contentTooLong)
    .refine(isCleanText, CONTROL_CHARACTERS_MESSAGE),
  type: z.enum(announcementTypes, M.typeRequired),
  priority: z.enum(announcementPriorities, M.priorityRequired),
  is_active: z.boolean(M.activeRequired),
  valid_until: z
    .string(M.invalidDate)
    .trim()
    .refine((value) => value === "" || isCalendarDate(value), M.invalidDate),
});

export const announcementFields = [
  "title",
  "content",
  "type",
  "priority",
  "is_active",
  "valid_until",
] as const;
export type AnnouncementField = (typeof announcementFields)[number];
export type AnnouncementValues = z.output<typeof announcementSchema>;

/** One entry of the list as saved: existing announcements keep their id, new ones have none. */
export const savedAnnouncementSchema = announcementSchema.extend({
  id: z.number(M.invalidEntry).int(M.invalidEntry).positive(M.invalidEntry).optional(),
});
export type SavedAnnouncement = z.output<typeof savedAnnouncementSchema>;

/** The whole list as 'Alle Änderungen speichern' sends it. */
export const announcementListSchema = z
  .array(z.unknown(), M.invalidList)
  .max(announcementLimits.count, M.tooMany)
  .pipe(z.array(savedAnnouncementSchema))
  .refine((list) => {
    const ids = list.flatMap((entry) => (entry.id === undefined ? [] : [entry.id]));
    return new Set(ids).size === ids.length;
  }, M.duplicateId);

export type ListValidation =
  | { success: true; data: SavedAnnouncement[] }
  | {
      success: false;
      /** Field messages by path: `1.title` is the title of the second card submitted. */
      fieldErrors: FieldErrors;
      /** A fault of the list as a whole (not a list, too long, a broken entry). */
      formError?: string;
    };

const isField = (value: unknown): value is AnnouncementField =>
  (announcementFields as readonly unknown[]).includes(value);

/**
 * Validates a submitted list; a message about a card's field stays with that field, anything else
 * (the list itself, an entry that is not an announcement, a bad id) becomes the form's message.
 */
export function validateAnnouncementList(input: unknown): ListValidation {
  const parsed = announcementListSchema.safeParse(input);
  if (parsed.success) return { success: true, data: parsed.data };
  const fieldErrors: FieldErrors = {};
  let brokenEntry = false;
  const messages = fieldErrorsOf(parsed.error);
  for (const [path, message] of Object.entries(messages)) {
    if (path === "") continue;
    const [position = "", field, ...deeper] = path.split(".");
    if (/^\d+$/.test(position) && isField(field) && deeper.length === 0) fieldErrors[path] = message;
    else brokenEntry = true;
  }
  const formError = messages[""] ?? (brokenEntry ? M.invalidEntry : undefined);
  return formError === undefined
    ? { success: false, fieldErrors }
    : { success: false, fieldErrors, formError };
}

/** The stored type, or 'info' for any other value (docs/product/announcements.md#fields). */
export const displayType = (type: string): AnnouncementType =>
  (announcementTypes as readonly string[]).includes(type) ? (type as AnnouncementType) : "info";

/** Badges of the public dialog. */
export const publicPriorityLabels: Record<AnnouncementPriority, string> = {
  high: "Wichtig",
  medium: "Normal",
  low: "Info",
};

/** Badges and choices of the admin screen. */
export const priorityLabels: Record<AnnouncementPriority, string> = {
  high: "Hoch",
  medium: "Mittel",
  low: "Niedrig",
};

export const typeLabels: Record<AnnouncementType, string> = {
  info: "Information",
  warning: "Warnung",
  success: "Erfolg",
};

const priorityRank: Record<AnnouncementPriority, number> = { high: 0, medium: 1, low: 2 };

interface Sortable {
  id: number;
  priority: AnnouncementPriority;
  created_at: string;
}

/**
 * High, medium, low; within a priority the newest first, then the higher id
 * (docs/product/announcements.md#order).
 */
export function compareAnnouncements(a: Sortable, b: Sortable): number {
  return (
    priorityRank[a.priority] - priorityRank[b.priority] ||
    Date.parse(b.created_at) - Date.parse(a.created_at) ||
    b.id - a.id
  );
}

export const sortAnnouncements = <T extends Sortable>(list: readonly T[]): T[] =>
  [...list].sort(compareAnnouncements);

/**
 * Shown to guests: active and not expired. `valid_until` is the last day it is shown (a notice
 * 'Gültig bis 21.11.2026' still shows on that day); `today` is the Berlin calendar date.
 */
export const isVisibleOn = (
  announcement: { is_active: boolean; valid_until: string | null },
  today: string,
): boolean => announcement.is_active && (!announcement.valid_until || announcement.valid_until >= today);

/** 'Gültig bis 21.11.2026'. */
export const validUntilText = (validUntil: string): string => `Gültig bis ${formatDate(validUntil)}`;

/** The Berlin calendar day of a stored UTC timestamp, as day.month.year. */
export const createdOnText = formatBerlinDate;

/** What the public dialog receives from GET /api/mitteilungen. */
export interface PublicAnnouncement {
  id: number;
  title: string;
  content: string;
  type: AnnouncementType;
  priority: AnnouncementPriority;
  valid_until: string | null;
  created_at: string;
}

export type AnnouncementsPayload = { announcements: PublicAnnouncement[] } | { error: string };
