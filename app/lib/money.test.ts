import { describe, expect, it } from "vitest";
import { MAX_PRICE_CENTS, priceInput, readPrice } from "./money.ts";

describe("reading prices", () => {
  it.each([
    ["12,50", 1250],
    ["12.50", 1250],
    ["12", 1200],
    ["12,5", 1250],
    [" 0,99 ", 99],
    ["12,50 €", 1250],
    ["0", 0],
    ["10000", MAX_PRICE_CENTS],
    // 0.1 + 0.2 style floats never enter: 19,99 is exactly 1999.
    ["19,99", 1999],
    ["4,35", 435],
  ])("'%s' is %i cents", (text, cents) => {
    expect(readPrice(text)).toEqual({ ok: true, cents });
  });

  it.each([
    ["", "empty"],
    ["   ", "empty"],
    ["-1", "invalid"],
    ["12,5,0", "invalid"],
    ["abc", "invalid"],
    ["12,505", "invalid"],
    ["1.234,50", "invalid"],
    ["1e3", "invalid"],
    ["12,", "invalid"],
    [",50", "invalid"],
    ["10000,01", "too-large"],
    ["99999999", "invalid"],
  ])("'%s' is refused (%s)", (text, problem) => {
    expect(readPrice(text)).toEqual({ ok: false, problem });
  });

  it("shows cents as the field takes them", () => {
    expect(priceInput(1250)).toBe("12,50");
    expect(priceInput(5)).toBe("0,05");
    expect(readPrice(priceInput(123_456))).toEqual({ ok: true, cents: 123_456 });
  });
});
