/**
 * A phone number reduced to what identifies it: its digits, with the German country code written as
 * the trunk zero — '+49 170 1234567', '0049 (0)170/123 45 67' and '0170-1234567' are all
 * '01701234567'. Another country's code keeps its international form ('+43 1 234' is '00431234'), as
 * a number written without a country code is taken as German. Spaces, slashes, dashes, dots and
 * parentheses are ignored. A number stored without its leading zero ('170 1234567') is another number.
 */
export function phoneKey(value: string): string {
  const digits = value.replace(/\D/g, "");
  const international = value.trimStart().startsWith("+")
    ? digits
    : digits.startsWith("00")
      ? digits.slice(2)
      : undefined;
  if (international === undefined) return digits;
  // '+49 (0) 170 …' keeps the trunk zero in parentheses: it is not dialled after the country code.
  if (international.startsWith("49")) return `0${international.slice(2).replace(/^0/, "")}`;
  return `00${international}`;
}

/** Fewer digits than this identify nobody: a guest's history ignores such a number (decision 0034). */
export const MIN_PHONE_KEY_DIGITS = 5;

/** The stored form of a reservation's phone number for finding a guest's other visits; null: none. */
export function storedPhoneKey(value: string | null | undefined): string | null {
  if (value == null) return null;
  const key = phoneKey(value);
  return key.length >= MIN_PHONE_KEY_DIGITS ? key : null;
}
