import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ABOUT_PICTURE, HERO_PICTURE } from "./pictures.ts";

const publicDir = path.resolve(import.meta.dirname, "../../../public");

/** Width and height from a WebP file's header (simple lossy 'VP8 ' or extended 'VP8X'). */
function webpSize(file: string): { width: number; height: number; bytes: number } {
  const data = fs.readFileSync(path.join(publicDir, file));
  expect(data.toString("ascii", 0, 4)).toBe("RIFF");
  expect(data.toString("ascii", 8, 12)).toBe("WEBP");
  const chunk = data.toString("ascii", 12, 16);
  if (chunk === "VP8 ") {
    return {
      width: data.readUInt16LE(26) & 0x3fff,
      height: data.readUInt16LE(28) & 0x3fff,
      bytes: data.length,
    };
  }
  expect(chunk).toBe("VP8X");
  return { width: data.readUIntLE(24, 3) + 1, height: data.readUIntLE(27, 3) + 1, bytes: data.length };
}

describe("shipped pictures", () => {
  it("exist as WebP files of the stated size, each well under 100 KB", () => {
    const pictures = [
      { src: HERO_PICTURE.src, width: HERO_PICTURE.width, height: HERO_PICTURE.height },
      { src: "/bilder/hero-960.webp", width: 960, height: 600 },
      HERO_PICTURE.portrait,
      ABOUT_PICTURE,
    ];
    for (const picture of pictures) {
      const size = webpSize(picture.src);
      expect({ file: picture.src, width: size.width, height: size.height }).toEqual({
        file: picture.src,
        width: picture.width,
        height: picture.height,
      });
      expect(size.bytes, picture.src).toBeLessThan(100_000);
    }
  });

  it("the srcset names every landscape file with its real width", () => {
    for (const candidate of HERO_PICTURE.srcSet.split(",")) {
      const [src, descriptor] = candidate.trim().split(" ");
      expect(webpSize(src ?? "").width, candidate).toBe(Number.parseInt(descriptor ?? "", 10));
    }
  });
});
