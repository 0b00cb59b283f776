import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A PostgreSQL server that lives as long as a test run: initdb in a temporary folder, started on a
 * free loopback port, removed afterwards. PostgreSQL refuses to run as root, so as root it runs as
 * the `postgres` user.
 */
export interface ThrowawayPostgres {
  url: string;
  stop(): void;
  /** Stops the server but keeps its data (a database restart, for the drills). */
  pause(): void;
  /** Starts it again on the same data. */
  resume(): void;
}

const candidateBinDirs = [
  process.env.PG_BIN,
  "/usr/lib/postgresql/17/bin",
  "/usr/lib/postgresql/16/bin",
  "/usr/lib/postgresql/15/bin",
];

export function findPostgresBinaries(): string | undefined {
  return candidateBinDirs.find(
    (dir): dir is string => Boolean(dir) && fs.existsSync(path.join(dir as string, "initdb")),
  );
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export async function startThrowawayPostgres(binDir: string): Promise<ThrowawayPostgres> {
  const isRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-pg-"));
  const dataDir = path.join(dir, "data");
  const asPostgres = (command: string, args: string[]) => {
    const file = path.join(binDir, command);
    const result = isRoot
      ? spawnSync("runuser", ["-u", "postgres", "--", file, ...args], { encoding: "utf8" })
      : spawnSync(file, args, { encoding: "utf8" });
    if (result.status !== 0) {
      throw new Error(`${command} failed (${result.status}): ${result.stderr || result.stdout}`);
    }
  };
  if (isRoot) execFileSync("chown", ["postgres:postgres", dir]);
  fs.chmodSync(dir, 0o700);
  const port = await freePort();
  asPostgres("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const start = () =>
    asPostgres("pg_ctl", [
      "-D",
      dataDir,
      "-l",
      path.join(dir, "server.log"),
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`,
      "-w",
      "start",
    ]);
  start();
  asPostgres("createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "tavola"]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/tavola`,
    pause() {
      asPostgres("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]);
    },
    resume: start,
    stop() {
      try {
        asPostgres("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
