import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { cameraPhoto, pngClaiming } from "../../../tests/support/pictures.ts";
import { addressOfKey, responsivePicture, storedKeysOf } from "./uploaded-pictures.ts";
import {
  MAX_UPLOAD_BYTES,
  namedPictureBaseKey,
  pictureBaseKey,
  PictureRefused,
  processPicture,
} from "./process-picture.server.ts";

/** A 1200×800 camera-like JPEG, stored sideways (EXIF orientation 6), with GPS and camera fields. */
const cameraJpeg = () => cameraPhoto({ colour: "#b33a2a", width: 1200, height: 800, orientation: 6 });

async function refusal(input: Buffer): Promise<string> {
  try {
    await processPicture(input, "gallery/test");
  } catch (error) {
    if (error instanceof PictureRefused) return error.problem;
    throw error;
  }
  return "accepted";
}

describe("processing an uploaded picture", () => {
  it("turns a camera photo upright, drops camera and GPS data, and makes WebP variants with hashed names", async () => {
    const input = await cameraJpeg();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const picture = await processPicture(input, "gallery/2026-11-25-abc");
    // Orientation 6: the 1200×800 picture is shown 800×1200.
    expect([picture.width, picture.height]).toEqual([800, 1200]);
    expect(picture.original).toMatchObject({ contentType: "image/jpeg", width: 800, height: 1200 });
    expect(picture.original.key).toMatch(/^gallery\/2026-11-25-abc-[0-9a-f]{16}-800x1200\.jpg$/);
    expect(picture.variants.map((variant) => variant.width)).toEqual([480, 800]);
    for (const file of [picture.original, ...picture.variants]) {
      const metadata = await sharp(file.data).metadata();
      expect(metadata.exif, file.key).toBeUndefined();
      expect(metadata.orientation ?? 1, file.key).toBe(1);
    }
    expect(picture.variants[0]?.key).toMatch(/^gallery\/2026-11-25-abc-[0-9a-f]{16}-480w\.webp$/);
    // A page reads the variants from the full picture's address alone.
    const shown = responsivePicture(addressOfKey(picture.original.key));
    expect(shown).toMatchObject({ width: 800, height: 1200, key: picture.original.key });
    expect(shown?.srcSet).toBe(
      picture.variants.map((variant) => `/bilder/hochgeladen/${variant.key} ${variant.width}w`).join(", "),
    );
    expect(storedKeysOf(picture.original.key)).toEqual([
      picture.original.key,
      ...picture.variants.map((variant) => variant.key),
    ]);
    // The same content gives the same name; other content another.
    const again = await processPicture(input, "gallery/2026-11-25-abc");
    expect(again.variants.map((variant) => variant.key)).toEqual(
      picture.variants.map((variant) => variant.key),
    );
  });

  it("refuses what is not a picture, whatever its name says, and bombs, empty and oversized files", async () => {
    expect(await refusal(Buffer.from("Das ist ein Text, kein Bild."))).toBe("not-a-picture");
    expect(
      await refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ).toBe("not-a-picture");
    expect(await refusal(Buffer.from("<!DOCTYPE html><html><body>PNG?</body></html>"))).toBe("not-a-picture");
    const jpeg = await cameraJpeg();
    expect(await refusal(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).toBe("not-a-picture");
    expect(await refusal(Buffer.alloc(0))).toBe("empty");
    expect(await refusal(Buffer.alloc(MAX_UPLOAD_BYTES + 1, 1))).toBe("too-large");
    // 20000×20000: the header says so, and nothing is decoded (a PNG whose IHDR claims the size).
    // Formats libvips could read but the site does not accept: refused by their first bytes.
    const tiff = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
      .tiff()
      .toBuffer();
    expect(await refusal(tiff)).toBe("not-a-picture");
    const bomb = pngClaiming(20000, 20000);
    expect(await refusal(bomb)).toBe("too-many-pixels");
  }, 30_000);

  it("reads a picture streamed to a file, and refuses an empty one", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-upload-"));
    const file = path.join(folder, "eingang");
    fs.writeFileSync(file, await cameraJpeg());
    expect((await processPicture(file, "gallery/2026-11-25-abc")).width).toBe(800);
    fs.writeFileSync(file, "");
    await expect(processPicture(file, "gallery/2026-11-25-abc")).rejects.toMatchObject({ problem: "empty" });
    fs.rmSync(folder, { recursive: true });
  });

  it("names uploads by folder, date, random part; hero-{timestamp}-{filename}, sanitized", () => {
    expect(pictureBaseKey("gallery", new Date("2026-11-25T10:00:00Z"))).toMatch(
      /^gallery\/2026-11-25-[a-z0-9]{8}$/,
    );
    const now = new Date(1764064800000);
    expect(namedPictureBaseKey("inhalte", "hero", "Abendstimmung Terrasse.JPG", now)).toBe(
      "inhalte/hero-1764064800000-abendstimmung-terrasse",
    );
    expect(namedPictureBaseKey("inhalte", "hero", "../../x.png", now)).toBe("inhalte/hero-1764064800000-x");
    expect(namedPictureBaseKey("inhalte", "hero", "Straße\u0000.png", now)).toBe(
      "inhalte/hero-1764064800000-strasse",
    );
    expect(namedPictureBaseKey("inhalte", "hero", `${"a".repeat(500)}.png`, now)).toBe(
      `inhalte/hero-1764064800000-${"a".repeat(40)}`,
    );
    expect(namedPictureBaseKey("inhalte", "hero", "....png", now)).toBe("inhalte/hero-1764064800000-bild");
  });
});
