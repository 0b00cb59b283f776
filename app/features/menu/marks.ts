/**
 * Allergens and additives as German menus print them (LMIV, decision 0018): the 14 allergens that
 * must be declared, marked A–N, and the additives that must be named on a menu, numbered 1–12.
 * A dish stores its marks as canonical text ('A,C,G' and '1,3'): sorted, no duplicates, only codes
 * from these lists. Shared by the server (validation, storage) and the browser (checklists, legend).
 */

export const ALLERGENS = [
  { code: "A", name: "Glutenhaltiges Getreide" },
  { code: "B", name: "Krebstiere" },
  { code: "C", name: "Eier" },
  { code: "D", name: "Fisch" },
  { code: "E", name: "Erdnüsse" },
  { code: "F", name: "Soja" },
  { code: "G", name: "Milch und Laktose" },
  { code: "H", name: "Schalenfrüchte (Nüsse)" },
  { code: "I", name: "Sellerie" },
  { code: "J", name: "Senf" },
  { code: "K", name: "Sesam" },
  { code: "L", name: "Schwefeldioxid und Sulfite" },
  { code: "M", name: "Lupinen" },
  { code: "N", name: "Weichtiere" },
] as const;

export const ADDITIVES = [
  { code: "1", name: "mit Farbstoff" },
  { code: "2", name: "mit Konservierungsstoff" },
  { code: "3", name: "mit Antioxidationsmittel" },
  { code: "4", name: "mit Geschmacksverstärker" },
  { code: "5", name: "geschwefelt" },
  { code: "6", name: "geschwärzt" },
  { code: "7", name: "gewachst" },
  { code: "8", name: "mit Phosphat" },
  { code: "9", name: "mit Süßungsmittel" },
  { code: "10", name: "enthält eine Phenylalaninquelle" },
  { code: "11", name: "koffeinhaltig" },
  { code: "12", name: "chininhaltig" },
] as const;

export type AllergenCode = (typeof ALLERGENS)[number]["code"];
export type AdditiveCode = (typeof ADDITIVES)[number]["code"];
export type MarkKind = "allergens" | "additives";

export interface Mark {
  code: string;
  name: string;
}

export const MARKS: Record<MarkKind, readonly Mark[]> = { allergens: ALLERGENS, additives: ADDITIVES };

const orderOf: Record<MarkKind, Map<string, number>> = {
  allergens: new Map(ALLERGENS.map((mark, index) => [mark.code, index])),
  additives: new Map(ADDITIVES.map((mark, index) => [mark.code, index])),
};

/** Whether every code is on the list. */
export const areKnownMarks = (kind: MarkKind, codes: readonly string[]): boolean =>
  codes.every((code) => orderOf[kind].has(code));

/** Codes in list order, each once (unknown codes are dropped: validate with `areKnownMarks` first). */
export function canonicalMarks(kind: MarkKind, codes: readonly string[]): string[] {
  const order = orderOf[kind];
  return [...new Set(codes)]
    .filter((code) => order.has(code))
    .sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
}

/** The stored form: 'A,C,G', or null for none. */
export const storedMarks = (kind: MarkKind, codes: readonly string[]): string | null =>
  canonicalMarks(kind, codes).join(",") || null;

/** The codes of a stored value ('' or null: none); anything unknown in old data is ignored. */
export const marksOf = (kind: MarkKind, stored: string | null | undefined): string[] =>
  canonicalMarks(
    kind,
    (stored ?? "").split(",").map((code) => code.trim()),
  );

export const markName = (kind: MarkKind, code: string): string =>
  MARKS[kind].find((mark) => mark.code === code)?.name ?? code;

/** A dish's marks as printed after its name: 'A, C, G, 1, 3' (allergens first). */
export const printedMarks = (allergens: readonly string[], additives: readonly string[]): string =>
  [...allergens, ...additives].join(", ");

/** What a screen reader says instead of the letters: 'Allergene: Eier, Milch und Laktose. Zusatzstoffe: mit Farbstoff.' */
export function spokenMarks(allergens: readonly string[], additives: readonly string[]): string {
  const parts = [];
  if (allergens.length > 0)
    parts.push(`Allergene: ${allergens.map((code) => markName("allergens", code)).join(", ")}.`);
  if (additives.length > 0)
    parts.push(`Zusatzstoffe: ${additives.map((code) => markName("additives", code)).join(", ")}.`);
  return parts.join(" ");
}

/** The legend of a card: only the marks used on it, in list order. */
export function legendOf(
  dishes: ReadonlyArray<{ allergens: readonly string[]; additives: readonly string[] }>,
) {
  const used = (kind: MarkKind, pick: (dish: (typeof dishes)[number]) => readonly string[]) => {
    const codes = new Set(dishes.flatMap(pick));
    return MARKS[kind].filter((mark) => codes.has(mark.code));
  };
  return {
    allergens: used("allergens", (dish) => dish.allergens),
    additives: used("additives", (dish) => dish.additives),
  };
}
