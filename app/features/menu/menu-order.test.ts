import { describe, expect, it } from "vitest";
import { byDisplayOrder, byListOrder, comparePositions, moveInList, nextPosition } from "./menu-order.ts";

describe("menu order", () => {
  it("sorts by position; a missing position comes after every given one, even the highest", () => {
    const rows = [
      { display_order: null, name: "Ohne" },
      { display_order: 9999, name: "Zuletzt" },
      { display_order: 2, name: "Zwei" },
      { display_order: Number.MAX_SAFE_INTEGER, name: "Riesig" },
      { display_order: 1, name: "Eins" },
    ];
    expect([...rows].sort(byDisplayOrder).map((row) => row.name)).toEqual([
      "Eins",
      "Zwei",
      "Zuletzt",
      "Riesig",
      "Ohne",
    ]);
    expect(comparePositions(null, null)).toBe(0);
    expect(comparePositions(null, 0)).toBeGreaterThan(0);
    expect(comparePositions(0, null)).toBeLessThan(0);
  });

  it("breaks ties the same way every time: by German name for guests, by id on the active list", () => {
    const named = [
      { display_order: 1, name: "Zucchini" },
      { display_order: null, name: "Öl" },
      { display_order: 1, name: "Äpfel" },
      { display_order: null, name: "Brot" },
    ];
    const names = () => [...named].sort(byDisplayOrder).map((row) => row.name);
    expect(names()).toEqual(["Äpfel", "Zucchini", "Brot", "Öl"]);
    expect(
      [...named]
        .reverse()
        .sort(byDisplayOrder)
        .map((row) => row.name),
    ).toEqual(names());

    const listed = [
      { id: 3, display_order: 1 },
      { id: 1, display_order: null },
      { id: 2, display_order: 1 },
      { id: 4, display_order: null },
    ];
    expect([...listed].sort(byListOrder).map((row) => row.id)).toEqual([2, 3, 1, 4]);
    expect(
      [...listed]
        .reverse()
        .sort(byListOrder)
        .map((row) => row.id),
    ).toEqual([2, 3, 1, 4]);
  });

  it("puts a new dish after the highest position, counting from 1 on an empty card", () => {
    expect(nextPosition(undefined)).toBe(1);
    expect(nextPosition(null)).toBe(1);
    expect(nextPosition(7)).toBe(8);
    expect(nextPosition("7")).toBe(8);
  });

  it("moves by swapping two positions, renumbering 1…n only when positions repeat or are missing", () => {
    const clean = [
      { id: 10, display_order: 2 },
      { id: 11, display_order: 5 },
      { id: 12, display_order: 9 },
    ];
    expect(moveInList(clean, 2, "up")).toEqual([
      { id: 12, display_order: 5 },
      { id: 11, display_order: 9 },
    ]);
    expect(moveInList(clean, 0, "up")).toEqual([]);
    expect(moveInList(clean, 2, "down")).toEqual([]);

    const repeated = [
      { id: 10, display_order: 1 },
      { id: 11, display_order: 1 },
      { id: 12, display_order: null },
    ];
    expect(moveInList(repeated, 1, "down")).toEqual([
      { id: 10, display_order: 1 },
      { id: 12, display_order: 2 },
      { id: 11, display_order: 3 },
    ]);
  });
});
