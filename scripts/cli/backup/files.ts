import { createHash } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import {
  storedKeysOf,
  uploadedKeyOf,
  UPLOADED_PICTURES_PATH,
} from "../../../app/common/pictures/uploaded-pictures.ts";
import { FILE_FOLDERS, isSafeFilePath } from "./manifest.ts";
import type { Value } from "./tables.ts";

/** The files of the site's data under DATA_DIR, and which of them the database refers to. */

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

export interface FoundFiles {
  /** Paths relative to DATA_DIR, `pictures/gallery/…`, sorted. */
  files: string[];
  /** What lies there but is not the site's data: names the storage never writes. */
  skipped: string[];
}

/**
 * Every file in FILE_FOLDERS. A `*.tmp` file is an upload cut off mid-write (the storage writes
 * under a temporary name and renames): never part of the data.
 */
export async function findFiles(dataDir: string): Promise<FoundFiles> {
  const files: string[] = [];
  const skipped: string[] = [];
  const walk = async (relative: string) => {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(path.join(dataDir, relative), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries) {
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile() && !entry.name.endsWith(".tmp") && isSafeFilePath(child)) files.push(child);
      else skipped.push(child);
    }
  };
  for (const folder of FILE_FOLDERS) await walk(folder);
  return { files: files.sort(), skipped: skipped.sort() };
}

const ADDRESS = new RegExp(`${UPLOADED_PICTURES_PATH.replace(/\//g, "\\/")}([a-z0-9][a-z0-9/._-]*)`, "g");

/**
 * The picture files the rows point at: a gallery row's key, and every uploaded picture's address in
 * any text (a showcase dish, a content block) — each with its variants.
 */
export function referencedFiles(tables: Map<string, { columns: string[]; rows: Value[][] }>): Set<string> {
  const keys = new Set<string>();
  const gallery = tables.get("gallery_images");
  const keyColumn = gallery?.columns.indexOf("storage_path") ?? -1;
  for (const [name, table] of tables) {
    for (const row of table.rows) {
      row.forEach((value, index) => {
        if (typeof value !== "string") return;
        if (name === "gallery_images" && index === keyColumn) keys.add(value);
        for (const match of value.matchAll(ADDRESS)) {
          // A sentence may end right after an address.
          const key = (match[1] ?? "").replace(/\.+$/, "");
          keys.add(uploadedKeyOf(`${UPLOADED_PICTURES_PATH}${key}`) ?? key);
        }
      });
    }
  }
  return new Set(
    [...keys].filter(Boolean).flatMap((key) => storedKeysOf(key).map((stored) => `pictures/${stored}`)),
  );
}
