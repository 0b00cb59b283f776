/**
 * Control characters no text a person types contains — tab and line breaks aside. Stored, they would
 * break e-mails and lists, and PostgreSQL refuses a NUL byte outright (a server error instead of a
 * message). Every schema that stores text refuses them with CONTROL_CHARACTERS_MESSAGE.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const STRAY_CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** In a one-line value (a name) tab and line breaks are out of place too: they reach e-mail headers. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ANY_CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

export const CONTROL_CHARACTERS_MESSAGE = "Bitte keine Steuerzeichen verwenden.";

export const isCleanText = (value: string): boolean => !STRAY_CONTROL_CHARACTERS.test(value);
export const isCleanLine = (value: string): boolean => !ANY_CONTROL_CHARACTER.test(value);
