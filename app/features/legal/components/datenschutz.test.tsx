import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { contentDefaults } from "../../../common/content/defaults.ts";
import { Datenschutz, type PrivacyPeriods } from "./datenschutz.tsx";

const periods: PrivacyPeriods = {
  notesEraseDays: 14,
  anonymiseAfterMonths: 12,
  reminder: true,
  sentMailDays: 30,
  failedMailDays: 90,
  backupDays: 30,
};

const textOf = (backupDays: number) =>
  renderToStaticMarkup(
    <Datenschutz contact={contentDefaults["global.contact"]} periods={{ ...periods, backupDays }} />,
  ).replace(/<[^>]+>/g, "");

describe("Datenschutzerklärung", () => {
  it("states how long backups are kept (BACKUP_RETENTION_DAYS) and that a restore erases again", () => {
    expect(textOf(30)).toContain("Sicherungskopien bewahren wir 30 Tage auf und löschen sie danach.");
    expect(textOf(7)).toContain("Sicherungskopien bewahren wir 7 Tage auf");
    expect(textOf(30)).toContain(
      "löschen wir dabei erneut alle Daten, deren Löschung Sie seit dieser Sicherung",
    );
  });
});
