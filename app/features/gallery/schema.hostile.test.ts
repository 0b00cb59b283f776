import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formDataOf, hostileForm, stringsIn } from "../../../tests/support/hostile-input.ts";
import { isCleanText } from "../../lib/text-rules.ts";
import { pictureEditSchema, pictureEditValues } from "./schema.ts";

/** Hostile input to 'Bild bearbeiten', property-based: never throws, lets through only storable text. */
const runs = Number(process.env.HOSTILE_RUNS ?? 200);

describe("hostile input to 'Bild bearbeiten'", () => {
  it("never throws, lets through only storable values", () => {
    let accepted = 0;
    fc.assert(
      fc.property(
        hostileForm({ caption: "Terrasse", alt_text: "Die Terrasse am Abend", is_published: "on" }),
        (entries) => {
          const result = pictureEditSchema.safeParse(pictureEditValues(formDataOf(entries)));
          if (!result.success) return;
          accepted += 1;
          for (const text of stringsIn(result.data)) expect(isCleanText(text)).toBe(true);
          expect(result.data.alt_text.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: runs },
    );
    expect(accepted).toBeGreaterThan(0);
  });
});
