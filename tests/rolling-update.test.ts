import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { guestForm, openDayAhead } from "../scripts/bench/reservation-figures.ts";
import { addDays, weekdayOf } from "../app/lib/calendar.ts";
import { buildIfNeeded } from "../server/build-if-needed.ts";
import { UPLOAD_PATH } from "../app/common/pictures/picture-upload.ts";
import {
  freePort,
  mainConfig,
  nginxTestsRun,
  siteForTest,
  standInCertificates,
  startNginx,
  type RunningNginx,
} from "./support/nginx.ts";
import { root, spawnServer, type ServerProcess } from "./support/server-process.ts";

/**
 * A rolling update as deploy/README.md describes it, for real: two instances on one PostgreSQL
 * behind nginx with deploy/nginx/tavola-instances.conf (ports and certificates replaced). While
 * guests keep reading pages and sending reservation requests through nginx, instance A gets SIGTERM
 * and a new A' (the new version) starts in its place; once A' serves, the same for B. No guest
 * request may fail, every reservation a guest was told is stored must be stored, each stopped
 * instance exits 0 within its grace, and a staff screen's live stream on a stopped instance ends
 * while a new one through nginx works.
 */
const postgresUrl = inject("postgresUrl");
const STAFF = { username: "rolling", password: "rolling-update-passwort" };
/** server/start.ts's SHUTDOWN_GRACE_MS: what a stop may take before the server forces it. */
const GRACE_MS = Number(
  /SHUTDOWN_GRACE_MS = ([\d_]+);/
    .exec(fs.readFileSync(path.join(root, "server/start.ts"), "utf8"))?.[1]
    ?.replaceAll("_", ""),
);
/** Guests sending at the same time: enough to keep both instances busy, little for a 2-core machine. */
const GUESTS = 6;

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-rolling-"));
const running: ServerProcess[] = [];
let nginx: RunningNginx | undefined;
let databaseUrl: string | undefined;

interface Answer {
  status: number;
  body: string;
  setCookie?: string | undefined;
}

/** Requests to nginx over TLS (its stand-in certificate) with kept-alive connections, as browsers do. */
const agent = new https.Agent({ keepAlive: true, rejectUnauthorized: false, maxSockets: GUESTS + 4 });

function request(
  url: string,
  options: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const secure = target.protocol === "https:";
    const sent = (secure ? https : http).request(
      target,
      {
        method: options.method ?? "GET",
        ...(secure ? { agent } : {}),
        headers: {
          ...(options.body !== undefined
            ? {
                "Content-Type": "application/x-www-form-urlencoded",
                "Content-Length": String(Buffer.byteLength(options.body)),
              }
            : {}),
          ...options.headers,
        },
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body, setCookie: response.headers["set-cookie"]?.[0] }),
        );
        response.on("error", reject);
      },
    );
    sent.on("error", reject);
    sent.end(options.body);
  });
}

interface Stream {
  status: number;
  text(): string;
  /** Set once the server ended the stream (a clean end, not an error). */
  endedAt: number | undefined;
  failed: boolean;
  close(): void;
}

/** An open `/admin/live` event stream, read as it arrives. */
function openStream(url: string, cookie: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const secure = target.protocol === "https:";
    const sent = (secure ? https : http).request(
      target,
      {
        headers: { cookie, accept: "text/event-stream" },
        // A connection of its own: the stream holds it for as long as it lasts.
        ...(secure ? { rejectUnauthorized: false, agent: false } : { agent: false }),
      },
      (response) => {
        let text = "";
        const stream: Stream = {
          status: response.statusCode ?? 0,
          text: () => text,
          endedAt: undefined,
          failed: false,
          close: () => sent.destroy(),
        };
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => (stream.endedAt = Date.now()));
        response.on("error", () => (stream.failed = true));
        resolve(stream);
      },
    );
    sent.on("error", reject);
    sent.end();
  });
}

async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()));
  agent.destroy();
  fs.rmSync(scratch, { recursive: true, force: true });
}, 60_000);

/** Lines the server logged for requests it answered (LOG_LEVEL=info logs one per request). */
const servedRequests = (server: ServerProcess) => (server.output().match(/"msg":"request"/g) ?? []).length;

describe.skipIf(!postgresUrl || !nginxTestsRun)("rolling update behind nginx", () => {
  let site = "";
  let ports: { a: number; b: number; http: number; https: number };
  const serverEnv = (port: number, dataDir: string): Record<string, string> => ({
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? "",
    PUBLIC_URL: site,
    TRUST_PROXY: "1",
    ADMIN_USERNAME: STAFF.username,
    ADMIN_PASSWORD: STAFF.password,
    // Every guest comes from nginx's one address here: no per-address limit, no seat limits.
    RESERVATION_RATE_LIMIT: "0",
    DEMO_CONTENT: "off",
    SMTP_URL: "",
    LOG_LEVEL: "info",
  });
  const dataDirOf = (name: string) => {
    const dir = path.join(scratch, name);
    fs.mkdirSync(dir, { recursive: true });
    return dir;
  };
  const start = (port: number, name: string) => {
    const server = spawnServer(serverEnv(port, dataDirOf(name)));
    running.push(server);
    return server;
  };

  beforeAll(async () => {
    // Built once here, not by each server (they would race to build at the same time).
    buildIfNeeded(root, () => undefined);
    const admin = new pg.Client({ connectionString: postgresUrl ?? "" });
    await admin.connect();
    const name = `rolling_${randomBytes(6).toString("hex")}`;
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(postgresUrl ?? "");
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    ports = { a: await freePort(), b: await freePort(), http: await freePort(), https: await freePort() };
    site = `https://127.0.0.1:${ports.https}`;
    const prefix = dataDirOf("nginx");
    const siteFile = path.join(prefix, "tavola-instances.conf");
    fs.writeFileSync(
      siteFile,
      siteForTest(fs.readFileSync(path.join(root, "deploy/nginx/tavola-instances.conf"), "utf8"), {
        certificate: standInCertificates(prefix),
        upstreams: { "app1:3000": `127.0.0.1:${ports.a}`, "app2:3000": `127.0.0.1:${ports.b}` },
        listen: { http: ports.http, https: ports.https },
      }),
    );
    nginx = await startNginx(prefix, mainConfig(prefix, siteFile), ports.https);
  }, 300_000);

  afterAll(async () => {
    await Promise.all(running.map((server) => server.stop()));
    await nginx?.stop();
    if (databaseUrl) {
      const admin = new pg.Client({ connectionString: postgresUrl ?? "" });
      await admin.connect();
      await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
      await admin.end();
    }
  }, 60_000);

  it("replaces both instances one at a time without a failed guest request", async () => {
    // Both first starts at once on the empty database: PostgreSQL's migration lock lets one migrate.
    const a = start(ports.a, "a");
    const b = start(ports.b, "b");
    await Promise.all([a.ready(), b.ready()]);

    const signIn = await request(`${site}/login`, {
      method: "POST",
      body: new URLSearchParams(STAFF).toString(),
      headers: { origin: site },
    });
    const cookie = /^[^;]+/.exec(signIn.setCookie ?? "")?.[0];
    expect(cookie, `sign-in through nginx: ${signIn.status} ${signIn.body.slice(0, 300)}`).toContain("=");
    const staffCookie = cookie ?? "";
    // One stream straight on A (it must end when A stops) and one through nginx (on A or B).
    const onA = await openStream(`http://127.0.0.1:${ports.a}/admin/live`, staffCookie);
    const throughNginx = await openStream(`${site}/admin/live`, staffCookie);
    expect(onA.status).toBe(200);
    expect(throughNginx.status).toBe(200);

    // The guests: pages and reservation requests, one after the other each, until told to stop.
    const prefix = `Rolling${Date.now()}`;
    const firstDate = openDayAhead();
    // Days a week ahead and later, without Mondays (closed by default): spread so that no day fills.
    const dates = Array.from({ length: 60 }, (_, day) => addDays(firstDate, day)).filter(
      (date) => weekdayOf(date) !== "monday",
    );
    const sentTokens: string[] = [];
    const failures: string[] = [];
    let answered = 0;
    let stopLoad = false;
    const guest = async (index: number) => {
      for (let round = 0; !stopLoad; round += 1) {
        const page = ["/", "/speisekarte", "/wochenkarte"][round % 3] ?? "/";
        const get = await request(`${site}${page}`).catch((error: unknown) => ({
          status: 0,
          body: String(error),
        }));
        if (get.status !== 200) failures.push(`GET ${page}: ${get.status} ${get.body.slice(0, 200)}`);
        const date = dates[(index * 7 + round) % dates.length] ?? firstDate;
        const form = guestForm(prefix, index, date, round);
        const token = new URLSearchParams(form).get("request_token") ?? "";
        const post = await request(`${site}/_.data?index`, {
          method: "POST",
          body: form,
          headers: { origin: site },
        }).catch((error: unknown) => ({ status: 0, body: String(error) }));
        if (post.status === 200) sentTokens.push(token);
        else failures.push(`POST reservation ${token}: ${post.status} ${post.body.slice(0, 200)}`);
        answered += 2;
      }
    };
    const load = Promise.all(Array.from({ length: GUESTS }, (_, index) => guest(index)));
    await until(() => answered > 40, 30_000, "the guests' first answers");

    /** SIGTERM to `old`, its replacement on the same port and data, and that replacement serving. */
    const replace = async (old: ServerProcess, port: number, name: string) => {
      const before = answered;
      const stoppedAt = Date.now();
      const exitCode = await old.stop();
      const stopMs = Date.now() - stoppedAt;
      expect(exitCode, `${name} exit code`).toBe(0);
      expect(stopMs, `${name} stop time`).toBeLessThan(GRACE_MS);
      const next = start(port, name);
      await next.ready();
      // nginx takes the new instance back once its fail_timeout has passed (3 s): guests reach it.
      await until(() => servedRequests(next) > 10, 20_000, `guests served by the new ${name}`);
      return { next, stopMs, answeredMeanwhile: answered - before };
    };

    const first = await replace(a, ports.a, "a");
    expect(onA.endedAt, "the stream on A ended").toBeDefined();
    expect(onA.failed).toBe(false);
    expect(onA.text()).toContain("retry:");
    const second = await replace(b, ports.b, "b");
    // Whichever instance held it, the stream through nginx has ended by now, cleanly.
    await until(() => throughNginx.endedAt !== undefined, 5000, "the stream through nginx to end");
    expect(throughNginx.failed).toBe(false);

    stopLoad = true;
    await load;
    const nginxLog = fs.readFileSync(path.join(scratch, "nginx", "error.log"), "utf8");
    // ROLLING_DEBUG=1: the figures and what nginx logged (a refused connect is a failover; a reset
    // after sending is an instance closing its listening socket on connections it had not accepted).
    if (process.env.ROLLING_DEBUG)
      process.stdout.write(
        `answered ${answered}, reservations ${sentTokens.length}, during A ${first.answeredMeanwhile} (stop ${first.stopMs} ms), during B ${second.answeredMeanwhile} (stop ${second.stopMs} ms)\n${nginxLog}\n`,
      );
    // nginx did meet a stopping or stopped instance and went on to the other: the test tried what it
    // is about. Which of the two it meets depends on when its requests arrive (a refused connect, or a
    // connection the closing socket had not accepted, reset): on a busy machine either may be alone.
    expect(nginxLog).toMatch(
      /connect\(\) failed \(111: Connection refused\) while connecting to upstream|recv\(\) failed \(104: Connection reset by peer\) while reading response header from upstream/,
    );
    expect(failures, `${failures.length} failed:\n${failures.slice(0, 10).join("\n")}`).toEqual([]);
    expect(first.answeredMeanwhile, "guests answered while A was replaced").toBeGreaterThan(0);
    expect(second.answeredMeanwhile, "guests answered while B was replaced").toBeGreaterThan(0);

    // Every reservation a guest was told is stored is in the database, once.
    const client = new pg.Client({ connectionString: databaseUrl ?? "" });
    await client.connect();
    try {
      const rows = await client.query<{ request_token: string; n: string }>(
        "select request_token, count(*) as n from reservations where request_token like $1 group by request_token",
        [`${prefix}-%`],
      );
      const stored = new Map(rows.rows.map((row) => [row.request_token, Number(row.n)]));
      const missing = sentTokens.filter((token) => !stored.has(token));
      expect(missing).toEqual([]);
      expect([...stored.values()].every((count) => count === 1)).toBe(true);
      expect(sentTokens.length).toBeGreaterThan(0);
    } finally {
      await client.end();
    }

    // A new stream through nginx reaches a new instance, and hears of a guest's new request.
    const fresh = await openStream(`${site}/admin/live`, staffCookie);
    expect(fresh.status).toBe(200);
    const form = guestForm(`${prefix}Live`, 0, firstDate);
    const sent = await request(`${site}/_.data?index`, {
      method: "POST",
      body: form,
      headers: { origin: site },
    });
    expect(sent.status).toBe(200);
    await until(() => fresh.text().includes("event: reservation"), 10_000, "the new stream's event");
    fresh.close();
  }, 180_000);
});

/**
 * deploy/nginx/tavola-one-machine.conf in front of one server (SQLite), as deploy/tavola.service
 * runs it: https only, the client address nginx saw (never one the client wrote), bodies as large as
 * a picture upload, and the live stream unbuffered until the server stops.
 */
describe.skipIf(!nginxTestsRun)("one machine behind nginx", () => {
  const prefix = path.join(scratch, "one-machine");
  let server: ServerProcess | undefined;
  let front: RunningNginx | undefined;
  let ports: { app: number; http: number; https: number };
  let site = "";

  beforeAll(async () => {
    buildIfNeeded(root, () => undefined);
    fs.mkdirSync(path.join(prefix, "data"), { recursive: true });
    ports = { app: await freePort(), http: await freePort(), https: await freePort() };
    site = `https://127.0.0.1:${ports.https}`;
    server = spawnServer({
      NODE_ENV: "production",
      PORT: String(ports.app),
      DATA_DIR: path.join(prefix, "data"),
      DATABASE_URL: "",
      PUBLIC_URL: site,
      TRUST_PROXY: "1",
      ADMIN_USERNAME: STAFF.username,
      ADMIN_PASSWORD: STAFF.password,
      DEMO_CONTENT: "off",
      LOG_LEVEL: "info",
    });
    running.push(server);
    await server.ready();
    const siteFile = path.join(prefix, "tavola-one-machine.conf");
    fs.writeFileSync(
      siteFile,
      siteForTest(fs.readFileSync(path.join(root, "deploy/nginx/tavola-one-machine.conf"), "utf8"), {
        certificate: standInCertificates(prefix),
        upstreams: { "127.0.0.1:3000": `127.0.0.1:${ports.app}` },
        listen: { http: ports.http, https: ports.https },
      }),
    );
    front = await startNginx(prefix, mainConfig(prefix, siteFile), ports.https);
  }, 300_000);

  afterAll(async () => {
    await front?.stop();
  });

  it("serves over https, redirects http, and keeps the client's own X-Forwarded-For out", async () => {
    const page = await request(`${site}/speisekarte`, { headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(page.status).toBe(200);
    const plain = await request(`http://127.0.0.1:${ports.http}/speisekarte`);
    expect(plain.status).toBe(301);
    await until(() => /"path":"\/speisekarte"/.test(server?.output() ?? ""), 5000, "the request's log line");
    const line = (server?.output() ?? "")
      .split("\n")
      .find((entry) => entry.includes('"path":"/speisekarte"'));
    expect(line).toContain('"client":"127.0.0.1"');
  });

  it("passes a picture-sized body to the server and refuses a larger one itself", async () => {
    const signIn = await request(`${site}/login`, {
      method: "POST",
      body: new URLSearchParams(STAFF).toString(),
      headers: { origin: site },
    });
    const cookie = /^[^;]+/.exec(signIn.setCookie ?? "")?.[0] ?? "";
    const upload = (bytes: number) =>
      request(`${site}${UPLOAD_PATH}`, {
        method: "POST",
        body: "x".repeat(bytes),
        headers: { origin: site, cookie, "content-type": "application/octet-stream" },
      });
    const picture = await upload(10 * 1024 * 1024);
    // Whatever Tavola says to a body that is no picture, it is Tavola saying it, not nginx.
    expect(picture.body).not.toContain("<center>nginx</center>");
    const tooLarge = await upload(13 * 1024 * 1024);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toContain("<center>nginx</center>");
  });

  it("streams /admin/live unbuffered, and ends it when the server stops", async () => {
    const signIn = await request(`${site}/login`, {
      method: "POST",
      body: new URLSearchParams(STAFF).toString(),
      headers: { origin: site },
    });
    const cookie = /^[^;]+/.exec(signIn.setCookie ?? "")?.[0] ?? "";
    const stream = await openStream(`${site}/admin/live`, cookie);
    expect(stream.status).toBe(200);
    // The first lines arrive at once, not when a buffer fills.
    await until(() => stream.text().includes("retry:"), 2000, "the stream's first lines");
    expect(await server?.stop()).toBe(0);
    await until(() => stream.endedAt !== undefined, 5000, "the stream to end");
    expect(stream.failed).toBe(false);
  });
});
