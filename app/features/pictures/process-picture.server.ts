import { createHash, randomBytes } from "node:crypto";
import sharp, { type Metadata } from "sharp";

/**
 * A staff upload made into pictures guests can be sent (decision 0019): judged by its content, not
 * its name or declared type; turned upright by its EXIF orientation; every piece of metadata
 * (camera, GPS) dropped; kept at full size in its own format and as WebP variants for phones,
 * tablets and screens, each under a name with its content's hash (so it can be cached forever).
 */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** 40 megapixels: any camera's photo; a decompression bomb (20000×20000) is refused unread. */
export const MAX_PIXELS = 40_000_000;
export const VARIANT_WIDTHS = [480, 960, 1600] as const;

const ACCEPTED = new Set(["jpeg", "png", "webp", "gif"]);

export type PictureProblem = "empty" | "too-large" | "not-a-picture" | "too-many-pixels";

export class PictureRefused extends Error {
  readonly problem: PictureProblem;
  constructor(problem: PictureProblem) {
    super(problem);
    this.name = "PictureRefused";
    this.problem = problem;
  }
}

export interface ProcessedFile {
  key: string;
  width: number;
  height: number;
  contentType: string;
  data: Buffer;
}

export interface ProcessedPicture {
  width: number;
  height: number;
  /** The whole picture, upright and without metadata, in its own format. */
  original: ProcessedFile;
  /** WebP at the widths of VARIANT_WIDTHS that are smaller than the picture, and at its own width. */
  variants: ProcessedFile[];
}

const hashOf = (data: Buffer) => createHash("sha256").update(data).digest("hex").slice(0, 16);

/** `gallery/2026-11-25-k3j9x2`: the spec's `gallery/{date}-{random}`, in lower case. */
export function pictureBaseKey(folder: string, now = new Date()): string {
  const date = now.toISOString().slice(0, 10);
  const random = randomBytes(6)
    .toString("base64url")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "x");
  return `${folder}/${date}-${random}`;
}

export async function processPicture(input: Buffer, baseKey: string): Promise<ProcessedPicture> {
  if (input.length === 0) throw new PictureRefused("empty");
  if (input.length > MAX_UPLOAD_BYTES) throw new PictureRefused("too-large");
  const options = { limitInputPixels: MAX_PIXELS, failOn: "truncated" as const, animated: false };
  let metadata: Metadata;
  try {
    metadata = await sharp(input, options).metadata();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message))
      throw new PictureRefused("too-many-pixels");
    throw new PictureRefused("not-a-picture");
  }
  if (!metadata.format || !ACCEPTED.has(metadata.format)) throw new PictureRefused("not-a-picture");
  if (!metadata.width || !metadata.height) throw new PictureRefused("not-a-picture");
  if (metadata.width * metadata.height > MAX_PIXELS) throw new PictureRefused("too-many-pixels");

  try {
    // rotate() turns the picture by its EXIF orientation; without keepMetadata() sharp writes none.
    const upright = sharp(input, options).rotate();
    const format = metadata.format === "jpeg" ? "jpeg" : metadata.format === "png" ? "png" : "webp";
    const { data: originalData, info } = await upright
      .clone()
      .toFormat(format, format === "jpeg" ? { quality: 90, mozjpeg: true } : {})
      .toBuffer({ resolveWithObject: true });
    const extension = format === "jpeg" ? "jpg" : format;
    const original: ProcessedFile = {
      key: `${baseKey}-${hashOf(originalData)}.${extension}`,
      width: info.width,
      height: info.height,
      contentType: `image/${format}`,
      data: originalData,
    };
    const widths = [
      ...new Set([...VARIANT_WIDTHS.filter((width) => width < info.width), Math.min(info.width, 1600)]),
    ];
    const variants: ProcessedFile[] = [];
    for (const width of widths.sort((a, b) => a - b)) {
      const { data, info: variant } = await upright
        .clone()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer({ resolveWithObject: true });
      variants.push({
        key: `${baseKey}-${variant.width}w-${hashOf(data)}.webp`,
        width: variant.width,
        height: variant.height,
        contentType: "image/webp",
        data,
      });
    }
    return { width: info.width, height: info.height, original, variants };
  } catch (error) {
    if (error instanceof PictureRefused) throw error;
    // A picture whose header reads but whose data is cut off or corrupt.
    throw new PictureRefused("not-a-picture");
  }
}
