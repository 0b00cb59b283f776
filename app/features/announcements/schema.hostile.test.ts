import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostileText, stringsIn } from "../../../tests/support/hostile-input.ts";
import { isCleanText } from "../../lib/text-rules.ts";
import { validateAnnouncementList } from "./schema.ts";

/**
 * Hostile input to 'Alle Änderungen speichern' (a JSON list), property-based: anything at all, or
 * lists of announcements with hostile values; the validation never throws and lets through only
 * storable announcements.
 */
const runs = Number(process.env.HOSTILE_RUNS ?? 200);
const value = fc.oneof(hostileText, fc.anything(), fc.constant(undefined));
const announcement = fc.record(
  {
    id: fc.oneof(fc.integer({ min: -5, max: 5 }), fc.double(), hostileText, fc.constant(undefined)),
    title: fc.oneof(fc.constant("Neu"), value),
    content: fc.oneof(fc.constant("Ab Montag geöffnet"), value),
    type: fc.oneof(fc.constant("info"), value),
    priority: fc.oneof(fc.constant("normal"), value),
    is_active: fc.oneof(fc.boolean(), value),
    valid_until: fc.oneof(fc.constant(""), fc.constant("2026-12-31"), value),
  },
  { requiredKeys: [] },
);

describe("hostile input to the announcements' list", () => {
  it("never throws, lets through only storable values", () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.array(announcement, { maxLength: 4 })), (input) => {
        const result = validateAnnouncementList(input);
        if (!result.success) return;
        for (const text of stringsIn(result.data)) expect(isCleanText(text)).toBe(true);
      }),
      { numRuns: runs },
    );
  });
});
