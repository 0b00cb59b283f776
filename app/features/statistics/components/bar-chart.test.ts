import { describe, expect, it } from "vitest";
import { niceCeiling } from "./bar-chart.tsx";

describe("the chart's axis", () => {
  it("ends at a round number whose half is round too, not far above the highest bar", () => {
    expect([0, 1, 2, 3, 7, 12, 49, 120, 223, 5_000, 7_300].map(niceCeiling)).toEqual([
      2, 2, 2, 4, 8, 20, 60, 150, 300, 6_000, 8_000,
    ]);
  });
});
