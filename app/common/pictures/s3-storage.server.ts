import { randomUUID } from "node:crypto";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { ConfigError, type PictureStoreConfig } from "../../lib/env.server.ts";
import {
  checkedKey,
  PICTURE_CACHE_CONTROL,
  pictureTypeOf,
  PictureStoreUnavailable,
  type PictureStorage,
} from "./storage.server.ts";

export type S3Settings = Omit<Extract<PictureStoreConfig, { kind: "s3" }>, "kind">;

/**
 * The start check's objects live here. `checkedKey` refuses a key starting with `_`, so no picture
 * can ever be written (or listed for a backup) under it.
 */
export const PROBE_PREFIX = "_tavola-pruefung/";

export interface S3PictureStorage extends PictureStorage {
  readonly kind: "s3";
  /**
   * Writes, reads and removes a tiny object under PROBE_PREFIX: the start check. Throws a
   * PictureStoreSetupError naming the variable to fix.
   */
  check(): Promise<void>;
  /** Closes the client's kept-alive connections. */
  close(): void;
}

export interface S3StorageOptions {
  /** The longest one write, removal or listing may take, retries included (default 10 s). */
  timeoutMs?: number;
  /** The longest one read may take (default 5 s): a guest waits for it. */
  readTimeoutMs?: number;
  /**
   * After a read ran out of time (a store that takes connections but does not answer), reads fail at
   * once for this long (default 5 s) instead of each making a guest wait; then the store is asked again.
   */
  hungPauseMs?: number;
  /** The start check's limit (default 5 s): a start must not hang on a store that does not answer. */
  checkTimeoutMs?: number;
  /**
   * How long a name the store did not have is answered 'not there' without asking it again
   * (default 30 s), and how many such names are remembered (default 10,000; the oldest go first).
   */
  missCacheMs?: number;
  missCacheSize?: number;
  /** Connections to the store at most (default 16); further requests wait for one, within their time limit. */
  maxSockets?: number;
  /** The clock the remembered misses are timed by (tests). */
  now?: () => number;
}

/** A store that is wrong, said for the start, naming the variable — worded like every config error. */
export class PictureStoreSetupError extends ConfigError {
  readonly variable: string;
  constructor(variable: string, message: string) {
    super([`${variable}: ${message}`]);
    this.name = "PictureStoreSetupError";
    this.variable = variable;
  }
}

interface SdkError {
  name?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
  cause?: unknown;
}

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ETIMEDOUT",
  "EPIPE",
  "ERR_INVALID_URL",
]);

/** The network error code in an error or its causes (the SDK passes node's error through). */
function networkCodeOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 5; depth += 1) {
    const { code } = current as SdkError;
    if (typeof code === "string" && NETWORK_CODES.has(code)) return code;
    current = (current as SdkError).cause;
  }
  return undefined;
}

const isTimeout = (error: unknown) => {
  const { name } = (error ?? {}) as SdkError;
  return name === "TimeoutError" || name === "AbortError" || networkCodeOf(error) === "ETIMEDOUT";
};

const isNotFound = (error: unknown) => {
  const { name, $metadata } = (error ?? {}) as SdkError;
  return name === "NoSuchKey" || (name === "NotFound" && $metadata?.httpStatusCode === 404);
};

/** Which variable a failed start check points at, and what to tell the operator (German). */
export function setupErrorOf(error: unknown, settings: S3Settings): PictureStoreSetupError {
  const { name = "", $metadata } = (error ?? {}) as SdkError;
  const status = $metadata?.httpStatusCode;
  const network = networkCodeOf(error);
  const where = settings.endpoint;
  if (network || name === "TimeoutError" || name === "AbortError" || status === undefined)
    return new PictureStoreSetupError(
      "S3_ENDPOINT",
      `Der Bildspeicher unter ${where} ist nicht erreichbar (${network ?? (name || "keine Antwort")}). Stimmt die Adresse, läuft der Speicher?`,
    );
  if (name === "NoSuchBucket")
    return new PictureStoreSetupError(
      "S3_BUCKET",
      `Den Bucket „${settings.bucket}“ gibt es unter ${where} nicht (NoSuchBucket). Legen Sie ihn an oder korrigieren Sie den Namen.`,
    );
  if (name === "InvalidAccessKeyId")
    return new PictureStoreSetupError(
      "S3_ACCESS_KEY_ID",
      `Der Bildspeicher kennt den Zugangsschlüssel „${settings.accessKeyId}“ nicht (InvalidAccessKeyId).`,
    );
  if (name === "SignatureDoesNotMatch")
    return new PictureStoreSetupError(
      "S3_SECRET_ACCESS_KEY",
      `Das Geheimnis passt nicht zum Zugangsschlüssel „${settings.accessKeyId}“ (SignatureDoesNotMatch).`,
    );
  if (name === "AccessDenied" || status === 403)
    return new PictureStoreSetupError(
      "S3_ACCESS_KEY_ID",
      `Der Zugangsschlüssel „${settings.accessKeyId}“ darf im Bucket „${settings.bucket}“ nicht schreiben, lesen und löschen (${name || "403"}). Geben Sie ihm diese Rechte oder prüfen Sie S3_ACCESS_KEY_ID und S3_SECRET_ACCESS_KEY.`,
    );
  return new PictureStoreSetupError(
    "S3_ENDPOINT",
    `Der Bildspeicher unter ${where} antwortet nicht wie ein S3-Speicher (${name || "Fehler"}, HTTP ${status}).`,
  );
}

/**
 * Pictures in an S3-compatible bucket (AWS S3, MinIO, Ceph, …; decision 0038). Every object gets its
 * picture type and a year of caching, so a CDN or a public bucket in front (S3_PUBLIC_URL) serves it
 * as the server would. Any failure but 'no such key' is a PictureStoreUnavailable.
 */
export function s3Storage(settings: S3Settings, options: S3StorageOptions = {}): S3PictureStorage {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const readTimeoutMs = options.readTimeoutMs ?? 5000;
  const hungPauseMs = options.hungPauseMs ?? 5000;
  /** Until when reads fail at once, after one ran out of time. */
  let hungUntil = 0;
  // Every well-formed name a guest (or a scanner) asks for that is not there would otherwise be a
  // GetObject, which the store's operator pays for and which holds a connection: a name asked again
  // soon is answered from here. This process clears a name it stores; another process's upload is
  // not seen here until the entry expires, but pages link a picture only after its upload finished
  // (app/common/pictures/upload.server.ts), so no page of the site asks for one that early.
  const missCacheMs = options.missCacheMs ?? 30_000;
  const missCacheSize = options.missCacheSize ?? 10_000;
  const now = options.now ?? Date.now;
  /** Name → until when it counts as missing; in order of insertion, so the first is the oldest. */
  const misses = new Map<string, number>();
  const rememberMiss = (key: string) => {
    misses.delete(key);
    misses.set(key, now() + missCacheMs);
    if (misses.size > missCacheSize) misses.delete(misses.keys().next().value as string);
  };
  const knownMissing = (key: string) => {
    const until = misses.get(key);
    if (until === undefined) return false;
    if (now() < until) return true;
    misses.delete(key);
    return false;
  };
  /** Puts begun by this process: a read that overlapped one does not remember its miss. */
  let writes = 0;
  const maxSockets = options.maxSockets ?? 16;
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // One retry for a dropped connection; more would only make an outage's answers slower.
    maxAttempts: 2,
    // Checksums only where S3 requires them: self-hosted stores do not all know the newer headers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // A bounded number of connections (the SDK's own default is 50 per client): a flood of picture
    // requests waits its turn for the store instead of opening ever more sockets, and each such
    // request still ends at its own time limit.
    requestHandler: {
      connectionTimeout: 2000,
      requestTimeout: timeoutMs,
      httpAgent: { keepAlive: true, maxSockets },
      httpsAgent: { keepAlive: true, maxSockets },
    },
  });
  const Bucket = settings.bucket;
  const limit = (ms = timeoutMs) => ({ abortSignal: AbortSignal.timeout(ms) });

  async function put(key: string, data: Buffer, ms?: number) {
    await client.send(
      new PutObjectCommand({
        Bucket,
        Key: key,
        Body: data,
        ContentLength: data.length,
        ContentType: pictureTypeOf(key) ?? "application/octet-stream",
        CacheControl: PICTURE_CACHE_CONTROL,
      }),
      limit(ms),
    );
  }
  async function read(key: string, ms?: number): Promise<Buffer | undefined> {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }), limit(ms));
      return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }
  async function remove(key: string, ms?: number) {
    await client.send(new DeleteObjectCommand({ Bucket, Key: key }), limit(ms));
  }
  const unavailable = (operation: string, key: string) => (error: unknown) => {
    throw new PictureStoreUnavailable(operation, key, error);
  };

  return {
    kind: "s3",
    // The key is checked before the store is asked; a refused key is a PictureKeyError, not an outage.
    async put(key, data) {
      checkedKey(key);
      writes += 1;
      misses.delete(key);
      await put(key, data).catch(unavailable("put", key));
    },
    async read(key) {
      checkedKey(key);
      if (knownMissing(key)) return undefined;
      if (Date.now() < hungUntil)
        throw new PictureStoreUnavailable(
          "read",
          key,
          new Error("the store did not answer in time just now"),
        );
      const writesBefore = writes;
      const found = await read(key, readTimeoutMs).catch((error: unknown) => {
        if (isTimeout(error)) hungUntil = Date.now() + hungPauseMs;
        throw new PictureStoreUnavailable("read", key, error);
      });
      // Not when something was stored meanwhile: the miss may have been read before that write landed.
      if (found === undefined && writes === writesBefore) rememberMiss(key);
      return found;
    },
    async remove(key) {
      checkedKey(key);
      await remove(key).catch(unavailable("remove", key));
    },
    async list() {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      try {
        do {
          const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }), limit());
          for (const object of page.Contents ?? [])
            if (object.Key && !object.Key.startsWith(PROBE_PREFIX)) keys.push(object.Key);
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (ContinuationToken);
      } catch (error) {
        throw new PictureStoreUnavailable("list", Bucket, error);
      }
      return keys.sort();
    },
    async check() {
      const ms = options.checkTimeoutMs ?? 5000;
      const key = `${PROBE_PREFIX}${process.pid}-${randomUUID()}`;
      const probe = Buffer.from("tavola");
      try {
        await put(key, probe, ms);
        const back = await read(key, ms);
        await remove(key, ms);
        if (!back?.equals(probe))
          throw new PictureStoreSetupError(
            "S3_ENDPOINT",
            `Der Bildspeicher unter ${settings.endpoint} gibt ein eben geschriebenes Objekt nicht wieder.`,
          );
      } catch (error) {
        if (error instanceof PictureStoreSetupError) throw error;
        throw setupErrorOf(error, settings);
      }
    },
    close: () => client.destroy(),
  };
}
