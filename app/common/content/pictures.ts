/**
 * The pictures that ship with the project (public/bilder, drawn in design/bilder, rendered by
 * design/bilder/render.sh), so a fresh site never hot-links a photo (decision 0013). The content
 * defaults name them and the home page draws them from here; no Zod, so guests' pages can import it.
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

/** The about section's default picture. */
export const ABOUT_PICTURE = { src: "/bilder/ueber-uns.webp", width: 800, height: 1000 } as const;
