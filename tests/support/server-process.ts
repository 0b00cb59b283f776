import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { serverCommand } from "./slow-mode.ts";

/**
 * One `node server/start.ts` process for the browser tests. With `PORT=0` the operating system
 * picks a free port, so any number of servers (and checkouts) run side by side; the port is read
 * from the line the server prints once it listens.
 */
export const root = path.resolve(import.meta.dirname, "..", "..");

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** The exit code (null when ended by a signal). */
  exited: Promise<number | null>;
  /** `http://127.0.0.1:<port>` once the server answers `/healthz` with 200. */
  ready(timeoutMs?: number): Promise<string>;
  /** SIGTERM (the graceful shutdown), then the exit code. */
  stop(): Promise<number | null>;
}

/** The line `server/start.ts` prints once it listens: `Tavola läuft auf http://localhost:<port> …`. */
const LISTENING = /läuft auf https?:\/\/[^\s:/]+:(\d+)/;

export function spawnServer(env: Record<string, string>): ServerProcess {
  let output = "";
  // taskset (slow mode) executes node in its own place: the pid, signals and exit code are node's.
  const { command, args } = serverCommand(["server/start.ts"]);
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, HOST: "127.0.0.1", PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk) => (output += String(chunk)));
  child.stderr.on("data", (chunk) => (output += String(chunk)));
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      exitCode = code;
      resolve(code);
    }),
  );

  async function ready(timeoutMs = 60_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    let origin: string | undefined;
    while (Date.now() < deadline) {
      if (exitCode !== undefined)
        throw new Error(`Server ended (exit ${exitCode}) before it was ready:\n${output}`);
      const port = LISTENING.exec(output)?.[1];
      if (port) {
        origin ??= `http://127.0.0.1:${port}`;
        const healthy = await fetch(`${origin}/healthz`)
          .then((response) => response.ok)
          .catch(() => false);
        if (healthy) return origin;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill("SIGKILL");
    throw new Error(`Server not ready within ${timeoutMs} ms:\n${output}`);
  }

  async function stop(): Promise<number | null> {
    if (exitCode === undefined) child.kill("SIGTERM");
    return exited;
  }

  return { child, output: () => output, exited, ready, stop };
}
