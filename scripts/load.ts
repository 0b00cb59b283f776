import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { buildIfNeeded } from "../server/build-if-needed.ts";
import {
  busyMachineWarning,
  startProductionServer,
  stopProductionServer,
  type ProductionServer,
} from "./production-server.ts";

/**
 * `npm run load`: latency and throughput of the production server, with plain node:http clients on
 * keep-alive connections. For each page, with and without `Accept-Encoding: br, gzip`:
 *   - one connection, one request after the other: median, p99, requests per second;
 *   - N connections at once (default 50): the same three figures;
 *   - during the N-connection run, how the server's main thread spent the time: running, waiting
 *     for a CPU (other work on the machine), or sleeping with nothing to do — a page that waits for
 *     something other than the CPU shows up as sleep (Linux /proc, only for a server this script
 *     started);
 *   - the ceiling: the same bytes and headers served from memory by a bare node:http server in a
 *     process of its own, at N connections in the same run, and our share of it ('Anteil').
 * A benchmark to compare before and after a change on the same machine, not a test: it asserts
 * nothing about timings.
 *
 *   npm run load
 *   npm run load -- --connections 10 --seconds 10 /speisekarte
 *   npm run load -- --url http://127.0.0.1:3000     # an already running server
 *
 * Without --url it builds if needed and starts the production server with demo content on a
 * temporary SQLite database (LOAD_PORT, default: any free port).
 */
const root = path.resolve(import.meta.dirname, "..");
const say = (line: string) => process.stdout.write(`${line}\n`);

interface Options {
  url: string | undefined;
  connections: number;
  seconds: number;
  paths: string[];
}

function parseArguments(argv: string[]): Options {
  const options: Options = { url: undefined, connections: 50, seconds: 5, paths: [] };
  const positiveNumber = (flag: string, value: string | undefined) => {
    const number = Number(value);
    if (!(number > 0)) throw new Error(`${flag} braucht eine Zahl größer als 0`);
    return number;
  };
  const queue = [...argv];
  for (let argument = queue.shift(); argument !== undefined; argument = queue.shift()) {
    if (argument === "--url") {
      const url = queue.shift();
      if (!url || !/^https?:\/\//.test(url)) throw new Error("--url braucht eine http(s)-Adresse");
      options.url = new URL(url).origin;
    } else if (argument === "--connections") {
      options.connections = Math.round(positiveNumber(argument, queue.shift()));
    } else if (argument === "--seconds") {
      options.seconds = positiveNumber(argument, queue.shift());
    } else if (argument.startsWith("/")) {
      options.paths.push(argument);
    } else {
      throw new Error(`Unbekanntes Argument: ${argument}`);
    }
  }
  if (options.paths.length === 0) options.paths = ["/", "/impressum", "/healthz"];
  return options;
}

interface RunResult {
  latencies: number[];
  failures: number;
  bytes: number;
  seconds: number;
}

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
async function run(
  url: URL,
  headers: Record<string, string>,
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
        const { status, bytes } = await get(agent, url, headers);
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

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

interface Figures {
  median: number;
  p99: number;
  perSecond: number;
  failures: number;
  bytes: number;
}

function figuresOf(result: RunResult): Figures {
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
interface ThreadTimes {
  running: number;
  waitingForCpu: number;
}

/** Undefined off Linux or for a server this script did not start. */
function mainThreadTimes(pid: number | undefined): ThreadTimes | undefined {
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
interface MainThreadShares {
  running: number;
  waitingForCpu: number;
  sleeping: number;
}

function sharesBetween(
  before: ThreadTimes | undefined,
  after: ThreadTimes | undefined,
  seconds: number,
): MainThreadShares | undefined {
  if (!before || !after) return undefined;
  const running = (after.running - before.running) / seconds;
  const waitingForCpu = (after.waitingForCpu - before.waitingForCpu) / seconds;
  return { running, waitingForCpu, sleeping: Math.max(0, 1 - running - waitingForCpu) };
}

interface Row {
  path: string;
  encoding: string;
  single: Figures;
  many: Figures;
  mainThread: MainThreadShares | undefined;
  /** The same bytes from memory by a bare node:http server, at N connections in the same run. */
  ceiling: Figures;
}

/** One answer of ours: its bytes and the headers that describe them. */
function sampleOf(url: URL, headers: Record<string, string>) {
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
async function startCeiling(sample: { body: Buffer; headers: Record<string, string> }) {
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

const encodings: Array<{ label: string; headers: Record<string, string> }> = [
  { label: "keine", headers: {} },
  { label: "br, gzip", headers: { "accept-encoding": "br, gzip" } },
];

async function measure(origin: string, options: Options, serverPid: number | undefined): Promise<Row[]> {
  const rows: Row[] = [];
  for (const page of options.paths) {
    for (const encoding of encodings) {
      const url = new URL(page, origin);
      // Unmeasured: the first renders of a page warm up the server's code.
      await run(url, encoding.headers, 1, 0.5);
      const single = figuresOf(await run(url, encoding.headers, 1, options.seconds));
      const before = mainThreadTimes(serverPid);
      const manyRun = await run(url, encoding.headers, options.connections, options.seconds);
      const mainThread = sharesBetween(before, mainThreadTimes(serverPid), manyRun.seconds);
      const ceilingServer = await startCeiling(await sampleOf(url, encoding.headers));
      let ceiling: Figures;
      try {
        const ceilingUrl = new URL(page, ceilingServer.origin);
        await run(ceilingUrl, encoding.headers, 1, 0.5);
        ceiling = figuresOf(await run(ceilingUrl, encoding.headers, options.connections, options.seconds));
      } finally {
        await ceilingServer.close();
      }
      const row = {
        path: page,
        encoding: encoding.label,
        single,
        many: figuresOf(manyRun),
        mainThread,
        ceiling,
      };
      rows.push(row);
      say(`  ${page} (Kodierung: ${encoding.label}) gemessen`);
    }
  }
  return rows;
}

const percent = (share: number | undefined) => (share === undefined ? "–" : `${Math.round(share * 100)} %`);
const ms = (value: number) => (value < 10 ? value.toFixed(1) : Math.round(value).toString());

function printTable(rows: Row[], connections: number) {
  const header = [
    "Seite",
    "Kodierung",
    "Bytes",
    "1 Verb. Median ms",
    "p99 ms",
    "req/s",
    `${connections} Verb. Median ms`,
    "p99 ms",
    "req/s",
    "Hauptthread: rechnet",
    "wartet auf CPU",
    "schläft",
    "Decke req/s",
    "Anteil",
    "Fehler",
  ];
  const cells = rows.map((row) => [
    row.path,
    row.encoding,
    String(row.single.bytes),
    ms(row.single.median),
    ms(row.single.p99),
    Math.round(row.single.perSecond).toString(),
    ms(row.many.median),
    ms(row.many.p99),
    Math.round(row.many.perSecond).toString(),
    percent(row.mainThread?.running),
    percent(row.mainThread?.waitingForCpu),
    percent(row.mainThread?.sleeping),
    Math.round(row.ceiling.perSecond).toString(),
    percent(row.many.perSecond / row.ceiling.perSecond),
    String(row.single.failures + row.many.failures),
  ]);
  const widths = header.map((_, index) =>
    Math.max(...[header, ...cells].map((line) => (line[index] ?? "").length)),
  );
  const line = (values: string[]) =>
    values.map((value, index) =>
      index < 2 ? value.padEnd(widths[index] ?? 0) : value.padStart(widths[index] ?? 0),
    );
  say(line(header).join("  "));
  say(widths.map((width) => "-".repeat(width)).join("  "));
  for (const values of cells) say(line(values).join("  "));
}

async function main() {
  const options = parseArguments(process.argv.slice(2));
  let server: ProductionServer | undefined;
  if (!options.url) {
    buildIfNeeded(root, say);
    server = await startProductionServer(process.env.LOAD_PORT);
  }
  const origin = options.url ?? server?.origin ?? "";
  try {
    say(
      `Last gegen ${origin}: je Seite und Kodierung ${options.seconds} s mit 1 und ${options.seconds} s mit ` +
        `${options.connections} Keep-alive-Verbindungen (Node ${process.version})`,
    );
    const warning = busyMachineWarning();
    if (warning) say(`  ${warning}`);
    const rows = await measure(origin, options, server?.process.pid);
    say("");
    printTable(rows, options.connections);
    if (rows.some((row) => row.single.failures + row.many.failures > 0)) {
      say("\nEinige Antworten waren nicht 200 oder brachen ab (Spalte Fehler).");
      process.exitCode = 1;
    }
  } finally {
    if (server) await stopProductionServer(server);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`load: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
