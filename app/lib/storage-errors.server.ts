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
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== "object") return false;
    const { code, errcode } = current as { code?: unknown; errcode?: unknown };
    if (errcode === 2067 || code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
