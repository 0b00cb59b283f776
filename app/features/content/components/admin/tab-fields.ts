import { weekdays } from "../../../../lib/weekdays.ts";
import type { TabId } from "../../content-form.ts";

/**
 * What each tab of 'Website-Inhalte verwalten' shows: every field of its block(s), labelled in German,
 * grouped into sections. Field names are the paths of `content-form.ts`.
 */
export type TextKind = "text" | "textarea" | "url" | "email" | "tel" | "picture";

export interface TextFieldSpec {
  kind: TextKind;
  name: string;
  label: string;
  hint?: string;
  /** A picture field's uploads: named as the hero's (`hero-{timestamp}-{filename}`) or as any content picture. */
  uploadTarget?: "hero" | "inhalt";
  optional?: boolean;
  /** Takes the whole row on wide screens (long texts). */
  wide?: boolean;
}

export interface ListFieldSpec {
  kind: "list";
  name: string;
  label: string;
  /** One item's name: 'Absatz' gives 'Absatz 2', 'Absatz hinzufügen', 'Absatz 2 nach oben'. */
  itemLabel: string;
  hint?: string;
  /** A list of texts, or a list of groups of fields. */
  item: { kind: "text" | "textarea" } | { kind: "group"; fields: TextFieldSpec[] };
}

export type FieldSpec = TextFieldSpec | ListFieldSpec;

export interface TabSection {
  title: string;
  description?: string;
  fields: FieldSpec[];
}

export interface TabFields {
  title: string;
  description: string;
  sections: TabSection[];
}

const PICTURE_HINT = "Hochladen, oder eine Adresse mit https:// bzw. ein Pfad auf dieser Website.";
const BACKGROUND_HINT = `${PICTURE_HINT} Leer lassen für die Standardgestaltung.`;
const CONTACT_ELSEWHERE = "Telefon, E-Mail und Adresse pflegen Sie im Tab 'Global'.";

const text = (name: string, label: string, extra: Partial<TextFieldSpec> = {}): TextFieldSpec => ({
  kind: "text",
  name,
  label,
  ...extra,
});
const longText = (name: string, label: string, extra: Partial<TextFieldSpec> = {}): TextFieldSpec => ({
  kind: "textarea",
  name,
  label,
  wide: true,
  ...extra,
});
const backgroundImage = (): TextFieldSpec => ({
  kind: "picture",
  uploadTarget: "inhalt",
  name: "background_image_url",
  label: "Hintergrundbild",
  hint: BACKGROUND_HINT,
  optional: true,
  wide: true,
});

export const tabFields: Record<TabId, TabFields> = {
  navigation: {
    title: "Navigation",
    description: "Markenname, Links und Buttons der Navigationsleiste.",
    sections: [
      {
        title: "Navigationsleiste",
        fields: [
          text("brand", "Markenname"),
          text("contact_label", "Beschriftung des Kontakt-Buttons"),
          text("reserve_label", "Beschriftung des Reservieren-Links"),
          {
            kind: "list",
            name: "links",
            label: "Links",
            itemLabel: "Link",
            hint: "Jeder Link springt zu einem Abschnitt der Startseite. Anker ist die ID des Abschnitts ohne #: home, about, menu, gallery, reservations oder contact. Die Reihenfolge hier ist die Reihenfolge in der Leiste.",
            item: { kind: "group", fields: [text("id", "Anker"), text("label", "Bezeichnung")] },
          },
        ],
      },
    ],
  },
  hero: {
    title: "Hero",
    description: "Der große Bereich ganz oben auf der Startseite.",
    sections: [
      {
        title: "Texte",
        fields: [
          text("eyebrow", "Überzeile"),
          longText("headline", "Überschrift", {
            hint: "[red]…[/red] färbt Text rot, [italic]…[/italic] setzt ihn kursiv, [br] beginnt eine neue Zeile. Beispiel: Willkommen im[br][red]Ristorante Tavola[/red]",
          }),
          longText("subheading", "Unterzeile"),
          text("scroll_label", "Scroll-Hinweis"),
        ],
      },
      {
        title: "Buttons",
        fields: [
          text("cta_speisekarte", "Button 'Speisekarte'"),
          text("cta_wochenkarte", "Button 'Wochenkarte'"),
          text("cta_mitteilungen", "Button 'Mitteilungen'"),
          text("cta_reservieren", "Button 'Tisch reservieren'"),
        ],
      },
      {
        title: "Bild",
        fields: [
          {
            ...backgroundImage(),
            uploadTarget: "hero",
            hint: `${PICTURE_HINT} Leer lassen für das Standardbild.`,
          },
        ],
      },
    ],
  },
  about: {
    title: "Über Uns",
    description: "Der Abschnitt über das Restaurant mit Texten, Kennzahlen und Bild.",
    sections: [
      {
        title: "Texte",
        fields: [
          text("eyebrow", "Überzeile"),
          text("heading", "Überschrift"),
          {
            kind: "list",
            name: "paragraphs",
            label: "Absätze",
            itemLabel: "Absatz",
            item: { kind: "textarea" },
          },
          longText("floating_quote", "Zitat"),
        ],
      },
      {
        title: "Kennzahlen",
        fields: [
          {
            kind: "list",
            name: "stats",
            label: "Kennzahlen",
            itemLabel: "Kennzahl",
            hint: "Zum Beispiel Wert '30+' mit der Bezeichnung 'Jahre Tradition'.",
            item: { kind: "group", fields: [text("value", "Wert"), text("label", "Bezeichnung")] },
          },
        ],
      },
      {
        title: "Bild",
        fields: [
          {
            kind: "picture",
            uploadTarget: "inhalt",
            name: "image_url",
            label: "Bild",
            hint: PICTURE_HINT,
            wide: true,
          },
          text("image_alt", "Alternativtext des Bildes", {
            hint: "Beschreibt das Bild für Menschen, die es nicht sehen können.",
          }),
        ],
      },
    ],
  },
  menu: {
    title: "Menü",
    description: "Der Abschnitt mit Gerichten aus der Speisekarte.",
    sections: [
      {
        title: "Texte",
        fields: [
          text("eyebrow", "Überzeile"),
          text("heading", "Überschrift"),
          longText("description", "Beschreibung"),
          text("cta_full_menu", "Button 'Ganze Speisekarte'"),
        ],
      },
      { title: "Bild", fields: [backgroundImage()] },
    ],
  },
  gallery: {
    title: "Galerie",
    description: "Der Abschnitt mit den Bildern der Galerie.",
    sections: [
      {
        title: "Texte",
        fields: [
          text("eyebrow", "Überzeile"),
          text("heading", "Überschrift"),
          text("heading_highlight", "Hervorgehobener Teil der Überschrift", {
            optional: true,
            hint: "Wird hinter der Überschrift hervorgehoben.",
          }),
          longText("description", "Beschreibung"),
        ],
      },
      { title: "Bild", fields: [backgroundImage()] },
    ],
  },
  reservations: {
    title: "Reservierung",
    description: `Der Abschnitt mit dem Reservierungsformular. ${CONTACT_ELSEWHERE}`,
    sections: [
      {
        title: "Texte",
        fields: [
          text("heading", "Überschrift"),
          text("heading_highlight", "Hervorgehobener Teil der Überschrift", {
            optional: true,
            hint: "Wird hinter der Überschrift hervorgehoben.",
          }),
          longText("description", "Beschreibung"),
          text("phone_title", "Überschrift für das Telefon"),
          text("location_title", "Überschrift für die Adresse"),
        ],
      },
      {
        title: "Formular",
        fields: [
          text("form_title", "Titel des Formulars"),
          text("form_submit_text", "Text des Absende-Buttons"),
          text("form_submitting_text", "Text während des Sendens"),
          longText("form_disclaimer", "Hinweis unter dem Formular", { optional: true }),
        ],
      },
      { title: "Bild", fields: [backgroundImage()] },
    ],
  },
  footer: {
    title: "Footer",
    description: `Der Fußbereich jeder Seite. ${CONTACT_ELSEWHERE}`,
    sections: [
      {
        title: "Texte",
        fields: [
          text("brand_name", "Markenname"),
          text("brand_highlight", "Hervorgehobener Teil des Markennamens", { optional: true }),
          longText("description", "Beschreibung"),
          text("quick_links_title", "Überschrift der Schnellzugriffe"),
          text("contact_section_title", "Überschrift der Kontaktdaten"),
          text("copyright_text", "Copyright-Text", {
            hint: "Steht hinter '© Jahr Name des Restaurants.'",
          }),
        ],
      },
      {
        title: "Soziale Netzwerke",
        fields: [
          {
            kind: "url",
            name: "social_facebook_url",
            label: "Facebook-Seite (URL)",
            hint: "Leer lassen, um den Link auszublenden.",
            optional: true,
          },
          {
            kind: "url",
            name: "social_instagram_url",
            label: "Instagram-Seite (URL)",
            hint: "Leer lassen, um den Link auszublenden.",
            optional: true,
          },
        ],
      },
    ],
  },
  global: {
    title: "Global",
    description:
      "Öffnungszeiten und Kontaktdaten. Sie erscheinen im Kontakt-Dialog, im Reservierungsbereich und im Footer.",
    sections: [
      {
        title: "Öffnungszeiten",
        description: "Freier Text je Wochentag, z. B. '11:30–14:00 und 17:00–22:00 Uhr' oder 'Ruhetag'.",
        fields: weekdays.map(([key, label]) => text(`opening_hours.${key}`, label)),
      },
      {
        title: "Kontaktdaten",
        fields: [
          text("contact.name", "Name des Restaurants"),
          text("contact.owner", "Inhaber"),
          { kind: "tel", name: "contact.phone", label: "Telefon" },
          { kind: "email", name: "contact.email", label: "E-Mail" },
          {
            kind: "list",
            name: "contact.address_lines",
            label: "Adresse",
            itemLabel: "Adresszeile",
            hint: "Zum Beispiel Straße mit Hausnummer und Postleitzahl mit Ort.",
            item: { kind: "text" },
          },
        ],
      },
    ],
  },
};
