import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { spawnServer } from "./server-process.ts";

/** The staff account the production server starts with, for benchmarks and drills that sign in. */
export const BENCH_STAFF = { username: "bench", password: "bench-passwort-nur-lokal" };

/**
 * The production server for the benchmarks and drills (`npm run bench`, `npm run load`): the browser
 * tests' `spawnServer` on a fresh temporary SQLite database with demo content, quiet logs. The caller builds
 * first (server/build-if-needed.ts), so the build's output is not mixed into the figures.
 */
export interface ProductionServer {
  origin: string;
  process: ChildProcess;
  dataDir: string;
  /** What the process wrote to stdout and stderr so far. */
  output(): string;
}

/** A port free on loopback right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/**
 * The settings of a server behind one trusted reverse proxy (decision 0009) on `port`: it takes the
 * client's address from X-Forwarded-For, so a benchmark can be many guests with per-address limits
 * on, and its PUBLIC_URL is the loopback origin the benchmark talks to.
 */
export async function behindProxy(port = "0"): Promise<Record<string, string>> {
  const chosen = port === "0" ? String(await freePort()) : port;
  return { PORT: chosen, PUBLIC_URL: `http://127.0.0.1:${chosen}`, TRUST_PROXY: "1" };
}

/**
 * Resolves once the server answers; `port` "0" (the default) takes any free port. `extraEnv` may
 * set DATABASE_URL (PostgreSQL; the data folder then holds only the pictures) or `behindProxy()`.
 */
export async function startProductionServer(
  port = "0",
  extraEnv: Record<string, string> = {},
): Promise<ProductionServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-bench-"));
  const server = spawnServer({
    NODE_ENV: "production",
    PORT: port,
    DATA_DIR: dataDir,
    DEMO_CONTENT: "on",
    ADMIN_USERNAME: BENCH_STAFF.username,
    ADMIN_PASSWORD: BENCH_STAFF.password,
    LOG_LEVEL: "warn",
    DATABASE_URL: "",
    PUBLIC_URL: "",
    ...extraEnv,
  });
  try {
    return { origin: await server.ready(), process: server.child, dataDir, output: server.output };
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

export async function stopProductionServer(server: ProductionServer): Promise<void> {
  // A process ended by a signal (a drill's kill -9) has no exit code but has already exited.
  if (server.process.exitCode === null && server.process.signalCode === null) {
    const exited = new Promise((resolve) => server.process.once("exit", resolve));
    server.process.kill("SIGTERM");
    await exited;
  }
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}

/** Timings measured on a machine that is busy with other work come out worse: say so. */
export function busyMachineWarning(): string | undefined {
  const [load = 0] = os.loadavg();
  const cores = os.availableParallelism();
  return load > cores * 0.75
    ? `Achtung: Systemlast ${load.toFixed(1)} bei ${cores} Kernen – die Zeiten fallen schlechter aus.`
    : undefined;
}

/**
 * Resident memory in bytes of a process and all its descendants (a server with worker processes
 * counts them all); 0 where Linux's /proc is not there.
 */
export function residentMemory(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kib = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0);
    const children = fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/))
      .filter(Boolean)
      .map(Number);
    return kib * 1024 + children.reduce((sum, child) => sum + residentMemory(child), 0);
  } catch {
    return 0;
  }
}
