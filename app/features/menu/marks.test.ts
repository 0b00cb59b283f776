import { describe, expect, it } from "vitest";
import {
  ADDITIVES,
  ALLERGENS,
  areKnownMarks,
  legendOf,
  marksOf,
  printedMarks,
  spokenMarks,
  storedMarks,
} from "./marks.ts";

describe("allergens and additives", () => {
  it("lists the 14 allergens A–N and the additives 1–12", () => {
    expect(ALLERGENS.map((mark) => mark.code).join("")).toBe("ABCDEFGHIJKLMN");
    expect(ADDITIVES.map((mark) => mark.code)).toEqual(
      Array.from({ length: 12 }, (_, index) => String(index + 1)),
    );
  });

  it("stores codes in list order, once; none is null", () => {
    expect(storedMarks("allergens", ["G", "A", "G", "C"])).toBe("A,C,G");
    expect(storedMarks("additives", ["10", "2", "1"])).toBe("1,2,10");
    expect(storedMarks("allergens", [])).toBeNull();
    expect(marksOf("allergens", "A,C,G")).toEqual(["A", "C", "G"]);
    expect(marksOf("allergens", null)).toEqual([]);
    expect(marksOf("allergens", " X ,A")).toEqual(["A"]);
  });

  it("knows which codes are real", () => {
    expect(areKnownMarks("allergens", ["A", "N"])).toBe(true);
    expect(areKnownMarks("allergens", ["O"])).toBe(false);
    expect(areKnownMarks("allergens", ["a"])).toBe(false);
    expect(areKnownMarks("additives", ["13"])).toBe(false);
  });

  it("prints letters for the eye and names for the ear", () => {
    expect(printedMarks(["A", "G"], ["1"])).toBe("A, G, 1");
    expect(spokenMarks(["A", "G"], ["1"])).toBe(
      "Allergene: Glutenhaltiges Getreide, Milch und Laktose. Zusatzstoffe: mit Farbstoff.",
    );
    expect(spokenMarks([], [])).toBe("");
  });

  it("makes a legend of the marks used on a card only", () => {
    const legend = legendOf([
      { allergens: ["G"], additives: [] },
      { allergens: ["A", "G"], additives: ["2"] },
    ]);
    expect(legend.allergens.map((mark) => mark.code)).toEqual(["A", "G"]);
    expect(legend.additives).toEqual([{ code: "2", name: "mit Konservierungsstoff" }]);
  });
});
