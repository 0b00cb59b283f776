import { describe, expect, it } from "vitest";
import { contentBlocks, parseBlock } from "./blocks.ts";
import { optionalWebUrl, webUrl } from "./schemas.ts";

describe("picture and link addresses", () => {
  it.each(["https://example.com/bild.jpg", "http://example.com/a", "/bilder/hero.webp"])(
    "accepts %s",
    (value) => expect(webUrl.safeParse(value).success).toBe(true),
  );

  it.each([
    "javascript:alert(1)",
    "data:image/png;base64,AAAA",
    "//evil.example/bild.jpg",
    "bilder/hero.webp",
    "/bilder/mit leerzeichen.webp",
    "ftp://example.com/a",
    "",
  ])("refuses %s with 'Gültige URL erforderlich'", (value) => {
    const result = webUrl.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Gültige URL erforderlich");
  });

  it("lets an optional address be empty but not invalid", () => {
    expect(optionalWebUrl.safeParse("").success).toBe(true);
    expect(optionalWebUrl.safeParse("javascript:alert(1)").error?.issues[0]?.message).toBe(
      "Gültige URL erforderlich",
    );
  });
});

describe("parseBlock", () => {
  it("reads a value saved before a field existed over the block's defaults", () => {
    const { background_image_url: _added, ...savedEarlier } = {
      ...contentBlocks["home.hero"].defaults,
      eyebrow: "Cucina di casa",
    };
    const { value, valid } = parseBlock("home.hero", savedEarlier);
    expect(valid).toBe(true);
    expect(value.eyebrow).toBe("Cucina di casa");
    expect(value.background_image_url).toBe("");
  });

  it("gives the whole block's defaults for a value that does not fit", () => {
    const stored = { ...contentBlocks["home.about"].defaults, image_url: "javascript:alert(1)" };
    expect(parseBlock("home.about", stored)).toEqual({
      value: contentBlocks["home.about"].defaults,
      valid: false,
    });
    expect(parseBlock("navbar", ["kein", "objekt"]).valid).toBe(false);
  });
});
