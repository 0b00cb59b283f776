import { contentDefaults } from "./defaults.ts";
import {
  aboutSchema,
  contactSchema,
  footerSchema,
  gallerySectionSchema,
  heroSchema,
  menuSectionSchema,
  navbarSchema,
  openingHoursSchema,
  reservationsSectionSchema,
} from "./schemas.ts";
import type { z } from "../../lib/zod.ts";

/**
 * Content blocks: one key each, one shape (schemas.ts), built-in German defaults (defaults.ts). A
 * block that is missing or unreadable in the database shows its defaults (decision 0006). No server
 * imports: the admin forms validate with the same schemas in the browser.
 */
export const contentBlocks = {
  navbar: { schema: navbarSchema, defaults: contentDefaults.navbar },
  "home.hero": { schema: heroSchema, defaults: contentDefaults["home.hero"] },
  "home.about": { schema: aboutSchema, defaults: contentDefaults["home.about"] },
  "home.menu_section": { schema: menuSectionSchema, defaults: contentDefaults["home.menu_section"] },
  "home.gallery_section": { schema: gallerySectionSchema, defaults: contentDefaults["home.gallery_section"] },
  "home.reservations": { schema: reservationsSectionSchema, defaults: contentDefaults["home.reservations"] },
  "home.footer": { schema: footerSchema, defaults: contentDefaults["home.footer"] },
  "global.contact": { schema: contactSchema, defaults: contentDefaults["global.contact"] },
  "global.opening_hours": { schema: openingHoursSchema, defaults: contentDefaults["global.opening_hours"] },
} as const;

export type ContentKey = keyof typeof contentBlocks;
export const contentKeys = Object.keys(contentBlocks) as ContentKey[];
export const isContentKey = (key: string): key is ContentKey => Object.hasOwn(contentBlocks, key);
export type ContentValue<K extends ContentKey> = z.infer<(typeof contentBlocks)[K]["schema"]>;
export type ContentValues<K extends ContentKey> = { [P in K]: ContentValue<P> };

/**
 * The stored value, read over the block's defaults (so a block saved before a field was added still
 * reads), or the defaults when it does not fit the block's shape.
 */
export function parseBlock<K extends ContentKey>(
  key: K,
  stored: unknown,
): { value: ContentValue<K>; valid: boolean } {
  const block = contentBlocks[key];
  const candidate =
    stored !== null && typeof stored === "object" && !Array.isArray(stored)
      ? { ...block.defaults, ...stored }
      : stored;
  const result = block.schema.safeParse(candidate);
  return result.success
    ? { value: result.data as ContentValue<K>, valid: true }
    : { value: block.defaults as ContentValue<K>, valid: false };
}
