import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { fileStorage, PictureKeyError } from "./storage.server.ts";

let folder: string;
beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-storage-"));
});
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

it("writes a picture whole under its key, and refuses keys that leave the folder", async () => {
  const storage = fileStorage(folder);
  await storage.put("gallery/a-960w.webp", Buffer.from("bild"));
  expect(fs.readdirSync(path.join(folder, "gallery"))).toEqual(["a-960w.webp"]);
  expect((await storage.read("gallery/a-960w.webp"))?.toString()).toBe("bild");
  await expect(storage.put("../aus.webp", Buffer.from("x"))).rejects.toBeInstanceOf(PictureKeyError);
});

it("leaves no half-written temporary file when a write fails", async () => {
  const storage = fileStorage(folder);
  // The key's place is taken by a folder: the final rename fails after the data was written.
  fs.mkdirSync(path.join(folder, "gallery", "b-960w.webp"), { recursive: true });
  await expect(storage.put("gallery/b-960w.webp", Buffer.alloc(4096, 1))).rejects.toThrow();
  expect(fs.readdirSync(path.join(folder, "gallery"))).toEqual(["b-960w.webp"]);
});
