import fs from "node:fs";
import { sql } from "kysely";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../tests/support/test-databases.ts";
import type { DatabaseHandle } from "./database.server.ts";
import type { Dialect } from "./dialect.ts";

/**
 * db/database.types.ts is written by hand. This test holds it to the schema the migrations build, on
 * SQLite and on PostgreSQL (issue 36): every table and column, the kind of value the application
 * reads from each, whether it may be null, and that a column Kysely lets an insert leave out
 * (`Generated`, a `ColumnType` whose insert type allows `undefined`) has a default. A migration whose
 * types were forgotten, or types that no longer say what a migration made, fail here.
 */

/**
 * What the application reads from a column (decision 0003). Timestamps and calendar dates are strings
 * in JavaScript, but the types name them (`Timestamp`, `CalendarDate`), and PostgreSQL stores them as
 * `timestamptz` and `date`: a column declared as one of them must be that on PostgreSQL, and a
 * `timestamptz` or `date` column must be declared as one of them.
 */
type Family = "string" | "number" | "bigint" | "boolean" | "Timestamp" | "CalendarDate" | "JSON" | "Date";

/** The aliases of database.types.ts that say more than `string`. */
const NAMED_STRINGS: Record<string, Family> = { Timestamp: "Timestamp", CalendarDate: "CalendarDate" };

interface DeclaredColumn {
  /** The type as written, for the messages. */
  text: string;
  /** What its select type reads as: one family, or the column is declared as two things at once. */
  families: Family[];
  nullable: boolean;
  /** `Generated<…>`, or a `ColumnType` whose insert type allows `undefined`: inserts may leave it out. */
  optionalOnInsert: boolean;
}

type DeclaredSchema = Record<string, { interfaceName: string; columns: Record<string, DeclaredColumn> }>;

/**
 * Reads the `Database` interface with TypeScript's parser: each table's row interface, each column's
 * type through the file's own aliases and Kysely's `Generated`/`ColumnType`. Whatever it does not
 * understand (a type from elsewhere, `extends`, an optional property) throws rather than passes.
 */
function readDeclaredSchema(source: string): DeclaredSchema {
  const file = ts.createSourceFile("database.types.ts", source, ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  const aliases = new Map<string, ts.TypeAliasDeclaration>();
  for (const statement of file.statements) {
    if (ts.isInterfaceDeclaration(statement)) interfaces.set(statement.name.text, statement);
    if (ts.isTypeAliasDeclaration(statement)) aliases.set(statement.name.text, statement);
  }
  const fail = (where: string, node: ts.Node, why: string): never => {
    throw new Error(`db/database.types.ts, ${where}: ${why} (\`${node.getText(file)}\`)`);
  };
  const nameOf = (where: string, member: ts.TypeElement): string =>
    member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name))
      ? member.name.text
      : fail(where, member, "a member the test cannot name");
  const properties = (where: string, declaration: ts.InterfaceDeclaration) => {
    if (declaration.heritageClauses || declaration.typeParameters) {
      fail(where, declaration.name, "an interface that extends another or takes parameters");
    }
    return declaration.members.map((member) => {
      const name = nameOf(where, member);
      if (!ts.isPropertySignature(member) || !member.type)
        return fail(`${where}.${name}`, member, "not a column");
      if (member.questionToken) fail(`${where}.${name}`, member, "an optional property: use `| null`");
      return { name, type: member.type };
    });
  };
  const localAlias = (where: string, node: ts.TypeReferenceNode, seen: Set<string>) => {
    const name = node.typeName.getText(file);
    const alias = aliases.get(name);
    if (!alias || node.typeArguments || alias.typeParameters) return undefined;
    if (seen.has(name)) fail(where, node, "a type alias that refers to itself");
    return { type: alias.type, seen: new Set([...seen, name]) };
  };

  interface Value {
    families: Set<Family>;
    nullable: boolean;
    undefined: boolean;
  }
  const value = (where: string, node: ts.TypeNode, seen = new Set<string>()): Value => {
    const of = (...families: Family[]): Value => ({
      families: new Set(families),
      nullable: false,
      undefined: false,
    });
    if (ts.isParenthesizedTypeNode(node)) return value(where, node.type, seen);
    if (ts.isUnionTypeNode(node)) {
      const members = node.types.map((member) => value(where, member, seen));
      return {
        families: new Set(members.flatMap((member) => [...member.families])),
        nullable: members.some((member) => member.nullable),
        undefined: members.some((member) => member.undefined),
      };
    }
    if (node.kind === ts.SyntaxKind.StringKeyword) return of("string");
    if (node.kind === ts.SyntaxKind.NumberKeyword) return of("number");
    if (node.kind === ts.SyntaxKind.BigIntKeyword) return of("bigint");
    if (node.kind === ts.SyntaxKind.BooleanKeyword) return of("boolean");
    if (node.kind === ts.SyntaxKind.UndefinedKeyword) return { ...of(), undefined: true };
    if (ts.isLiteralTypeNode(node)) {
      const { literal } = node;
      if (literal.kind === ts.SyntaxKind.NullKeyword) return { ...of(), nullable: true };
      if (ts.isStringLiteral(literal) || ts.isNoSubstitutionTemplateLiteral(literal)) return of("string");
      if (ts.isNumericLiteral(literal) || ts.isPrefixUnaryExpression(literal)) return of("number");
      if (ts.isBigIntLiteral(literal)) return of("bigint");
      if (literal.kind === ts.SyntaxKind.TrueKeyword || literal.kind === ts.SyntaxKind.FalseKeyword) {
        return of("boolean");
      }
    }
    // An object or array: a value the driver would have to parse, which no column of ours reads as.
    if (ts.isTypeLiteralNode(node) || ts.isArrayTypeNode(node) || ts.isTupleTypeNode(node)) return of("JSON");
    if (ts.isTypeReferenceNode(node)) {
      const name = node.typeName.getText(file);
      const named = NAMED_STRINGS[name];
      if (named) {
        if (aliases.get(name)?.type.kind !== ts.SyntaxKind.StringKeyword) {
          fail(where, node, `${name} is no longer \`type ${name} = string\``);
        }
        return of(named);
      }
      if (name === "Date" && !aliases.has(name)) return of("Date");
      if (["Generated", "GeneratedAlways", "ColumnType"].includes(name)) {
        fail(where, node, `${name} inside another type: Kysely reads it only as the column's whole type`);
      }
      const alias = localAlias(where, node, seen);
      if (alias) return value(where, alias.type, alias.seen);
    }
    return fail(where, node, "a type the test does not know: declare it in the file, or teach the test");
  };

  /** Kysely's wrappers: the select type is what a column reads as, the insert type whether it may be left out. */
  const column = (where: string, node: ts.TypeNode, seen = new Set<string>()) => {
    if (ts.isParenthesizedTypeNode(node)) return column(where, node.type, seen);
    if (ts.isTypeReferenceNode(node)) {
      const name = node.typeName.getText(file);
      const [select, insert, , ...more] = node.typeArguments ?? [];
      if (name === "Generated" || name === "GeneratedAlways") {
        if (!select || insert) fail(where, node, `${name} takes one type`);
        return { select: select as ts.TypeNode, optionalOnInsert: true };
      }
      if (name === "ColumnType") {
        if (!select || more.length > 0) fail(where, node, "ColumnType takes one to three types");
        return {
          select: select as ts.TypeNode,
          optionalOnInsert: value(where, insert ?? (select as ts.TypeNode)).undefined,
        };
      }
      const alias = NAMED_STRINGS[name] ? undefined : localAlias(where, node, seen);
      if (alias) return column(where, alias.type, alias.seen);
    }
    return { select: node, optionalOnInsert: false };
  };

  const database = interfaces.get("Database");
  if (!database) throw new Error("db/database.types.ts declares no `interface Database`");
  const schema: DeclaredSchema = {};
  for (const table of properties("Database", database)) {
    const reference = table.type;
    const row = ts.isTypeReferenceNode(reference)
      ? interfaces.get(reference.typeName.getText(file))
      : undefined;
    if (!row) return fail(`Database.${table.name}`, reference, "not an interface of this file");
    const columns: Record<string, DeclaredColumn> = {};
    for (const property of properties(row.name.text, row)) {
      const where = `${row.name.text}.${property.name}`;
      const { select, optionalOnInsert } = column(where, property.type);
      const read = value(where, select);
      columns[property.name] = {
        text: property.type.getText(file),
        families: [...read.families].sort(),
        nullable: read.nullable,
        optionalOnInsert,
      };
    }
    schema[table.name] = { interfaceName: row.name.text, columns };
  }
  return schema;
}

interface ActualColumn {
  sqlType: string;
  /** The declared families that fit what the driver reads from it; none: a type the data model does not use. */
  fits: Family[];
  nullable: boolean;
  /** A default, an identity, or SQLite's rowid: an insert may leave it out. */
  hasDefault: boolean;
}

type ActualSchema = Record<string, Record<string, ActualColumn>>;

/** Kysely's migrator's own tables, in no type of the application. */
const MIGRATOR_TABLES = new Set(["kysely_migration", "kysely_migration_lock"]);

/**
 * SQLite's column affinity, by its rules and in their order (sqlite.org/datatype3.html, 3.1).
 * node:sqlite reads integers as numbers; timestamps and calendar dates are text (decision 0003).
 */
function sqliteFits(type: string): Family[] {
  const upper = type.toUpperCase();
  if (upper.includes("INT")) return ["number"];
  if (/CHAR|CLOB|TEXT/.test(upper)) return ["string", "Timestamp", "CalendarDate"];
  // BLOB and NUMERIC affinity (REAL too): nothing the data model stores.
  return [];
}

/**
 * PostgreSQL's types as db/database.server.ts's parsers hand them to the application (decision
 * 0003). Not listed, and so fitting no declared type: `numeric` (money is integer cents), `timestamp`
 * without time zone (timestamps are `timestamptz`), `boolean` (flags are 0/1 integers, as node:sqlite
 * binds no booleans), `json`/`jsonb` (JSON is stored as text). A migration that starts using one adds
 * it here with the parser that reads it.
 */
const POSTGRES_FITS: Record<string, Family[]> = {
  smallint: ["number"],
  integer: ["number"],
  // int8, parsed into a number.
  bigint: ["number"],
  text: ["string"],
  "character varying": ["string"],
  character: ["string"],
  // 'YYYY-MM-DD', as it is stored.
  date: ["CalendarDate"],
  // An ISO 8601 string in UTC.
  "timestamp with time zone": ["Timestamp"],
};

async function readActualSchema({ db, dialect }: DatabaseHandle): Promise<ActualSchema> {
  const schema: ActualSchema = {};
  const add = (table: string, column: string, actual: ActualColumn) => {
    if (MIGRATOR_TABLES.has(table)) return;
    (schema[table] ??= {})[column] = actual;
  };
  if (dialect === "sqlite") {
    const { rows } = await sql<{
      table_name: string;
      column_name: string;
      type: string;
      not_null: number;
      default_value: string | null;
      pk: number;
      pk_columns: number;
    }>`
      select m.name as table_name, c.name as column_name, c.type, c."notnull" as not_null,
        c.dflt_value as default_value, c.pk,
        (select count(*) from pragma_table_info(m.name) k where k.pk > 0) as pk_columns
      from sqlite_master m join pragma_table_info(m.name) c
      where m.type = 'table' and m.name not like 'sqlite\\_%' escape '\\'
      order by m.name, c.cid`.execute(db);
    for (const row of rows) {
      // `integer primary key` is the rowid: never null, and numbered when left out.
      const rowid = row.pk === 1 && row.pk_columns === 1 && row.type.toUpperCase() === "INTEGER";
      add(row.table_name, row.column_name, {
        sqlType: row.type,
        fits: sqliteFits(row.type),
        // SQLite lets a primary key other than the rowid hold NULL unless it says NOT NULL (an old bug
        // it keeps, sqlite.org/lang_createtable.html); PostgreSQL does not, nor does the application.
        nullable: row.not_null === 0 && row.pk === 0,
        hasDefault: row.default_value !== null || rowid,
      });
    }
    return schema;
  }
  const { rows } = await sql<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
    is_identity: string;
  }>`
    select c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default, c.is_identity
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`.execute(db);
  for (const row of rows) {
    add(row.table_name, row.column_name, {
      sqlType: row.data_type,
      fits: POSTGRES_FITS[row.data_type] ?? [],
      nullable: row.is_nullable === "YES",
      hasDefault: row.column_default !== null || row.is_identity === "YES",
    });
  }
  return schema;
}

const ENGINE: Record<Dialect, string> = { sqlite: "SQLite", postgres: "PostgreSQL" };

/** Every difference, one sentence each, naming the table and column; none when the types hold. */
function compareSchemas(declared: DeclaredSchema, actual: ActualSchema, dialect: Dialect): string[] {
  const engine = ENGINE[dialect];
  const differences: string[] = [];
  const sorted = (...names: string[][]) => [...new Set(names.flat())].sort();
  for (const table of sorted(Object.keys(declared), Object.keys(actual))) {
    const types = declared[table];
    const columns = actual[table];
    if (!types) {
      differences.push(`${table}: a table the migrations make on ${engine}, missing from \`Database\``);
      continue;
    }
    const row = types.interfaceName;
    if (!columns) {
      differences.push(
        `${table}: in \`Database\` (${row}), but the migrations make no such table on ${engine}`,
      );
      continue;
    }
    for (const name of sorted(Object.keys(types.columns), Object.keys(columns))) {
      const type = types.columns[name];
      const column = columns[name];
      const where = `${table}.${name}`;
      if (!type) {
        differences.push(`${where}: a ${column?.sqlType} column on ${engine}, missing from ${row}`);
        continue;
      }
      if (!column) {
        differences.push(
          `${where}: declared in ${row} as \`${type.text}\`, but ${engine} has no such column`,
        );
        continue;
      }
      const on = `${engine}'s ${column.sqlType}`;
      const reads =
        column.fits.length > 0 ? `reads as ${column.fits.join(" or ")}` : "is no type of decision 0003";
      const [family, ...others] = type.families;
      if (!family) {
        differences.push(`${where}: \`${type.text}\` reads as nothing but null`);
      } else if (others.length > 0) {
        differences.push(
          `${where}: \`${type.text}\` is ${type.families.join(" or ")}; a column reads as one type (${on} ${reads})`,
        );
      } else if (!column.fits.includes(family)) {
        differences.push(`${where}: declared \`${type.text}\` (${family}), but ${on} ${reads}`);
      }
      if (type.nullable && !column.nullable) {
        differences.push(`${where}: declared \`${type.text}\`, which may be null, but ${on} is NOT NULL`);
      } else if (!type.nullable && column.nullable) {
        differences.push(`${where}: declared \`${type.text}\`, never null, but ${on} allows NULL`);
      }
      if (type.optionalOnInsert && !column.hasDefault) {
        differences.push(
          `${where}: \`${type.text}\` lets an insert leave it out, but ${on} has no default: that insert fails`,
        );
      }
    }
  }
  return differences;
}

const declaredSchema = () =>
  readDeclaredSchema(fs.readFileSync(new URL("./database.types.ts", import.meta.url), "utf8"));

describe("reading db/database.types.ts", () => {
  it("reads Kysely's wrappers, the file's aliases, named strings and null", () => {
    const source = `
      import type { ColumnType, Generated } from "kysely";
      type Timestamp = string;
      type CalendarDate = string;
      type Flag = ColumnType<number, number | undefined, number>;
      type Id = Generated<number>;
      /** A comment. */
      type Kind =
        | "a"
        /** Another. */
        | "b";
      interface ThingsTable {
        id: Id;
        kind: Kind | null;
        flag: Flag;
        day: CalendarDate;
        at: (Timestamp | null);
        fixed: ColumnType<string, string, never>;
        mixed: number | string;
        big: bigint;
      }
      export interface Database {
        things: ThingsTable;
        "other things": ThingsTable;
      }`;
    const column = (text: string, families: Family[], nullable = false, optionalOnInsert = false) => ({
      text,
      families,
      nullable,
      optionalOnInsert,
    });
    const columns = {
      id: column("Id", ["number"], false, true),
      kind: column("Kind | null", ["string"], true),
      flag: column("Flag", ["number"], false, true),
      day: column("CalendarDate", ["CalendarDate"]),
      at: column("(Timestamp | null)", ["Timestamp"], true),
      fixed: column("ColumnType<string, string, never>", ["string"]),
      mixed: column("number | string", ["number", "string"]),
      big: column("bigint", ["bigint"]),
    };
    expect(readDeclaredSchema(source)).toEqual({
      things: { interfaceName: "ThingsTable", columns },
      "other things": { interfaceName: "ThingsTable", columns },
    });
  });

  it("refuses what it cannot read rather than pass it", () => {
    const database = (row: string, head = "") =>
      `${head}\ninterface T ${row}\nexport interface Database { t: T }`;
    expect(() => readDeclaredSchema(database("{ a: Elsewhere }"))).toThrow(
      "db/database.types.ts, T.a: a type the test does not know: declare it in the file, or teach the test (`Elsewhere`)",
    );
    expect(() => readDeclaredSchema(database("{ a?: string }"))).toThrow("T.a: an optional property");
    expect(() => readDeclaredSchema(database("extends Base { a: string }"))).toThrow(
      "an interface that extends",
    );
    expect(() => readDeclaredSchema(database("{ a: Generated<number> | null }"))).toThrow(
      "Generated inside another type",
    );
    expect(() => readDeclaredSchema(database("{ a: Timestamp }", "type Timestamp = number;"))).toThrow(
      "Timestamp is no longer `type Timestamp = string`",
    );
    expect(() => readDeclaredSchema("interface Db {}")).toThrow("declares no `interface Database`");
  });
});

describe.each(testDatabases())("db/database.types.ts against the migrated schema on $dialect", (engine) => {
  let handle: DatabaseHandle | undefined;
  let actual: ActualSchema;
  beforeAll(async () => {
    handle = await engine.open();
    actual = await readActualSchema(handle);
  });
  afterAll(async () => handle?.close());

  it("declares every table and column the migrations make, with its type, nullability and default", () => {
    expect(compareSchemas(declaredSchema(), actual, engine.dialect)).toEqual([]);
  });

  it("names each difference: a forgotten table or column, one too many, a wrong type, null or default", () => {
    const declared = declaredSchema();
    const on = ENGINE[engine.dialect];
    const reservations = declared.reservations?.columns;
    if (!reservations) throw new Error("the example table is gone: pick another");
    const change = (name: string, changes: Partial<DeclaredColumn>) => {
      const column = reservations[name];
      if (!column) throw new Error(`the example column reservations.${name} is gone: pick another`);
      reservations[name] = { ...column, ...changes };
    };
    delete declared.site_content;
    delete reservations.notes;
    change("email", { nullable: false });
    change("party_size", { text: "string", families: ["string"] });
    change("created_at", { text: "Timestamp | number", families: ["Timestamp", "number"] });
    change("customer_name", { optionalOnInsert: true });
    reservations.table_number = {
      text: "number",
      families: ["number"],
      nullable: false,
      optionalOnInsert: false,
    };
    declared.ghosts = { interfaceName: "GhostsTable", columns: {} };
    const sqlType = (column: string) => actual.reservations?.[column]?.sqlType;
    const timestampReads = engine.dialect === "sqlite" ? "string or Timestamp or CalendarDate" : "Timestamp";
    expect(compareSchemas(declared, actual, engine.dialect)).toEqual([
      `ghosts: in \`Database\` (GhostsTable), but the migrations make no such table on ${on}`,
      `reservations.created_at: \`Timestamp | number\` is Timestamp or number; a column reads as one type (${on}'s ${sqlType("created_at")} reads as ${timestampReads})`,
      `reservations.customer_name: \`string\` lets an insert leave it out, but ${on}'s ${sqlType("customer_name")} has no default: that insert fails`,
      `reservations.email: declared \`string | null\`, never null, but ${on}'s ${sqlType("email")} allows NULL`,
      `reservations.notes: a ${sqlType("notes")} column on ${on}, missing from ReservationsTable`,
      `reservations.party_size: declared \`string\` (string), but ${on}'s ${sqlType("party_size")} reads as number`,
      `reservations.table_number: declared in ReservationsTable as \`number\`, but ${on} has no such column`,
      `site_content: a table the migrations make on ${on}, missing from \`Database\``,
    ]);
  });
});
