import fs from "node:fs/promises";
import path from "node:path";
import { makePrivateDir, PRIVATE_FILE_MODE } from "../../../db/private-files.server.ts";

/**
 * Where pictures are kept (decision 0019): a small interface, so object storage can follow
 * without touching its callers; the first implementation is a folder under DATA_DIR. Keys are
 * relative, lower-case paths like `gallery/2026-11-25-k3j9x2-960w-1a2b3c4d5e6f7a8b.webp`; anything
 * else — `..`, absolute paths, NUL, other characters — is refused before it reaches the disk.
 */
export interface PictureStorage {
  put(key: string, data: Buffer): Promise<void>;
  read(key: string): Promise<Buffer | undefined>;
  remove(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

export class PictureKeyError extends Error {
  constructor(key: string) {
    super(`Ungültiger Bildschlüssel: ${JSON.stringify(key.slice(0, 80))}`);
    this.name = "PictureKeyError";
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
  };
}
