import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * One owner per table (decision 0051): in the product's code — the application, the server, the
 * database layer and the command-line tools — only the reservations area names the `reservations`
 * table, only the outbox (`app/common/mail/`) names `mail_outbox`, and only 'Tischplan'
 * (`reservations/tables`, decision 0052) names the floor plan's tables. Others ask them through their
 * front doors. Tests, drills and benchmarks may read the tables to check what the product did; the
 * migrations create them, and the backup copies every table by name.
 */
const root = path.resolve(import.meta.dirname, "..");

const owners = {
  reservations: "app/features/reservations/",
  mail_outbox: "app/common/mail/",
  floor_areas: "app/features/reservations/tables/",
  floor_area_closures: "app/features/reservations/tables/",
  dining_tables: "app/features/reservations/tables/",
  table_combinations: "app/features/reservations/tables/",
  table_combination_members: "app/features/reservations/tables/",
  table_assignments: "app/features/reservations/tables/",
} as const;

/** A query builder step that names the table: Kysely's `selectFrom("…")`, `insertInto("…")`, …. */
const namingPattern = (table: string) =>
  new RegExp(
    String.raw`\b(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*["']${table}["']|["']${table}\.`,
  );

const productFiles = execFileSync("git", ["ls-files", "app", "server", "db", "scripts/cli"], {
  cwd: root,
  encoding: "utf8",
})
  .split("\n")
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
  .filter((file) => !file.startsWith("db/migrations/"))
  .filter((file) => fs.existsSync(path.join(root, file)));

/** Where `table` is named outside `owner`. */
function namedOutside(table: string, owner: string, files: readonly string[]): string[] {
  const pattern = namingPattern(table);
  return files.filter(
    (file) => !file.startsWith(owner) && pattern.test(fs.readFileSync(path.join(root, file), "utf8")),
  );
}

describe("tables with one owner", () => {
  it("finds a query that names a table outside its owner", () => {
    const probe = path.join(root, ".tmp", "table-owner-probe.ts");
    fs.mkdirSync(path.dirname(probe), { recursive: true });
    fs.writeFileSync(probe, 'export const probe = (db) => db.selectFrom("reservations").selectAll();\n');
    try {
      expect(namedOutside("reservations", owners.reservations, [".tmp/table-owner-probe.ts"])).toEqual([
        ".tmp/table-owner-probe.ts",
      ]);
    } finally {
      fs.rmSync(probe, { force: true });
    }
  });

  it.each(Object.entries(owners))("%s is read and written only by %s", (table, owner) => {
    expect(productFiles.length).toBeGreaterThan(200);
    expect(namedOutside(table, owner, productFiles)).toEqual([]);
  });
});
