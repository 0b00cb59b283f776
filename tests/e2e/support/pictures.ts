import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

/**
 * Pictures for the browser tests, made on the spot: a camera-like JPEG with GPS and camera fields in
 * its EXIF, a PNG, and the files staff should be refused.
 */
export async function cameraPhoto(colour = "#a33b2b", width = 1600, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: "Tavola Kamera", Model: "Probe 1" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "48/1 31/1 0/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "9/1 3/1 0/1",
      },
    })
    .toBuffer();
}

export const plainPng = (colour = "#2f6b3a", width = 900, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** Every file below a folder, as paths relative to it. */
export function filesUnder(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return (fs.readdirSync(folder, { recursive: true }) as string[]).filter((entry) =>
    fs.statSync(path.join(folder, entry)).isFile(),
  );
}
