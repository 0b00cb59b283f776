import { ABOUT_PICTURE } from "./pictures.ts";
import type {
  AboutContent,
  ContactContent,
  FooterContent,
  GallerySectionContent,
  HeroContent,
  MenuSectionContent,
  NavbarContent,
  OpeningHoursContent,
  ReservationsSectionContent,
} from "./schemas.ts";

const lunchAndDinner = "11:30–14:00 und 17:00–22:00 Uhr";

/**
 * Every content block's built-in German defaults: what a block shows until staff save it, or when
 * what is stored cannot be read (decision 0006). No Zod here, so the demo content and the pages
 * that only need a default do not pull in the schemas.
 */
export const contentDefaults = {
  navbar: {
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
  "home.hero": {
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
  "home.about": {
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
    image_url: ABOUT_PICTURE.src,
    image_alt: "Gedeckter Tisch mit Pasta, Brot und einem Glas Rotwein",
    floating_quote: "„Kochen ist Liebe, die man schmecken kann.“",
  } satisfies AboutContent,
  "home.menu_section": {
    eyebrow: "Unsere Küche",
    heading: "Aus unserer Speisekarte",
    description:
      "Von Antipasti über hausgemachte Pasta bis zu den Dolci: klassische Gerichte aus ganz Italien, dazu jede Woche neue Spezialitäten auf unserer Wochenkarte.",
    cta_full_menu: "Ganze Speisekarte ansehen",
    background_image_url: "",
  } satisfies MenuSectionContent,
  "home.gallery_section": {
    eyebrow: "Galerie",
    heading: "Eindrücke aus dem",
    heading_highlight: "Ristorante",
    description: "Ein Blick in unsere Küche, auf unsere Gerichte und in unseren Gastraum.",
    background_image_url: "",
  } satisfies GallerySectionContent,
  "home.reservations": {
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
  "home.footer": {
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
  "global.contact": {
    name: "Ristorante Tavola",
    owner: "Giuseppe Romano",
    address_lines: ["Marktplatz 12", "72070 Tübingen"],
    phone: "07071 123456",
    email: "info@ristorante-tavola.de",
  } satisfies ContactContent,
  "global.opening_hours": {
    monday: "Ruhetag",
    tuesday: lunchAndDinner,
    wednesday: lunchAndDinner,
    thursday: lunchAndDinner,
    friday: lunchAndDinner,
    saturday: lunchAndDinner,
    sunday: "11:30–14:00 und 17:00–21:30 Uhr",
  } satisfies OpeningHoursContent,
} as const;
