import { describe, expect, it } from "vitest";
import { flakyTests, type PlaywrightReport } from "./support/playwright-report.ts";

// The shape of Playwright's JSON report: a suite per file, describe blocks as nested suites, a spec
// per test with one entry per project, each with its tries.
const report: PlaywrightReport = {
  stats: { expected: 2, unexpected: 1, flaky: 2 },
  suites: [
    {
      title: "auth.spec.ts",
      file: "auth.spec.ts",
      specs: [
        { title: "steady", file: "auth.spec.ts", line: 10, tests: [{ results: [{ status: "passed" }] }] },
        {
          title: "broken",
          file: "auth.spec.ts",
          line: 20,
          tests: [{ results: [{ status: "failed" }, { status: "failed" }] }],
        },
      ],
      suites: [
        {
          title: "Anmeldung",
          file: "auth.spec.ts",
          specs: [
            {
              title: "falsche Zugangsdaten",
              file: "auth.spec.ts",
              line: 42,
              tests: [{ results: [{ status: "failed" }, { status: "passed" }] }],
            },
          ],
        },
      ],
    },
    {
      title: "home.spec.ts",
      file: "home.spec.ts",
      specs: [
        {
          title: "Speisekarte-Dialog",
          file: "home.spec.ts",
          line: 7,
          tests: [{ results: [{ status: "timedOut" }, { status: "passed" }] }],
        },
        { title: "skipped", file: "home.spec.ts", line: 9, tests: [{ results: [{ status: "skipped" }] }] },
      ],
    },
  ],
};

describe("flakyTests", () => {
  it("names the tests that failed or ran out of time before they passed, with file, line and describe", () => {
    expect(flakyTests(report)).toEqual([
      "auth.spec.ts:42 › Anmeldung › falsche Zugangsdaten",
      "home.spec.ts:7 › Speisekarte-Dialog",
    ]);
  });

  it("names none without a report or without retries", () => {
    expect(flakyTests(undefined)).toEqual([]);
    expect(flakyTests({ suites: [] })).toEqual([]);
  });
});
