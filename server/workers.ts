import cluster, { type Worker } from "node:cluster";

/**
 * Several server processes sharing one port (WORKERS, decision 0021): this process only starts them,
 * one after the other — the first one migrates the database, creates the staff account and the demo
 * content; the others find them done —, restarts one that dies, and stops them all on SIGTERM/SIGINT.
 * Everything the processes must agree on is in the database: the page version (decision 0020), the
 * rate limits, sign-in throttling, sessions and the mail outbox's claims.
 */
const FIRST_RESTART_DELAY_MS = 1000;
const LONGEST_RESTART_DELAY_MS = 60_000;
/** A process that ran this long before it died is restarted after the first delay again. */
const HEALTHY_AFTER_MS = 30_000;
/** The processes' own grace for requests in flight is 10 s (server/start.ts); then they are killed. */
const STOP_TIMEOUT_MS = 15_000;

export interface WorkerOptions {
  count: number;
  /** One line for the console. */
  say: (line: string) => void;
  /** The line said once all processes listen, e.g. with where the database lives. */
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
  let started = false;
  let restartDelay = FIRST_RESTART_DELAY_MS;
  const startedAt = new Map<Worker, number>();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    return worker;
  };

  const stop = () => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    let running = workers.length;
    let failed = false;
    if (running === 0) process.exit(0);
    setTimeout(() => {
      for (const worker of workers) worker.process.kill("SIGKILL");
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
    for (const worker of workers) {
      worker.once("exit", (code, signal) => {
        // Ended by our SIGTERM before it had its own handler: it was still starting, nothing in flight.
        failed ||= code !== 0 && signal !== "SIGTERM";
        running -= 1;
        if (running === 0) process.exit(failed ? 1 : 0);
      });
      // Each finishes its requests in flight and closes its database (server/start.ts).
      worker.process.kill("SIGTERM");
    }
  };
  // From the start: a signal while the processes are still starting stops those already running.
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);

  cluster.on("exit", (worker, code, signal) => {
    // Before all listen, a process that ends stops the start (listening() says why).
    if (stopping || !started) return;
    const ranMs = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    // One that keeps dying at once (a database that cannot be reached) is restarted ever more slowly.
    restartDelay = ranMs > HEALTHY_AFTER_MS ? FIRST_RESTART_DELAY_MS : restartDelay;
    process.stderr.write(
      `Tavola: Prozess ${worker.process.pid} endete unerwartet (${signal ?? `Code ${code}`}); ` +
        `ein neuer startet in ${Math.round(restartDelay / 1000)} s.\n`,
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, restartDelay);
    restartDelay = Math.min(restartDelay * 2, LONGEST_RESTART_DELAY_MS);
  });

  let port = 0;
  for (let index = 0; index < count && !stopping; index += 1) port = await listening(fork());
  started = true;
  if (!stopping) say(describe(port));
}
