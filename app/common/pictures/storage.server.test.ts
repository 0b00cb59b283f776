import fs from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startS3Server, type TestS3Server } from "../../../tests/support/s3-server.ts";
import { parseConfig } from "../../lib/env.server.ts";
import { openPictureStorage } from "./open-storage.server.ts";
import { PROBE_PREFIX, s3Storage, type S3Settings } from "./s3-storage.server.ts";
import {
  fileStorage,
  PICTURE_CACHE_CONTROL,
  PictureKeyError,
  PictureStoreUnavailable,
  withMemoryCache,
  type PictureStorage,
} from "./storage.server.ts";

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.stop());

const settingsOf = (server: TestS3Server, change: Partial<S3Settings> = {}): S3Settings => ({
  endpoint: server.endpoint,
  bucket: server.bucket,
  region: server.region,
  accessKeyId: server.accessKeyId,
  secretAccessKey: server.secretAccessKey,
  forcePathStyle: true,
  publicUrl: undefined,
  ...change,
});

let folder: string;
beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-storage-"));
});
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

// Every store passes the same tests (decision 0038): the folder and a real S3 server.
const stores: Array<[string, () => Promise<PictureStorage & { close?(): void }>]> = [
  ["folder", async () => fileStorage(folder)],
  [
    "S3",
    async () => {
      // One bucket for these tests: each starts with it empty.
      const store = s3Storage(settingsOf(s3));
      for (const key of await store.list()) await store.remove(key);
      return store;
    },
  ],
];

describe.each(stores)("picture storage (%s)", (_name, open) => {
  it("stores a picture whole under its key, reads it back, lists and removes it", async () => {
    const storage = await open();
    await storage.put("gallery/a-960w.webp", Buffer.from("bild"));
    await storage.put("gallery/b-960w.webp", Buffer.from("zwei"));
    expect((await storage.read("gallery/a-960w.webp"))?.toString()).toBe("bild");
    expect(await storage.list()).toEqual(["gallery/a-960w.webp", "gallery/b-960w.webp"]);
    await storage.remove("gallery/a-960w.webp");
    await storage.remove("gallery/a-960w.webp"); // a second time is no error
    expect(await storage.read("gallery/a-960w.webp")).toBeUndefined();
    expect(await storage.list()).toEqual(["gallery/b-960w.webp"]);
    storage.close?.();
  });

  it("refuses keys that leave the store or break the pattern, before anything is stored", async () => {
    const storage = await open();
    // (These were the picture folder's tests in process-picture.server.test.ts; now every store's.)
    for (const key of [
      "../aus.webp",
      "../../x.png",
      "/etc/passwd",
      "gallery/../../x",
      "gallery/a\u0000.png",
      "Gallery/A.png",
      "x".repeat(500),
      "a/../../b.webp",
      "_tavola-pruefung/x",
    ])
      await expect(storage.put(key, Buffer.from("x")), key).rejects.toBeInstanceOf(PictureKeyError);
    await expect(storage.read("../aus.webp")).rejects.toBeInstanceOf(PictureKeyError);
    expect(await storage.list()).toEqual([]);
    storage.close?.();
  });
});

it("folder: leaves no half-written temporary file when a write fails", async () => {
  const storage = fileStorage(folder);
  // The key's place is taken by a folder: the final rename fails after the data was written.
  fs.mkdirSync(path.join(folder, "gallery", "b-960w.webp"), { recursive: true });
  await expect(storage.put("gallery/b-960w.webp", Buffer.alloc(4096, 1))).rejects.toThrow();
  expect(fs.readdirSync(path.join(folder, "gallery"))).toEqual(["b-960w.webp"]);
});

describe("S3 store", () => {
  const getsOf = (server: TestS3Server, key: string) =>
    server.requests.filter(
      (request) => request.method === "GET" && new URL(request.url, "http://s3").pathname.endsWith(`/${key}`),
    ).length;

  it("asks the store once for a name it does not have, until the entry expires or this process stores it", async () => {
    let clock = 1_000_000;
    const storage = s3Storage(settingsOf(s3), { now: () => clock });
    const key = "gallery/fehlt-1a2b3c4d5e6f7a8b-480w.webp";
    try {
      for (let time = 0; time < 5; time += 1) await expect(storage.read(key)).resolves.toBeUndefined();
      expect(getsOf(s3, key)).toBe(1);
      // 30 s later the store is asked again.
      clock += 29_000;
      await storage.read(key);
      expect(getsOf(s3, key)).toBe(1);
      clock += 1000;
      await storage.read(key);
      expect(getsOf(s3, key)).toBe(2);
      // Stored by this process: found at once, not 'missing' for the rest of the 30 s.
      await storage.put(key, Buffer.from("RIFF"));
      await expect(storage.read(key)).resolves.toEqual(Buffer.from("RIFF"));
      expect(getsOf(s3, key)).toBe(3);
    } finally {
      await storage.remove(key);
      storage.close();
    }
  });

  it("remembers a bounded number of missing names, the oldest forgotten first", async () => {
    const storage = s3Storage(settingsOf(s3), { missCacheSize: 3 });
    const keys = [1, 2, 3, 4].map((n) => `gallery/viele-${n}a2b3c4d5e6f7a8b-480w.webp`);
    try {
      for (const key of keys) await storage.read(key);
      // The last three are remembered; the first was forgotten when the fourth came.
      for (const key of [...keys].reverse()) await storage.read(key);
      expect(keys.map((key) => getsOf(s3, key))).toEqual([2, 1, 1, 1]);
    } finally {
      storage.close();
    }
  });

  it("opens at most maxSockets connections to the store, however many reads wait", async () => {
    const server = await startS3Server({ bucket: "verbindungen" });
    const storage = s3Storage(settingsOf(server));
    try {
      const keys = Array.from({ length: 48 }, (_, n) => `gallery/menge-${n}-1a2b3c4d5e6f7a8b-480w.webp`);
      await Promise.all(keys.map((key) => storage.read(key)));
      expect(server.requests.filter((request) => request.method === "GET")).toHaveLength(48);
      expect(server.connections()).toBeGreaterThan(0);
      expect(server.connections()).toBeLessThanOrEqual(16);
    } finally {
      storage.close();
      await server.stop();
    }
  });

  it("gives every object its picture type and a year of caching", async () => {
    const storage = s3Storage(settingsOf(s3));
    await storage.put("gallery/typ-1a2b3c4d5e6f7a8b-480w.webp", Buffer.from("RIFF"));
    const { GetObjectCommand, S3Client } = await import("@aws-sdk/client-s3");
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    const object = await client.send(
      new GetObjectCommand({ Bucket: s3.bucket, Key: "gallery/typ-1a2b3c4d5e6f7a8b-480w.webp" }),
    );
    expect(object.ContentType).toBe("image/webp");
    expect(object.CacheControl).toBe(PICTURE_CACHE_CONTROL);
    client.destroy();
    await storage.remove("gallery/typ-1a2b3c4d5e6f7a8b-480w.webp");
    storage.close();
  });

  it("says PictureStoreUnavailable while the server is away, and works again once it is back", async () => {
    const server = await startS3Server({ bucket: "aussetzer" });
    const storage = s3Storage(settingsOf(server), { timeoutMs: 2000 });
    try {
      await storage.put("gallery/da.webp", Buffer.from("da"));
      await server.pause?.();
      await expect(storage.read("gallery/da.webp")).rejects.toBeInstanceOf(PictureStoreUnavailable);
      await expect(storage.put("gallery/neu.webp", Buffer.from("x"))).rejects.toBeInstanceOf(
        PictureStoreUnavailable,
      );
      await server.resume?.();
      expect((await storage.read("gallery/da.webp"))?.toString()).toBe("da");
    } finally {
      storage.close();
      await server.stop();
    }
  });

  it("start check: passes, leaves no probe behind, and names the variable to fix", async () => {
    const good = s3Storage(settingsOf(s3));
    await good.check();
    const { ListObjectsV2Command, S3Client } = await import("@aws-sdk/client-s3");
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: PROBE_PREFIX }));
    expect(listed.Contents ?? []).toEqual([]);
    client.destroy();
    good.close();

    const refused = async (change: Partial<S3Settings>) => {
      const store = s3Storage(settingsOf(s3, change), { checkTimeoutMs: 3000 });
      try {
        await store.check();
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      } finally {
        store.close();
      }
      return "kein Fehler";
    };
    // A closed port (the paused server's) and a name that does not resolve.
    const closed = await startS3Server();
    await closed.pause?.();
    expect(await refused({ endpoint: closed.endpoint })).toMatch(
      /S3_ENDPOINT: .*nicht erreichbar.*ECONNREFUSED/,
    );
    await closed.stop();
    expect(await refused({ endpoint: "http://bildspeicher.invalid:9000" })).toMatch(
      /S3_ENDPOINT: .*nicht erreichbar.*(ENOTFOUND|EAI_AGAIN)/,
    );
    expect(await refused({ bucket: "gibt-es-nicht" })).toMatch(/S3_BUCKET: .*gibt-es-nicht.*NoSuchBucket/);
    expect(await refused({ accessKeyId: "FALSCH" })).toMatch(/S3_ACCESS_KEY_ID: .*InvalidAccessKeyId/);
  });

  it("start check: a store that takes the connection and never answers stops the start in time", async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    const store = s3Storage(settingsOf(s3, { endpoint: `http://127.0.0.1:${port}` }), {
      checkTimeoutMs: 1000,
    });
    const started = performance.now();
    try {
      await expect(store.check()).rejects.toThrow(/S3_ENDPOINT: .*nicht erreichbar/);
      expect(performance.now() - started).toBeLessThan(3000);
    } finally {
      store.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("a store that does not answer: a read fails after its timeout, the next at once, and later it asks again", async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    const store = s3Storage(settingsOf(s3, { endpoint: `http://127.0.0.1:${port}` }), {
      readTimeoutMs: 300,
      hungPauseMs: 1000,
    });
    const timedRead = async () => {
      const started = performance.now();
      await expect(store.read("gallery/a-480w.webp")).rejects.toBeInstanceOf(PictureStoreUnavailable);
      return performance.now() - started;
    };
    try {
      expect(await timedRead()).toBeGreaterThanOrEqual(250);
      expect(await timedRead()).toBeLessThan(50);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await timedRead()).toBeGreaterThanOrEqual(250);
    } finally {
      store.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("start check: a wrong secret and a key without rights, as S3 answers them", async () => {
    // s3rver does not verify SigV4 signatures: a stand-in answers what AWS and MinIO answer.
    const answers: Record<string, string> = {};
    const standIn = http.createServer((request, response) => {
      request.resume();
      request.on("end", () => {
        response.writeHead(403, { "Content-Type": "application/xml" });
        response.end(
          `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${answers.code}</Code><Message>nein</Message></Error>`,
        );
      });
    });
    await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
    const { port } = standIn.address() as AddressInfo;
    const check = async (code: string) => {
      answers.code = code;
      const store = s3Storage(settingsOf(s3, { endpoint: `http://127.0.0.1:${port}` }));
      try {
        await store.check();
        return "kein Fehler";
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      } finally {
        store.close();
      }
    };
    try {
      expect(await check("SignatureDoesNotMatch")).toMatch(/S3_SECRET_ACCESS_KEY: .*SignatureDoesNotMatch/);
      expect(await check("AccessDenied")).toMatch(/S3_ACCESS_KEY_ID: .*AccessDenied/);
      expect(await check("InvalidAccessKeyId")).toMatch(/S3_ACCESS_KEY_ID: .*InvalidAccessKeyId/);
    } finally {
      standIn.closeAllConnections();
      await new Promise((resolve) => standIn.close(resolve));
    }
  });

  it("openPictureStorage checks an S3 store before it is used, and keeps what it read in memory", async () => {
    const server = await startS3Server({ bucket: "oeffnen" });
    const config = parseConfig({ ...server.env, DATA_DIR: folder }).pictures;
    const storage = await openPictureStorage(config);
    try {
      await storage.put("gallery/x-480w.webp", Buffer.from("x"));
      expect((await storage.read("gallery/x-480w.webp"))?.toString()).toBe("x");
      await server.pause?.();
      expect((await storage.read("gallery/x-480w.webp"))?.toString()).toBe("x");
      await expect(storage.read("gallery/y-480w.webp")).rejects.toBeInstanceOf(PictureStoreUnavailable);
    } finally {
      storage.close();
      await server.stop();
    }
    await expect(openPictureStorage(config)).rejects.toThrow(/S3_ENDPOINT/);
  });
});

describe("memory cache", () => {
  it("keeps at most its bytes, the least recently read going first, and forgets a removed key", async () => {
    const reads: string[] = [];
    const inner = fileStorage(folder);
    const counting: PictureStorage = {
      ...inner,
      read: (key) => {
        reads.push(key);
        return inner.read(key);
      },
    };
    const cached = withMemoryCache(counting, 800);
    for (const name of ["a", "b", "c"]) await inner.put(`p/${name}.webp`, Buffer.alloc(100, name));
    await inner.put("p/gross.webp", Buffer.alloc(200)); // more than an eighth: never kept
    for (const name of ["a", "b", "c", "a", "gross", "gross"]) await cached.read(`p/${name}.webp`);
    expect(reads).toEqual(["p/a.webp", "p/b.webp", "p/c.webp", "p/gross.webp", "p/gross.webp"]);
    // Six more of 100 bytes: b and c (least recently read) go, a was read later than them.
    for (let index = 0; index < 6; index += 1) {
      await inner.put(`p/n${index}.webp`, Buffer.alloc(100));
      await cached.read(`p/n${index}.webp`);
    }
    reads.length = 0;
    await cached.read("p/a.webp");
    await cached.read("p/b.webp");
    expect(reads).toEqual(["p/b.webp"]);
    await cached.remove("p/a.webp");
    expect(await cached.read("p/a.webp")).toBeUndefined();
  });
});
