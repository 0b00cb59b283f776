import path from "node:path";
import { buildIfNeeded } from "../../server/build-if-needed.ts";
import {
  busyMachineWarning,
  startProductionServer,
  stopProductionServer,
  type ProductionServer,
} from "../../tests/support/production-server.ts";
import {
  figuresOf,
  mainThreadTimes,
  run,
  sampleOf,
  sharesBetween,
  startCeiling,
  type Figures,
  type MainThreadShares,
} from "./load-generator.ts";

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
const root = path.resolve(import.meta.dirname, "../..");
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

interface Row {
  path: string;
  encoding: string;
  single: Figures;
  many: Figures;
  mainThread: MainThreadShares | undefined;
  /** The same bytes from memory by a bare node:http server, at N connections in the same run. */
  ceiling: Figures;
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
