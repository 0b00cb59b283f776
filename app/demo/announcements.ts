import type { Kysely } from "kysely";
import type { AnnouncementPriority, AnnouncementType } from "../features/announcements/index.ts";
import type { Database } from "../../db/database.types.ts";
import { berlinToday } from "../lib/format.ts";

/** A calendar date `days` after `date` (both YYYY-MM-DD). */
function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

export interface DemoAnnouncement {
  title: string;
  content: string;
  type: AnnouncementType;
  priority: AnnouncementPriority;
  is_active: boolean;
  valid_until: string | null;
  /** How long ago it was written: gives the newest-first order within a priority. */
  days_ago: number;
}

/** Demo announcements: every priority and every type, one valid for a few more weeks, one inactive. */
export const demoAnnouncements: DemoAnnouncement[] = [
  {
    title: "Geänderte Öffnungszeiten an den Feiertagen",
    content:
      "An Feiertagen öffnen wir erst um 17:00 Uhr.\nBitte reservieren Sie rechtzeitig – an diesen Tagen sind wir oft ausgebucht.",
    type: "warning",
    priority: "high",
    is_active: true,
    valid_until: addDays(berlinToday(), 42),
    days_ago: 2,
  },
  {
    title: "Neu auf der Wochenkarte: Trüffelzeit",
    content:
      "Ab sofort servieren wir jede Woche wechselnde Gerichte mit frischem Trüffel aus dem Piemont. Fragen Sie unser Team nach den Empfehlungen des Tages.",
    type: "success",
    priority: "medium",
    is_active: true,
    valid_until: null,
    days_ago: 5,
  },
  {
    title: "Tisch jetzt online reservieren",
    content:
      "Reservieren Sie Ihren Tisch bequem über unser Formular. Wir prüfen Ihre Anfrage und bestätigen sie per E-Mail.",
    type: "info",
    priority: "medium",
    is_active: true,
    valid_until: null,
    days_ago: 12,
  },
  {
    title: "Gutscheine für Genießer",
    content:
      "Verschenken Sie einen Abend in Italien: Gutscheine in jeder Höhe erhalten Sie direkt bei uns im Restaurant.",
    type: "info",
    priority: "low",
    is_active: true,
    valid_until: null,
    days_ago: 20,
  },
  {
    title: "Sommerterrasse geöffnet",
    content: "Bei schönem Wetter servieren wir auf unserer Terrasse im Innenhof.",
    type: "success",
    priority: "low",
    is_active: false,
    valid_until: null,
    days_ago: 60,
  },
];

/** Writes the demo announcements; the caller decides whether the database gets demo content. */
export async function seedDemoAnnouncements(db: Kysely<Database>): Promise<void> {
  const now = Date.now();
  await db
    .insertInto("announcements")
    .values(
      demoAnnouncements.map(({ days_ago, is_active, ...announcement }) => {
        const createdAt = new Date(now - days_ago * 24 * 60 * 60 * 1000).toISOString();
        return {
          ...announcement,
          is_active: is_active ? 1 : 0,
          created_at: createdAt,
          updated_at: createdAt,
        };
      }),
    )
    .execute();
}
