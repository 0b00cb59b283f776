import { CONTROL_CHARACTERS_MESSAGE, isCleanText } from "../../lib/text-rules.ts";
import { z } from "../../lib/zod.ts";

/**
 * 'Bild bearbeiten': caption optional, alt text required ('Alt-Text ist erforderlich',
 * docs/product/pictures.md#staff-screen), published or hidden.
 */
export const ALT_TEXT_REQUIRED = "Alt-Text ist erforderlich";

export const pictureEditFields = ["caption", "alt_text", "is_published"] as const;
export type PictureEditField = (typeof pictureEditFields)[number];

export const pictureEditSchema = z.object({
  caption: z
    .string()
    .trim()
    .max(300, "Höchstens 300 Zeichen erlaubt")
    .refine(isCleanText, CONTROL_CHARACTERS_MESSAGE),
  alt_text: z
    .string(ALT_TEXT_REQUIRED)
    .trim()
    .min(1, ALT_TEXT_REQUIRED)
    .max(300, "Höchstens 300 Zeichen erlaubt")
    .refine(isCleanText, CONTROL_CHARACTERS_MESSAGE),
  is_published: z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "true"),
});

/** The form's fields as the schema reads them: text fields as text, the switch only when sent. */
export function pictureEditValues(form: FormData): Record<PictureEditField, string | undefined> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return {
    caption: text("caption") ?? "",
    alt_text: text("alt_text") ?? "",
    is_published: text("is_published"),
  };
}
