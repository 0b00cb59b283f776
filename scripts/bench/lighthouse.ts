import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * Lighthouse (mobile preset) with the system Chromium for `npm run bench`: one run of one page, and
 * the figures the bench reports of it. Downloads nothing.
 */
const root = path.resolve(import.meta.dirname, "..", "..");

export const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** Headless, and quiet: no sign-in, sync, component updates or other calls home from the browser. */
const chromeFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-default-apps",
];

/** The parts of a Lighthouse result this script reads. */
interface LighthouseResult {
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  categories: Record<"performance" | "accessibility" | "best-practices" | "seo", { score: number | null }>;
  audits: Record<
    string,
    {
      score: number | null;
      numericValue?: number;
      title: string;
      details?: { items?: Array<Record<string, unknown>> };
    }
  >;
}

function runLighthouseOnce(url: string, reportFile: string): LighthouseResult {
  fs.rmSync(reportFile, { force: true });
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, "node_modules", "lighthouse", "cli", "index.js"),
      url,
      "--output=json",
      `--output-path=${reportFile}`,
      `--chrome-flags=${chromeFlags.join(" ")}`,
      "--quiet",
    ],
    { cwd: root, env: { ...process.env, CHROME_PATH: chromePath }, encoding: "utf8" },
  );
  if (result.status !== 0 || !fs.existsSync(reportFile)) {
    throw new Error(`Lighthouse scheiterte an ${url}:\n${result.stderr}`);
  }
  const report = JSON.parse(fs.readFileSync(reportFile, "utf8")) as LighthouseResult;
  if (report.runtimeError) throw new Error(`Lighthouse: ${report.runtimeError.message}`);
  return report;
}

/** Chromium's trace recording fails now and then (NO_NAVSTART); such a run is repeated, not counted. */
export function runLighthouse(url: string, reportFile: string, attempts = 3): LighthouseResult {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return runLighthouseOnce(url, reportFile);
    } catch (error) {
      if (attempt >= attempts) throw error;
      process.stdout.write(
        `  (Lauf wiederholt: ${error instanceof Error ? error.message.split("\n")[0] : String(error)})\n`,
      );
    }
  }
}

export interface RunFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  totalBytes: number;
  scriptBytes: number;
  requests: number;
  otherHosts: string[];
  failedAudits: string[];
}

export function figuresOf(report: LighthouseResult, origin: string): RunFigures {
  const score = (category: keyof LighthouseResult["categories"]) =>
    Math.round((report.categories[category].score ?? 0) * 100);
  const numeric = (audit: string) => report.audits[audit]?.numericValue ?? Number.NaN;
  const requests = (report.audits["network-requests"]?.details?.items ?? []) as Array<{
    url: string;
    resourceType?: string;
    transferSize?: number;
  }>;
  const host = new URL(origin).host;
  const otherHosts = requests
    .map((request) => request.url)
    .filter((url) => /^https?:/.test(url) && new URL(url).host !== host);
  const failedAudits = Object.entries(report.audits)
    .filter(([, audit]) => audit.score !== null && audit.score < 0.9 && audit.numericValue === undefined)
    .map(([id]) => id);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcp: numeric("first-contentful-paint"),
    lcp: numeric("largest-contentful-paint"),
    tbt: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    totalBytes: numeric("total-byte-weight"),
    scriptBytes: requests
      .filter((request) => request.resourceType === "Script")
      .reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
    requests: requests.length,
    otherHosts,
    failedAudits,
  };
}

export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const milliseconds = (value: number) => `${Math.round(value)} ms`;

/** Rows of the summary: label, target, how to show a value, and whether the median meets the target. */
export const columns: Array<{
  label: string;
  target: string;
  value: (figures: RunFigures) => number;
  show: (value: number) => string;
  meets?: (value: number) => boolean;
}> = [
  {
    label: "Performance",
    // 98 on every measured page (decision 0008).
    target: "≥ 98",
    value: (f) => f.performance,
    show: String,
    meets: (v) => v >= 98,
  },
  {
    label: "Accessibility",
    target: "100",
    value: (f) => f.accessibility,
    show: String,
    meets: (v) => v === 100,
  },
  {
    label: "Best practices",
    target: "100",
    value: (f) => f.bestPractices,
    show: String,
    meets: (v) => v === 100,
  },
  { label: "SEO", target: "100", value: (f) => f.seo, show: String, meets: (v) => v === 100 },
  { label: "First Contentful Paint", target: "", value: (f) => f.fcp, show: milliseconds },
  { label: "Largest Contentful Paint", target: "", value: (f) => f.lcp, show: milliseconds },
  { label: "Total Blocking Time", target: "", value: (f) => f.tbt, show: milliseconds },
  {
    label: "Cumulative Layout Shift",
    target: "≤ 0.02",
    value: (f) => f.cls,
    show: (v) => v.toFixed(3),
    meets: (v) => v <= 0.02,
  },
  { label: "Transfer size (total)", target: "", value: (f) => f.totalBytes, show: kilobytes },
  { label: "Transfer size (JavaScript)", target: "", value: (f) => f.scriptBytes, show: kilobytes },
  { label: "Requests", target: "", value: (f) => f.requests, show: String },
];
