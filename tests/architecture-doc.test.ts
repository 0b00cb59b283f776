import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** docs/ARCHITECTURE.md is the map of the house: every path it names must be there (decision 0030). */
const root = path.resolve(import.meta.dirname, "..");
/** Up to its worked example ('Adding a feature'), whose files are what a newcomer would add. */
const map =
  fs.readFileSync(path.join(root, "docs/ARCHITECTURE.md"), "utf8").split("\n## Adding a feature")[0] ?? "";

/** Code spans that name a file or folder of the repository; placeholders like `<name>` are patterns, not paths. */
const named = [...map.matchAll(/`([^`\s]+)`/g)]
  .map((match) => match[1] ?? "")
  .filter((span) => /^(app|db|server|scripts|tests|docs|public|design)\//.test(span) && !/[<>*]/.test(span))
  .map((span) => span.replace(/\/$/, ""));

describe("docs/ARCHITECTURE.md", () => {
  it("names the layers' folders and the files a request passes", () => {
    expect(named.length).toBeGreaterThan(40);
  });

  it.each([...new Set(named)])("names %s, which exists", (span) => {
    expect(fs.existsSync(path.join(root, span))).toBe(true);
  });
});
