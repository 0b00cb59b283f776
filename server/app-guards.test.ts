import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createRequestListener } from "@remix-run/node-fetch-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../app/features/auth/session.server.ts";
import { services } from "../app/common/app-context.ts";
import { parseConfig } from "../app/lib/env.server.ts";
import { testBuild } from "../tests/support/router-build.ts";
import { recordingLogger } from "../tests/support/silent-logger.ts";
import { createStaff } from "../tests/support/staff.ts";
import { createApp, type TavolaApp } from "./app.ts";
import { DEFAULT_BODY_LIMIT } from "./request-guards.ts";

/**
 * The request guards of the pipeline as an attacker meets them: forged client addresses, a forged
 * Host, a session cookie without Origin, and endless bodies sent before signing in.
 */
const echo = {
  loader: ({ request, context }: { request: Request; context: Parameters<typeof services>[0] }) =>
    Response.json({
      url: request.url,
      client: services(context).clientAddress,
      siteOrigin: services(context).siteOrigin,
    }),
  action: async ({ request }: { request: Request }) =>
    new Response(`received ${(await request.text()).length}`),
};
const build = testBuild(() => new Response("document"), {
  echo: { path: "x", module: echo },
  upload: { path: "admin/upload", module: echo },
});

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-guards-"));
const peer = { address: "127.0.0.1", family: "IPv4" as const, port: 5000 };
let app: TavolaApp;
let sessionCookie: string;

beforeAll(async () => {
  // Behind one trusted proxy, without PUBLIC_URL (development: production would insist on it).
  const config = parseConfig({ DATA_DIR: dataDir, NODE_ENV: "development", TRUST_PROXY: "1", PORT: "3999" });
  app = await createApp(config, { build, logger: recordingLogger().logger, uploadRoutes: ["/admin/upload"] });
  const userId = await createStaff(app.database.db, "Chef");
  sessionCookie = `tavola_session=${await createSession(app.database.db, userId, null)}`;
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const post = (pathname: string, headers: Record<string, string>, body: BodyInit) =>
  new Request(`http://tavola.local${pathname}`, {
    method: "POST",
    headers,
    body,
    duplex: "half",
  } as RequestInit);

/** A body that is produced only as it is read: `pulled()` says how much the server took. */
function endlessBody(total: number, chunk = 64 * 1024) {
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      sent += chunk;
      controller.enqueue(new Uint8Array(chunk).fill(120));
    },
  });
  return { stream, pulled: () => sent };
}

describe("who is asking, and which site they asked for", () => {
  it("believes only the address the trusted proxy added, not the one the client wrote", async () => {
    const response = await app.handle(
      new Request("http://tavola.local/x", { headers: { "x-forwarded-for": "10.9.9.9, 198.51.100.23" } }),
      peer,
    );
    expect(await response.json()).toMatchObject({ client: "198.51.100.23" });
  });

  it("builds absolute links from the listening origin, never from the Host the client sent", async () => {
    const forged = await app.handle(new Request("http://evil.example/x"), peer);
    expect(await forged.json()).toMatchObject({ siteOrigin: "http://localhost:3999" });
    app.setListeningOrigin("http://127.0.0.1:4567/");
    const later = await app.handle(new Request("http://evil.example/x"), peer);
    expect(await later.json()).toMatchObject({ siteOrigin: "http://127.0.0.1:4567" });
  });

  it("reads the trusted proxy's X-Forwarded-Proto, so a https page's Origin matches", async () => {
    const response = await app.handle(
      post(
        "/x",
        { origin: "https://tavola.local", "x-forwarded-proto": "https", cookie: sessionCookie },
        "a=1",
      ),
      peer,
    );
    expect(await response.text()).toBe("received 3");
  });
});

describe("state-changing requests with the staff session", () => {
  it("refuses them without Origin unless the browser says they come from this site", async () => {
    expect((await app.handle(post("/x", { cookie: sessionCookie }, "a=1"), peer)).status).toBe(403);
    const sameSite = await app.handle(
      post("/x", { cookie: sessionCookie, "sec-fetch-site": "same-origin" }, "a=1"),
      peer,
    );
    expect(await sameSite.text()).toBe("received 3");
    // Without the cookie there is nothing to forge: scripts and tools may post.
    expect(await (await app.handle(post("/x", {}, "a=1"), peer)).text()).toBe("received 3");
  });
});

describe("request bodies", () => {
  it("cuts off a chunked 100 MB body to an admin route without a session after the small limit", async () => {
    const body = endlessBody(100 * 1024 * 1024);
    const response = await app.handle(post("/admin/upload", {}, body.stream), peer);
    expect(response.status).toBe(413);
    expect(response.headers.get("connection")).toBe("close");
    expect(body.pulled()).toBeLessThanOrEqual(DEFAULT_BODY_LIMIT + 2 * 64 * 1024);
  });

  it("gives the upload limit only to a signed-in staff member on an upload route", async () => {
    const twoMiB = () => endlessBody(2 * 1024 * 1024).stream;
    const signedIn = await app.handle(
      post("/admin/upload", { cookie: sessionCookie, "sec-fetch-site": "same-origin" }, twoMiB()),
      peer,
    );
    expect(await signedIn.text()).toBe(`received ${2 * 1024 * 1024}`);
    const forgedCookie = `tavola_session=${"a".repeat(43)}`;
    const stranger = await app.handle(
      post("/admin/upload", { cookie: forgedCookie, "sec-fetch-site": "same-origin" }, twoMiB()),
      peer,
    );
    expect(stranger.status).toBe(413);
    const otherRoute = await app.handle(
      post("/x", { cookie: sessionCookie, "sec-fetch-site": "same-origin" }, twoMiB()),
      peer,
    );
    expect(otherRoute.status).toBe(413);
  });

  it("over HTTP: answers 413 and closes while the client is still sending, holding little memory", async () => {
    const server = http.createServer(createRequestListener(app.handle));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    const rssBefore = process.memoryUsage().rss;
    try {
      const result = await new Promise<{ written: number; head: string }>((resolve, reject) => {
        const socket = net.connect(port, "127.0.0.1");
        const chunk = Buffer.alloc(64 * 1024, 120);
        const frame = Buffer.concat([
          Buffer.from(`${chunk.length.toString(16)}\r\n`),
          chunk,
          Buffer.from("\r\n"),
        ]);
        let written = 0;
        let head = "";
        let done = false;
        const finish = () => {
          if (done) return;
          done = true;
          resolve({ written, head });
        };
        socket.on("data", (data) => {
          head += data.toString("latin1");
        });
        socket.on("close", finish);
        socket.on("error", () => finish());
        socket.setTimeout(20_000, () => reject(new Error("no answer")));
        socket.write(
          "POST /admin/upload HTTP/1.1\r\nHost: tavola.local\r\nTransfer-Encoding: chunked\r\nContent-Type: application/octet-stream\r\n\r\n",
        );
        const pump = () => {
          while (!done && !socket.destroyed && written < 100 * 1024 * 1024) {
            written += frame.length;
            if (!socket.write(frame)) return socket.once("drain", pump);
          }
        };
        pump();
      });
      expect(result.head).toMatch(/^HTTP\/1\.1 413/);
      // Socket buffers on both sides hold some megabytes; what matters is that it stopped far short of 100 MB.
      expect(result.written).toBeLessThan(30 * 1024 * 1024);
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * 1024 * 1024);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
