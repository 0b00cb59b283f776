/**
 * The pictures shipped in public/bilder (drawn in design/bilder, rendered by design/bilder/render.sh).
 * `HERO_PICTURE.src` is blocks.ts' DEFAULT_HERO_IMAGE (pictures.test.ts checks it); it is not imported
 * from there because blocks.ts brings its Zod schemas into the browser's bundle.
 */
export const HERO_PICTURE = {
  src: "/bilder/hero.webp",
  width: 1600,
  height: 1000,
  srcSet: "/bilder/hero-960.webp 960w, /bilder/hero.webp 1600w",
  /** Drawn width when it covers the screen: all of a wide screen, 1.6 × the height of a taller one. */
  sizes: "(min-aspect-ratio: 8/5) 100vw, 160vh",
  /** A crop of the scene's middle for phones held upright. */
  portrait: { src: "/bilder/hero-hoch.webp", width: 720, height: 1280, media: "(max-aspect-ratio: 2/3)" },
} as const;

/** The about section's default picture (blocks.ts' DEFAULT_ABOUT_IMAGE). */
export const ABOUT_PICTURE = { src: "/bilder/ueber-uns.webp", width: 800, height: 1000 } as const;
