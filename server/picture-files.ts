import { checkedKey, PictureKeyError, type PictureStorage } from "../app/common/pictures/storage.server.ts";
import { IMMUTABLE } from "./static-files.ts";

/**
 * Uploaded pictures, served from the picture storage (decision 0019) under `/bilder/hochgeladen/`.
 * Their names carry their content's hash, so they are cached for a year. Only the formats the
 * upload writes are served, each with its own type; anything else, or a key that does not fit the
 * storage's pattern, is not found.
 */
export const PICTURES_PATH = "/bilder/hochgeladen/";

const types: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
};

export function createPictureFiles(storage: PictureStorage) {
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
    const type = types[key.slice(key.lastIndexOf(".") + 1)];
    if (!type) return notFound();
    const data = await storage.read(key);
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
