import type { ContactContent, OpeningHoursContent } from "../../common/content/schemas.ts";
import { parseOpeningHours } from "../../common/content/opening-hours.ts";
import { weekdays, type Weekday } from "../../lib/weekdays.ts";

/**
 * The `schema.org/Restaurant` description of the home page (JSON-LD), built from the contact details
 * and opening hours staff maintain, so search engines show the same address, phone and hours as the
 * page. No server imports.
 */
export interface RestaurantDataInput {
  contact: ContactContent;
  hours: OpeningHoursContent;
  /** The site's origin, e.g. `https://www.ristorante-tavola.de` (no trailing slash). */
  origin: string;
  /** A path on this site or an absolute URL. */
  image: string;
}

const schemaDay: Record<Weekday, string> = {
  monday: "https://schema.org/Monday",
  tuesday: "https://schema.org/Tuesday",
  wednesday: "https://schema.org/Wednesday",
  thursday: "https://schema.org/Thursday",
  friday: "https://schema.org/Friday",
  saturday: "https://schema.org/Saturday",
  sunday: "https://schema.org/Sunday",
};

interface PostalAddress {
  "@type": "PostalAddress";
  streetAddress?: string;
  postalCode?: string;
  addressLocality?: string;
  addressCountry: "DE";
}

interface OpeningHoursSpecification {
  "@type": "OpeningHoursSpecification";
  dayOfWeek: string[];
  opens: string;
  closes: string;
}

/** A German postcode line: '72070 Tübingen' (also 'D-72070 Tübingen'). */
const POSTCODE_LINE = /^(?:D\s*-\s*)?(\d{5})\s+(\S.*)$/i;

export function postalAddress(lines: readonly string[]): PostalAddress {
  const trimmed = lines.map((line) => line.trim()).filter((line) => line.length > 0);
  const postcodeIndex = trimmed.findIndex((line) => POSTCODE_LINE.test(line));
  const match = POSTCODE_LINE.exec(trimmed[postcodeIndex] ?? "");
  const street = trimmed.filter((_, index) => index !== postcodeIndex).join(", ");
  return {
    "@type": "PostalAddress",
    ...(street ? { streetAddress: street } : {}),
    ...(match?.[1] && match[2] ? { postalCode: match[1], addressLocality: match[2].trim() } : {}),
    addressCountry: "DE",
  };
}

/** '07071 123456' → '+49 7071 123456': search engines expect phone numbers with the country code. */
export function internationalPhone(phone: string): string {
  const trimmed = phone.trim();
  if (trimmed.startsWith("+")) return trimmed;
  if (trimmed.startsWith("00")) return `+${trimmed.slice(2)}`;
  if (trimmed.startsWith("0")) return `+49 ${trimmed.slice(1)}`;
  return trimmed;
}

/**
 * One specification per set of days with the same times; closed days as 00:00–00:00 (schema.org's
 * way to say 'closed all day'). Days whose text cannot be read are left out rather than guessed.
 */
export function openingHoursSpecification(hours: OpeningHoursContent): OpeningHoursSpecification[] {
  const parsed = parseOpeningHours(hours);
  const byTimes = new Map<string, OpeningHoursSpecification>();
  for (const [day] of weekdays) {
    const dayHours = parsed[day];
    if (dayHours.kind === "unknown") continue;
    // schema.org times cannot say 24:00; 23:59 is the documented way to mean 'until midnight'.
    const ranges =
      dayHours.kind === "closed"
        ? [{ opens: "00:00", closes: "00:00" }]
        : dayHours.ranges.map(({ opens, closes }) => ({
            opens,
            closes: closes === "24:00" ? "23:59" : closes,
          }));
    for (const range of ranges) {
      const key = `${range.opens}-${range.closes}`;
      const existing = byTimes.get(key);
      if (existing) existing.dayOfWeek.push(schemaDay[day]);
      else byTimes.set(key, { "@type": "OpeningHoursSpecification", dayOfWeek: [schemaDay[day]], ...range });
    }
  }
  return [...byTimes.values()];
}

const absolute = (origin: string, pathOrUrl: string) =>
  /^https?:\/\//i.test(pathOrUrl)
    ? pathOrUrl
    : `${origin}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;

export function restaurantStructuredData({ contact, hours, origin, image }: RestaurantDataInput) {
  return {
    "@context": "https://schema.org",
    "@type": "Restaurant",
    "@id": `${origin}/#restaurant`,
    name: contact.name,
    url: `${origin}/`,
    image: absolute(origin, image),
    telephone: internationalPhone(contact.phone),
    email: contact.email,
    address: postalAddress(contact.address_lines),
    openingHoursSpecification: openingHoursSpecification(hours),
    servesCuisine: ["Italienisch"],
    acceptsReservations: true,
    hasMenu: `${origin}/speisekarte`,
  };
}

/**
 * JSON for an inline `<script type="application/ld+json">`. Staff-entered text ends up inside a
 * script element, where HTML entities do not apply: `<` is written as `\u003c` so no text can close
 * the element ('</script>') or open a comment, and the line separators U+2028/U+2029 are escaped
 * for old JavaScript parsers. The result is still the same JSON value.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
