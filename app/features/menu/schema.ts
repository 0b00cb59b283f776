import { optionalWebUrl } from "../../common/content/schemas.ts";
import { fieldErrorsOf, type FieldErrors } from "../../lib/forms.ts";
import { MAX_PRICE_CENTS, readPrice } from "../../lib/money.ts";
import { z } from "../../lib/zod.ts";
import { CONTROL_CHARACTERS_MESSAGE, isCleanText } from "../../lib/text-rules.ts";
import type { FeaturedDishCategory } from "../../../db/database.types.ts";
import { areKnownMarks, canonicalMarks, type MarkKind } from "./marks.ts";
import { SHOWCASE_CATEGORIES } from "./public-menu.ts";

export { SHOWCASE_CATEGORIES };

/**
 * The menu screens' forms (decision 0010): a product of the Speisekarte, a category, a dish of the
 * Wochenkarte and an item of the home page's showcase. The browser checks with these schemas before
 * it sends, the actions parse again with the same ones; messages as docs/product/menu.md#dishes
 * lists them (English on the product, category and showcase forms, as the original had them;
 * decision 0018).
 */

export const menuLimits = { name: 200, description: 1000, productCode: 20, categoryName: 120 } as const;

export const menuMessages = {
  productRequired: "Name and Price are required.",
  categoryRequired: "Category name is required.",
  weeklyRequired: "Name und Preis sind erforderlich.",
  showcaseRequired: "Name, price and description are required.",
  priceInvalid: "Bitte geben Sie einen gültigen Preis ein.",
  priceTooHigh: `Der Preis darf höchstens ${MAX_PRICE_CENTS / 100} € betragen.`,
  nameTooLong: `Höchstens ${menuLimits.name} Zeichen erlaubt`,
  descriptionTooLong: `Höchstens ${menuLimits.description} Zeichen erlaubt`,
  productCodeInvalid: `Höchstens ${menuLimits.productCode} Zeichen: Buchstaben, Ziffern, Punkt oder Bindestrich`,
  categoryNameTooLong: `Höchstens ${menuLimits.categoryName} Zeichen erlaubt`,
  displayOrderInvalid: "Bitte eine ganze Zahl von 0 bis 9999 eingeben oder das Feld leer lassen.",
  categoryUnknown: "Diese Kategorie gibt es nicht (mehr).",
  marksUnknown: "Unbekannte Kennzeichnung",
  controlCharacters: CONTROL_CHARACTERS_MESSAGE,
  pictureAddress: "Ein Bild auf dieser Website (/bilder/…) oder eine https-Adresse",
  showcaseCategoryInvalid: "Please choose a category.",
} as const;
const M = menuMessages;

// Control characters have no place in a dish's name or description (app/lib/text-rules.ts).
const clean = isCleanText;

const requiredName = (required: string, max: number, tooLong: string) =>
  z.string(required).trim().min(1, required).max(max, tooLong).refine(clean, M.controlCharacters);

const optionalDescription = z
  .string()
  .trim()
  .max(menuLimits.description, M.descriptionTooLong)
  .refine(clean, M.controlCharacters)
  .transform((value) => (value === "" ? null : value));

/** A price as staff type it ('12,50', '12.50', '12'), exactly in cents. */
const price = (required: string) =>
  z.string(required).transform((value, ctx) => {
    const reading = readPrice(value);
    if (reading.ok) return reading.cents;
    ctx.addIssue({
      code: "custom",
      message:
        reading.problem === "empty"
          ? required
          : reading.problem === "too-large"
            ? M.priceTooHigh
            : M.priceInvalid,
    });
    return z.NEVER;
  });

/** An id chosen from a list ('' = none). */
const optionalId = z
  .string()
  .trim()
  .refine((value) => value === "" || /^\d{1,9}$/.test(value), M.categoryUnknown)
  .transform((value) => (value === "" ? null : Number(value)));

/** Checked boxes of a checklist: only codes of the list, stored in list order. */
const marks = (kind: MarkKind) =>
  z
    .array(z.string())
    .max(20, M.marksUnknown)
    .refine((codes) => areKnownMarks(kind, codes), M.marksUnknown)
    .transform((codes) => canonicalMarks(kind, codes));

export const productFields = [
  "name",
  "description",
  "price",
  "category_id",
  "product_code",
  "allergens",
  "additives",
] as const;
export type ProductField = (typeof productFields)[number];

export const productSchema = z.object({
  name: requiredName(M.productRequired, menuLimits.name, M.nameTooLong),
  description: optionalDescription,
  price: price(M.productRequired),
  category_id: optionalId,
  product_code: z
    .string()
    .trim()
    .max(menuLimits.productCode, M.productCodeInvalid)
    .regex(/^[\p{L}\p{N}.-]*$/u, M.productCodeInvalid)
    .transform((value) => (value === "" ? null : value)),
  allergens: marks("allergens"),
  additives: marks("additives"),
});
export type ProductValues = z.output<typeof productSchema>;

export const categoryFields = ["name", "display_order", "parent_id"] as const;
export type CategoryField = (typeof categoryFields)[number];

export const categorySchema = z.object({
  name: requiredName(M.categoryRequired, menuLimits.categoryName, M.categoryNameTooLong),
  // An empty display order is saved as null (sorted last): docs/product/menu.md#categories.
  display_order: z
    .string()
    .trim()
    .refine(
      (value) => value === "" || (/^\d{1,4}$/.test(value) && Number(value) <= 9999),
      M.displayOrderInvalid,
    )
    .transform((value) => (value === "" ? null : Number(value))),
  parent_id: optionalId,
});
export type CategoryValues = z.output<typeof categorySchema>;

export const weeklyFields = ["name", "description", "price", "allergens", "additives"] as const;
export type WeeklyField = (typeof weeklyFields)[number];

export const weeklySchema = z.object({
  name: requiredName(M.weeklyRequired, menuLimits.name, M.nameTooLong),
  description: optionalDescription,
  price: price(M.weeklyRequired),
  allergens: marks("allergens"),
  additives: marks("additives"),
});
export type WeeklyValues = z.output<typeof weeklySchema>;

export const showcaseFields = [
  "name",
  "price",
  "description",
  "category",
  "is_active",
  "image_url",
  "allergens",
  "additives",
] as const;
export type ShowcaseField = (typeof showcaseFields)[number];

export const showcaseSchema = z.object({
  name: requiredName(M.showcaseRequired, menuLimits.name, M.nameTooLong),
  price: price(M.showcaseRequired),
  description: z
    .string(M.showcaseRequired)
    .trim()
    .min(1, M.showcaseRequired)
    .max(menuLimits.description, M.descriptionTooLong)
    .refine(clean, M.controlCharacters),
  category: z.enum(
    SHOWCASE_CATEGORIES.map((category) => category.id) as [FeaturedDishCategory, ...FeaturedDishCategory[]],
    M.showcaseCategoryInvalid,
  ),
  // A checkbox: 'on' when checked, missing when not.
  is_active: z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "true"),
  // The site's content security policy shows https pictures only (decision 0006): http is refused here.
  image_url: optionalWebUrl
    .refine((value) => !value.startsWith("http:"), M.pictureAddress)
    .transform((value) => (value === "" ? null : value)),
  allergens: marks("allergens"),
  additives: marks("additives"),
});
export type ShowcaseValues = z.output<typeof showcaseSchema>;

/** A submitted form as the schemas take it: text fields as strings, checklists as lists. */
export function menuFormValues(form: FormData, fields: readonly string[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    if (field === "allergens" || field === "additives") {
      values[field] = form.getAll(field).filter((value): value is string => typeof value === "string");
    } else if (field === "is_active") {
      const value = form.get(field);
      values[field] = typeof value === "string" ? value : undefined;
    } else {
      const value = form.get(field);
      values[field] = typeof value === "string" ? value : "";
    }
  }
  return values;
}

export type MenuValidation<Output, Field extends string> =
  { success: true; data: Output } | { success: false; fieldErrors: FieldErrors<Field> };

/** Parses a form with one of the schemas above; field messages from the one mapper (decision 0010). */
export function validateMenuForm<Output, Field extends string>(
  schema: z.ZodType<Output>,
  fields: readonly Field[],
  form: FormData,
): MenuValidation<Output, Field> {
  const result = schema.safeParse(menuFormValues(form, fields));
  return result.success
    ? { success: true, data: result.data }
    : { success: false, fieldErrors: fieldErrorsOf(result.error, fields) };
}
