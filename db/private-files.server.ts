import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";

/**
 * DATA_DIR holds the database — guests' details, password hashes, second-factor secrets — and the
 * uploaded pictures: only the account the server runs as may read it (decision 0026). Folders are
 * made 0700 and files 0600 where they are made, not left to the process's umask (usually 022, which
 * lets every local user read them). SQLite makes its `-wal` and `-shm` files itself, with the
 * database file's mode: so the database file is made 0600 before SQLite opens it.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** Group's and others' permission bits. */
const SHARED_BITS = 0o077;

/**
 * Files and folders the process makes without a mode of its own (a library's temporary file, a
 * folder made on the way) are private too. The server and the commands that write DATA_DIR call it
 * once at start; the explicit modes stay, since code run elsewhere (the tests) keeps its umask.
 */
export function restrictNewFiles(): void {
  process.umask(SHARED_BITS);
}

/** `dir`, and any folder above it that did not exist, made 0700. */
export async function makePrivateDir(dir: string): Promise<void> {
  await fsp.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** The same, for the few places that open files synchronously (the SQLite database). */
export function makePrivateDirSync(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** Creates `file` empty with mode 0600 unless it exists; an existing file is left as it is. */
export function createPrivateFileSync(file: string): void {
  fs.closeSync(fs.openSync(file, "a", PRIVATE_FILE_MODE));
}

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code;
/** Errors that leave a path as it is (another owner's file, a read-only disk) rather than stop the start. */
const LEFT_AS_IT_IS = new Set(["EPERM", "EACCES", "EROFS"]);

/**
 * Takes group's and others' access away from DATA_DIR and everything in it, and makes DATA_DIR if
 * it is missing: an installation made before decision 0026 has its database and pictures readable
 * by every local user. Only removes bits, never adds any. Symbolic links inside are not followed
 * (they may point out of DATA_DIR). Answers the paths it could not change (another owner's files,
 * a read-only disk), for the caller to report; what then fails to be written says so itself
 * (decision 0024).
 */
export async function tightenDataDir(dataDir: string): Promise<string[]> {
  const refused: string[] = [];
  /** What `step` answers; undefined when `at` is gone or may not be changed (then it is reported). */
  async function attempt<T>(at: string, step: () => Promise<T>): Promise<T | undefined> {
    try {
      return await step();
    } catch (error) {
      if (codeOf(error) === "ENOENT") return undefined;
      if (!LEFT_AS_IT_IS.has(codeOf(error) ?? "")) throw error;
      refused.push(at);
      return undefined;
    }
  }
  async function tighten(at: string, stat: fs.Stats): Promise<void> {
    if ((stat.mode & SHARED_BITS) !== 0) await attempt(at, () => fsp.chmod(at, stat.mode & 0o7700));
    if (!stat.isDirectory()) return;
    for (const name of (await attempt(at, () => fsp.readdir(at))) ?? []) {
      const inside = path.join(at, name);
      // Removed meanwhile (a finished upload, SQLite's -shm at close): nothing to tighten.
      const child = await fsp.lstat(inside).catch(() => undefined);
      if (child && !child.isSymbolicLink()) await tighten(inside, child);
    }
  }
  const made = await attempt(dataDir, () => makePrivateDir(dataDir).then(() => true));
  if (!made) return refused;
  // DATA_DIR itself may be a link (to another disk): that one is followed.
  await tighten(dataDir, await fsp.stat(dataDir));
  return refused;
}
