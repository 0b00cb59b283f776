import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/**
 * A real S3 server for tests (s3rver, objects in a temporary folder): the picture storage's tests
 * run against it as well as against the folder (decision 0038). `env` is what a spawned server
 * needs to use it. `pause` stops it and `resume` starts it again on the same port with the same
 * objects: an outage of the store, as a test sees it.
 */
export interface TestS3Server {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** STORAGE=s3 and every S3_* variable, ready to pass to a spawned server. */
  env: Record<string, string>;
  /** Every request the server received (method and path), in order, and the connections opened. */
  requests: Array<{ method: string; url: string }>;
  connections(): number;
  stop(): Promise<void>;
  pause?(): Promise<void>;
  resume?(): Promise<void>;
}

// s3rver's only accepted credentials.
const ACCESS_KEY_ID = "S3RVER";
const SECRET_ACCESS_KEY = "S3RVER";
const REGION = "us-east-1";

export async function startS3Server(options: { bucket?: string } = {}): Promise<TestS3Server> {
  const bucket = options.bucket ?? "tavola-test";
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "tavola-s3-"));
  let port = 0;
  let server: S3rver | undefined;
  const requests: Array<{ method: string; url: string }> = [];
  let connections = 0;

  const start = async () => {
    const instance = new S3rver({
      address: "127.0.0.1",
      port,
      directory,
      silent: true,
      // Path-style addresses only: 127.0.0.1 has no bucket subdomains.
      vhostBuckets: false,
      configureBuckets: [{ name: bucket }],
    });
    const address = await instance.run();
    port = address.port;
    instance.httpServer?.on("request", (request: { method?: string; url?: string }) =>
      requests.push({ method: request.method ?? "", url: request.url ?? "" }),
    );
    instance.httpServer?.on("connection", () => (connections += 1));
    server = instance;
  };
  const halt = async () => {
    const running = server;
    server = undefined;
    if (!running?.httpServer) return;
    const http = running.httpServer;
    // The SDK keeps connections alive: without closing them, close() would wait for them.
    const closed = new Promise<void>((resolve) => http.close(() => resolve()));
    http.closeAllConnections();
    await closed;
  };

  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    region: REGION,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    requests,
    connections: () => connections,
    env: {
      STORAGE: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: REGION,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: "true",
    },
    async stop() {
      await halt();
      await fs.rm(directory, { recursive: true, force: true });
    },
    pause: halt,
    async resume() {
      if (!server) await start();
    },
  };
}
