import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fileStorage } from "../app/common/pictures/storage.server.ts";
import { IMMUTABLE } from "./static-files.ts";
import { createPictureFiles, PICTURES_PATH } from "./picture-files.ts";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-picture-files-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("serving uploaded pictures", () => {
  const storage = fileStorage(root);
  const serve = createPictureFiles(storage);
  const get = (pathname: string, method = "GET") =>
    serve(new Request(`http://localhost${pathname}`, { method }));

  it("serves a stored picture with its type and a year of caching", async () => {
    await storage.put("gallery/2026-11-25-abc-480w-0123456789abcdef.webp", Buffer.from("RIFFwebp"));
    const response = await get(`${PICTURES_PATH}gallery/2026-11-25-abc-480w-0123456789abcdef.webp`);
    expect(response?.status).toBe(200);
    expect(response?.headers.get("content-type")).toBe("image/webp");
    expect(response?.headers.get("cache-control")).toBe(IMMUTABLE);
    expect(await response?.text()).toBe("RIFFwebp");
    const head = await get(`${PICTURES_PATH}gallery/2026-11-25-abc-480w-0123456789abcdef.webp`, "HEAD");
    expect(head?.headers.get("content-length")).toBe("8");
  });

  it("answers 404 for missing files, other formats and keys that try to leave the folder", async () => {
    await storage.put("gallery/x.html", Buffer.from("<script>"));
    for (const pathname of [
      `${PICTURES_PATH}gallery/missing.webp`,
      `${PICTURES_PATH}gallery/x.html`,
      `${PICTURES_PATH}..%2f..%2fetc%2fpasswd`,
      `${PICTURES_PATH}gallery/%00.webp`,
      `${PICTURES_PATH}%E0%A4%A`,
    ]) {
      expect((await get(pathname))?.status, pathname).toBe(404);
    }
  });

  it("leaves other paths and methods to the rest of the pipeline", async () => {
    expect(await get("/bilder/hero.webp")).toBeUndefined();
    expect(await get(`${PICTURES_PATH}gallery/a.webp`, "POST")).toBeUndefined();
  });
});
