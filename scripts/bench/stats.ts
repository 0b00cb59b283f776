/** Figures of several runs: the median, with the smallest and the largest. */
export interface Spread {
  median: number;
  min: number;
  max: number;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? Number.NaN) + upper) / 2;
}

export function spreadOf(values: number[]): Spread {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

/** `99 (98–100)`; only the median when all runs agree or there was one. */
export function showSpread(spread: Spread, show: (value: number) => string): string {
  const middle = show(spread.median);
  const low = show(spread.min);
  const high = show(spread.max);
  return low === high ? middle : `${middle} (${low}–${high})`;
}

/** A plain text table: the first `leftColumns` columns left-aligned, the rest right-aligned. */
export function formatTable(header: string[], rows: string[][], leftColumns = 1): string[] {
  const widths = header.map((_, index) =>
    Math.max(...[header, ...rows].map((row) => (row[index] ?? "").length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, index) =>
        index < leftColumns ? cell.padEnd(widths[index] ?? 0) : cell.padStart(widths[index] ?? 0),
      )
      .join("  ")
      .trimEnd();
  return [line(header), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(line)];
}
