import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import sharp, { type Metadata } from "sharp";
import { MAX_PICTURE_BYTES } from "./picture-upload.ts";
import { originalKeyOf, variantKeyOf, variantWidthsFor } from "./uploaded-pictures.ts";

/**
 * A staff upload made into pictures guests can be sent (decision 0019): judged by its content, not
 * its name or declared type; turned upright by its EXIF orientation; every piece of metadata
 * (camera, GPS) dropped; kept at full size in its own format and as WebP variants for phones,
 * tablets and screens, each under a name with its content's hash (so it can be cached forever) and,
 * for the full picture, its size: app/common/pictures/uploaded-pictures.ts reads pages' `srcset` from that name.
 */
export { MAX_PICTURE_BYTES as MAX_UPLOAD_BYTES };
/** 40 megapixels: any camera's photo; a decompression bomb (20000×20000) is refused unread. */
export const MAX_PIXELS = 40_000_000;

const ACCEPTED = new Set(["jpeg", "png", "webp", "gif"]);

// libvips keeps recent operations and their pixels in a cache, for pipelines that repeat; ours never
// do (every upload is a new picture), so the cache would only hold memory (decision 0019).
sharp.cache(false);

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
  /** WebP at the widths of `variantWidthsFor` the picture's width. */
  variants: ProcessedFile[];
}

const hashOf = (data: Buffer) => createHash("sha256").update(data).digest("hex").slice(0, 16);

/** `gallery/2026-11-25-k3j9x2`: `gallery/{date}-{random}`, in lower case (docs/product/pictures.md#names). */
export function pictureBaseKey(folder: string, now = new Date()): string {
  const date = now.toISOString().slice(0, 10);
  const random = randomBytes(6)
    .toString("base64url")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "x");
  return `${folder}/${date}-${random}`;
}

/**
 * `inhalte/hero-1764061234567-abendstimmung`: `hero-{timestamp}-{filename}` (docs/product/pictures.md#names),
 * the file name reduced to at most 40 lower-case letters, digits and dashes (no dots, slashes or NUL
 * survive).
 */
export function namedPictureBaseKey(
  folder: string,
  prefix: string,
  fileName: string,
  now = new Date(),
): string {
  const withoutExtension = fileName.replace(/\.[^.]*$/, "");
  const name =
    withoutExtension
      .normalize("NFKD")
      .replace(/ß/g, "ss")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .slice(0, 40)
      .replace(/^-+|-+$/g, "") || "bild";
  return `${folder}/${prefix}-${now.getTime()}-${name}`;
}

/**
 * The first bytes of the four accepted formats. Checked before libvips sees the file, so a file that
 * is none of them (SVG, TIFF, HEIF, anything) never reaches a decoder at all.
 */
function looksLikeAcceptedPicture(head: Buffer): boolean {
  const ascii = (start: number, end: number) => head.subarray(start, end).toString("latin1");
  return (
    (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) ||
    ascii(0, 8) === "\x89PNG\r\n\x1a\n" ||
    (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") ||
    ascii(0, 6) === "GIF87a" ||
    ascii(0, 6) === "GIF89a"
  );
}

async function headOf(input: Buffer | string): Promise<Buffer> {
  if (typeof input !== "string") return input.subarray(0, 12);
  const file = await fs.open(input, "r");
  try {
    const head = Buffer.alloc(12);
    const { bytesRead } = await file.read(head, 0, 12, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

async function sizeOf(input: Buffer | string): Promise<number> {
  if (typeof input !== "string") return input.length;
  return (await fs.stat(input)).size;
}

/** `input` is the upload itself or the file it was streamed to (which keeps the server's memory small). */
export async function processPicture(input: Buffer | string, baseKey: string): Promise<ProcessedPicture> {
  const size = await sizeOf(input);
  if (size === 0) throw new PictureRefused("empty");
  if (size > MAX_PICTURE_BYTES) throw new PictureRefused("too-large");
  if (!looksLikeAcceptedPicture(await headOf(input))) throw new PictureRefused("not-a-picture");
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
      // libjpeg-turbo, not mozjpeg: mozjpeg's few percent smaller file took seconds more per photo.
      .toFormat(format, format === "jpeg" ? { quality: 90 } : {})
      .toBuffer({ resolveWithObject: true });
    const extension = format === "jpeg" ? "jpg" : format;
    const stem = `${baseKey}-${hashOf(originalData)}`;
    const original: ProcessedFile = {
      key: originalKeyOf(stem, info.width, info.height, extension),
      width: info.width,
      height: info.height,
      contentType: `image/${format}`,
      data: originalData,
    };
    const variants: ProcessedFile[] = [];
    for (const width of variantWidthsFor(info.width)) {
      const { data, info: variant } = await upright
        .clone()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer({ resolveWithObject: true });
      variants.push({
        key: variantKeyOf(stem, width),
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
