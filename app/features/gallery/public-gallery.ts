/** A published gallery picture as guests' pages get it (no Zod, no server code: guests' pages import this). */
export interface PublicGalleryPicture {
  id: number;
  address: string;
  alt: string;
  caption: string | null;
}

/** The page size: 8 pictures per page of the gallery (docs/product/site.md#timings). */
export const GALLERY_PAGE_SIZE = 8;

export const galleryTexts = {
  carousel: "Bilder aus unserem Restaurant",
  page: (index: number, count: number) => `Seite ${index + 1} von ${count}`,
  open: (alt: string) => `Bild vergrößern: ${alt}`,
  lightbox: "Bild in voller Größe",
  previous: "Vorheriges Bild",
  next: "Nächstes Bild",
  position: (index: number, count: number) => `Bild ${index + 1} von ${count}`,
} as const;

export function pagesOf<T>(items: readonly T[], size = GALLERY_PAGE_SIZE): T[][] {
  const pages: T[][] = [];
  for (let start = 0; start < items.length; start += size) pages.push(items.slice(start, start + size));
  return pages;
}
