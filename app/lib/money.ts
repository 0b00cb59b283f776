/**
 * Prices as staff type them, read exactly (decision 0013: money is integer cents, never a float):
 * '12,50', '12.50', '12', '12,5' and '12,50 €' are 1250 cents. Anything else — a minus, letters,
 * two separators, a third decimal — is refused rather than guessed at.
 */
export const MAX_PRICE_CENTS = 10_000 * 100;

export type PriceReading =
  { ok: true; cents: number } | { ok: false; problem: "empty" | "invalid" | "too-large" };

export function readPrice(text: string): PriceReading {
  const trimmed = text.replace(/\s*€\s*$/, "").trim();
  if (trimmed === "") return { ok: false, problem: "empty" };
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(trimmed);
  if (!match) return { ok: false, problem: "invalid" };
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  if (cents > MAX_PRICE_CENTS) return { ok: false, problem: "too-large" };
  return { ok: true, cents };
}

/** Cents as a form field shows them: 1250 is '12,50'. */
export const priceInput = (cents: number): string =>
  `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
