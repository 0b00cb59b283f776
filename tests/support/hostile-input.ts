import fc from "fast-check";

/**
 * Values an attacker, a broken client or a confused guest sends in place of a form field: empty and
 * blank, control characters and bidi overrides, markup and SQL, numbers out of every range, JSON,
 * odd Unicode (lone surrogates, combining marks, emoji), and texts far longer than any field.
 */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\r\nBcc: opfer@example.de",
    "\u202egnalla\u202c",
    "e\u0301\u0301\u0301",
    "\ud800",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "${7*7}{{7*7}}",
    "-1",
    "0",
    "1e309",
    "99999999999999999999",
    "NaN",
    "null",
    "true",
    "[]",
    '{"name":"x","party_size":2}',
    "2026-02-30",
    "9999-12-31",
    "25:61",
    "💥".repeat(300),
  ),
  fc.string({ minLength: 1000, maxLength: 6000 }),
);

/**
 * A form as a list of entries, two ways mixed: every known field missing, given its good value or a
 * hostile one (sometimes twice), with now and then a field nobody asked for; or all fields good but
 * one, which is hostile — so values that slip through one field's check do get stored and looked at.
 */
export function hostileForm(good: Record<string, string>): fc.Arbitrary<Array<[string, string]>> {
  const names = Object.keys(good);
  const field = (name: string, value: string) =>
    fc
      .tuple(
        fc.oneof(
          { weight: 1, arbitrary: fc.constant(undefined) },
          { weight: 3, arbitrary: fc.constant(value) },
          { weight: 2, arbitrary: hostileText },
        ),
        // Now and then the same field a second time.
        fc.oneof({ weight: 5, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: hostileText }),
      )
      .map(([first, second]) =>
        [first, second]
          .filter((item): item is string => item !== undefined)
          .map((item) => [name, item] as [string, string]),
      );
  const mixed = fc
    .tuple(
      fc.tuple(...Object.entries(good).map(([name, value]) => field(name, value))),
      fc.array(fc.tuple(fc.string({ maxLength: 20 }), hostileText), { maxLength: 2 }),
    )
    .map(([fields, extra]) => [...fields.flat(), ...extra]);
  const oneHostile = fc
    .tuple(fc.constantFrom(...names), hostileText)
    .map(([hostile, value]) =>
      Object.entries(good).map(
        ([name, goodValue]) => [name, name === hostile ? value : goodValue] as [string, string],
      ),
    );
  return fc.oneof(mixed, oneHostile);
}

export function formDataOf(entries: Array<[string, string]>): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

/** Every string inside a value that a schema accepted: what would be stored. */
export function stringsIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsIn);
  return [];
}
