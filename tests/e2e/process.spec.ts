import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { expect, test } from "@playwright/test";

/**
 * The server process itself: configuration errors stop the start, the first start prints a staff
 * password once, and SIGTERM lets a request in flight finish before the process exits.
 * Runs a second server (the build exists: the suite's web server made it).
 */
const root = path.resolve(import.meta.dirname, "..", "..");
const PORT = 3198;

function startServer(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  let output = "";
  const child = spawn(process.execPath, ["server/start.ts"], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: "info", ...env },
  });
  child.stdout?.on("data", (chunk) => (output += String(chunk)));
  child.stderr?.on("data", (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForHealth() {
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`http://127.0.0.1:${PORT}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("server did not become healthy");
}

test("a wrong configuration value stops the start with a message naming the variable", async () => {
  const server = startServer({ PORT: "viele", DATA_DIR: ".tmp/process-bad" });
  expect(await server.exited).toBe(1);
  expect(server.output()).toContain("PORT");
  expect(server.output()).toContain("Ungültige Konfiguration");
});

test("first start prints a staff password once; SIGTERM finishes the request in flight, then exits 0", async () => {
  const dataDir = path.join(root, ".tmp", "process");
  fs.rmSync(dataDir, { recursive: true, force: true });
  const server = startServer({ PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir });
  await waitForHealth();
  const password = /Passwort:\s+(\S+)/.exec(server.output())?.[1];
  expect(password).toMatch(/^[A-Za-z0-9]{20}$/);

  // A POST whose body arrives slowly is still in flight when the signal comes.
  const body = "username=&password=";
  const response = new Promise<{ status: number }>((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port: PORT,
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
  const again = startServer({ PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir });
  await waitForHealth();
  expect(again.output()).not.toContain("Passwort:");
  again.child.kill("SIGTERM");
  expect(await again.exited).toBe(0);
});

test("repeated failed sign-ins are refused with HTTP 429 and a German message", async () => {
  // A server of its own: the lock must not hit the main suite's client address.
  const dataDir = path.join(root, ".tmp", "process-throttle");
  fs.rmSync(dataDir, { recursive: true, force: true });
  const server = startServer({
    PORT: String(PORT),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    ADMIN_USERNAME: "chef",
    ADMIN_PASSWORD: "richtiges-passwort",
  });
  try {
    await waitForHealth();
    const attempt = (password: string) =>
      fetch(`http://127.0.0.1:${PORT}/login`, {
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
