/**
 * The guests' pages: listed in the sitemap, and kept in memory by the server once rendered
 * (docs/decisions/0020). The legal pages carry a fixed date.
 */
export const PUBLIC_PAGES = [
  "/",
  "/speisekarte",
  "/wochenkarte",
  "/mitteilungen",
  "/reservieren",
  "/impressum",
  "/datenschutz",
  "/nutzungsbedingungen",
  "/cookie-richtlinie",
] as const;

export const LEGAL_PAGES: ReadonlySet<string> = new Set([
  "/impressum",
  "/datenschutz",
  "/nutzungsbedingungen",
  "/cookie-richtlinie",
]);
