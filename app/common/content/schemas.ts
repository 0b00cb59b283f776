import { CONTROL_CHARACTERS_MESSAGE, isCleanText } from "../../lib/text-rules.ts";
import { z } from "../../lib/zod.ts";
import { weekdays, type Weekday } from "../../lib/weekdays.ts";

/**
 * The shape of every content block: one Zod schema each, with its German messages, and the block's
 * type (docs/product/content.md). One key per block whose shape is the union of the original's public
 * and admin readings (decision 0006). The admin forms validate with these schemas in the browser, the server
 * before it saves; guests' pages import only the types, so Zod stays out of their first load (decision 0008).
 */
const required = (message: string, max = 500) =>
  z
    .string(message)
    .trim()
    .min(1, message)
    .max(max, `Höchstens ${max} Zeichen erlaubt`)
    .refine(isCleanText, CONTROL_CHARACTERS_MESSAGE);
const optionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max, `Höchstens ${max} Zeichen erlaubt`)
    .refine(isCleanText, CONTROL_CHARACTERS_MESSAGE);

const URL_MESSAGE = "Gültige URL erforderlich";

/**
 * A link or picture address: an absolute http(s) URL, or a path on this site ('/bilder/hero.webp').
 * Anything else — `javascript:`, `data:`, protocol-relative `//host` — is refused.
 */
export const webUrl = z
  .string(URL_MESSAGE)
  .trim()
  .max(2000, URL_MESSAGE)
  .refine((value) => {
    if (/^\/(?!\/)/.test(value)) return !/[\s\\]/.test(value);
    try {
      const url = new URL(value);
      return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
    } catch {
      return false;
    }
  }, URL_MESSAGE);
/** An address that may be left empty ('' = not set). */
export const optionalWebUrl = z.union([z.literal(""), webUrl], URL_MESSAGE);

export const navbarSchema = z.object({
  brand: required("Markenname ist erforderlich", 80),
  links: z
    .array(
      z.object({
        id: required("Anker ist erforderlich", 60).regex(
          /^[A-Za-z][\w-]*$/,
          "Nur Buchstaben, Ziffern, - und _ (ohne #)",
        ),
        label: required("Bezeichnung ist erforderlich", 60),
      }),
    )
    .max(10, "Höchstens 10 Links"),
  contact_label: required("Kontakt-Label ist erforderlich", 60),
  reserve_label: required("Reservieren-Label ist erforderlich", 60),
});

export const heroSchema = z.object({
  eyebrow: required("Überzeile ist erforderlich", 120),
  headline: required("Überschrift ist erforderlich", 300),
  subheading: required("Unterzeile ist erforderlich", 600),
  cta_speisekarte: required("Text für 'Speisekarte' ist erforderlich", 60),
  cta_wochenkarte: required("Text für 'Wochenkarte' ist erforderlich", 60),
  cta_mitteilungen: required("Text für 'Mitteilungen' ist erforderlich", 60),
  cta_reservieren: required("Text für 'Reservieren' ist erforderlich", 60),
  scroll_label: required("Text für den Scroll-Hinweis ist erforderlich", 60),
  background_image_url: optionalWebUrl,
});

export const aboutSchema = z.object({
  eyebrow: required("Überzeile ist erforderlich", 120),
  heading: required("Überschrift ist erforderlich", 200),
  paragraphs: z
    .array(
      z
        .string()
        .trim()
        .max(2000, "Höchstens 2000 Zeichen erlaubt")
        .refine(isCleanText, CONTROL_CHARACTERS_MESSAGE),
    )
    .transform((paragraphs) => paragraphs.filter((paragraph) => paragraph.length > 0))
    .refine((paragraphs) => paragraphs.length > 0, "Mindestens ein Absatz erforderlich")
    .refine((paragraphs) => paragraphs.length <= 10, "Höchstens 10 Absätze"),
  stats: z
    .array(
      z.object({
        value: required("Wert ist erforderlich", 20),
        label: required("Bezeichnung ist erforderlich", 60),
      }),
    )
    .max(6, "Höchstens 6 Kennzahlen"),
  image_url: webUrl,
  image_alt: required("Alternativtext ist erforderlich", 200),
  floating_quote: required("Zitat ist erforderlich", 200),
});

export const menuSectionSchema = z.object({
  eyebrow: required("Überzeile ist erforderlich", 120),
  heading: required("Überschrift ist erforderlich", 200),
  description: required("Beschreibung ist erforderlich", 1000),
  cta_full_menu: required("Text für den Button ist erforderlich", 60),
  background_image_url: optionalWebUrl,
});

export const gallerySectionSchema = z.object({
  eyebrow: required("Überzeile ist erforderlich", 120),
  heading: required("Überschrift ist erforderlich", 200),
  heading_highlight: optionalText(120),
  description: required("Beschreibung ist erforderlich", 1000),
  background_image_url: optionalWebUrl,
});

export const reservationsSectionSchema = z.object({
  heading: required("Überschrift ist erforderlich", 200),
  heading_highlight: optionalText(120),
  description: required("Beschreibung ist erforderlich", 1000),
  form_title: required("Titel des Formulars ist erforderlich", 120),
  form_submit_text: required("Text für den Absende-Button ist erforderlich", 60),
  form_submitting_text: required("Text während des Sendens ist erforderlich", 60),
  form_disclaimer: optionalText(500),
  phone_title: required("Überschrift für Telefon ist erforderlich", 60),
  location_title: required("Überschrift für Adresse ist erforderlich", 60),
  background_image_url: optionalWebUrl,
});

export const footerSchema = z.object({
  brand_name: required("Markenname ist erforderlich", 80),
  brand_highlight: optionalText(80),
  description: required("Beschreibung ist erforderlich", 1000),
  contact_section_title: required("Überschrift ist erforderlich", 60),
  quick_links_title: required("Überschrift ist erforderlich", 60),
  copyright_text: required("Copyright-Text ist erforderlich", 200),
  social_facebook_url: optionalWebUrl,
  social_instagram_url: optionalWebUrl,
});

export const contactSchema = z.object({
  name: required("Name des Restaurants ist erforderlich", 120),
  owner: required("Inhaber ist erforderlich", 120),
  address_lines: z
    .array(
      z
        .string()
        .trim()
        .max(120, "Höchstens 120 Zeichen erlaubt")
        .refine(isCleanText, CONTROL_CHARACTERS_MESSAGE),
    )
    .transform((lines) => lines.filter((line) => line.length > 0))
    .refine((lines) => lines.length > 0, "Mindestens eine Adresszeile erforderlich")
    .refine((lines) => lines.length <= 4, "Höchstens 4 Adresszeilen"),
  phone: required("Telefonnummer ist erforderlich", 40).regex(
    /^[+\d][\d\s/()-]*$/,
    "Gültige Telefonnummer erforderlich",
  ),
  email: z.email("Gültige E-Mail erforderlich").max(200, "Gültige E-Mail erforderlich"),
});

export const openingHoursSchema = z.object(
  Object.fromEntries(
    weekdays.map(([key, label]) => [key, required(`Öffnungszeit für ${label} ist erforderlich`, 120)]),
  ) as Record<Weekday, ReturnType<typeof required>>,
);

export type NavbarContent = z.infer<typeof navbarSchema>;
export type HeroContent = z.infer<typeof heroSchema>;
export type AboutContent = z.infer<typeof aboutSchema>;
export type MenuSectionContent = z.infer<typeof menuSectionSchema>;
export type GallerySectionContent = z.infer<typeof gallerySectionSchema>;
export type ReservationsSectionContent = z.infer<typeof reservationsSectionSchema>;
export type FooterContent = z.infer<typeof footerSchema>;
export type ContactContent = z.infer<typeof contactSchema>;
export type OpeningHoursContent = z.infer<typeof openingHoursSchema>;
