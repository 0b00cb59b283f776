import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../app/lib/env.server.ts";
import { openPictureStorage, type OpenedPictureStorage } from "../app/common/pictures/open-storage.server.ts";
import { fileStorage, PICTURE_CACHE_CONTROL } from "../app/common/pictures/storage.server.ts";
import { startS3Server, type TestS3Server } from "../tests/support/s3-server.ts";
import { IMMUTABLE } from "./static-files.ts";
import { createPictureFiles, PICTURES_PATH, STORE_AWAY_RETRY_SECONDS } from "./picture-files.ts";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-picture-files-"));
let s3: TestS3Server;
const opened: OpenedPictureStorage[] = [];
beforeAll(async () => {
  s3 = await startS3Server({ bucket: "bilder-ausliefern" });
});
afterAll(async () => {
  for (const storage of opened) storage.close();
  await s3.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

it("objects in S3 carry the same caching as the pictures the server sends", () => {
  expect(PICTURE_CACHE_CONTROL).toBe(IMMUTABLE);
});

// The same answers from a folder and from S3 (decision 0038).
describe.each([
  ["folder", async () => fileStorage(root)],
  [
    "S3",
    async () => {
      // One store for the tests, checked at its first use (s3 is up by then).
      if (!opened[0]) opened.push(await openPictureStorage(parseConfig(s3.env).pictures));
      return opened[0] as OpenedPictureStorage;
    },
  ],
])("serving uploaded pictures (%s)", (_name, open) => {
  const get = async (pathname: string, method = "GET") => {
    const serve = createPictureFiles(await open());
    return serve(new Request(`http://localhost${pathname}`, { method }));
  };

  it("serves a stored picture with its type and a year of caching", async () => {
    const storage = await open();
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
    const storage = await open();
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

describe("while the S3 store is away", () => {
  it("serves what it holds in memory, answers 503 with Retry-After for the rest, and recovers by itself", async () => {
    const server = await startS3Server({ bucket: "aussetzer" });
    const storage = await openPictureStorage(parseConfig(server.env).pictures);
    const away: unknown[] = [];
    const serve = createPictureFiles(storage, { onStoreAway: (error) => away.push(error) });
    const get = (key: string) => serve(new Request(`http://localhost${PICTURES_PATH}${key}`));
    try {
      await storage.put("gallery/gesehen-480w.webp", Buffer.from("gesehen"));
      await storage.put("gallery/ungesehen-480w.webp", Buffer.from("ungesehen"));
      expect((await get("gallery/gesehen-480w.webp"))?.status).toBe(200);

      await server.pause?.();
      const cached = await get("gallery/gesehen-480w.webp");
      expect(cached?.status).toBe(200);
      expect(await cached?.text()).toBe("gesehen");
      const uncached = await get("gallery/ungesehen-480w.webp");
      expect(uncached?.status).toBe(503);
      expect(uncached?.headers.get("retry-after")).toBe(String(STORE_AWAY_RETRY_SECONDS));
      expect(uncached?.headers.get("cache-control")).toBe("no-store");
      expect(away).toHaveLength(1);

      await server.resume?.();
      const back = await get("gallery/ungesehen-480w.webp");
      expect(back?.status).toBe(200);
      expect(await back?.text()).toBe("ungesehen");
    } finally {
      storage.close();
      await server.stop();
    }
  });
});
