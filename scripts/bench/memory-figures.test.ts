import { describe, expect, it } from "vitest";
import {
  heapReportsOf,
  MEMORY_REPORT_PREFIX,
  memoryBudgets,
  residentOf,
  summarizeMemory,
  type MemoryReading,
  type MemoryRun,
} from "./memory-figures.ts";

const MiB = 1024 * 1024;
const reading = (rssMiB: number): MemoryReading => ({
  rss: rssMiB * MiB,
  peak: (rssMiB + 100) * MiB,
  heapUsed: 30 * MiB,
  heapTotal: 40 * MiB,
  external: 10 * MiB,
});
const run = (idle: number, signIns: number, load: number): MemoryRun => ({
  idle: reading(idle),
  signIns: reading(signIns),
  load: reading(load),
});

describe("the memory bench's figures", () => {
  it("reads VmRSS and VmHWM from /proc/<pid>/status, in bytes", () => {
    const status =
      "Name:\tnode\nVmPeak:\t 1000 kB\nVmHWM:\t  256616 kB\nVmRSS:\t  133412 kB\nRssAnon:\t 61576 kB\n";
    expect(residentOf(status)).toEqual({ rss: 133412 * 1024, peak: 256616 * 1024 });
    expect(residentOf("Name:\tnode\nVmRSS:\t 10 kB\n")).toBeUndefined();
  });

  it("finds the server's heap reports among its other lines, skipping broken ones", () => {
    const output = [
      "Tavola läuft auf http://localhost:3000 (Datenbank: /tmp/x)",
      `${MEMORY_REPORT_PREFIX}{"rss":1,"heapUsed":2,"heapTotal":3,"external":4,"arrayBuffers":5}`,
      `${MEMORY_REPORT_PREFIX}{"heapUsed":2,`,
      `${MEMORY_REPORT_PREFIX}{"heapUsed":"viel","heapTotal":3,"external":4}`,
      `{"level":"warn","msg":"${MEMORY_REPORT_PREFIX}"}`,
      `${MEMORY_REPORT_PREFIX}{"heapUsed":6,"heapTotal":7,"external":8}`,
    ].join("\n");
    expect(heapReportsOf(output)).toEqual([
      { heapUsed: 2, heapTotal: 3, external: 4 },
      { heapUsed: 6, heapTotal: 7, external: 8 },
    ]);
  });

  it("checks the medians of resident memory: 120 MiB at rest, 200 MiB after sign-ins and load", () => {
    const within = memoryBudgets(
      summarizeMemory([run(110, 150, 190), run(120, 200, 200), run(300, 400, 500)]),
    );
    expect(within.map((line) => line.holds)).toEqual([true, true, true]);
    expect(within[0]?.text).toBe("Speicher Ruhe nach dem Start: RSS 120 MiB (≤ 120 MiB)");

    const over = memoryBudgets(summarizeMemory([run(121, 150, 190), run(125, 201, 150), run(90, 205, 150)]));
    expect(over.map((line) => line.holds)).toEqual([false, false, true]);
  });

  it("summarizes each stage as median, smallest and largest, in MiB", () => {
    const [idle] = summarizeMemory([run(130, 0, 0), run(110, 0, 0), run(120, 0, 0)]);
    expect(idle?.rss).toEqual({ median: 120, min: 110, max: 130 });
    expect(idle?.peak.median).toBe(220);
  });
});
