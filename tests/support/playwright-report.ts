/**
 * The parts of Playwright's JSON report (`--reporter=json`) that `npm test` reads: the counts, and
 * which tests passed only on a retry.
 */
interface ReportResult {
  status?: string;
}
interface ReportTest {
  results?: ReportResult[];
}
interface ReportSpec {
  title?: string;
  file?: string;
  line?: number;
  tests?: ReportTest[];
}
interface ReportSuite {
  title?: string;
  file?: string;
  specs?: ReportSpec[];
  suites?: ReportSuite[];
}
export interface PlaywrightReport {
  stats?: { expected?: number; unexpected?: number; flaky?: number };
  suites?: ReportSuite[];
}

/**
 * `file:line › describe › title` of every test whose tries include a failure (or a time-out, or a
 * crash) before a pass: it passed only because it was retried.
 */
export function flakyTests(report: PlaywrightReport | undefined): string[] {
  const names: string[] = [];
  const visit = (suite: ReportSuite, path: string[]) => {
    // The top suites are the files; their title is the file name, which the location gives already.
    const titles =
      suite.file !== undefined && suite.title === suite.file ? path : [...path, suite.title ?? ""];
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const statuses = (test.results ?? []).map((result) => result.status);
        const passedAt = statuses.lastIndexOf("passed");
        const failedBefore = statuses
          .slice(0, Math.max(passedAt, 0))
          .some((status) => status !== "passed" && status !== "skipped");
        if (passedAt > 0 && failedBefore) {
          const where = `${spec.file ?? suite.file ?? "?"}:${spec.line ?? 0}`;
          names.push([where, ...titles.filter(Boolean), spec.title ?? ""].join(" › "));
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child, titles);
  };
  for (const suite of report?.suites ?? []) visit(suite, []);
  return names;
}
