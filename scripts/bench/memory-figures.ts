import { formatTable, showSpread, spreadOf, type Spread } from "./stats.ts";

/**
 * The figures and budgets of `npm run bench -- memory` (decision 0043), without a server: what
 * Linux says of a process, what the server says of its heap, and whether the medians keep the budgets.
 */
const MiB = 1024 * 1024;

/** When the bench reads the server's memory. */
export const MEMORY_STAGES = ["idle", "signIns", "load"] as const;
export type MemoryStage = (typeof MEMORY_STAGES)[number];

export const STAGE_LABELS: Record<MemoryStage, string> = {
  idle: "Ruhe nach dem Start",
  signIns: "nach 10 Anmeldungen",
  load: "nach der Last",
};

/** Resident memory at most, in MiB, the goal for a small server (SQLite, one process). */
export const MEMORY_BUDGETS_MIB: Record<MemoryStage, number> = { idle: 120, signIns: 200, load: 200 };

/** One reading, in bytes. */
export interface MemoryReading {
  /** Resident now (VmRSS). */
  rss: number;
  /** The most that was ever resident (VmHWM): a peak between two readings shows here. */
  peak: number;
  /** V8's heap in use and reserved, and memory outside it held by JavaScript objects (buffers). */
  heapUsed: number;
  heapTotal: number;
  external: number;
}

/** VmRSS and VmHWM of /proc/<pid>/status, in bytes; undefined when a field is missing. */
export function residentOf(status: string): { rss: number; peak: number } | undefined {
  const field = (name: string) => {
    const kib = new RegExp(`^${name}:\\s+(\\d+)\\s+kB$`, "m").exec(status)?.[1];
    return kib === undefined ? undefined : Number(kib) * 1024;
  };
  const rss = field("VmRSS");
  const peak = field("VmHWM");
  return rss === undefined || peak === undefined ? undefined : { rss, peak };
}

/** The line the server writes on SIGUSR2 when started with MEMORY_REPORT=on (server/start.ts). */
export const MEMORY_REPORT_PREFIX = "tavola-memory ";

export interface HeapReport {
  heapUsed: number;
  heapTotal: number;
  external: number;
}

/** Every heap report in the server's output, oldest first; lines that are not one are skipped. */
export function heapReportsOf(output: string): HeapReport[] {
  const reports: HeapReport[] = [];
  for (const line of output.split("\n")) {
    if (!line.startsWith(MEMORY_REPORT_PREFIX)) continue;
    try {
      const value = JSON.parse(line.slice(MEMORY_REPORT_PREFIX.length)) as Partial<HeapReport>;
      const { heapUsed, heapTotal, external } = value;
      if ([heapUsed, heapTotal, external].every((n) => typeof n === "number" && Number.isFinite(n)))
        reports.push({ heapUsed, heapTotal, external } as HeapReport);
    } catch {
      // a line cut off by the pipe: the next report counts
    }
  }
  return reports;
}

/** One start of the server: a reading per stage. */
export type MemoryRun = Record<MemoryStage, MemoryReading>;

export interface MemoryFigures {
  stage: MemoryStage;
  rss: Spread;
  peak: Spread;
  heapUsed: Spread;
  heapTotal: Spread;
  external: Spread;
}

export function summarizeMemory(runs: MemoryRun[]): MemoryFigures[] {
  const of = (stage: MemoryStage, field: keyof MemoryReading) =>
    spreadOf(runs.map((run) => run[stage][field] / MiB));
  return MEMORY_STAGES.map((stage) => ({
    stage,
    rss: of(stage, "rss"),
    peak: of(stage, "peak"),
    heapUsed: of(stage, "heapUsed"),
    heapTotal: of(stage, "heapTotal"),
    external: of(stage, "external"),
  }));
}

const mib = (value: number) => `${Math.round(value)}`;

export function memoryTable(figures: MemoryFigures[]): string[] {
  return formatTable(
    ["", "RSS MiB", "Budget", "Spitze MiB", "Heap benutzt", "Heap reserviert", "extern"],
    figures.map((row) => [
      STAGE_LABELS[row.stage],
      showSpread(row.rss, mib),
      `≤ ${MEMORY_BUDGETS_MIB[row.stage]}`,
      showSpread(row.peak, mib),
      showSpread(row.heapUsed, mib),
      showSpread(row.heapTotal, mib),
      showSpread(row.external, mib),
    ]),
  );
}

/** The budgets of `--check`, on the medians of resident memory: one line per stage. */
export function memoryBudgets(figures: MemoryFigures[]): Array<{ text: string; holds: boolean }> {
  return figures.map((row) => {
    const budget = MEMORY_BUDGETS_MIB[row.stage];
    return {
      text: `Speicher ${STAGE_LABELS[row.stage]}: RSS ${mib(row.rss.median)} MiB (≤ ${budget} MiB)`,
      holds: row.rss.median <= budget,
    };
  });
}

/**
 * Reads resident memory (in bytes) until it has settled — moved less than 1 MiB over two seconds, at
 * most 20 s: the answers in flight are done, the collector has had its turn — and returns the last
 * reading. The bench reads its server's /proc, the container drill the container's.
 */
export async function settledResident(read: () => number | Promise<number>): Promise<number> {
  let last = await read();
  for (let round = 0; round < 10; round += 1) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const now = await read();
    if (Math.abs(now - last) < MiB) return now;
    last = now;
  }
  return last;
}
