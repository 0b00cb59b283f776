import { describe, expect, it } from "vitest";
import {
  contentBlocks,
  contentKeys,
  type ContentKey,
  type ContentValues,
} from "../../common/content/blocks.ts";
import {
  applyListAction,
  contentTabs,
  draftFields,
  draftOf,
  findTab,
  getAt,
  listIntent,
  parseListIntent,
  readDraft,
  setAt,
  validateDraft,
  type ContentTab,
  type Draft,
  type DraftObject,
} from "./content-form.ts";

const tab = (id: string): ContentTab => {
  const found = findTab(id);
  if (!found) throw new Error(`no tab ${id}`);
  return found;
};

const formOf = (fields: Array<[string, string]>) => {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
};

const defaults = Object.fromEntries(
  contentKeys.map((key) => [key, contentBlocks[key].defaults]),
) as ContentValues<ContentKey>;

describe("content tabs", () => {
  it("has the eight tabs in order, covering every content block once", () => {
    expect(contentTabs.map((entry) => entry.label)).toEqual([
      "Navigation",
      "Hero",
      "Über Uns",
      "Menü",
      "Galerie",
      "Reservierung",
      "Footer",
      "Global",
    ]);
    const keys = contentTabs.flatMap((entry) => entry.blocks.map((block) => block.key));
    expect([...keys].sort()).toEqual([...contentKeys].sort());
  });

  it("refuses unknown tab names", () => {
    expect(findTab("hero")?.label).toBe("Hero");
    expect(findTab("constructor")).toBeUndefined();
    expect(findTab(null)).toBeUndefined();
  });

  it("lets every list grow exactly to its schema's limit", () => {
    for (const entry of contentTabs) {
      for (const [list, spec] of Object.entries(entry.lists) as Array<[string, { max: number }]>) {
        let draft = draftOf(entry, defaults);
        // Fill the list to its limit with valid items, then one more must be refused by the schema.
        const filled = Array.from({ length: spec.max }, (_, index): Draft =>
          list === "links"
            ? { id: `a${index}`, label: "L" }
            : list === "stats"
              ? { value: "1", label: "L" }
              : `Text ${index}`,
        );
        draft = setAt(draft, list, filled);
        expect(validateDraft(entry, draft).success, `${entry.id} ${list} at max`).toBe(true);
        const over = applyListAction(entry, draft, { kind: "add", list, index: 0 });
        expect(getAt(over, list), `${entry.id} ${list} add beyond max`).toHaveLength(spec.max);
        const forced = setAt(draft, list, [...filled, ...filled.slice(0, 1)]);
        expect(validateDraft(entry, forced).success, `${entry.id} ${list} over max`).toBe(false);
      }
    }
  });
});

describe("form data to value", () => {
  it("turns every tab's defaults into form fields and back into the same value", () => {
    for (const entry of contentTabs) {
      const draft = draftOf(entry, defaults);
      const read = readDraft(entry, formOf([["block", entry.id], ...draftFields(draft)]));
      expect(read, entry.id).toEqual(draft);
      expect(validateDraft(entry, read).success, entry.id).toBe(true);
    }
  });

  it("reads nested paths and list items in index order, closing gaps", () => {
    const read = readDraft(
      tab("navigation"),
      formOf([
        ["brand", "Da Mario"],
        ["links.5.id", "gallery"],
        ["links.5.label", "Galerie"],
        ["links.0.id", "home"],
        ["links.0.label", "Start"],
        ["links.2.label", "Menü"],
        ["links.2.id", "menu"],
        ["contact_label", "Kontakt"],
        ["reserve_label", "Reservieren"],
      ]),
    );
    expect(read).toEqual({
      brand: "Da Mario",
      links: [
        { id: "home", label: "Start" },
        { id: "menu", label: "Menü" },
        { id: "gallery", label: "Galerie" },
      ],
      contact_label: "Kontakt",
      reserve_label: "Reservieren",
    });
  });

  it("keeps a list whose items were all removed as an empty list, also inside a group", () => {
    expect(readDraft(tab("about"), formOf([["heading", "H"]]))).toMatchObject({
      paragraphs: [],
      stats: [],
    });
    const global = readDraft(tab("global"), formOf([["contact.phone", "0711 1"]]));
    expect(global).toEqual({ contact: { phone: "0711 1", address_lines: [] } });
  });

  it("ignores the tab and button fields, files, unsafe and clashing names; normalises line breaks", () => {
    const form = formOf([
      ["block", "about"],
      ["intent", "save"],
      ["__proto__.polluted", "yes"],
      ["heading..x", "no"],
      ["paragraphs.0", "Erste Zeile\r\nzweite Zeile"],
      ["paragraphs.0.extra", "clash"],
      ["paragraphs.x", "not an index"],
      ["eyebrow", "E"],
      ["eyebrow", "second value is ignored"],
    ]);
    form.append("image_url", new Blob(["x"]), "bild.png");
    const read = readDraft(tab("about"), form);
    expect(read).toEqual({ paragraphs: ["Erste Zeile\nzweite Zeile"], stats: [], eyebrow: "E" });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("validation messages by field", () => {
  it("maps the German messages to the field paths", () => {
    const navbar = setAt(setAt(draftOf(tab("navigation"), defaults), "brand", "  "), "links.1.label", "");
    const result = validateDraft(tab("navigation"), navbar);
    expect(result).toEqual({
      success: false,
      errors: { brand: "Markenname ist erforderlich", "links.1.label": "Bezeichnung ist erforderlich" },
    });
  });

  it("puts a list's own message at the list", () => {
    const about = setAt(draftOf(tab("about"), defaults), "paragraphs", ["", "  "]);
    expect(validateDraft(tab("about"), about)).toEqual({
      success: false,
      errors: { paragraphs: "Mindestens ein Absatz erforderlich" },
    });
  });

  it("prefixes the Global tab's fields with their block and checks URL and e-mail", () => {
    let global = draftOf(tab("global"), defaults);
    global = setAt(global, "contact.email", "keine-mail");
    global = setAt(global, "opening_hours.friday", "");
    global = setAt(global, "contact.address_lines", [""]);
    expect(validateDraft(tab("global"), global)).toEqual({
      success: false,
      errors: {
        "opening_hours.friday": "Öffnungszeit für Freitag ist erforderlich",
        "contact.address_lines": "Mindestens eine Adresszeile erforderlich",
        "contact.email": "Gültige E-Mail erforderlich",
      },
    });
    const hero = setAt(draftOf(tab("hero"), defaults), "background_image_url", "javascript:alert(1)");
    expect(validateDraft(tab("hero"), hero)).toEqual({
      success: false,
      errors: { background_image_url: "Gültige URL erforderlich" },
    });
  });

  it("gives the blocks to save, trimmed and without empty list items", () => {
    let global = draftOf(tab("global"), defaults);
    global = setAt(global, "contact.address_lines", ["", " Hauptstraße 1 ", "10115 Berlin"]);
    global = setAt(global, "opening_hours.monday", " geschlossen ");
    const result = validateDraft(tab("global"), global);
    if (!result.success) throw new Error("expected success");
    expect(Object.keys(result.entries).sort()).toEqual(["global.contact", "global.opening_hours"]);
    expect(result.entries["global.contact"]?.address_lines).toEqual(["Hauptstraße 1", "10115 Berlin"]);
    expect(result.entries["global.opening_hours"]?.monday).toBe("geschlossen");
    const hero = validateDraft(tab("hero"), draftOf(tab("hero"), defaults));
    expect(hero.success && Object.keys(hero.entries)).toEqual(["home.hero"]);
  });
});

describe("list buttons", () => {
  const about = (): DraftObject => draftOf(tab("about"), defaults);

  it("adds an empty item, removes one, and moves items within bounds", () => {
    const added = applyListAction(tab("about"), about(), { kind: "add", list: "stats", index: 0 });
    expect(getAt(added, "stats")).toHaveLength(4);
    expect(getAt(added, "stats.3")).toEqual({ value: "", label: "" });

    const removed = applyListAction(tab("about"), about(), { kind: "remove", list: "stats", index: 0 });
    expect(getAt(removed, "stats")).toEqual(contentBlocks["home.about"].defaults.stats.slice(1));

    const [first, second, third] = contentBlocks["home.about"].defaults.stats;
    const down = applyListAction(tab("about"), about(), { kind: "down", list: "stats", index: 0 });
    expect(getAt(down, "stats")).toEqual([second, first, third]);
    const up = applyListAction(tab("about"), about(), { kind: "up", list: "stats", index: 2 });
    expect(getAt(up, "stats")).toEqual([first, third, second]);

    for (const action of [
      { kind: "up", list: "stats", index: 0 },
      { kind: "down", list: "stats", index: 2 },
      { kind: "remove", list: "stats", index: 7 },
      { kind: "add", list: "heading", index: 0 },
    ] as const) {
      expect(applyListAction(tab("about"), about(), action), JSON.stringify(action)).toEqual(about());
    }
  });

  it("leaves the value it was given untouched", () => {
    const before = about();
    const snapshot = structuredClone(before);
    applyListAction(tab("about"), before, { kind: "add", list: "paragraphs", index: 0 });
    applyListAction(tab("about"), before, { kind: "down", list: "paragraphs", index: 0 });
    expect(before).toEqual(snapshot);
  });

  it("reads button values only for the tab's own lists", () => {
    const intent = listIntent({ kind: "up", list: "contact.address_lines", index: 1 });
    expect(intent).toBe("list:up:contact.address_lines:1");
    expect(parseListIntent(tab("global"), intent)).toEqual({
      kind: "up",
      list: "contact.address_lines",
      index: 1,
    });
    expect(parseListIntent(tab("about"), intent)).toBeUndefined();
    expect(parseListIntent(tab("about"), "list:swap:paragraphs:1")).toBeUndefined();
    expect(parseListIntent(tab("about"), "save")).toBeUndefined();
  });
});
