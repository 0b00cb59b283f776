import cluster, { type Worker } from "node:cluster";

/**
 * Several server processes sharing one port (WORKERS, decision 0021): this process only starts them,
 * one after the other — the first one migrates the database, creates the staff account and the demo
 * content; the others find them done —, restarts one that dies, and stops them all on SIGTERM/SIGINT.
 * Everything the processes must agree on is in the database: the page version (decision 0020), the
 * rate limits, sign-in throttling, sessions and the mail outbox's claims.
 */
const RESTART_DELAY_MS = 1000;

export interface WorkerOptions {
  count: number;
  /** One line for the console. */
  say: (line: string) => void;
  /** What the first line says besides the address, e.g. where the database lives. */
  describe: (port: number) => string;
}

/** Resolves with the port once the worker listens; rejects if it ends before. */
function listening(worker: Worker): Promise<number> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null, signal: string | null) =>
      reject(new Error(`Prozess ${worker.id} endete beim Start (${signal ?? `Code ${code}`})`));
    worker.once("exit", onExit);
    worker.once("listening", (address) => {
      worker.off("exit", onExit);
      resolve(address.port);
    });
  });
}

export async function runWorkers({ count, say, describe }: WorkerOptions): Promise<void> {
  let stopping = false;
  let port = 0;
  for (let index = 0; index < count; index += 1) port = await listening(cluster.fork());
  say(describe(port));

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    process.stderr.write(
      `Tavola: Prozess ${worker.process.pid} endete unerwartet (${signal ?? `Code ${code}`}); ein neuer startet.\n`,
    );
    setTimeout(() => {
      if (!stopping) cluster.fork();
    }, RESTART_DELAY_MS).unref();
  });

  const stop = () => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    let running = workers.length;
    let failed = false;
    if (running === 0) process.exit(0);
    for (const worker of workers) {
      worker.once("exit", (code) => {
        failed ||= code !== 0;
        running -= 1;
        if (running === 0) process.exit(failed ? 1 : 0);
      });
      // Each finishes its requests in flight and closes its database (server/start.ts).
      worker.process.kill("SIGTERM");
    }
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
