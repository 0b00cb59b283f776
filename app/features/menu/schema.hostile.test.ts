import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formDataOf, hostileForm, stringsIn } from "../../../tests/support/hostile-input.ts";
import { isCleanText } from "../../lib/text-rules.ts";
import {
  categoryFields,
  categorySchema,
  productFields,
  productSchema,
  showcaseFields,
  showcaseSchema,
  validateMenuForm,
  weeklyFields,
  weeklySchema,
} from "./schema.ts";

/**
 * Hostile input to every menu form, property-based: the validation never throws, and whatever it
 * lets through is storable — no control characters (PostgreSQL refuses a NUL byte), no non-number
 * where a number belongs.
 */
const runs = Number(process.env.HOSTILE_RUNS ?? 200);
const good = { name: "Tiramisu", description: "Hausgemacht", price: "6,50", allergens: "A", additives: "1" };

describe("hostile input to the menu's forms", () => {
  const forms = [
    {
      label: "Produkt",
      schema: productSchema,
      fields: productFields,
      good: { ...good, category_id: "", product_code: "D1" },
    },
    {
      label: "Kategorie",
      schema: categorySchema,
      fields: categoryFields,
      good: { name: "Dolci", display_order: "3", parent_id: "" },
    },
    { label: "Wochengericht", schema: weeklySchema, fields: weeklyFields, good },
    {
      label: "Menu Item",
      schema: showcaseSchema,
      fields: showcaseFields,
      good: { ...good, category: "dolci", is_active: "on", image_url: "/bilder/hero.webp" },
    },
  ] as const;

  it.each(forms)(
    "$label: never throws, lets through only storable values",
    ({ schema, fields, good: values }) => {
      let accepted = 0;
      fc.assert(
        fc.property(hostileForm(values), (entries) => {
          const result = validateMenuForm(schema as never, fields, formDataOf(entries));
          if (!result.success) return;
          accepted += 1;
          for (const text of stringsIn(result.data)) expect(isCleanText(text)).toBe(true);
          for (const number of Object.values(result.data as Record<string, unknown>))
            if (typeof number === "number") expect(Number.isFinite(number)).toBe(true);
        }),
        { numRuns: runs },
      );
      expect(accepted).toBeGreaterThan(0);
    },
  );
});
