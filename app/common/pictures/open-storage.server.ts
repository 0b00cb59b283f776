import type { PictureStoreConfig } from "../../lib/env.server.ts";
import { fileStorage, withMemoryCache, type PictureStorage } from "./storage.server.ts";

/** How much of an S3 store's pictures the server keeps in memory (decision 0038). */
export const PICTURE_MEMORY_CACHE_BYTES = 64 * 1024 * 1024;

export interface OpenedPictureStorage extends PictureStorage {
  /** Ends the store's connections (an S3 client's kept-alive sockets); nothing for a folder. */
  close(): void;
}

/**
 * The configured picture store. An S3 store is checked first (a tiny object written, read and
 * removed, with a short timeout): a wrong endpoint, bucket or key stops the start with a message
 * naming the variable, rather than every upload failing later. The server keeps what it reads of it
 * in memory (`memoryCacheBytes`), so pictures already seen outlive an outage of the store; a
 * command-line tool that reads each picture once passes 0.
 */
export async function openPictureStorage(
  config: PictureStoreConfig,
  options: { check?: boolean; memoryCacheBytes?: number } = {},
): Promise<OpenedPictureStorage> {
  if (config.kind === "file") return { ...fileStorage(config.dir), close: () => undefined };
  // Loaded only for S3: a server on a folder does not pay the SDK's start-up time.
  const { s3Storage } = await import("./s3-storage.server.ts");
  const store = s3Storage(config);
  if (options.check ?? true) {
    try {
      await store.check();
    } catch (error) {
      store.close();
      throw error;
    }
  }
  const cacheBytes = options.memoryCacheBytes ?? PICTURE_MEMORY_CACHE_BYTES;
  const storage = cacheBytes > 0 ? withMemoryCache(store, cacheBytes) : store;
  return { ...storage, close: () => store.close() };
}
