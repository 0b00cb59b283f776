import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/database.types.ts";

/**
 * Tells a full disk or a folder the server may not write apart from other failures, so staff and
 * guests get a message that says what happened (decision 0024, `npm run drill -- disk-full`) instead
 * of 'an unexpected error'. Looks through Node's file errors, node:sqlite's result codes and
 * PostgreSQL's SQLSTATE, and through `cause` chains (Kysely and pg wrap).
 */
export type StorageProblem = "full" | "not-writable";

const FILE_CODES: Record<string, StorageProblem> = {
  ENOSPC: "full",
  EDQUOT: "full",
  EFBIG: "full",
  EACCES: "not-writable",
  EPERM: "not-writable",
  EROFS: "not-writable",
};
/** SQLite's primary result codes (the low byte of an extended one). */
const SQLITE_CODES: Record<number, StorageProblem> = { 13: "full", 8: "not-writable" };
/** PostgreSQL: disk_full, out of memory/space classes, read-only transaction (a standby). */
const POSTGRES_CODES: Record<string, StorageProblem> = {
  "53100": "full",
  "53000": "full",
  "25006": "not-writable",
};

export function storageProblemOf(error: unknown): StorageProblem | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== "object") return undefined;
    const { code, errcode } = current as { code?: unknown; errcode?: unknown };
    if (typeof errcode === "number" && SQLITE_CODES[errcode & 0xff]) return SQLITE_CODES[errcode & 0xff];
    if (typeof code === "string" && (FILE_CODES[code] ?? POSTGRES_CODES[code]))
      return FILE_CODES[code] ?? POSTGRES_CODES[code];
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** 507 Insufficient Storage: the request was fine, the server could not keep it. */
export const STORAGE_PROBLEM_STATUS = 507;

/**
 * Whether a write failed because a unique column already holds the value: SQLite's
 * SQLITE_CONSTRAINT_UNIQUE (2067) or PostgreSQL's unique_violation (23505). Two staff members saving
 * the same name at once get a message for it instead of a server error.
 */
export function isUniqueViolation(error: unknown): boolean {
  return failedWith(error, "23505", 2067);
}

/**
 * Whether a write failed because a row it refers to is gone: SQLite's SQLITE_CONSTRAINT_FOREIGNKEY
 * (787) or PostgreSQL's foreign_key_violation (23503).
 */
export function isForeignKeyViolation(error: unknown): boolean {
  return failedWith(error, "23503", 787);
}

/** Whether `error`, or an error in its `cause` chain (Kysely and pg wrap), has PostgreSQL's SQLSTATE or SQLite's extended result code (none: SQLite never fails so). */
function failedWith(error: unknown, sqlState: string, sqliteCode?: number): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== "object") return false;
    const { code, errcode } = current as { code?: unknown; errcode?: unknown };
    if ((sqliteCode !== undefined && errcode === sqliteCode) || code === sqlState) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Whether PostgreSQL ended the transaction to break a deadlock (40P01). */
export function isDeadlock(error: unknown): boolean {
  return failedWith(error, "40P01");
}

/**
 * `write` (a whole transaction) run once more when it failed because a row it referred to was
 * deleted meanwhile (decision 0056): on PostgreSQL, an area or a table staff delete while a
 * reservation is being stored with that area's wish or seated at that table. The second run reads
 * the plan as it is now and answers from it — the area is no longer offered, the party sits
 * elsewhere — instead of a server error.
 */
export function againIfReferenceGone<T>(write: () => Promise<T>): Promise<T> {
  return onceMoreIf(isForeignKeyViolation, write);
}

/** `againIfReferenceGone` for a transaction of its own on `db`. */
export function transactAgainIfReferenceGone<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return againIfReferenceGone(() => db.transaction().execute(work));
}

/**
 * `write` (a whole transaction) run once more when PostgreSQL ended it to break a deadlock: the
 * other side has gone on by then (decision 0056: a table's deletion and a group of guests' requests
 * seating parties at it and at its combinations lock the two in opposite order).
 */
export function againIfDeadlocked<T>(write: () => Promise<T>): Promise<T> {
  return onceMoreIf(isDeadlock, write);
}

async function onceMoreIf<T>(failedSo: (error: unknown) => boolean, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!failedSo(error)) throw error;
    return write();
  }
}
