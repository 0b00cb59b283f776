import type { Dirent } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { makePrivateDir, PRIVATE_FILE_MODE } from "../../../db/private-files.server.ts";

/**
 * Where pictures are kept (decisions 0019, 0038): a small interface, so its callers do not know
 * whether it is a folder under DATA_DIR (`fileStorage`) or an S3 bucket (`s3-storage.server.ts`).
 * Keys are relative, lower-case paths like `gallery/2026-11-25-k3j9x2-960w-1a2b3c4d5e6f7a8b.webp`;
 * anything else — `..`, absolute paths, NUL, other characters — is refused before it is stored.
 */
export interface PictureStorage {
  /** Which kind of store: an S3 store's reads are worth keeping in memory, a folder's are not. */
  readonly kind: "file" | "s3";
  put(key: string, data: Buffer): Promise<void>;
  /** The picture, or `undefined` when there is none under the key. */
  read(key: string): Promise<Buffer | undefined>;
  /** Removes the key; a key that is not there is no error. */
  remove(key: string): Promise<void>;
  /** Every key stored, sorted (the backup's list of pictures). */
  list(): Promise<string[]>;
}

/**
 * The store cannot be reached or refused to answer (S3 away, a timeout, a 5xx): not the request's
 * fault, and over once the store is back. Guests get 503 with Retry-After, an upload its German
 * message (decision 0038).
 */
export class PictureStoreUnavailable extends Error {
  constructor(operation: string, key: string, cause: unknown) {
    super(`Bildspeicher nicht erreichbar (${operation} ${key})`, { cause });
    this.name = "PictureStoreUnavailable";
  }
}

/** The picture types the upload writes and the server serves, by a key's extension. */
export const PICTURE_TYPES: Readonly<Record<string, string>> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
};

export const pictureTypeOf = (key: string): string | undefined =>
  PICTURE_TYPES[key.slice(key.lastIndexOf(".") + 1)];

/**
 * A picture's name carries its content's hash, so it is cached for a year — served by us or
 * straight from the store (the same text as server/static-files.ts's IMMUTABLE).
 */
export const PICTURE_CACHE_CONTROL = "public, max-age=31536000, immutable";

const KEY = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

export class PictureKeyError extends Error {
  constructor(key: string) {
    super(`Ungültiger Bildschlüssel: ${JSON.stringify(key.slice(0, 80))}`);
    this.name = "PictureKeyError";
  }
}

/** Whether `key` is one a picture may have (`checkedKey` would take it). */
export function isPictureKey(key: string): boolean {
  try {
    checkedKey(key);
    return true;
  } catch {
    return false;
  }
}

export function checkedKey(key: string): string {
  if (
    key.length > 200 ||
    !KEY.test(key) ||
    key.split("/").some((part) => part === "." || part.startsWith(".."))
  )
    throw new PictureKeyError(key);
  return key;
}

export function fileStorage(root: string): PictureStorage {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    const file = path.resolve(base, checkedKey(key));
    // The pattern already keeps keys inside; this is the second lock on the same door.
    if (!file.startsWith(`${base}${path.sep}`)) throw new PictureKeyError(key);
    return file;
  };
  return {
    kind: "file",
    async put(key, data) {
      const file = fileOf(key);
      await makePrivateDir(path.dirname(file));
      // Written under a temporary name and renamed: a reader never sees half a picture.
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      try {
        await fs.writeFile(temporary, data, { flag: "wx", mode: PRIVATE_FILE_MODE });
        await fs.rename(temporary, file);
      } catch (error) {
        // A full disk leaves part of the file written: nothing half is kept.
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },
    async read(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async remove(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    async list() {
      const keys: string[] = [];
      const walk = async (relative: string) => {
        let entries: Dirent[];
        try {
          entries = await fs.readdir(path.join(base, relative), { withFileTypes: true });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
          throw error;
        }
        for (const entry of entries) {
          const key = relative ? `${relative}/${entry.name}` : entry.name;
          if (entry.isDirectory()) await walk(key);
          // A `.tmp` file is a write cut off before its rename: never a picture.
          else if (entry.isFile() && !entry.name.endsWith(".tmp")) keys.push(key);
        }
      };
      await walk("");
      return keys.sort();
    },
  };
}

/**
 * Reads kept in memory, at most `maxBytes` of them, the least recently read going first: a store
 * far away answers from here at once, and — what it is for (decision 0038) — pictures already read
 * keep being served while the store is away. Keys are never rewritten (a changed picture gets a new
 * name), so a kept copy is never stale; a removed key is forgotten here (other processes keep theirs
 * until it falls out).
 */
export function withMemoryCache(storage: PictureStorage, maxBytes: number): PictureStorage {
  const kept = new Map<string, Buffer>();
  let bytes = 0;
  // One picture may take at most an eighth: a few large ones must not push out every other.
  const largest = Math.floor(maxBytes / 8);
  const forget = (key: string) => {
    const data = kept.get(key);
    if (!data) return;
    kept.delete(key);
    bytes -= data.length;
  };
  return {
    kind: storage.kind,
    put: (key, data) => storage.put(key, data),
    async read(key) {
      const hit = kept.get(key);
      if (hit) {
        // A Map iterates in insertion order: inserted anew, the key is the most recently used.
        kept.delete(key);
        kept.set(key, hit);
        return hit;
      }
      const data = await storage.read(key);
      if (!data || data.length > largest) return data;
      forget(key);
      kept.set(key, data);
      bytes += data.length;
      for (const [oldest] of kept) {
        if (bytes <= maxBytes) break;
        forget(oldest);
      }
      return data;
    },
    async remove(key) {
      forget(key);
      await storage.remove(key);
    },
    list: () => storage.list(),
  };
}
