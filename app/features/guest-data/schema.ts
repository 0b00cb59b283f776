import { phoneKey } from "../../lib/phone.ts";
import { z } from "../../lib/zod.ts";

export { phoneKey };

/**
 * The search term of 'Gastdaten', shared by the browser (which says what is wrong before sending)
 * and the server (whose answer is final: every loader and action parses the term again). No server
 * imports: the screen loads this module.
 */

/** The field of the term in every form of the screen (sent in the body, never in the address). */
export const SEARCH_PARAM = "suche";

/** Longer than any e-mail address may be (RFC 5321), and than any phone number needs. */
export const MAX_TERM_LENGTH = 254;

/** A phone number needs at least this many digits: fewer would find strangers' numbers by chance. */
export const MIN_PHONE_DIGITS = 5;

export const guestDataMessages = {
  empty: "Bitte geben Sie eine E-Mail-Adresse oder Telefonnummer ein.",
  tooLong: `Die Angabe ist zu lang (höchstens ${MAX_TERM_LENGTH} Zeichen).`,
  malformed: `Das ist weder eine E-Mail-Adresse (name@beispiel.de) noch eine Telefonnummer mit mindestens ${MIN_PHONE_DIGITS} Ziffern. Bitte prüfen Sie die Angabe.`,
  ownersOnly: "Nur Inhaber dürfen Gastdaten einsehen, herausgeben und löschen.",
} as const;

/**
 * What is searched for. An e-mail address in lower case (the forms accept ASCII addresses only, and
 * SQLite's lower() folds ASCII only: the search compares exactly what both engines fold). A phone
 * number as its `phoneKey`. `shown` is the term as staff typed it, trimmed.
 */
export type GuestTerm =
  { kind: "email"; email: string; shown: string } | { kind: "phone"; key: string; shown: string };

/** What a phone number may look like: digits and the separators people write, a leading plus. */
const PHONE_SHAPE = /^\+?[\d\s/().-]+$/;

/** The term, or the message that says why it cannot be searched for. */
export const guestTermSchema = z
  .string(guestDataMessages.empty)
  .trim()
  .min(1, guestDataMessages.empty)
  .max(MAX_TERM_LENGTH, guestDataMessages.tooLong)
  .transform((shown, context): GuestTerm => {
    if (shown.includes("@")) {
      if (z.email().safeParse(shown).success) return { kind: "email", email: shown.toLowerCase(), shown };
    } else if (PHONE_SHAPE.test(shown) && shown.replace(/\D/g, "").length >= MIN_PHONE_DIGITS) {
      return { kind: "phone", key: phoneKey(shown), shown };
    }
    context.addIssue({ code: "custom", message: guestDataMessages.malformed });
    return z.NEVER;
  });

export type GuestTermCheck = { ok: true; term: GuestTerm } | { ok: false; message: string };

/** The term from the search field (`null` when the address has none), or why it is refused. */
export function checkGuestTerm(value: unknown): GuestTermCheck {
  const result = guestTermSchema.safeParse(value ?? "");
  if (result.success) return { ok: true, term: result.data };
  return { ok: false, message: result.error.issues[0]?.message ?? guestDataMessages.malformed };
}
