import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { spawnServer } from "../support/server-process.ts";

/**
 * The server process itself: configuration errors stop the start, the first start prints a staff
 * password once, and SIGTERM lets a request in flight finish before the process exits. Each test
 * starts its own servers (on free ports, in folders of their own); the global setup built the app.
 */
const dataDirs: string[] = [];
function newDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-process-"));
  dataDirs.push(dir);
  return dir;
}
test.afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const startServer = (env: Record<string, string>) => spawnServer({ LOG_LEVEL: "info", ...env });

test("a wrong configuration value stops the start with a message naming the variable", async () => {
  const server = startServer({ PORT: "viele", DATA_DIR: newDataDir() });
  expect(await server.exited).toBe(1);
  expect(server.output()).toContain("PORT");
  expect(server.output()).toContain("Ungültige Konfiguration");
});

test("first start prints a staff password once; SIGTERM finishes the request in flight, then exits 0", async () => {
  const dataDir = newDataDir();
  const server = startServer({ DATA_DIR: dataDir });
  const { port } = new URL(await server.ready());
  const password = /Passwort:\s+(\S+)/.exec(server.output())?.[1];
  expect(password).toMatch(/^[A-Za-z0-9]{20}$/);

  // A POST whose body arrives slowly is still in flight when the signal comes.
  const body = "username=&password=";
  const response = new Promise<{ status: number }>((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path: "/login",
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": body.length },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0 }));
      },
    );
    request.on("error", reject);
    request.write(body.slice(0, 5));
    setTimeout(() => {
      server.child.kill("SIGTERM");
      setTimeout(() => request.end(body.slice(5)), 300);
    }, 200);
  });
  expect((await response).status).toBe(400);
  expect(await server.exited).toBe(0);
  expect(server.output()).toContain('"msg":"stopped"');

  // The account persists, and its password is not printed again.
  const again = startServer({ DATA_DIR: dataDir });
  await again.ready();
  expect(again.output()).not.toContain("Passwort:");
  again.child.kill("SIGTERM");
  expect(await again.exited).toBe(0);
});

test("repeated failed sign-ins are refused with HTTP 429 and a German message", async () => {
  const server = startServer({
    DATA_DIR: newDataDir(),
    ADMIN_USERNAME: "chef",
    ADMIN_PASSWORD: "richtiges-passwort",
  });
  try {
    const origin = await server.ready();
    const attempt = (password: string) =>
      fetch(`${origin}/login`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ username: "chef", password }),
      });
    for (let i = 0; i < 5; i++) {
      const failed = await attempt("falsch");
      expect(failed.status).toBe(401);
      expect(await failed.text()).toContain("Benutzername oder Passwort ist falsch");
    }
    // Locked now, even with the right password.
    const locked = await attempt("richtiges-passwort");
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(60);
    const page = await locked.text();
    expect(page).toContain("Zu viele Anmeldeversuche");
    expect(page).toContain("Bitte warten Sie 15 Minuten");
    expect(locked.headers.get("set-cookie")).toBeNull();
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
});

test("WORKERS=2: two processes share the port and the data; one that dies is replaced; SIGTERM stops all", async () => {
  test.slow(); // two processes start one after the other, and five sign-ins are checked
  const server = startServer({
    DATA_DIR: newDataDir(),
    WORKERS: "2",
    ADMIN_USERNAME: "chef",
    ADMIN_PASSWORD: "richtiges-passwort",
  });
  const workersOf = () =>
    fs
      .readFileSync(`/proc/${server.child.pid}/task/${server.child.pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  try {
    const origin = await server.ready();
    expect(server.output()).toContain("2 Prozesse");
    // Migrated and seeded once, by the first process.
    expect(server.output().match(/"msg":"demo content created"/g)?.length).toBe(1);
    const first = workersOf();
    expect(first).toHaveLength(2);

    // Sign-in throttling lives in the database: the processes count together. Each attempt on a
    // connection of its own, which the first process hands to the workers in turn.
    const attempt = (password: string) =>
      new Promise<number>((resolve, reject) => {
        const body = new URLSearchParams({ username: "chef", password }).toString();
        const request = http.request(
          `${origin}/login`,
          {
            method: "POST",
            agent: false,
            headers: { "content-type": "application/x-www-form-urlencoded", "content-length": body.length },
          },
          (response) => {
            response.resume();
            response.on("end", () => resolve(response.statusCode ?? 0));
          },
        );
        request.on("error", reject);
        request.end(body);
      });
    for (let i = 0; i < 5; i++) expect(await attempt("falsch")).toBe(401);
    expect(await attempt("richtiges-passwort")).toBe(429);

    // A process killed outright is replaced, and the site answers as before.
    process.kill(first[0] ?? 0, "SIGKILL");
    await expect
      .poll(() => workersOf().filter((pid) => !first.includes(pid)).length, { timeout: 15_000 })
      .toBe(1);
    // Two at the start and the replacement: each says when it listens.
    await expect
      .poll(() => server.output().match(/"msg":"listening"/g)?.length ?? 0, { timeout: 30_000 })
      .toBe(3);
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${origin}/`, { signal: AbortSignal.timeout(5000) });
      expect(response.status).toBe(200);
    }
    expect(server.output()).toContain("endete unerwartet");
  } finally {
    server.child.kill("SIGTERM");
  }
  expect(await server.exited).toBe(0);
  expect(server.output().match(/"msg":"stopped"/g)?.length).toBeGreaterThanOrEqual(2);
});
