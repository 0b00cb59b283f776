import { randomUUID } from "node:crypto";
import fs, { type FileHandle } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { Logger } from "../../lib/logger.server.ts";
import { PictureStoreUnavailable, type PictureStorage } from "./storage.server.ts";
import { makePrivateDir, PRIVATE_FILE_MODE } from "../../../db/private-files.server.ts";
import {
  STORAGE_PROBLEM_STATUS,
  storageProblemOf,
  type StorageProblem,
} from "../../lib/storage-errors.server.ts";
import {
  FILE_NAME_HEADER,
  MAX_PICTURE_BYTES,
  shownFileName,
  uploadMessages as M,
  type UploadAnswer,
  type UploadTarget,
} from "./picture-upload.ts";
import { addressOfKey } from "./uploaded-pictures.ts";
import {
  namedPictureBaseKey,
  pictureBaseKey,
  PictureRefused,
  processPicture,
  type ProcessedPicture,
} from "./process-picture.server.ts";

export interface UploadDeps {
  storage: PictureStorage;
  /** A folder on the same disk as the storage, for the upload while it arrives. */
  incomingDir: string;
  logger: Logger;
  username: string;
  /**
   * Adds an uploaded gallery picture to the gallery and answers its id: the gallery is a feature,
   * so the route that composes both hands it in (decision 0030).
   */
  addToGallery: (picture: { key: string; altText: string; caption: null }) => Promise<number>;
  /** How long to wait for the body's next piece (default `UPLOAD_IDLE_MS`). */
  idleMs?: number;
  /**
   * The first wait before objects of a failed upload that could not be removed (the store was away)
   * are tried again; each further wait doubles. Default 30 s.
   */
  retryRemovalMs?: number;
}

export interface UploadResponse {
  status: number;
  answer: UploadAnswer;
}

class TooLarge extends Error {}
class Stalled extends Error {}

/**
 * How long the server waits for the next piece of an upload's body before it gives up on it (a
 * browser that stopped sending, or sends a trickle): the upload is answered with `stalled` and
 * nothing of it is kept. Besides the server's limit on a whole request (server/start.ts).
 */
export const UPLOAD_IDLE_MS = 20_000;

/**
 * One picture at a time is decoded and resized: libvips already uses every core for one picture,
 * and a queue keeps the memory of three large uploads at once at that of one (decision 0019).
 */
let processing: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = processing.then(work, work);
  processing = run.catch(() => undefined);
  return run;
}

/** Where uploads arrive, below DATA_DIR (the same disk as the pictures). */
export const incomingDirOf = (dataDir: string) => path.join(dataDir, "eingang");

/**
 * Uploads a stopped server left half received: nobody waits for them any more. Only those older than
 * an hour, so a second server on the same DATA_DIR keeps the ones it is receiving.
 */
export async function clearIncoming(dir: string, now = Date.now()): Promise<void> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (stat && now - stat.mtimeMs > 60 * 60 * 1000) await fs.rm(file, { force: true });
  }
}

/**
 * At most this many uploads are received at once; a further one is answered at once with a request
 * to try again (the staff screens send one file after another, so only a script meets it).
 */
export const MAX_UPLOADS_AT_ONCE = 4;
let uploadsInFlight = 0;

function fileNameOf(request: Request): string {
  const header = request.headers.get(FILE_NAME_HEADER) ?? "";
  try {
    return decodeURIComponent(header).slice(0, 255);
  } catch {
    return header.slice(0, 255);
  }
}

/**
 * The body, streamed to a file and counted on the way: never more than the limit, never all in
 * memory. Should the file fail (a full disk), the rest of the body is still read and dropped before
 * the error is thrown: a server that answers while the browser is still sending breaks the
 * connection, and the browser would show its own network error instead of the German message.
 */
export async function receiveToFile(
  body: ReadableStream<Uint8Array>,
  file: string,
  idleMs = UPLOAD_IDLE_MS,
): Promise<number> {
  let size = 0;
  let writeError: unknown;
  let handle: FileHandle | undefined;
  try {
    await makePrivateDir(path.dirname(file));
    handle = await fs.open(file, "wx", PRIVATE_FILE_MODE);
  } catch (error) {
    writeError = error;
  }
  try {
    for await (const chunk of withinIdle(
      Readable.fromWeb(body as NodeReadableStream<Uint8Array>) as AsyncIterable<Buffer>,
      idleMs,
    )) {
      size += chunk.length;
      if (size > MAX_PICTURE_BYTES) throw new TooLarge();
      if (handle && writeError === undefined) {
        try {
          // A nearly full disk may take part of a chunk: write the rest until all is in, or it fails.
          for (let offset = 0; offset < chunk.length;) {
            const { bytesWritten } = await handle.write(chunk, offset);
            offset += bytesWritten;
          }
        } catch (error) {
          writeError = error;
        }
      }
    }
  } finally {
    // Closing may fail on a full disk too; the error that matters is the one before.
    await handle?.close().catch((error: unknown) => (writeError ??= error));
  }
  if (writeError !== undefined) throw writeError;
  return size;
}

/** The chunks of `source`, each within `idleMs` of the one before, else `Stalled` (and the source is let go). */
async function* withinIdle(source: AsyncIterable<Buffer>, idleMs: number): AsyncGenerator<Buffer> {
  const iterator = source[Symbol.asyncIterator]();
  try {
    for (;;) {
      let timer: NodeJS.Timeout | undefined;
      const stalled = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Stalled()), idleMs);
      });
      try {
        const next = await Promise.race([iterator.next(), stalled]);
        if (next.done) return;
        yield next.value;
      } finally {
        clearTimeout(timer);
      }
    }
  } finally {
    // Stops reading the body (a stalled one included); its error, if any, is no longer anyone's.
    void iterator.return?.()?.catch(() => undefined);
  }
}

function baseKeyFor(target: UploadTarget, fileName: string): string {
  switch (target) {
    case "galerie":
      return pictureBaseKey("gallery");
    case "gericht":
      return pictureBaseKey("gerichte");
    case "hero":
      return namedPictureBaseKey("inhalte", "hero", fileName);
    case "inhalt":
      return namedPictureBaseKey("inhalte", "bild", fileName);
  }
}

/** A first alt text from the file's name ('pizza-margherita.jpg' → 'pizza margherita'), for staff to improve. */
export function altTextFromFileName(fileName: string): string {
  const text = shownFileName(fileName)
    .replace(/\.[^.]*$/, "")
    .replace(/[-_.]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 200);
  return text || "Bild aus der Galerie";
}

const filesOf = (picture: ProcessedPicture) => [picture.original, ...picture.variants];

const REMOVAL_ATTEMPTS = 10;

/**
 * Removes a failed upload's files. What cannot be removed now — an S3 store that went away in the
 * middle of the upload takes the removals with it — is tried again later, waiting longer each time:
 * nothing half of an upload stays in the store once it is back (decision 0038).
 */
async function removeFiles(
  storage: PictureStorage,
  picture: ProcessedPicture,
  deps: UploadDeps,
): Promise<void> {
  const left: string[] = [];
  await Promise.all(
    filesOf(picture).map((file) => storage.remove(file.key).catch(() => void left.push(file.key))),
  );
  if (left.length > 0) removeLater(storage, left, deps, deps.retryRemovalMs ?? 30_000, 1);
}

function removeLater(
  storage: PictureStorage,
  keys: string[],
  deps: UploadDeps,
  waitMs: number,
  attempt: number,
) {
  const timer = setTimeout(() => {
    void (async () => {
      const left: string[] = [];
      for (const key of keys) await storage.remove(key).catch(() => void left.push(key));
      if (left.length === 0) return deps.logger.info("failed upload's files removed", { keys, attempt });
      if (attempt >= REMOVAL_ATTEMPTS)
        return deps.logger.error("a failed upload's files stayed in the picture store", { keys: left });
      removeLater(storage, left, deps, Math.min(waitMs * 2, 10 * 60_000), attempt + 1);
    })();
  }, waitMs);
  // A server shutting down does not wait for this.
  timer.unref();
}

async function store(storage: PictureStorage, picture: ProcessedPicture, deps: UploadDeps): Promise<void> {
  try {
    for (const file of filesOf(picture)) await storage.put(file.key, file.data);
  } catch (error) {
    await removeFiles(storage, picture, deps);
    throw error;
  }
}

const refusal = (status: number, title: string, message: string): UploadResponse => ({
  status,
  answer: { ok: false, title, message },
});

const storageRefusal = (problem: StorageProblem) =>
  refusal(STORAGE_PROBLEM_STATUS, M.failedTitle, problem === "full" ? M.storageFull : M.storageNotWritable);

/**
 * A staff member's upload (the caller has checked the session and the origin): received to disk,
 * judged and processed, stored with its variants, and for the gallery added as a published picture
 * at the end. Every refusal is one of the messages of docs/product/pictures.md#uploads; nothing is kept of a
 * refused file.
 */
export async function receivePictureUpload(
  request: Request,
  target: UploadTarget,
  deps: UploadDeps,
): Promise<UploadResponse> {
  const fileName = fileNameOf(request);
  const name = shownFileName(fileName);
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (declared > MAX_PICTURE_BYTES) return refusal(413, M.tooLargeTitle, M.tooLarge(name));
  if (!request.body || declared === 0) return refusal(400, M.notAPictureTitle, M.noFile);

  if (uploadsInFlight >= MAX_UPLOADS_AT_ONCE) return refusal(503, M.failedTitle, M.busy);
  uploadsInFlight += 1;
  const incoming = path.join(deps.incomingDir, `${randomUUID()}.upload`);
  try {
    try {
      const size = await receiveToFile(request.body, incoming, deps.idleMs);
      if (size === 0) return refusal(400, M.notAPictureTitle, M.noFile);
    } catch (error) {
      if (error instanceof TooLarge) return refusal(413, M.tooLargeTitle, M.tooLarge(name));
      if (error instanceof Stalled) {
        deps.logger.warn("picture upload stalled", { by: deps.username });
        return refusal(408, M.failedTitle, M.stalled);
      }
      if (storageProblemOf(error)) throw error;
      // The browser went away mid-upload: nobody waits for an answer.
      deps.logger.warn("picture upload broke off", { error });
      return refusal(400, M.failedTitle, M.failed);
    }
    const picture = await oneAtATime(() => processPicture(incoming, baseKeyFor(target, fileName)));
    await store(deps.storage, picture, deps);
    let galleryId: number | undefined;
    if (target === "galerie") {
      try {
        galleryId = await deps.addToGallery({
          key: picture.original.key,
          altText: altTextFromFileName(fileName),
          caption: null,
        });
      } catch (error) {
        await removeFiles(deps.storage, picture, deps);
        deps.logger.error("gallery picture could not be added", { error, key: picture.original.key });
        const problem = storageProblemOf(error);
        if (problem) return storageRefusal(problem);
        return refusal(500, M.addFailedTitle, M.failed);
      }
    }
    deps.logger.info("picture uploaded", {
      target,
      key: picture.original.key,
      variants: picture.variants.length,
      by: deps.username,
    });
    return {
      status: 201,
      answer: {
        ok: true,
        address: addressOfKey(picture.original.key),
        width: picture.width,
        height: picture.height,
        ...(galleryId === undefined ? {} : { galleryId }),
      },
    };
  } catch (error) {
    if (error instanceof PictureRefused) {
      switch (error.problem) {
        case "too-large":
          return refusal(413, M.tooLargeTitle, M.tooLarge(name));
        case "too-many-pixels":
          return refusal(413, M.tooLargeTitle, M.tooManyPixels(name));
        case "empty":
          return refusal(400, M.notAPictureTitle, M.emptyFile(name));
        case "not-a-picture":
          return refusal(415, M.notAPictureTitle, M.notAPicture(name));
      }
    }
    if (error instanceof PictureStoreUnavailable) {
      deps.logger.warn("picture upload failed: picture store unreachable", { error, target });
      return refusal(503, M.failedTitle, M.storeUnavailable);
    }
    deps.logger.error("picture upload failed", { error, target });
    const problem = storageProblemOf(error);
    if (problem) return storageRefusal(problem);
    return refusal(500, M.failedTitle, M.failed);
  } finally {
    uploadsInFlight -= 1;
    await fs.rm(incoming, { force: true });
  }
}
