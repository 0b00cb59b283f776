import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

/**
 * The project's nginx configurations (deploy/nginx/) run for real in tests: `nginx -t` and the
 * rolling update. A site file is an http{}-level file; here it gets a main configuration of its own
 * in a temporary prefix (pid, logs and temporary files there), stand-in certificates, and loopback
 * ports instead of the names and ports the deployment uses.
 */
export const nginxBinary = ["/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx"].find((file) =>
  fs.existsSync(file),
);

/** Whether nginx tests run: nginx is installed, or REQUIRE_NGINX=1 (CI) makes its absence a failure. */
export const nginxTestsRun = nginxBinary !== undefined || process.env.REQUIRE_NGINX === "1";

export function requireNginx(): string {
  if (!nginxBinary) throw new Error("REQUIRE_NGINX=1, but nginx is not installed (apt-get install nginx).");
  return nginxBinary;
}

/** A self-signed certificate and key for 127.0.0.1/localhost, made by openssl in `dir`. */
export function standInCertificates(dir: string): { certificate: string; key: string } {
  const certificate = path.join(dir, "fullchain.pem");
  const key = path.join(dir, "privkey.pem");
  const result = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-keyout",
      key,
      "-out",
      certificate,
    ],
    { encoding: "utf8" },
  );
  if (result.status !== 0) throw new Error(`openssl failed: ${result.stderr}`);
  return { certificate, key };
}

export interface SiteChanges {
  /** `from` (e.g. `app1:3000`) → `to` (e.g. `127.0.0.1:41234`) in `server …;` lines of upstreams. */
  upstreams?: Record<string, string>;
  /** Listening ports: `80` → `127.0.0.1:<port>`, `443` → `127.0.0.1:<port>`. */
  listen?: { http: number; https: number };
  certificate: { certificate: string; key: string };
}

/**
 * The site file as this machine can run it: certificate paths replaced, upstream names replaced,
 * and each `listen` on loopback ports (IPv6 listen lines dropped: a test machine may lack IPv6).
 */
export function siteForTest(site: string, changes: SiteChanges): string {
  let text = site
    .replace(/^(\s*ssl_certificate\s+)\S+;/m, `$1${changes.certificate.certificate};`)
    .replace(/^(\s*ssl_certificate_key\s+)\S+;/m, `$1${changes.certificate.key};`)
    .replace(/^\s*listen\s+\[::\]:\d+[^;]*;\s*$/gm, "");
  for (const [from, to] of Object.entries(changes.upstreams ?? {}))
    text = text.replaceAll(new RegExp(`(^\\s*server\\s+)${escapeRegExp(from)}(?=[\\s;])`, "gm"), `$1${to}`);
  if (changes.listen) {
    const { http, https } = changes.listen;
    text = text
      .replace(/^(\s*listen\s+)80(?=[\s;])/gm, `$1127.0.0.1:${http}`)
      .replace(/^(\s*listen\s+)443(?=[\s;])/gm, `$1127.0.0.1:${https}`);
  }
  return text;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A main nginx.conf in `prefix` that includes `siteFile`; everything nginx writes stays in `prefix`. */
export function mainConfig(prefix: string, siteFile: string): string {
  const file = path.join(prefix, "nginx.conf");
  const temp = (name: string) => path.join(prefix, name);
  fs.writeFileSync(
    file,
    [
      // As root, workers would otherwise run as `nobody` and could not enter the private prefix.
      process.getuid?.() === 0 ? "user root;" : "",
      "worker_processes 1;",
      `pid ${temp("nginx.pid")};`,
      `error_log ${temp("error.log")} warn;`,
      "events { worker_connections 1024; }",
      "http {",
      `  access_log ${temp("access.log")};`,
      `  client_body_temp_path ${temp("client_body")};`,
      `  proxy_temp_path ${temp("proxy")};`,
      `  fastcgi_temp_path ${temp("fastcgi")};`,
      `  uwsgi_temp_path ${temp("uwsgi")};`,
      `  scgi_temp_path ${temp("scgi")};`,
      `  include ${siteFile};`,
      "}",
      "",
    ].join("\n"),
  );
  return file;
}

/** `nginx -t` on a main configuration: its exit code and what it said. */
export function testConfig(prefix: string, config: string): { status: number | null; output: string } {
  const result = spawnSync(
    requireNginx(),
    ["-t", "-p", prefix, "-c", config, "-e", path.join(prefix, "error.log")],
    {
      encoding: "utf8",
    },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

export interface RunningNginx {
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** nginx in the foreground (`daemon off;`) on a main configuration; resolves once `port` accepts. */
export async function startNginx(prefix: string, config: string, port: number): Promise<RunningNginx> {
  let output = "";
  const child = spawn(
    requireNginx(),
    ["-p", prefix, "-c", config, "-e", path.join(prefix, "error.log"), "-g", "daemon off;"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  child.stdout.on("data", (chunk) => (output += String(chunk)));
  child.stderr.on("data", (chunk) => (output += String(chunk)));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not start:\n${output}\n${readOr(path.join(prefix, "error.log"))}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, output: () => output, stop };
}

function readOr(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export { freePort } from "./production-server.ts";
