import { createRequire } from "node:module";
import type { dictionary as Dictionary } from "@zxcvbn-ts/language-common";
import { normalizeUsername } from "./schema.ts";

/**
 * ASVS 6.2: at least 10 characters, no character rules, and none of the most common passwords. The
 * list is the 49,000 most common passwords that zxcvbn-ts maintains (`@zxcvbn-ts/language-common`),
 * compared without case; a password that is the account's name is refused too.
 */
let common: Set<string> | undefined;
// Loaded when a password is first set, not at every start: the package's dictionaries take a few
// MiB that a server which nobody changes a password on never needs (decision 0043).
const commonPasswords = () => {
  if (common) return common;
  const { dictionary } = createRequire(import.meta.url)("@zxcvbn-ts/language-common") as {
    dictionary: typeof Dictionary;
  };
  return (common = new Set(dictionary["passwords-common"].map((password) => password.toLowerCase())));
};

export const COMMON_PASSWORD_MESSAGE =
  "Dieses Passwort gehört zu den häufigsten und ist leicht zu erraten. Bitte wählen Sie ein anderes.";
export const PASSWORD_IS_NAME_MESSAGE = "Das Passwort darf nicht der Benutzername sein.";

/** Why the password may not be used (beyond its length, which the form's schema checks), or undefined. */
export function passwordProblem(password: string, username: string): string | undefined {
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return COMMON_PASSWORD_MESSAGE;
  if (normalizeUsername(password) === normalizeUsername(username)) return PASSWORD_IS_NAME_MESSAGE;
  return undefined;
}
