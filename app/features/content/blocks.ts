import { z } from "../../lib/zod.ts";
import { weekdays, type Weekday } from "./weekdays.ts";

/**
 * Content blocks: one key each, one Zod shape, built-in German defaults. A block that is missing or
 * unreadable in the database shows its defaults (ARCHITECTURE decision 1). This module has no server
 * imports: the admin forms validate with the same schemas in the browser.
 */
const required = (message: string) => z.string(message).trim().min(1, message);

export const navbarSchema = z.object({
  brand: required("Markenname ist erforderlich"),
  links: z
    .array(
      z.object({ id: required("Anker ist erforderlich"), label: required("Bezeichnung ist erforderlich") }),
    )
    .max(10),
  contact_label: required("Kontakt-Label ist erforderlich"),
  reserve_label: required("Reservieren-Label ist erforderlich"),
});

export const contactSchema = z.object({
  name: required("Name des Restaurants ist erforderlich"),
  owner: required("Inhaber ist erforderlich"),
  address_lines: z
    .array(z.string().trim())
    .transform((lines) => lines.filter((line) => line.length > 0))
    .refine((lines) => lines.length > 0, "Mindestens eine Adresszeile erforderlich"),
  phone: required("Telefonnummer ist erforderlich"),
  email: z.email("Gültige E-Mail erforderlich"),
});

export const openingHoursSchema = z.object(
  Object.fromEntries(
    weekdays.map(([key, label]) => [key, required(`Öffnungszeit für ${label} ist erforderlich`)]),
  ) as Record<Weekday, z.ZodString>,
);

export const footerSchema = z.object({
  brand_name: required("Markenname ist erforderlich"),
  brand_highlight: z.string().trim(),
  description: required("Beschreibung ist erforderlich"),
  contact_section_title: required("Überschrift ist erforderlich"),
  quick_links_title: required("Überschrift ist erforderlich"),
  copyright_text: required("Copyright-Text ist erforderlich"),
  social_facebook_url: z.url("Gültige URL erforderlich").or(z.literal("")),
  social_instagram_url: z.url("Gültige URL erforderlich").or(z.literal("")),
});

export type NavbarContent = z.infer<typeof navbarSchema>;
export type ContactContent = z.infer<typeof contactSchema>;
export type OpeningHoursContent = z.infer<typeof openingHoursSchema>;
export type FooterContent = z.infer<typeof footerSchema>;

const lunchAndDinner = "11:30–14:00 und 17:00–22:00 Uhr";

export const contentBlocks = {
  navbar: {
    schema: navbarSchema,
    defaults: {
      brand: "Ristorante Tavola",
      links: [
        { id: "home", label: "Start" },
        { id: "about", label: "Über uns" },
        { id: "menu", label: "Speisekarte" },
        { id: "gallery", label: "Galerie" },
      ],
      contact_label: "Kontakt",
      reserve_label: "Reservieren",
    } satisfies NavbarContent,
  },
  "global.contact": {
    schema: contactSchema,
    defaults: {
      name: "Ristorante Tavola",
      owner: "Giuseppe Romano",
      address_lines: ["Marktplatz 12", "72070 Tübingen"],
      phone: "07071 123456",
      email: "info@ristorante-tavola.de",
    } satisfies ContactContent,
  },
  "global.opening_hours": {
    schema: openingHoursSchema,
    defaults: {
      monday: "Ruhetag",
      tuesday: lunchAndDinner,
      wednesday: lunchAndDinner,
      thursday: lunchAndDinner,
      friday: lunchAndDinner,
      saturday: lunchAndDinner,
      sunday: "11:30–14:00 und 17:00–21:30 Uhr",
    } satisfies OpeningHoursContent,
  },
  "home.footer": {
    schema: footerSchema,
    defaults: {
      brand_name: "Ristorante",
      brand_highlight: "Tavola",
      description:
        "Italienische Küche mit Herz: hausgemachte Pasta, Pizza aus dem Steinofen und Weine aus allen Regionen Italiens – seit über 30 Jahren.",
      contact_section_title: "Kontakt",
      quick_links_title: "Schnellzugriff",
      copyright_text: "Alle Rechte vorbehalten.",
      social_facebook_url: "https://www.facebook.com/",
      social_instagram_url: "https://www.instagram.com/",
    } satisfies FooterContent,
  },
} as const;

export type ContentKey = keyof typeof contentBlocks;
export type ContentValue<K extends ContentKey> = z.infer<(typeof contentBlocks)[K]["schema"]>;
export type ContentValues<K extends ContentKey> = { [P in K]: ContentValue<P> };

/** The block's defaults when the stored value is missing or does not fit the block's shape. */
export function parseBlock<K extends ContentKey>(
  key: K,
  stored: unknown,
): { value: ContentValue<K>; valid: boolean } {
  const block = contentBlocks[key];
  const result = block.schema.safeParse(stored);
  return result.success
    ? { value: result.data as ContentValue<K>, valid: true }
    : { value: block.defaults as ContentValue<K>, valid: false };
}
