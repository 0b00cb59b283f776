import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * No import cycle between files (decisions 0012 and 0047): a cycle makes the order modules run in
 * depend on which is loaded first, and it hides that two files are one piece. Every relative import
 * counts — static, type-only, re-export and `import()` — in the application, the server, the
 * scripts, the database code, the lint rules and the tests.
 */
const root = path.resolve(import.meta.dirname, "..");
const folders = ["app", "server", "scripts", "db", "lint", "tests"];
const skipped = new Set(["node_modules", "build", ".react-router", "test-results"]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const importPattern = /(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;

type ImportGraph = ReadonlyMap<string, readonly string[]>;

function importGraph(files: readonly string[]): ImportGraph {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const targets = [...fs.readFileSync(file, "utf8").matchAll(importPattern)]
        .map((match) => path.resolve(path.dirname(file), match[1] ?? ""))
        .filter((target) => known.has(target));
      return [file, targets];
    }),
  );
}

/** The groups of files that import each other round (Tarjan's strongly connected components). */
function cyclesIn(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe("imports between files", () => {
  it("find a cycle where there is one", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
      ["e", ["e"]],
    ]);
    expect(cyclesIn(graph)).toEqual([["a", "b", "c"], ["e"]]);
  });

  it("form no cycle anywhere in the repository", () => {
    const files = folders.flatMap((folder) => sourceFiles(path.join(root, folder)));
    expect(files.length).toBeGreaterThan(300);
    const cycles = cyclesIn(importGraph(files)).map((group) =>
      group.map((file) => path.relative(root, file)),
    );
    expect(cycles).toEqual([]);
  });
});
