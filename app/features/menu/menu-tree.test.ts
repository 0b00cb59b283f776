import { describe, expect, it } from "vitest";
import { categoryTree } from "./menu-tree.ts";

const category = (
  id: number,
  name: string,
  display_order: number | null,
  parent_id: number | null = null,
) => ({
  id,
  name,
  display_order,
  parent_id,
});

describe("categoryTree", () => {
  it("lists main categories in menu order, each followed by its subcategories in menu order", () => {
    const tree = categoryTree([
      category(1, "Dolci", null),
      category(2, "Pasta", 2),
      category(3, "Ripiene", null, 2),
      category(4, "Fresca", 1, 2),
      category(5, "Antipasti", 1),
    ]);
    expect(tree.map((row) => `${row.level}:${row.name}`)).toEqual([
      "0:Antipasti",
      "0:Pasta",
      "1:Fresca",
      "1:Ripiene",
      "0:Dolci",
    ]);
  });

  it("never drops a category: a missing, own or nested parent makes it a main category", () => {
    const tree = categoryTree([
      category(1, "Oben", 1),
      category(2, "Mitte", 2, 1),
      category(3, "Tief", 3, 2),
      category(4, "Waise", 4, 99),
      category(5, "Selbst", 5, 5),
    ]);
    expect(tree.map((row) => `${row.level}:${row.name}`)).toEqual([
      "0:Oben",
      "1:Mitte",
      "0:Tief",
      "0:Waise",
      "0:Selbst",
    ]);
  });
});
