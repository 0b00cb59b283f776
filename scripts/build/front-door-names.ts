import fs from "node:fs";
import path from "node:path";

/**
 * Which names an import takes through a feature's front door (`app/features/<name>/index.ts`,
 * decision 0047), read from the source files. The bundler's module graph knows that a page imports
 * the door and that the door re-exports every component of the feature, but not which of them the
 * page uses; the guests' chunks (vite.config.ts) must follow only those.
 */

/** A feature's door, or a part's in a split area (`app/features/reservations/book/index.ts`). */
export const frontDoor = /[\\/]app[\\/]features[\\/](?:[^\\/]+[\\/])+index\.ts$/;

const withoutQuery = (id: string) => id.split("?")[0] ?? id;

/**
 * `{ a, type B, c as d }` → the value names as the other module knows them: an import takes a and c
 * of its source; an export-from gives a and d to its importers.
 */
function valueNames(list: string, side: "import" | "export"): string[] {
  return list
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "" && !part.startsWith("type "))
    .map((part) => {
      const [own, alias] = part.split(/\s+as\s+/);
      return ((side === "export" ? (alias ?? own) : own) ?? part).trim();
    });
}

/** Named value imports and re-exports of a file, by the absolute path they come from. */
function namedImportsOf(file: string): Map<string, Set<string>> {
  const source = fs.readFileSync(file, "utf8");
  const imports = new Map<string, Set<string>>();
  for (const match of source.matchAll(/\b(import|export)\s+(type\s+)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    const [, side, typeOnly, list = "", specifier = ""] = match;
    if (typeOnly || !specifier.startsWith(".")) continue;
    const from = path.resolve(path.dirname(file), specifier);
    const names = imports.get(from) ?? new Set<string>();
    for (const name of valueNames(list, side === "export" ? "export" : "import")) names.add(name);
    imports.set(from, names);
  }
  return imports;
}

/** Reads each file once per build. */
export function createFrontDoorNames() {
  const read = new Map<string, Map<string, Set<string>>>();
  const importsOf = (id: string) => {
    const file = withoutQuery(id);
    let imports = read.get(file);
    if (!imports) {
      imports = fs.existsSync(file) ? namedImportsOf(file) : new Map<string, Set<string>>();
      read.set(file, imports);
    }
    return imports;
  };
  return {
    /** The names `door` re-exports from `module`. */
    reExported: (door: string, module: string) => importsOf(door).get(withoutQuery(module)) ?? new Set<string>(),
    /** The names `importer` takes from `door`. */
    taken: (importer: string, door: string) => importsOf(importer).get(withoutQuery(door)) ?? new Set<string>(),
  };
}
