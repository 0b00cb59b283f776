import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import { recordingLogger } from "../../../tests/support/silent-logger.ts";
import {
  fileStorage,
  PictureStoreUnavailable,
  type PictureStorage,
} from "../../common/pictures/storage.server.ts";
import { openPictureStorage, type OpenedPictureStorage } from "../../common/pictures/open-storage.server.ts";
import { parseConfig } from "../../lib/env.server.ts";
import { startS3Server, type TestS3Server } from "../../../tests/support/s3-server.ts";
import {
  FILE_NAME_HEADER,
  MAX_PICTURE_BYTES,
  uploadMessages as M,
} from "../../common/pictures/picture-upload.ts";
import { responsivePicture, storedKeysOf } from "../../common/pictures/uploaded-pictures.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";
import { fullOnInsert } from "../../../tests/support/full-disk.ts";
import { cameraPhoto, filesUnder } from "../../../tests/support/pictures.ts";
import { addPicture, listGallery } from "../../features/gallery/gallery.server.ts";
import { handleGalleryAction } from "../../features/gallery/gallery-actions.server.ts";
import {
  altTextFromFileName,
  clearIncoming,
  MAX_UPLOADS_AT_ONCE,
  receivePictureUpload,
  receiveToFile,
  type UploadDeps,
} from "../../common/pictures/upload.server.ts";

const quiet = recordingLogger().logger;

function upload(body: Buffer | ReadableStream<Uint8Array> | null, fileName: string, declareLength = true) {
  const headers = new Headers({ [FILE_NAME_HEADER]: encodeURIComponent(fileName) });
  if (declareLength && Buffer.isBuffer(body)) headers.set("content-length", String(body.length));
  return new Request("http://localhost/admin/bilder/hochladen?ziel=galerie", {
    method: "POST",
    headers,
    body: body === null ? null : Buffer.isBuffer(body) ? new Uint8Array(body) : body,
    duplex: "half",
  } as RequestInit);
}

const photo = (width = 1200, height = 800) => cameraPhoto({ colour: "#2f6b3a", width, height });

// Every upload test runs with the pictures in a folder and in a real S3 server (decision 0038).
let s3: TestS3Server;
let s3Store: OpenedPictureStorage | undefined;
beforeAll(async () => {
  s3 = await startS3Server({ bucket: "hochladen" });
});
afterAll(async () => {
  s3Store?.close();
  await s3.stop();
});

const cases = testDatabases().flatMap((engine) =>
  (["folder", "S3"] as const).map((store) => ({ engine, dialect: engine.dialect, store })),
);

describe.each(cases)("uploading a picture on $dialect, pictures in $store", ({ engine, store }) => {
  let handle: DatabaseHandle;
  let folder: string;
  let deps: UploadDeps;
  /** The store as the test made it (deps.storage may be a test's stand-in in front of it). */
  let real: PictureStorage;
  /** The keys in the store. */
  const stored = () => real.list();
  /** Everything left anywhere: the folder (incoming uploads, a folder store) and the S3 bucket. */
  const leftovers = async () => [...filesUnder(folder), ...(store === "S3" ? await stored() : [])];
  beforeEach(async () => {
    handle = await engine.open();
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-upload-"));
    if (store === "S3") {
      s3Store ??= await openPictureStorage(parseConfig(s3.env).pictures);
      for (const key of await s3Store.list()) await s3Store.remove(key);
      real = s3Store;
    } else real = fileStorage(path.join(folder, "pictures"));
    deps = {
      storage: real,
      incomingDir: path.join(folder, "eingang"),
      logger: quiet,
      username: "admin",
      addToGallery: (picture) => addPicture(handle.db, picture),
    };
  });
  afterEach(async () => {
    await handle.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it("stores the picture and its variants, without GPS, and adds it to the gallery published and last", async () => {
    const first = await receivePictureUpload(upload(await photo(), "Terrasse am Abend.jpg"), "galerie", deps);
    expect(first).toMatchObject({ status: 201, answer: { ok: true, width: 1200, height: 800 } });
    const second = await receivePictureUpload(
      upload(await photo(600, 600), "pizza_ofen.png"),
      "galerie",
      deps,
    );
    expect(second.status).toBe(201);
    const gallery = await listGallery(handle.db);
    expect(gallery.map((picture) => [picture.altText, picture.published, picture.displayOrder])).toEqual([
      ["Terrasse am Abend", true, 1],
      ["pizza ofen", true, 2],
    ]);
    const keys = await stored();
    expect(keys).toEqual(gallery.flatMap((picture) => storedKeysOf(picture.key)).sort());
    for (const key of keys) {
      const metadata = await sharp(await real.read(key)).metadata();
      expect(metadata.exif, key).toBeUndefined();
    }
    expect(responsivePicture(first.answer.ok ? first.answer.address : "")?.srcSet).toContain("480w");
    // Nothing is left in the incoming folder.
    expect(filesUnder(deps.incomingDir)).toEqual([]);
  });

  it("deleting a gallery picture removes every file of it: the full picture and each variant", async () => {
    const kept = await receivePictureUpload(upload(await photo(2000, 1200), "bleibt.jpg"), "galerie", deps);
    const gone = await receivePictureUpload(upload(await photo(2000, 1200), "geht.jpg"), "galerie", deps);
    expect([kept.status, gone.status]).toEqual([201, 201]);
    const id = gone.answer.ok ? gone.answer.galleryId : undefined;
    const [keptRow] = (await listGallery(handle.db)).filter((picture) => picture.id !== id);
    expect(storedKeysOf(keptRow?.key ?? "")).toHaveLength(4); // 2000 px wide: 480, 960, 1600 and the full picture
    const form = new FormData();
    form.set("intent", "picture-delete");
    form.set("id", String(id));
    const answer = await handleGalleryAction(form, {
      db: handle.db,
      storage: deps.storage,
      logger: quiet,
      username: "admin",
      forgetPicture: async () => undefined,
    });
    expect(answer.status).toBe(200);
    expect(await stored()).toEqual(storedKeysOf(keptRow?.key ?? "").sort());
  });

  it("refuses what is not a picture, too large, empty and missing files with their German messages, keeping nothing", async () => {
    const cases: [Request, number, string, string][] = [
      [
        upload(Buffer.from("nur Text"), "speisekarte.jpg"),
        415,
        M.notAPictureTitle,
        M.notAPicture("speisekarte.jpg"),
      ],
      [
        upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), "logo.svg"),
        415,
        M.notAPictureTitle,
        M.notAPicture("logo.svg"),
      ],
      [
        upload(Buffer.from("<html><script>alert(1)</script></html>"), "bild.png"),
        415,
        M.notAPictureTitle,
        M.notAPicture("bild.png"),
      ],
      [
        upload((await photo()).subarray(0, 2000), "abgeschnitten.jpg"),
        415,
        M.notAPictureTitle,
        M.notAPicture("abgeschnitten.jpg"),
      ],
      [
        upload(Buffer.alloc(MAX_PICTURE_BYTES + 1, 7), "riesig.jpg"),
        413,
        M.tooLargeTitle,
        M.tooLarge("riesig.jpg"),
      ],
      [upload(Buffer.alloc(0), "leer.jpg"), 400, M.notAPictureTitle, M.noFile],
      [upload(null, "nichts.jpg"), 400, M.notAPictureTitle, M.noFile],
    ];
    for (const [request, status, title, message] of cases) {
      const result = await receivePictureUpload(request, "galerie", deps);
      expect(result, message).toEqual({ status, answer: { ok: false, title, message } });
    }
    expect(await listGallery(handle.db)).toEqual([]);
    expect(await leftovers()).toEqual([]);
  }, 30_000);

  it("a full disk while storing the variants: the German message, and no file of it is kept", async () => {
    const real = deps.storage;
    let puts = 0;
    deps.storage = {
      ...real,
      async put(key, data) {
        puts += 1;
        // The third file finds the disk full after part of it was written.
        if (puts === 3) {
          await real.put(key, data.subarray(0, 100));
          throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
        }
        await real.put(key, data);
      },
    };
    const result = await receivePictureUpload(upload(await photo(), "voll.jpg"), "galerie", deps);
    expect(result).toEqual({
      status: 507,
      answer: { ok: false, title: M.failedTitle, message: M.storageFull },
    });
    expect(puts).toBe(3);
    expect(await leftovers()).toEqual([]);
    expect(await listGallery(handle.db)).toEqual([]);
  });

  it("a database that cannot take the gallery row (disk full): the message, and the stored files are removed", async () => {
    const full = fullOnInsert(handle.db, handle.dialect, "gallery_images");
    deps.addToGallery = (picture) => addPicture(full, picture);
    const result = await receivePictureUpload(upload(await photo(), "voll.jpg"), "galerie", deps);
    expect(result).toEqual({
      status: 507,
      answer: { ok: false, title: M.failedTitle, message: M.storageFull },
    });
    expect(await leftovers()).toEqual([]);
  });

  it("an upload folder the server may not write: says so, keeps nothing", async () => {
    deps.storage = {
      ...deps.storage,
      put: async () => {
        throw Object.assign(new Error("EACCES: permission denied, open"), { code: "EACCES" });
      },
    };
    const result = await receivePictureUpload(upload(await photo(), "gesperrt.jpg"), "galerie", deps);
    expect(result).toEqual({
      status: 507,
      answer: { ok: false, title: M.failedTitle, message: M.storageNotWritable },
    });
    expect(await leftovers()).toEqual([]);
  });

  it("counts a body without a declared length while it streams in and stops past 10 MB", async () => {
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 256 * 1024;
        controller.enqueue(new Uint8Array(256 * 1024));
        if (sent > 50 * 1024 * 1024) controller.close();
      },
    });
    const result = await receivePictureUpload(upload(endless, "strom.jpg", false), "galerie", deps);
    expect(result.status).toBe(413);
    expect(sent).toBeLessThan(MAX_PICTURE_BYTES + 2 * 1024 * 1024);
    expect(await leftovers()).toEqual([]);
  });

  it("an upload that stops sending ends with the German message after the idle time, keeping nothing", async () => {
    const start = (await photo()).subarray(0, 64 * 1024);
    // The first part of a picture, then nothing more: a browser that stopped sending.
    const stalled = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(start));
      },
    });
    const result = await receivePictureUpload(upload(stalled, "stockt.jpg", false), "galerie", {
      ...deps,
      idleMs: 200,
    });
    expect(result).toEqual({ status: 408, answer: { ok: false, title: M.failedTitle, message: M.stalled } });
    expect(await leftovers()).toEqual([]);
    expect(await listGallery(handle.db)).toEqual([]);
  });

  it("a slow upload that keeps sending is not cut off", async () => {
    const picture = await photo();
    let offset = 0;
    // Pieces a little apart, each well within the idle time.
    const trickle = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        const piece = picture.subarray(offset, offset + 16 * 1024);
        offset += piece.length;
        if (piece.length === 0) controller.close();
        else controller.enqueue(new Uint8Array(piece));
      },
    });
    const result = await receivePictureUpload(upload(trickle, "langsam.jpg", false), "galerie", {
      ...deps,
      idleMs: 2_000,
    });
    expect(result.status).toBe(201);
  });

  it("keeps file names with path tricks out of the keys", async () => {
    for (const name of ["../../x.png", "a\u0000b.png", `${"n".repeat(500)}.png`, "..\\..\\boot.ini"]) {
      const result = await receivePictureUpload(upload(await photo(300, 200), name), "hero", deps);
      expect(result.status, name).toBe(201);
      const address = result.answer.ok ? result.answer.address : "";
      expect(address, name).toMatch(
        /^\/bilder\/hochgeladen\/inhalte\/hero-\d+-[a-z0-9-]{1,40}-[0-9a-f]{16}-300x200\.jpg$/,
      );
    }
    const keys = await stored();
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((key) => key.startsWith("inhalte/hero-"))).toBe(true);
    expect((await leftovers()).every((entry) => !entry.includes(".."))).toBe(true);
  });
});

describe("an S3 store that goes away during an upload (decision 0038)", () => {
  let handle: DatabaseHandle;
  let folder: string;
  let server: TestS3Server;
  let storage: OpenedPictureStorage;
  let deps: UploadDeps;
  beforeEach(async () => {
    handle = await (testDatabases()[0] ?? { open: () => Promise.reject(new Error("no database")) }).open();
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-upload-"));
    server = await startS3Server({ bucket: "aussetzer" });
    storage = await openPictureStorage(parseConfig(server.env).pictures);
    deps = {
      storage,
      incomingDir: path.join(folder, "eingang"),
      logger: quiet,
      username: "admin",
      addToGallery: (picture) => addPicture(handle.db, picture),
      retryRemovalMs: 50,
    };
  });
  afterEach(async () => {
    storage.close();
    await server.stop();
    await handle.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const unavailable = {
    status: 503,
    answer: { ok: false, title: M.failedTitle, message: M.storeUnavailable },
  };

  it("away before the upload: 503 with the German message, nothing stored, nothing in the gallery", async () => {
    await server.pause?.();
    const result = await receivePictureUpload(upload(await photo(), "weg.jpg"), "galerie", deps);
    expect(result).toEqual(unavailable);
    await server.resume?.();
    expect(await storage.list()).toEqual([]);
    expect(await listGallery(handle.db)).toEqual([]);
    expect(filesUnder(folder)).toEqual([]);
  });

  it("away after two of its files: 503, and the two are removed once the store is back", async () => {
    let puts = 0;
    deps.storage = {
      ...storage,
      async put(key, data) {
        puts += 1;
        if (puts === 3) await server.pause?.();
        await storage.put(key, data);
      },
    };
    const result = await receivePictureUpload(upload(await photo(), "mittendrin.jpg"), "galerie", deps);
    expect(result).toEqual(unavailable);
    expect(puts).toBe(3);
    await server.resume?.();
    // The removals failed with the store; they are tried again until it is back.
    const deadline = Date.now() + 10_000;
    while ((await storage.list()).length > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await storage.list()).toEqual([]);
    expect(await listGallery(handle.db)).toEqual([]);
    // And the next upload goes through.
    expect((await receivePictureUpload(upload(await photo(), "wieder.jpg"), "galerie", deps)).status).toBe(
      201,
    );
  });

  it("a store that fails a write is an outage, not a full disk", async () => {
    deps.storage = {
      ...storage,
      put: async (key) => {
        throw new PictureStoreUnavailable("put", key, new Error("503 SlowDown"));
      },
    };
    expect(await receivePictureUpload(upload(await photo(), "langsam.jpg"), "hero", deps)).toEqual(
      unavailable,
    );
  });
});

describe("uploads at once, and what a stopped server left behind", () => {
  it("receives at most MAX_UPLOADS_AT_ONCE at a time and asks the next to try again", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-upload-"));
    const deps = {
      storage: fileStorage(path.join(folder, "pictures")),
      incomingDir: path.join(folder, "eingang"),
      logger: quiet,
      username: "admin",
      addToGallery: () => Promise.reject(new Error("no gallery in this test")),
    };
    const controllers: ReadableStreamDefaultController<Uint8Array>[] = [];
    const slow = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controllers.push(controller);
          controller.enqueue(new Uint8Array(10));
        },
      });
    const running = Array.from({ length: MAX_UPLOADS_AT_ONCE }, () =>
      receivePictureUpload(upload(slow(), "langsam.jpg", false), "galerie", deps),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const refused = await receivePictureUpload(upload(await photo(), "eins-zu-viel.jpg"), "galerie", deps);
    expect(refused).toEqual({ status: 503, answer: { ok: false, title: M.failedTitle, message: M.busy } });
    for (const controller of controllers) controller.close();
    // Ten bytes are no picture: each is refused, and the places are free again.
    expect((await Promise.all(running)).map((result) => result.status)).toEqual(
      Array.from({ length: MAX_UPLOADS_AT_ONCE }, () => 415),
    );
    const next = await receivePictureUpload(upload(await photo(), "wieder.jpg"), "hero", deps);
    expect(next.status).toBe(201);
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it("clears uploads older than an hour at start, and keeps newer ones (another server's)", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-eingang-"));
    fs.writeFileSync(path.join(folder, "alt.upload"), "x");
    fs.writeFileSync(path.join(folder, "neu.upload"), "x");
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(path.join(folder, "alt.upload"), twoHoursAgo, twoHoursAgo);
    await clearIncoming(folder);
    expect(fs.readdirSync(folder)).toEqual(["neu.upload"]);
    await clearIncoming(path.join(folder, "gibt-es-nicht"));
    fs.rmSync(folder, { recursive: true, force: true });
  });
});

describe("receiving the body", () => {
  it("reads the whole body even when its file cannot be written, then reports why", async () => {
    let pulled = 0;
    const chunks = 40;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > chunks) controller.close();
        else controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    // The incoming folder's place is taken by a file: the folder cannot be made.
    const blocker = path.join(os.tmpdir(), `tavola-kein-ordner-${process.pid}`);
    fs.writeFileSync(blocker, "");
    try {
      await expect(receiveToFile(body, path.join(blocker, "x.upload"))).rejects.toMatchObject({
        code: expect.stringMatching(/^(EEXIST|ENOTDIR)$/),
      });
    } finally {
      fs.rmSync(blocker, { force: true });
    }
    // Every chunk was taken: the browser finishes sending and reads the answer.
    expect(pulled).toBe(chunks + 1);
  });
});

describe("a first alt text", () => {
  it("comes from the file name, readable", () => {
    expect(altTextFromFileName("pizza-margherita.jpg")).toBe("pizza margherita");
    expect(altTextFromFileName("C:\\Fotos\\IMG_2041.JPG")).toBe("IMG 2041");
    expect(altTextFromFileName(".jpg")).toBe("Bild aus der Galerie");
  });
});
