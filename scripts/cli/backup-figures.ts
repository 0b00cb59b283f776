/** Sizes, durations and counts as the backup tools print them, in German notation. */
const number = (value: number, digits: number) =>
  value.toLocaleString("de-DE", { minimumFractionDigits: digits, maximumFractionDigits: digits });

export const figures = {
  bytes(value: number): string {
    if (value < 1024) return `${value} B`;
    if (value < 1024 * 1024) return `${number(value / 1024, 1)} KiB`;
    return `${number(value / 1024 / 1024, 1)} MiB`;
  },
  seconds: (ms: number): string => `${number(ms / 1000, 2)} s`,
  count: (value: number): string => number(value, 0),
};
