import { describe, expect, it } from "vitest";
import { errorsByKey, hasChanges, newDraft, payloadOf, toDrafts } from "./drafts.ts";
import { validateAnnouncementList } from "./schema.ts";

const [ruhetag] = toDrafts([
  {
    id: 4,
    title: "Ruhetag",
    content: "Montags geschlossen",
    type: "info",
    priority: "high",
    is_active: true,
    valid_until: "",
    created_at: "2026-11-01T10:00:00.000Z",
  },
]);
if (!ruhetag) throw new Error("fixture missing");
const stored = [ruhetag];

describe("admin drafts", () => {
  it("starts new announcements as info, medium, active, without an end date", () => {
    expect(newDraft("neu-1")).toEqual({
      key: "neu-1",
      title: "",
      content: "",
      type: "info",
      priority: "medium",
      is_active: true,
      valid_until: "",
    });
  });

  it("sends ids of stored entries only, without screen keys or dates", () => {
    expect(payloadOf([newDraft("neu-1"), ...stored])).toEqual([
      { title: "", content: "", type: "info", priority: "medium", is_active: true, valid_until: "" },
      {
        id: 4,
        title: "Ruhetag",
        content: "Montags geschlossen",
        type: "info",
        priority: "high",
        is_active: true,
        valid_until: "",
      },
    ]);
  });

  it("notices edits, additions and deletions, not a round trip back", () => {
    expect(hasChanges(stored, stored)).toBe(false);
    expect(hasChanges([{ ...ruhetag, is_active: false }], stored)).toBe(true);
    expect(hasChanges([{ ...ruhetag, is_active: true }], stored)).toBe(false);
    expect(hasChanges([], stored)).toBe(true);
    expect(hasChanges([newDraft("neu-1"), ...stored], stored)).toBe(true);
  });

  it("puts the server's messages on the cards that were submitted", () => {
    const submitted = [newDraft("neu-2"), ...stored];
    const result = validateAnnouncementList(payloadOf(submitted));
    expect(result.success).toBe(false);
    if (!result.success)
      expect(
        errorsByKey(
          result.fieldErrors,
          submitted.map((d) => d.key),
        ),
      ).toEqual({
        "neu-2": { title: "Titel ist erforderlich", content: "Inhalt ist erforderlich" },
      });
  });
});
