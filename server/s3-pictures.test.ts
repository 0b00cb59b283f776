import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../app/lib/env.server.ts";
import { Picture } from "../app/common/pictures/picture.tsx";
import {
  addressOfKey,
  responsiveAttributes,
  setPublicPicturesUrl,
  storedKeysOf,
} from "../app/common/pictures/uploaded-pictures.ts";
import { openPictureStorage } from "../app/common/pictures/open-storage.server.ts";
import { testBuild } from "../tests/support/router-build.ts";
import { startS3Server, type TestS3Server } from "../tests/support/s3-server.ts";
import { recordingLogger } from "../tests/support/silent-logger.ts";
import { createApp, type TavolaApp } from "./app.ts";
import { IMMUTABLE } from "./static-files.ts";

/**
 * The server with its pictures in S3 (decision 0038): the start check, pictures served through the
 * whole pipeline while the store comes and goes, and pages linking S3_PUBLIC_URL.
 */
const client = { address: "198.51.100.4", family: "IPv4" as const, port: 5000 };
const folders: string[] = [];
const newDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-s3-app-"));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  setPublicPicturesUrl(undefined);
});

/** One page that shows a gallery picture as every page does. */
const pictureBuild = testBuild(() => new Response("document"), {
  bild: {
    path: "bild",
    module: {
      loader: ({ request }: { request: Request }) => {
        const address = new URL(request.url).searchParams.get("adresse") ?? "";
        return new Response(
          renderToString(createElement(Picture, { src: address, alt: "Bild", sizes: "100vw" })) +
            JSON.stringify(responsiveAttributes(address, "100vw")),
          { headers: { "Content-Type": "text/html; charset=utf-8" } },
        );
      },
    },
  },
});

describe("the server with STORAGE=s3", () => {
  let s3: TestS3Server;
  let app: TavolaApp;
  let demoKey: string;
  beforeAll(async () => {
    s3 = await startS3Server({ bucket: "tavola-server" });
    app = await createApp(parseConfig({ ...s3.env, DATA_DIR: newDataDir() }), {
      build: pictureBuild,
      logger: recordingLogger().logger,
    });
    const row = await app.database.db.selectFrom("gallery_images").select("storage_path").executeTakeFirst();
    demoKey = row?.storage_path ?? "";
  });
  afterAll(async () => {
    await app.close();
    await s3.stop();
  });

  const get = (key: string) => app.handle(new Request(`http://localhost${addressOfKey(key)}`), client);

  it("put the demo gallery into the bucket, and serves it with the headers of a folder's pictures", async () => {
    expect(demoKey).toMatch(/^gallery\//);
    const store = await openPictureStorage(parseConfig(s3.env).pictures, { memoryCacheBytes: 0 });
    const keys = await store.list();
    store.close();
    for (const key of storedKeysOf(demoKey)) expect(keys).toContain(key);
    const response = await get(demoKey);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^image\/(jpeg|png|webp)$/);
    expect(response.headers.get("cache-control")).toBe(IMMUTABLE);
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it("while the store is away: pictures in memory are served, others 503 with Retry-After, then all again", async () => {
    const [seen, unseen] = storedKeysOf(demoKey).slice(1);
    expect((await get(seen ?? "")).status).toBe(200);
    await s3.pause?.();
    try {
      expect((await get(seen ?? "")).status).toBe(200);
      const away = await get(unseen ?? "");
      expect(away.status).toBe(503);
      expect(away.headers.get("retry-after")).toBe("30");
    } finally {
      await s3.resume?.();
    }
    expect((await get(unseen ?? "")).status).toBe(200);
  });
});

describe("S3_PUBLIC_URL", () => {
  it("pages link uploaded pictures straight to the store, rows keep their addresses, and the CSP allows it", async () => {
    const s3 = await startS3Server({ bucket: "oeffentlich" });
    const publicUrl = `${s3.endpoint}/${s3.bucket}`;
    const app = await createApp(
      parseConfig({ ...s3.env, S3_PUBLIC_URL: `${publicUrl}/`, DATA_DIR: newDataDir() }),
      { build: pictureBuild, logger: recordingLogger().logger },
    );
    try {
      const row = await app.database.db
        .selectFrom("gallery_images")
        .select("storage_path")
        .executeTakeFirstOrThrow();
      const address = addressOfKey(row.storage_path);
      const response = await app.handle(
        new Request(`http://localhost/bild?adresse=${encodeURIComponent(address)}`),
        client,
      );
      const html = await response.text();
      const [, stem] = /^(.+)-\d+x\d+\.(?:jpg|png|webp)$/.exec(row.storage_path) ?? [];
      expect(html).toContain(`src="${publicUrl}/${stem}-`);
      expect(html).toContain(`${publicUrl}/${stem}-480w.webp 480w`);
      expect(html).not.toContain("/bilder/hochgeladen/");
      // Another address stays as it is.
      expect(responsiveAttributes("/bilder/hero.webp", "100vw")).toEqual({ src: "/bilder/hero.webp" });
      expect(response.headers.get("content-security-policy")).toContain(
        `img-src 'self' data: blob: https: ${s3.endpoint}`,
      );
      // The address a browser loads answers with the picture.
      const src = /src="([^"]+)"/.exec(html)?.[1] ?? "";
      const picture = await fetch(src);
      expect(picture.status).toBe(200);
      expect(picture.headers.get("content-type")).toBe("image/webp");
      expect(picture.headers.get("cache-control")).toBe(IMMUTABLE);
    } finally {
      await app.close();
      await s3.stop();
      setPublicPicturesUrl(undefined);
    }
  });
});

describe("the start check", () => {
  it("stops the start before the database is touched, naming the variable to fix", async () => {
    const s3 = await startS3Server({ bucket: "start" });
    const start = async (change: Record<string, string>) => {
      const dataDir = newDataDir();
      const error = await createApp(parseConfig({ ...s3.env, ...change, DATA_DIR: dataDir }), {
        build: pictureBuild,
        logger: recordingLogger().logger,
      }).then(
        async (app) => {
          await app.close();
          return "gestartet";
        },
        (caught: unknown) => (caught instanceof Error ? caught.message : String(caught)),
      );
      expect(fs.existsSync(path.join(dataDir, "tavola.sqlite")), JSON.stringify(change)).toBe(false);
      return error;
    };
    try {
      expect(await start({ S3_BUCKET: "gibt-es-nicht" })).toMatch(
        /^Ungültige Konfiguration:\n {2}- S3_BUCKET: Den Bucket „gibt-es-nicht“/,
      );
      expect(await start({ S3_ACCESS_KEY_ID: "UNBEKANNT" })).toMatch(/- S3_ACCESS_KEY_ID: .*UNBEKANNT/);
      expect(await start({ S3_ENDPOINT: "http://127.0.0.1:1" })).toMatch(/- S3_ENDPOINT: .*ECONNREFUSED/);
    } finally {
      await s3.stop();
    }
  });
});
