import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";

/**
 * Pictures for the tests, made on the spot: a camera-like JPEG with GPS and camera fields in its
 * EXIF, a plain PNG, the first bytes of a decompression bomb, and a look at what landed on disk.
 */
export async function cameraPhoto({
  colour = "#a33b2b",
  width = 1600,
  height = 1200,
  orientation,
}: { colour?: string; width?: number; height?: number; orientation?: number } = {}): Promise<Buffer> {
  const picture = sharp({ create: { width, height, channels: 3, background: colour } }).jpeg({ quality: 80 });
  return (orientation ? picture.withMetadata({ orientation }) : picture)
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

/** A PNG whose header claims a size its (tiny) data does not have: 20000×20000 is a bomb's first bytes. */
export function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(64))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Every file below a folder, as paths relative to it. */
export function filesUnder(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return (fs.readdirSync(folder, { recursive: true }) as string[]).filter((entry) =>
    fs.statSync(path.join(folder, entry)).isFile(),
  );
}
