/**
 * What a page needs to show an uploaded picture well, read from its address alone (decision 0019):
 * the full picture's name ends in its content hash and its size,
 * `/bilder/hochgeladen/gallery/2026-11-25-k3j9x2-1a2b3c4d5e6f7a8b-2400x1600.jpg`, and its WebP
 * variants share that name up to the hash, `…-1a2b3c4d5e6f7a8b-960w.webp`. So a picture address
 * stored anywhere (a gallery row, a showcase dish, a content block) gives `srcset`, width and height
 * without a lookup. Shared by the browser and the server; no server code here.
 */
export const UPLOADED_PICTURES_PATH = "/bilder/hochgeladen/";

/** The widths of the WebP variants, for phones, tablets and wide screens. */
export const VARIANT_WIDTHS = [480, 960, 1600] as const;
const LARGEST_VARIANT = 1600;

/** The variant widths a picture of this width gets: those smaller than it, and its own (up to 1600). */
export function variantWidthsFor(width: number): number[] {
  const widths = new Set<number>(VARIANT_WIDTHS.filter((variant) => variant < width));
  widths.add(Math.min(width, LARGEST_VARIANT));
  return [...widths].sort((a, b) => a - b);
}

export const originalKeyOf = (stem: string, width: number, height: number, extension: string) =>
  `${stem}-${width}x${height}.${extension}`;

export const variantKeyOf = (stem: string, width: number) => `${stem}-${width}w.webp`;

export interface ResponsivePicture {
  /** The largest variant: what a browser without `srcset` support loads. `src` and `srcSet` are shown addresses. */
  src: string;
  srcSet: string;
  width: number;
  height: number;
  /** The storage key of the full picture. */
  key: string;
}

const ORIGINAL = /^(.+-[0-9a-f]{16})-(\d{1,5})x(\d{1,5})\.(jpg|png|webp)$/;

/** The storage key behind an address under /bilder/hochgeladen/, if it names a full uploaded picture. */
export function uploadedKeyOf(address: string | null | undefined): string | undefined {
  if (!address?.startsWith(UPLOADED_PICTURES_PATH)) return undefined;
  const key = address.slice(UPLOADED_PICTURES_PATH.length);
  return ORIGINAL.test(key) ? key : undefined;
}

/** A picture's address as it is stored (a gallery row, a dish, a content block): always ours. */
export const addressOfKey = (key: string) => `${UPLOADED_PICTURES_PATH}${key}`;

/**
 * Where browsers load uploaded pictures from (decision 0038): through this server (unset), or straight
 * from the store's public address, S3_PUBLIC_URL. Stored addresses stay `/bilder/hochgeladen/…`; pages
 * rewrite them as they render, so the setting can change (or go) without touching a row. Set once
 * per process: on the server from the configuration, in the browser from the page's
 * `<meta name="tavola-bilder">` (app/root.tsx) before it hydrates, so both render the same.
 */
let publicPicturesUrl: string | undefined;

export function setPublicPicturesUrl(url: string | undefined): void {
  publicPicturesUrl = url ? url.replace(/\/+$/, "") : undefined;
}

/** The `<meta>` that carries the setting from the server's page to the browser. */
export const PUBLIC_PICTURES_META = "tavola-bilder";

export const publicPicturesUrlInUse = (): string | undefined => publicPicturesUrl;

/** The address a page links to for a stored key. */
export const shownAddressOfKey = (key: string) =>
  publicPicturesUrl ? `${publicPicturesUrl}/${key}` : addressOfKey(key);

/** The address a page links to for any picture address: an uploaded picture's per the setting above. */
export const shownAddress = (address: string) =>
  address.startsWith(UPLOADED_PICTURES_PATH)
    ? shownAddressOfKey(address.slice(UPLOADED_PICTURES_PATH.length))
    : address;

/** The variants of an uploaded picture's address; `undefined` for any other address. */
export function responsivePicture(address: string | null | undefined): ResponsivePicture | undefined {
  const key = uploadedKeyOf(address);
  const match = key ? ORIGINAL.exec(key) : null;
  if (!key || !match) return undefined;
  const [, stem = "", widthText = "0", heightText = "0"] = match;
  const width = Number(widthText);
  const height = Number(heightText);
  if (width < 1 || height < 1) return undefined;
  const widths = variantWidthsFor(width);
  const largest = widths[widths.length - 1] ?? width;
  return {
    src: shownAddressOfKey(variantKeyOf(stem, largest)),
    srcSet: widths
      .map((variant) => `${shownAddressOfKey(variantKeyOf(stem, variant))} ${variant}w`)
      .join(", "),
    width,
    height,
    key,
  };
}

/** Every storage key an uploaded picture occupies: the full picture and its variants. */
export function storedKeysOf(key: string): string[] {
  const match = ORIGINAL.exec(key);
  if (!match) return [key];
  const [, stem = "", widthText = "0"] = match;
  return [key, ...variantWidthsFor(Number(widthText)).map((width) => variantKeyOf(stem, width))];
}

/**
 * An `<img>`'s `src`, `srcSet` and `sizes` for any picture address: an uploaded picture with its
 * variants (drawn `sizes` wide), any other address as it is.
 */
export function responsiveAttributes(
  address: string,
  sizes: string,
): { src: string; srcSet?: string; sizes?: string } {
  const responsive = responsivePicture(address);
  return responsive
    ? { src: responsive.src, srcSet: responsive.srcSet, sizes }
    : { src: shownAddress(address) };
}

/**
 * `sizes` for a picture that covers the screen (`object-cover`): the screen's width while the screen
 * is at least as wide as the picture's shape, otherwise its height times the picture's aspect ratio.
 */
export function coverSizes(width: number, height: number): string {
  const ratio = width / height;
  return `(min-aspect-ratio: ${width}/${height}) 100vw, ${Math.ceil(ratio * 100)}vh`;
}

const ANY_FILE = /^(.+-[0-9a-f]{16})-(?:\d{1,5}x\d{1,5}\.(?:jpg|png|webp)|\d{1,5}w\.webp)$/;

/**
 * What every address of one uploaded picture shares — the full picture's or any variant's (staff may
 * paste the one their browser copied): `/bilder/hochgeladen/gallery/…-1a2b3c4d5e6f7a8b`. Any other
 * address stands for itself.
 */
export function pictureIdentityOf(address: string): string {
  if (!address.startsWith(UPLOADED_PICTURES_PATH)) return address;
  const match = ANY_FILE.exec(address.slice(UPLOADED_PICTURES_PATH.length));
  return match ? `${UPLOADED_PICTURES_PATH}${match[1]}` : address;
}
