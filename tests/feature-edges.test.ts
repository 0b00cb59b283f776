import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { featureEdges, type FeatureEdges } from "../app/features/feature-edges.ts";

/**
 * The declared edges between features (decision 0047): complete, pointing at features that exist,
 * without a cycle, and the same as on the map (docs/ARCHITECTURE.md). The lint rule that refuses an
 * undeclared edge is proved in tests/layering.test.ts.
 */
const root = path.resolve(import.meta.dirname, "..");
const featuresDir = path.join(root, "app/features");
const foldersIn = (dir: string) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
/** The area split into parts, each a feature `area/part` (decision 0051). */
const areas = ["reservations"];
const features = foldersIn(featuresDir)
  .flatMap((folder) =>
    areas.includes(folder)
      ? foldersIn(path.join(featuresDir, folder)).map((part) => `${folder}/${part}`)
      : [folder],
  )
  .sort();
const edges: FeatureEdges = featureEdges;
const declared = Object.entries(edges).flatMap(([from, tos]) => tos.map((to) => `${from} → ${to}`));

/** A cycle in the graph as `a → b → a`, or undefined. */
function cycleIn(graph: FeatureEdges): string | undefined {
  const state = new Map<string, "open" | "done">();
  const visit = (node: string, trail: string[]): string | undefined => {
    if (state.get(node) === "done") return undefined;
    if (state.get(node) === "open") return [...trail.slice(trail.indexOf(node)), node].join(" → ");
    state.set(node, "open");
    for (const next of graph[node] ?? []) {
      const cycle = visit(next, [...trail, node]);
      if (cycle) return cycle;
    }
    state.set(node, "done");
    return undefined;
  };
  for (const node of Object.keys(graph)) {
    const cycle = visit(node, []);
    if (cycle) return cycle;
  }
  return undefined;
}

describe("the features' declared edges", () => {
  it("list every feature folder, and only those", () => {
    expect(Object.keys(edges).sort()).toEqual(features);
  });

  it("point at features, never at the feature itself", () => {
    for (const [from, tos] of Object.entries(edges)) {
      for (const to of tos) {
        expect(features, `${from} → ${to}`).toContain(to);
        expect(to, `${from} → ${to}`).not.toBe(from);
      }
    }
  });

  it("are each taken by an import: the map names no edge the code does not use", () => {
    const used = new Set<string>();
    const featureOf = (file: string) => {
      const relative = path.relative(featuresDir, file).split(path.sep);
      const [first = "", second = ""] = relative;
      return areas.includes(first) ? `${first}/${second}` : first;
    };
    const sources = fs
      .readdirSync(featuresDir, { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => path.join(featuresDir, file));
    for (const file of sources) {
      const from = featureOf(file);
      for (const match of fs.readFileSync(file, "utf8").matchAll(/(?:from|import\()\s*"(\.[^"]+)"/g)) {
        const target = path.resolve(path.dirname(file), match[1] ?? "");
        if (!target.startsWith(featuresDir + path.sep)) continue;
        const to = featureOf(target);
        if (to !== from) used.add(`${from} → ${to}`);
      }
    }
    expect([...used].sort()).toEqual([...declared].sort());
  });

  it("form no cycle", () => {
    expect(cycleIn(edges)).toBeUndefined();
    expect(cycleIn({ a: ["b"], b: ["c"], c: ["a"] })).toBe("a → b → c → a");
  });

  it("leave no file in an area's own folder: everything is in a part", () => {
    for (const area of areas) {
      const loose = fs
        .readdirSync(path.join(featuresDir, area), { withFileTypes: true })
        .filter((entry) => !entry.isDirectory());
      expect(loose.map((entry) => entry.name)).toEqual([]);
    }
  });

  it("name each file once in its folder: no two files share a stem, but for a file's own test", () => {
    const stemOf = (name: string) => name.replace(/(\.test)?(\.server)?\.tsx?$/, "");
    const shared: string[] = [];
    for (const folder of fs.readdirSync(featuresDir, { recursive: true, encoding: "utf8" })) {
      const dir = path.join(featuresDir, folder);
      if (!fs.statSync(dir).isDirectory()) continue;
      const sources = fs
        .readdirSync(dir)
        .filter(
          (name) =>
            /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !/^index(\.server)?\.ts$/.test(name),
        );
      const seen = new Map<string, string>();
      for (const name of sources) {
        const first = seen.get(stemOf(name));
        if (first) shared.push(`${folder}: ${first}, ${name}`);
        seen.set(stemOf(name), name);
      }
    }
    expect(shared).toEqual([]);
  });

  it.each(features)("give %s a front door", (feature) => {
    const doors = ["index.ts", "index.server.ts"].filter((door) =>
      fs.existsSync(path.join(featuresDir, feature, door)),
    );
    expect(doors.length).toBeGreaterThan(0);
  });

  it("give the server's doors to plain Node: the scripts load them without a bundler", () => {
    const doors = features
      .map((feature) => path.join(featuresDir, feature, "index.server.ts"))
      .filter((door) => fs.existsSync(door));
    const script = `for (const door of ${JSON.stringify(doors)}) await import(door);`;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });

  it("are the ones docs/ARCHITECTURE.md names, with every feature", () => {
    const map = fs.readFileSync(path.join(root, "docs/ARCHITECTURE.md"), "utf8");
    const section = /## Features and their edges\n([\s\S]*?)\n## /.exec(map)?.[1] ?? "";
    const named = [...section.matchAll(/`([a-z/-]+) → ([a-z/-]+)`/g)].map(
      (match) => `${match[1]} → ${match[2]}`,
    );
    expect(named.sort()).toEqual([...declared].sort());
    for (const feature of features) expect(section).toContain(`\`${feature}\``);
  });
});
