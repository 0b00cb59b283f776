import {
  checkedKey,
  PictureKeyError,
  PictureStoreUnavailable,
  pictureTypeOf,
  type PictureStorage,
} from "../app/common/pictures/storage.server.ts";
import { IMMUTABLE } from "./static-files.ts";

/**
 * Uploaded pictures, served from the picture storage (decisions 0019, 0038) under `/bilder/hochgeladen/`.
 * Their names carry their content's hash, so they are cached for a year. Only the formats the
 * upload writes are served, each with its own type; anything else, or a key that does not fit the
 * storage's pattern, is not found. While an S3 store is away, a picture the server still holds in
 * memory is served as ever and any other is answered 503 with Retry-After — it is not missing, and
 * nobody should cache its absence.
 */
export const PICTURES_PATH = "/bilder/hochgeladen/";

/** How long a browser or proxy is asked to wait while the picture store is away. */
export const STORE_AWAY_RETRY_SECONDS = 30;

export function createPictureFiles(
  storage: PictureStorage,
  options: { onStoreAway?: (error: unknown) => void } = {},
) {
  return async function servePicture(request: Request): Promise<Response | undefined> {
    if (request.method !== "GET" && request.method !== "HEAD") return undefined;
    const { pathname } = new URL(request.url);
    if (!pathname.startsWith(PICTURES_PATH)) return undefined;
    const notFound = () =>
      new Response("Nicht gefunden", {
        status: 404,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    let key: string;
    try {
      key = checkedKey(decodeURIComponent(pathname.slice(PICTURES_PATH.length)));
    } catch (error) {
      if (error instanceof PictureKeyError || error instanceof URIError) return notFound();
      throw error;
    }
    const type = pictureTypeOf(key);
    if (!type) return notFound();
    let data: Buffer | undefined;
    try {
      data = await storage.read(key);
    } catch (error) {
      if (!(error instanceof PictureStoreUnavailable)) throw error;
      options.onStoreAway?.(error);
      return new Response("Das Bild ist vorübergehend nicht erreichbar.", {
        status: 503,
        headers: {
          "Content-Type": "text/plain; charset=utf-8",
          "Cache-Control": "no-store",
          "Retry-After": String(STORE_AWAY_RETRY_SECONDS),
        },
      });
    }
    if (!data) return notFound();
    const headers = new Headers({
      "Content-Type": type,
      "Content-Length": String(data.length),
      "Cache-Control": IMMUTABLE,
    });
    if (request.method === "HEAD") return new Response(null, { headers });
    return new Response(new Uint8Array(data), { headers });
  };
}
