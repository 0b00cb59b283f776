import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

/**
 * The load generator of `npm run load` and `npm run bench`: plain node:http clients on keep-alive
 * connections (no dependency), the ceiling (a bare node:http server in a process of its own sending
 * the same bytes from memory), and how the server's main thread spent the time (Linux /proc).
 */
export interface RunResult {
  latencies: number[];
  failures: number;
  bytes: number;
  seconds: number;
}

/**
 * A request's headers: the same for every request, or made per request from its number (e.g. a
 * different X-Forwarded-For each, as a crowd of guests behind a trusted proxy).
 */
export type RequestHeaders = Record<string, string> | ((request: number) => Record<string, string>);

export const headersOf = (headers: RequestHeaders, request: number): Record<string, string> =>
  typeof headers === "function" ? headers(request) : headers;

/** Requests sent by this process so far: numbers `headers` functions by, never the same twice. */
let sentSoFar = 0;

/** One GET on a keep-alive connection of the agent; resolves with the status and body length. */
function get(agent: http.Agent, url: URL, headers: Record<string, string>) {
  return new Promise<{ status: number; bytes: number }>((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.length));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, bytes }));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** `connections` clients, each sending its next request as soon as the last answer is complete. */
export async function run(
  url: URL,
  headers: RequestHeaders,
  connections: number,
  seconds: number,
): Promise<RunResult> {
  // Node's Agent sets TCP_NODELAY, as browsers do: the client adds no Nagle delays of its own.
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const result: RunResult = { latencies: [], failures: 0, bytes: 0, seconds: 0 };
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const client = async () => {
    while (performance.now() < deadline) {
      const sent = performance.now();
      try {
        const { status, bytes } = await get(agent, url, headersOf(headers, sentSoFar++));
        if (status !== 200) result.failures += 1;
        result.bytes = bytes;
      } catch {
        result.failures += 1;
      }
      result.latencies.push(performance.now() - sent);
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  result.seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return result;
}

export function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

export interface Figures {
  median: number;
  p99: number;
  perSecond: number;
  failures: number;
  bytes: number;
}

export function figuresOf(result: RunResult): Figures {
  const sorted = [...result.latencies].sort((a, b) => a - b);
  return {
    median: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    perSecond: result.latencies.length / result.seconds,
    failures: result.failures,
    bytes: result.bytes,
  };
}

/** Seconds the server's main thread spent running and waiting for a CPU, from Linux's schedstat. */
export interface ThreadTimes {
  running: number;
  waitingForCpu: number;
}

/** Undefined off Linux or for a server this script did not start. */
export function mainThreadTimes(pid: number | undefined): ThreadTimes | undefined {
  if (pid === undefined) return undefined;
  try {
    const [running, waiting] = fs
      .readFileSync(`/proc/${pid}/task/${pid}/schedstat`, "utf8")
      .trim()
      .split(" ")
      .map((nanoseconds) => Number(nanoseconds) / 1e9);
    return running === undefined || waiting === undefined ? undefined : { running, waitingForCpu: waiting };
  } catch {
    return undefined;
  }
}

/**
 * Shares of the wall time of a run: running, runnable but waiting for a CPU (other processes on a
 * busy machine), and the rest, sleeping in the event loop with nothing to do.
 */
export interface MainThreadShares {
  running: number;
  waitingForCpu: number;
  sleeping: number;
}

export function sharesBetween(
  before: ThreadTimes | undefined,
  after: ThreadTimes | undefined,
  seconds: number,
): MainThreadShares | undefined {
  if (!before || !after) return undefined;
  const running = (after.running - before.running) / seconds;
  const waitingForCpu = (after.waitingForCpu - before.waitingForCpu) / seconds;
  return { running, waitingForCpu, sleeping: Math.max(0, 1 - running - waitingForCpu) };
}

/** One answer of ours: its bytes and the headers that describe them. */
export function sampleOf(url: URL, headers: Record<string, string>) {
  return new Promise<{ body: Buffer; headers: Record<string, string> }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const kept: Record<string, string> = {};
          for (const name of ["content-type", "content-encoding", "cache-control", "vary"]) {
            const value = response.headers[name];
            if (typeof value === "string") kept[name] = value;
          }
          resolve({ body: Buffer.concat(chunks), headers: kept });
        });
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/**
 * The ceiling this machine sets: a bare node:http server in a process of its own, answering every
 * request with the same bytes and headers from memory — no routing, no rendering, no database.
 */
export async function startCeiling(sample: { body: Buffer; headers: Record<string, string> }) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-ceiling-"));
  fs.writeFileSync(path.join(folder, "body"), sample.body);
  fs.writeFileSync(path.join(folder, "headers.json"), JSON.stringify(sample.headers));
  const script = `
    const fs = require("node:fs"); const http = require("node:http");
    const body = fs.readFileSync(process.argv[1] + "/body");
    const headers = { ...JSON.parse(fs.readFileSync(process.argv[1] + "/headers.json", "utf8")), "content-length": body.length };
    const server = http.createServer((request, response) => { response.writeHead(200, headers); response.end(body); });
    server.keepAliveTimeout = 5000;
    server.listen(0, "127.0.0.1", () => process.stdout.write(String(server.address().port) + "\\n"));`;
  const child = spawn(process.execPath, ["-e", script, folder], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once("exit", (code) => reject(new Error(`Die Vergleichs-Server endete (Code ${code})`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    async close() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
