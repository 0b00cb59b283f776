import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { spawnServer } from "./support/server-process.ts";

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
