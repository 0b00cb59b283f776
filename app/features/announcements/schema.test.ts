import { describe, expect, it } from "vitest";
import {
  announcementSchema,
  compareAnnouncements,
  createdOnText,
  displayType,
  isCalendarDate,
  isVisibleOn,
  sortAnnouncements,
  validateAnnouncementList,
  validUntilText,
  type AnnouncementPriority,
} from "./schema.ts";

const valid = {
  title: "Betriebsferien",
  content: "Vom 1. bis 14. August\nhaben wir geschlossen.",
  type: "info",
  priority: "medium",
  is_active: true,
  valid_until: "",
};

const messagesOf = (input: unknown) => {
  const result = announcementSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path[0], i.message]));
};

describe("announcement schema", () => {
  it("accepts a complete announcement and trims the texts, keeping inner line breaks", () => {
    const parsed = announcementSchema.parse({
      ...valid,
      title: "  Betriebsferien ",
      valid_until: "2026-11-21",
    });
    expect(parsed.title).toBe("Betriebsferien");
    expect(parsed.content).toBe("Vom 1. bis 14. August\nhaben wir geschlossen.");
    expect(parsed.valid_until).toBe("2026-11-21");
  });

  it("gives the German messages for missing fields (docs/product/announcements.md#fields)", () => {
    expect(messagesOf({ ...valid, title: "   ", content: "" })).toEqual({
      title: "Titel ist erforderlich",
      content: "Inhalt ist erforderlich",
    });
    expect(messagesOf({ ...valid, type: "danger", priority: "urgent" })).toEqual({
      type: "Typ ist erforderlich",
      priority: "Priorität ist erforderlich",
    });
    expect(messagesOf({ is_active: true, valid_until: "" })).toEqual({
      title: "Titel ist erforderlich",
      content: "Inhalt ist erforderlich",
      type: "Typ ist erforderlich",
      priority: "Priorität ist erforderlich",
    });
  });

  it("limits title to 200 and content to 2000 characters", () => {
    expect(messagesOf({ ...valid, title: "x".repeat(200), content: "y".repeat(2000) })).toEqual({});
    expect(messagesOf({ ...valid, title: "x".repeat(201), content: "y".repeat(2001) })).toEqual({
      title: "Der Titel darf höchstens 200 Zeichen lang sein.",
      content: "Der Inhalt darf höchstens 2000 Zeichen lang sein.",
    });
  });

  it("takes an empty or a real calendar date as 'valid until'", () => {
    expect(isCalendarDate("2028-02-29")).toBe(true);
    for (const bad of ["2026-02-29", "2026-13-01", "2026-1-5", "21.11.2026", "2026-11-21T00:00", "x"]) {
      expect(isCalendarDate(bad), bad).toBe(false);
      expect(messagesOf({ ...valid, valid_until: bad }), bad).toEqual({
        valid_until: "Bitte geben Sie ein gültiges Datum ein.",
      });
    }
  });
});

describe("the list as saved", () => {
  it("accepts existing entries with ids and new ones without", () => {
    const result = validateAnnouncementList([{ ...valid, id: 3 }, valid]);
    expect(result.success).toBe(true);
    if (result.success) expect(result.data.map((entry) => entry.id)).toEqual([3, undefined]);
  });

  it("reports each card's field messages by its position", () => {
    const result = validateAnnouncementList([
      valid,
      { ...valid, id: 7, title: "" },
      { ...valid, content: " " },
    ]);
    expect(result).toEqual({
      success: false,
      fieldErrors: { "1.title": "Titel ist erforderlich", "2.content": "Inhalt ist erforderlich" },
    });
  });

  it("keeps the field messages of valid cards when another entry is broken", () => {
    expect(validateAnnouncementList([{ ...valid, title: "" }, "kaputt"])).toEqual({
      success: false,
      fieldErrors: { "0.title": "Titel ist erforderlich" },
      formError: "Eine Mitteilung ist unvollständig oder ungültig.",
    });
  });

  it("refuses what is not a list, too many entries, broken entries and duplicate ids", () => {
    expect(validateAnnouncementList({ title: "x" })).toMatchObject({
      success: false,
      formError: "Die Mitteilungen konnten nicht gelesen werden. Bitte laden Sie die Seite neu.",
    });
    expect(validateAnnouncementList(Array.from({ length: 101 }, () => valid))).toEqual({
      success: false,
      fieldErrors: {},
      formError: "Es sind höchstens 100 Mitteilungen möglich.",
    });
    expect(validateAnnouncementList(Array.from({ length: 100 }, () => valid)).success).toBe(true);
    expect(validateAnnouncementList([valid, "kaputt"])).toMatchObject({
      success: false,
      formError: "Eine Mitteilung ist unvollständig oder ungültig.",
    });
    expect(validateAnnouncementList([{ ...valid, id: -1 }])).toMatchObject({
      success: false,
      formError: "Eine Mitteilung ist unvollständig oder ungültig.",
    });
    expect(
      validateAnnouncementList([
        { ...valid, id: 4 },
        { ...valid, id: 4 },
      ]),
    ).toMatchObject({
      success: false,
      formError: "Eine Mitteilung ist doppelt enthalten. Bitte laden Sie die Seite neu.",
    });
  });
});

describe("display rules", () => {
  it("shows unknown types as info", () => {
    expect(displayType("warning")).toBe("warning");
    expect(displayType("success")).toBe("success");
    expect(displayType("danger")).toBe("info");
    expect(displayType("")).toBe("info");
  });

  it("sorts high, medium, low, then newest first, then by id", () => {
    const at = (id: number, priority: AnnouncementPriority, created_at: string) => ({
      id,
      priority,
      created_at,
    });
    const list = [
      at(1, "low", "2026-11-20T10:00:00.000Z"),
      at(2, "medium", "2026-11-01T10:00:00.000Z"),
      at(3, "high", "2026-10-01T10:00:00.000Z"),
      at(4, "medium", "2026-11-15T10:00:00.000Z"),
      at(5, "high", "2026-10-01T10:00:00.000Z"),
      at(6, "low", "2026-11-21T09:00:00.000Z"),
    ];
    expect(sortAnnouncements(list).map((entry) => entry.id)).toEqual([5, 3, 4, 2, 6, 1]);
    expect(list.map((entry) => entry.id)).toEqual([1, 2, 3, 4, 5, 6]);
    const same = "2026-10-01T10:00:00.000Z";
    expect(compareAnnouncements(at(3, "high", same), at(5, "high", same))).toBeGreaterThan(0);
    expect(compareAnnouncements(at(3, "high", same), at(3, "high", same))).toBe(0);
  });

  it("is visible while active and through its last valid day", () => {
    const today = "2026-11-21";
    expect(isVisibleOn({ is_active: true, valid_until: null }, today)).toBe(true);
    expect(isVisibleOn({ is_active: true, valid_until: "2026-11-21" }, today)).toBe(true);
    expect(isVisibleOn({ is_active: true, valid_until: "2026-11-20" }, today)).toBe(false);
    expect(isVisibleOn({ is_active: false, valid_until: null }, today)).toBe(false);
  });

  it("writes dates as day.month.year, the creation day in Berlin", () => {
    expect(validUntilText("2026-11-21")).toBe("Gültig bis 21.11.2026");
    // 23:30 UTC on 31 December is already New Year's Day in Berlin.
    expect(createdOnText("2026-12-31T23:30:00.000Z")).toBe("01.01.2027");
  });
});
