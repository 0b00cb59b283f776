import { describe, expect, it } from "vitest";
import type { TablePlacement } from "./floor-plan.ts";
import { boundsOf, liesOnPlan, tableHolds, tablesOverlap } from "./plan-geometry.ts";

const square = (x: number, y: number, size = 80, rotation = 0): TablePlacement => ({
  shape: "square",
  x,
  y,
  width: size,
  height: size,
  rotation,
});
const round = (x: number, y: number, size = 80): TablePlacement => ({
  ...square(x, y, size),
  shape: "round",
});
const oblong = (x: number, y: number, rotation = 0): TablePlacement => ({
  shape: "rectangle",
  x,
  y,
  width: 160,
  height: 80,
  rotation,
});

describe("tables on a plan", () => {
  it("lets tables touch, as when they are pushed together, but not overlap", () => {
    expect(tablesOverlap(square(0, 0), square(80, 0))).toBe(false);
    expect(tablesOverlap(square(0, 0), square(79, 0))).toBe(true);
    expect(tablesOverlap(square(0, 0), square(0, 90))).toBe(false);
  });

  it("turns a rectangle about its centre", () => {
    // Lying across, the long table reaches 40 cm further left and right than standing upright.
    expect(boundsOf(oblong(100, 100, 90))).toEqual(
      expect.objectContaining({ left: expect.closeTo(140), right: expect.closeTo(220) }),
    );
    expect(tablesOverlap(oblong(100, 100), square(270, 100))).toBe(false);
    expect(tablesOverlap(oblong(100, 100, 90), square(230, 100))).toBe(false);
    expect(tablesOverlap(oblong(100, 100, 90), square(100, 180))).toBe(true);
    // At 45° the corners reach out: a square touching the unturned one's side overlaps the turned one.
    expect(tablesOverlap(square(0, 0, 80, 45), square(80, 0))).toBe(true);
  });

  it("takes a round table as a circle, not as its box", () => {
    // Two round tables in a diagonal: their boxes overlap, the circles do not.
    expect(tablesOverlap(round(0, 0), round(70, 70))).toBe(false);
    expect(tablesOverlap(round(0, 0), round(60, 0))).toBe(true);
    expect(tablesOverlap(round(0, 0), square(70, 70))).toBe(false);
    expect(tablesOverlap(square(0, 0), round(70, 70))).toBe(false);
    expect(tablesOverlap(round(0, 0), square(70, 20))).toBe(true);
    // Wholly inside another table.
    expect(tablesOverlap(round(20, 20, 40), square(0, 0, 200))).toBe(true);
  });

  it("keeps a table wholly on its plan, turned too", () => {
    const plan = { width: 400, height: 300 };
    expect(liesOnPlan(square(0, 0), plan)).toBe(true);
    expect(liesOnPlan(square(320, 220), plan)).toBe(true);
    expect(liesOnPlan(square(321, 0), plan)).toBe(false);
    expect(liesOnPlan(square(-1, 0), plan)).toBe(false);
    expect(liesOnPlan(oblong(0, 0), plan)).toBe(true);
    // Turned upright at the top edge, the long table sticks out above the plan.
    expect(liesOnPlan(oblong(0, 0, 90), plan)).toBe(false);
  });

  it("finds the table under a point as it stands, turned or round", () => {
    // 200 × 40 turned a quarter: it stands 40 wide and 200 tall about its centre (300, 120).
    const turned = { shape: "rectangle", x: 200, y: 100, width: 200, height: 40, rotation: 90 } as const;
    expect(tableHolds(turned, { x: 300, y: 40 })).toBe(true);
    expect(tableHolds(turned, { x: 380, y: 120 })).toBe(false);
    const round = { shape: "round", x: 0, y: 0, width: 100, height: 100, rotation: 0 } as const;
    expect(tableHolds(round, { x: 50, y: 50 })).toBe(true);
    expect(tableHolds(round, { x: 5, y: 5 })).toBe(false);
  });
});
