import { z } from "../../lib/zod.ts";
import { weekdays, type Weekday } from "./weekdays.ts";

/**
 * Content blocks: one key each, one Zod shape, built-in German defaults. A block that is missing or
 * unreadable in the database shows its defaults (ARCHITECTURE decision 1). This module has no server
 * imports: the admin forms validate with the same schemas in the browser.
 */
const required = (message: string, max = 500) =>
  z.string(message).trim().min(1, message).max(max, `Höchstens ${max} Zeichen erlaubt`);
const optionalText = (max = 500) => z.string().trim().max(max, `Höchstens ${max} Zeichen erlaubt`);

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
    .array(z.string().trim().max(2000, "Höchstens 2000 Zeichen erlaubt"))
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
    .array(z.string().trim().max(120, "Höchstens 120 Zeichen erlaubt"))
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

const lunchAndDinner = "11:30–14:00 und 17:00–22:00 Uhr";

/** The pictures that ship with the project (public/bilder), so a fresh site never hot-links a photo. */
export const DEFAULT_HERO_IMAGE = "/bilder/hero.webp";
export const DEFAULT_ABOUT_IMAGE = "/bilder/ueber-uns.webp";

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
  "home.hero": {
    schema: heroSchema,
    defaults: {
      eyebrow: "Authentische Italienische Küche",
      headline: "Willkommen im[br][red]Ristorante Tavola[/red]",
      subheading:
        "Hausgemachte Pasta, Pizza aus dem Steinofen und die Weine Italiens – mit Liebe zubereitet, mitten in der Stadt.",
      cta_speisekarte: "Speisekarte",
      cta_wochenkarte: "Wochenkarte",
      cta_mitteilungen: "Mitteilungen",
      cta_reservieren: "Tisch reservieren",
      scroll_label: "Mehr entdecken",
      background_image_url: "",
    } satisfies HeroContent,
  },
  "home.about": {
    schema: aboutSchema,
    defaults: {
      eyebrow: "Über uns",
      heading: "Eine Familie, eine Leidenschaft",
      paragraphs: [
        "Seit über dreißig Jahren kochen wir nach den Rezepten unserer Familie aus Kampanien: mit frischen Zutaten, viel Zeit und Liebe zum Detail.",
        "Unsere Pasta machen wir jeden Morgen selbst, der Pizzateig ruht 48 Stunden, und unsere Weine wählen wir bei kleinen Winzern in ganz Italien aus. Bei uns sind Sie Gast und Freund zugleich.",
      ],
      stats: [
        { value: "30+", label: "Jahre Tradition" },
        { value: "100%", label: "Authentische Rezepte" },
        { value: "50+", label: "Italienische Weine" },
      ],
      image_url: DEFAULT_ABOUT_IMAGE,
      image_alt: "Gedeckter Tisch mit Pasta, Brot und einem Glas Rotwein",
      floating_quote: "„Kochen ist Liebe, die man schmecken kann.“",
    } satisfies AboutContent,
  },
  "home.menu_section": {
    schema: menuSectionSchema,
    defaults: {
      eyebrow: "Unsere Küche",
      heading: "Aus unserer Speisekarte",
      description:
        "Von Antipasti über hausgemachte Pasta bis zu den Dolci: klassische Gerichte aus ganz Italien, dazu jede Woche neue Spezialitäten auf unserer Wochenkarte.",
      cta_full_menu: "Ganze Speisekarte ansehen",
      background_image_url: "",
    } satisfies MenuSectionContent,
  },
  "home.gallery_section": {
    schema: gallerySectionSchema,
    defaults: {
      eyebrow: "Galerie",
      heading: "Eindrücke aus dem",
      heading_highlight: "Ristorante",
      description: "Ein Blick in unsere Küche, auf unsere Gerichte und in unseren Gastraum.",
      background_image_url: "",
    } satisfies GallerySectionContent,
  },
  "home.reservations": {
    schema: reservationsSectionSchema,
    defaults: {
      heading: "Reservieren Sie Ihren",
      heading_highlight: "Tisch",
      description:
        "Ob Abendessen zu zweit, Familienfeier oder Mittagspause: Wir halten Ihnen gern einen Tisch frei.",
      form_title: "Reservierungsanfrage",
      form_submit_text: "Reservierung anfragen",
      form_submitting_text: "Wird gesendet...",
      form_disclaimer:
        "Ihre Anfrage ist erst verbindlich, wenn wir sie per E-Mail bestätigt haben. Ihre Angaben verwenden wir nur für Ihre Reservierung.",
      phone_title: "Telefon",
      location_title: "Adresse",
      background_image_url: "",
    } satisfies ReservationsSectionContent,
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
} as const;

export type ContentKey = keyof typeof contentBlocks;
export const contentKeys = Object.keys(contentBlocks) as ContentKey[];
export const isContentKey = (key: string): key is ContentKey => Object.hasOwn(contentBlocks, key);
export type ContentValue<K extends ContentKey> = z.infer<(typeof contentBlocks)[K]["schema"]>;
export type ContentValues<K extends ContentKey> = { [P in K]: ContentValue<P> };

/**
 * The stored value, read over the block's defaults (so a block saved before a field was added still
 * reads), or the defaults when it does not fit the block's shape.
 */
export function parseBlock<K extends ContentKey>(
  key: K,
  stored: unknown,
): { value: ContentValue<K>; valid: boolean } {
  const block = contentBlocks[key];
  const candidate =
    stored !== null && typeof stored === "object" && !Array.isArray(stored)
      ? { ...block.defaults, ...stored }
      : stored;
  const result = block.schema.safeParse(candidate);
  return result.success
    ? { value: result.data as ContentValue<K>, valid: true }
    : { value: block.defaults as ContentValue<K>, valid: false };
}
