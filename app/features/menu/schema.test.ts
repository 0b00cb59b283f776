import { describe, expect, it } from "vitest";
import {
  categoryFields,
  categorySchema,
  menuMessages as M,
  productFields,
  productSchema,
  showcaseFields,
  showcaseSchema,
  validateMenuForm,
  weeklyFields,
  weeklySchema,
} from "./schema.ts";

const form = (values: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(key, item);
  }
  return data;
};

describe("the menu forms", () => {
  it("reads a product: exact price, trimmed name, checked marks in list order", () => {
    const result = validateMenuForm(
      productSchema,
      productFields,
      form({
        name: "  Tiramisu ",
        description: "",
        price: "6,90",
        category_id: "3",
        product_code: "41a",
        allergens: ["G", "C", "A"],
        additives: ["2"],
      }),
    );
    expect(result).toEqual({
      success: true,
      data: {
        name: "Tiramisu",
        description: null,
        price: 690,
        category_id: 3,
        product_code: "41a",
        allergens: ["A", "C", "G"],
        additives: ["2"],
      },
    });
  });

  it.each([
    [{ name: "", price: "12,50" }, "name", M.productRequired],
    [{ name: "Pizza", price: "" }, "price", M.productRequired],
    [{ name: "Pizza", price: "-3" }, "price", M.priceInvalid],
    [{ name: "Pizza", price: "12,5,0" }, "price", M.priceInvalid],
    [{ name: "Pizza", price: "abc" }, "price", M.priceInvalid],
    [{ name: "Pizza", price: "12,505" }, "price", M.priceInvalid],
    [{ name: "Pizza", price: "10000,01" }, "price", M.priceTooHigh],
    [{ name: "x".repeat(201), price: "1" }, "name", M.nameTooLong],
    [{ name: "Pizza", price: "1", allergens: ["Z"] }, "allergens", M.marksUnknown],
    [{ name: "Pizza", price: "1", additives: ["13"] }, "additives", M.marksUnknown],
    [{ name: "Pizza", price: "1", category_id: "1; drop table" }, "category_id", M.categoryUnknown],
    [{ name: "Pizza", price: "1", product_code: "<b>" }, "product_code", M.productCodeInvalid],
  ])("refuses a product with %j", (values, field, message) => {
    const result = validateMenuForm(productSchema, productFields, form(values));
    expect(result.success).toBe(false);
    expect(!result.success && result.fieldErrors[field as (typeof productFields)[number]]).toBe(message);
  });

  it("reads a category: empty display order is null; a name is required after trimming", () => {
    expect(
      validateMenuForm(
        categorySchema,
        categoryFields,
        form({ name: "Pasta", display_order: "", parent_id: "" }),
      ),
    ).toEqual({ success: true, data: { name: "Pasta", display_order: null, parent_id: null } });
    const blank = validateMenuForm(
      categorySchema,
      categoryFields,
      form({ name: "   ", display_order: "2.5" }),
    );
    expect(!blank.success && blank.fieldErrors).toEqual({
      name: M.categoryRequired,
      display_order: M.displayOrderInvalid,
    });
  });

  it("a weekly dish and a showcase item use their own messages", () => {
    const weekly = validateMenuForm(weeklySchema, weeklyFields, form({ name: "", price: "x" }));
    expect(!weekly.success && weekly.fieldErrors).toEqual({ name: M.weeklyRequired, price: M.priceInvalid });
    const item = validateMenuForm(
      showcaseSchema,
      showcaseFields,
      form({
        name: "Lasagne",
        price: "12,50",
        description: "",
        category: "sushi",
        image_url: "javascript:alert(1)",
      }),
    );
    expect(!item.success && item.fieldErrors).toEqual({
      description: M.showcaseRequired,
      category: M.showcaseCategoryInvalid,
      image_url: "Gültige URL erforderlich",
    });
    const ok = validateMenuForm(
      showcaseSchema,
      showcaseFields,
      form({
        name: "Lasagne",
        price: "12,50",
        description: "Klassisch",
        category: "pasta",
        is_active: "on",
        image_url: "/bilder/hero.webp",
      }),
    );
    expect(ok.success && ok.data).toMatchObject({
      price: 1250,
      is_active: true,
      image_url: "/bilder/hero.webp",
    });
  });
});
