/**
 * `npm run bench:pictures`: what an upload costs the server (decision 0019). Makes a
 * camera-like JPEG of about 10 MB (24 megapixels of detail, with EXIF and GPS), starts the
 * production server, and uploads it once, then three at once (each on a freshly started server):
 * the time until the server answers, and the server's peak memory (VmHWM, Linux) before and after.
 * Then what a phone downloads for the home page with the gallery in view, and how long one picture
 * request takes served from the folder and from S3 (s3rver on this machine; decision 0038), cold
 * (not yet in the server's memory) and warm. `npm run bench:pictures -- ausliefern` runs only that.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { createSession, sessionCookieName } from "../../app/features/auth/index.server.ts";
import { openDatabase } from "../../db/database.server.ts";
import {
  FILE_NAME_HEADER,
  MAX_PICTURE_BYTES,
  UPLOAD_PATH,
} from "../../app/common/pictures/picture-upload.ts";
import { buildIfNeeded } from "../../server/build-if-needed.ts";
import { parseConfig } from "../../app/lib/env.server.ts";
import { openPictureStorage } from "../../app/common/pictures/open-storage.server.ts";
import { fileStorage, type PictureStorage } from "../../app/common/pictures/storage.server.ts";
import { startS3Server } from "../../tests/support/s3-server.ts";
import { formatTable, median } from "./stats.ts";
import {
  busyMachineWarning,
  startProductionServer,
  stopProductionServer,
} from "../../tests/support/production-server.ts";

const root = path.resolve(import.meta.dirname, "../..");
const say = (line: string) => process.stdout.write(`${line}\n`);

/** 6000×4000 of fine noise over a gradient, JPEG quality chosen to land just under 10 MB. */
async function cameraJpeg(): Promise<Buffer> {
  const width = 6000;
  const height = 4000;
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#000",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .blur(0.6)
    .raw()
    .toBuffer();
  let best: Buffer | undefined;
  for (const quality of [88, 84, 80, 76, 72, 68, 64, 60, 55, 50]) {
    const jpeg = await sharp(noise, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .withExif({
        IFD0: { Make: "Tavola Kamera", Model: "Bench 24MP" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "48/1 31/1 0/1",
          GPSLongitudeRef: "E",
          GPSLongitude: "9/1 3/1 0/1",
        },
      })
      .toBuffer();
    best = jpeg;
    if (jpeg.length <= MAX_PICTURE_BYTES) break;
  }
  if (!best) throw new Error("no JPEG");
  return best;
}

function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const match = /VmHWM:\s+(\d+) kB/.exec(status);
  return match ? Math.round(Number(match[1]) / 1024) : Number.NaN;
}

async function run(copies: number, photo: Buffer) {
  const server = await startProductionServer();
  try {
    const database = openDatabase({ kind: "sqlite", file: path.join(server.dataDir, "tavola.sqlite") });
    const account = await database.db.selectFrom("staff_users").select("id").executeTakeFirstOrThrow();
    const token = await createSession(database.db, account.id, "bench");
    await database.close();
    const pid = server.process.pid ?? 0;
    // Warm the server up with one page, so its baseline includes a rendered page.
    await fetch(`${server.origin}/`);
    const before = peakRssMb(pid);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: copies }, async (_, index) => {
        const response = await fetch(`${server.origin}${UPLOAD_PATH}?ziel=galerie`, {
          method: "POST",
          headers: {
            Origin: server.origin,
            Cookie: `${sessionCookieName({ secure: false })}=${token}`,
            "Content-Type": "image/jpeg",
            [FILE_NAME_HEADER]: `kamera-${index + 1}.jpg`,
          },
          body: new Uint8Array(photo),
        });
        const ms = performance.now() - started;
        return { status: response.status, ms, body: (await response.json()) as { address?: string } };
      }),
    );
    const after = peakRssMb(pid);
    const folder = path.join(server.dataDir, "pictures", "gallery");
    const stored = fs.readdirSync(folder).filter((file) => !file.includes("-demo"));
    const sizeOf = (file: string) => fs.statSync(path.join(folder, file)).size;
    const bytes = stored.reduce((sum, file) => sum + sizeOf(file), 0);
    const variants = stored
      .filter((file) => /-\d+w\.webp$/.test(file))
      .map((file) => ({
        width: Number(/-(\d+)w\.webp$/.exec(file)?.[1]),
        kb: Math.round(sizeOf(file) / 1024),
      }))
      .sort((a, b) => a.width - b.width);
    say(
      `${copies} × ${(photo.length / 1024 / 1024).toFixed(1)} MB JPEG: ` +
        `Antworten ${answers.map((answer) => `${answer.status} nach ${Math.round(answer.ms)} ms`).join(", ")}; ` +
        `Spitzen-RSS des Servers ${before} MB → ${after} MB (+${after - before} MB); ` +
        `gespeichert ${stored.length} Dateien, ${(bytes / 1024 / 1024).toFixed(1)} MB`,
    );
    if (copies === 1)
      say(
        `  Varianten des Bildes: ${variants.map((variant) => `${variant.width} px ${variant.kb} KB`).join(", ")}`,
      );
  } finally {
    await stopProductionServer(server);
  }
}

/**
 * What a phone downloads for the home page with the gallery in view (Lighthouse's phone: 412 px
 * wide, device pixel ratio 1.75), against the full pictures of the gallery's first page.
 */
async function phoneBytes() {
  const server = await startProductionServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox"],
  });
  try {
    const page = await browser.newPage({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
    });
    const sizes = new Map<string, number>();
    page.on("response", async (response) => {
      const body = await response.body().catch(() => Buffer.alloc(0));
      sizes.set(new URL(response.url()).pathname, body.length);
    });
    await page.goto(`${server.origin}/`, { waitUntil: "load" });
    const gallery = page.locator("#gallery");
    await gallery.scrollIntoViewIfNeeded();
    for (let step = 0; step < 12; step += 1) {
      await page.mouse.wheel(0, 400);
      await page.waitForTimeout(150);
    }
    await page.waitForLoadState("networkidle");
    const loaded = [...sizes].filter(([pathname]) => pathname.startsWith("/bilder/hochgeladen/gallery/"));
    const total = [...sizes.values()].reduce((sum, size) => sum + size, 0);
    const galleryBytes = loaded.reduce((sum, [, size]) => sum + size, 0);
    const folder = path.join(server.dataDir, "pictures", "gallery");
    const originals = fs
      .readdirSync(folder)
      .filter((file) => /-\d+x\d+\.\w+$/.test(file))
      .sort()
      .slice(0, 8)
      .reduce((sum, file) => sum + fs.statSync(path.join(folder, file)).size, 0);
    say(
      `Handy (412 px, DPR 1.75), Startseite bis zur Galerie gescrollt: ${Math.round(total / 1024)} KB insgesamt; ` +
        `Galerie ${loaded.length} Bilder, ${Math.round(galleryBytes / 1024)} KB ` +
        `(${[...new Set(loaded.map(([pathname]) => /-(\d+w)\.webp$/.exec(pathname)?.[1] ?? "voll"))].join(", ")}); ` +
        `die vollen Bilder der ersten Seite wären ${Math.round(originals / 1024)} KB`,
    );
  } finally {
    await browser.close();
    await stopProductionServer(server);
  }
}

/** Pictures the serving bench asks for once each (cold), and the few it asks for again and again (warm). */
const COLD_PICTURES = 200;
const WARM_PICTURES = 10;
const WARM_ROUNDS = 20;

/**
 * One picture request's time, served from the folder and from S3: a production server each, with
 * COLD_PICTURES gallery-sized WebP variants (about 60 KB) put into its store after it started, each
 * asked for once (cold: the server reads it from its store; a folder's file is in the operating
 * system's cache, just written), then WARM_PICTURES of them WARM_ROUNDS times (warm: an S3 server's
 * memory cache answers; a folder's file is read again). One request at a time, over a kept-alive
 * connection, the time until the whole body is in.
 */
async function servingLatency() {
  const variant = await sharp({
    create: {
      width: 960,
      height: 640,
      channels: 3,
      background: "#000",
      noise: { type: "gaussian", mean: 128, sigma: 30 },
    },
  })
    .blur(1.2)
    .webp({ quality: 78 })
    .toBuffer();
  const keys = Array.from(
    { length: COLD_PICTURES },
    (_, index) => `gallery/2026-11-27-bench${String(index).padStart(3, "0")}-0123456789abcdef-960w.webp`,
  );
  const rows: string[][] = [];
  const timed = async (origin: string, key: string) => {
    const started = performance.now();
    const response = await fetch(`${origin}/bilder/hochgeladen/${key}`);
    const body = await response.arrayBuffer();
    const ms = performance.now() - started;
    if (response.status !== 200 || body.byteLength !== variant.length)
      throw new Error(`${key}: ${response.status}, ${body.byteLength} Bytes`);
    return ms;
  };
  for (const kind of ["Ordner", "S3 (s3rver)"] as const) {
    const s3 = kind === "Ordner" ? undefined : await startS3Server({ bucket: "bench" });
    const server = await startProductionServer("0", s3?.env ?? {});
    let storage: (PictureStorage & { close?(): void }) | undefined;
    try {
      storage = s3
        ? await openPictureStorage(parseConfig(s3.env).pictures, { memoryCacheBytes: 0 })
        : fileStorage(path.join(server.dataDir, "pictures"));
      for (const key of keys) await storage.put(key, variant);
      // The connection and the server's code paths warmed up on a demo picture, not on the measured ones.
      await fetch(`${server.origin}/`);
      const cold: number[] = [];
      for (const key of keys) cold.push(await timed(server.origin, key));
      const warm: number[] = [];
      for (let round = 0; round < WARM_ROUNDS; round += 1)
        for (const key of keys.slice(0, WARM_PICTURES)) warm.push(await timed(server.origin, key));
      const ms = (values: number[]) => `${median(values).toFixed(2)} ms`;
      const p90 = (values: number[]) =>
        `${([...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)] ?? Number.NaN).toFixed(2)} ms`;
      rows.push([kind, ms(cold), p90(cold), ms(warm), p90(warm)]);
    } finally {
      storage?.close?.();
      await stopProductionServer(server);
      await s3?.stop();
    }
  }
  say(
    `Ein Bild (${Math.round(variant.length / 1024)} KB WebP) über /bilder/hochgeladen/, nacheinander, ${COLD_PICTURES} kalt, ${WARM_PICTURES} × ${WARM_ROUNDS} warm:`,
  );
  for (const line of formatTable(["Speicher", "kalt Median", "kalt p90", "warm Median", "warm p90"], rows))
    say(`  ${line}`);
}

buildIfNeeded(root, say);
const warning = busyMachineWarning();
if (warning) say(warning);
if (process.argv[2] === "ausliefern") {
  await servingLatency();
  process.exit(0);
}
const photo = await cameraJpeg();
const { width, height } = await sharp(photo).metadata();
say(`Testbild: ${width}×${height}, ${(photo.length / 1024 / 1024).toFixed(2)} MB, mit EXIF und GPS`);
await run(1, photo);
await run(3, photo);
await phoneBytes();
await servingLatency();
