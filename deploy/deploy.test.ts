import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { DEFAULT_BODY_LIMIT, MiB, UPLOAD_BODY_LIMIT } from "../server/request-guards.ts";
import { UPLOAD_PATH } from "../app/common/pictures/picture-upload.ts";
import {
  mainConfig,
  nginxTestsRun,
  siteForTest,
  standInCertificates,
  testConfig,
} from "../tests/support/nginx.ts";

/**
 * The deployment files (deploy/README.md), checked as far as this machine can: systemd's own
 * verifier on the units, nginx's on both sites, and the Dockerfile and compose file read and held
 * against what the app needs (there is no Docker engine to build or run them here).
 */
const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-deploy-test-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** The server's own grace before it closes what is still open (server/start.ts). */
const graceMs = Number(
  /SHUTDOWN_GRACE_MS = ([\d_]+);/.exec(read("server/start.ts"))?.[1]?.replaceAll("_", ""),
);

/** Every variable the app reads (app/lib/env.server.ts's schema: the keys of its z.object). */
const configNames = new Set(
  [...read("app/lib/env.server.ts").matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]),
);
/** The picture store's settings, coming with STORAGE=s3 (another change of issue 26). */
const storageNames = [
  "STORAGE",
  "S3_ENDPOINT",
  "S3_BUCKET",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_FORCE_PATH_STYLE",
  "S3_PUBLIC_URL",
];

/** `Key=value` lines of a unit file (comments left out), in order. */
function directives(unit: string): [string, string][] {
  return unit
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => /^[A-Za-z]+=/.test(line))
    .map((line) => {
      const at = line.indexOf("=");
      return [line.slice(0, at), line.slice(at + 1)];
    });
}

const valuesOf = (unit: string, key: string) =>
  directives(unit)
    .filter(([name]) => name === key)
    .map(([, value]) => value);

const systemdAnalyze = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].find((file) =>
  fs.existsSync(file),
);

describe("systemd units", () => {
  const service = read("deploy/tavola.service");
  const backup = read("deploy/tavola-backup.service");
  const timer = read("deploy/tavola-backup.timer");

  it("run the server as tavola, private, restarted on failure, stopped gracefully", () => {
    expect(valuesOf(service, "User")).toEqual(["tavola"]);
    expect(valuesOf(service, "UMask")).toEqual(["0077"]);
    expect(valuesOf(service, "Restart")).toEqual(["on-failure"]);
    expect(valuesOf(service, "StartLimitBurst")).toHaveLength(1);
    expect(valuesOf(service, "EnvironmentFile")).toHaveLength(1);
    expect(valuesOf(service, "KillSignal")).toEqual(["SIGTERM"]);
    const stopSeconds = Number(/^(\d+)s$/.exec(valuesOf(service, "TimeoutStopSec")[0] ?? "")?.[1]);
    expect(graceMs).toBeGreaterThan(0);
    expect(stopSeconds * 1000).toBeGreaterThan(graceMs);
    expect(valuesOf(service, "ExecStart")[0]).toMatch(/^\/\S+\/node server\/start\.ts$/);
  });

  it("are hardened, and leave V8's JIT alone", () => {
    for (const unit of [service, backup]) {
      for (const [key, value] of [
        ["NoNewPrivileges", "yes"],
        ["ProtectSystem", "strict"],
        ["ProtectHome", "yes"],
        ["PrivateTmp", "yes"],
        ["PrivateDevices", "yes"],
        ["ProtectKernelTunables", "yes"],
        ["ProtectKernelModules", "yes"],
        ["ProtectKernelLogs", "yes"],
        ["ProtectControlGroups", "yes"],
        ["RestrictAddressFamilies", "AF_INET AF_INET6 AF_UNIX"],
        ["SystemCallFilter", "@system-service"],
        ["CapabilityBoundingSet", ""],
      ] as const)
        expect(valuesOf(unit, key), key).toEqual([value]);
      expect(valuesOf(unit, "ReadWritePaths")[0]).toContain("/var/lib/tavola");
      // V8 writes machine code at run time: the first JIT-compiled function would crash Node.
      expect(valuesOf(unit, "MemoryDenyWriteExecute")).toEqual([]);
    }
    // The data folder the server writes is the one it is told to use.
    expect(valuesOf(service, "Environment")[0]).toContain("DATA_DIR=/var/lib/tavola");
  });

  it("back up nightly with db:backup into a folder (its one argument ends in /)", () => {
    expect(valuesOf(backup, "Type")).toEqual(["oneshot"]);
    expect(valuesOf(backup, "User")).toEqual(["tavola"]);
    expect(valuesOf(backup, "ExecStart")[0]).toMatch(/ scripts\/cli\/db-backup\.ts \/\S+\/$/);
    expect(read("scripts/cli/db-backup.ts")).toContain("process.argv[2]");
    // db:backup prunes by BACKUP_RETENTION_DAYS itself (decision 0042): no second, fixed period here.
    expect(valuesOf(backup, "ExecStartPost")).toEqual([]);
    expect(valuesOf(backup, "EnvironmentFile")).toEqual(["/etc/tavola/tavola.env"]);
    expect(valuesOf(timer, "OnCalendar")).toEqual(["*-*-* 03:15:00"]);
    expect(valuesOf(timer, "Persistent")).toEqual(["true"]);
    expect(valuesOf(timer, "Unit")).toEqual(["tavola-backup.service"]);
  });

  describe.skipIf(!systemdAnalyze)("systemd-analyze", () => {
    /**
     * The units as installed, except that ExecStart= names this machine's node: systemd-analyze
     * refuses a command that does not exist, and /usr/bin/node is a choice of the target machine.
     * It does not check User= or EnvironmentFile= (made when installing), so nothing else differs.
     */
    function installed(): string[] {
      const dir = fs.mkdtempSync(path.join(scratch, "units-"));
      return ["tavola.service", "tavola-backup.service", "tavola-backup.timer"].map((name) => {
        const file = path.join(dir, name);
        fs.writeFileSync(
          file,
          read(`deploy/${name}`).replace(/^(Exec\w+=)\/usr\/bin\/node /gm, `$1${process.execPath} `),
        );
        return file;
      });
    }

    it("verify finds nothing to say", () => {
      const result = spawnSync(systemdAnalyze ?? "", ["verify", ...installed()], { encoding: "utf8" });
      expect(`${result.stdout}${result.stderr}`).toBe("");
      expect(result.status).toBe(0);
    });

    it("security rates the server's exposure low", () => {
      const [serviceFile = ""] = installed();
      const result = spawnSync(systemdAnalyze ?? "", ["security", "--offline=true", serviceFile], {
        encoding: "utf8",
      });
      // Older systemd versions have no --offline: nothing to judge then.
      if (result.status !== 0 && /offline/.test(result.stderr)) return;
      const level = Number(/Overall exposure level for \S+: ([\d.]+)/.exec(result.stdout)?.[1]);
      // 0 is locked down, 10 fully exposed; systemd calls everything under 4.0 'OK'.
      expect(level).toBeLessThan(3);
    });
  });
});

/** The runtime stage's instructions, with ARG defaults filled in. */
function dockerStages(text: string) {
  const args = new Map<string, string>();
  const stages: { from: string; name?: string; lines: string[] }[] = [];
  const joined = text.replace(/\\\n/g, " ");
  for (const raw of joined.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const [instruction = "", ...rest] = line.split(/\s+/);
    const value = rest.join(" ").replace(/\$\{(\w+)\}/g, (_, name: string) => args.get(name) ?? "");
    if (instruction === "ARG" && stages.length === 0) {
      const [name = "", fallback = ""] = value.split("=");
      args.set(name, fallback);
    } else if (instruction === "FROM") {
      const [from = "", as, name] = value.split(/\s+/);
      stages.push({ from, ...(as?.toUpperCase() === "AS" && name ? { name } : {}), lines: [] });
    } else stages.at(-1)?.lines.push(`${instruction} ${value}`);
  }
  return stages;
}

describe("Dockerfile", () => {
  const stages = dockerStages(read("deploy/Dockerfile"));
  const runtime = stages.at(-1);
  const lines = runtime?.lines ?? [];
  const find = (instruction: string) => lines.filter((line) => line.startsWith(`${instruction} `));

  it("builds in one stage and runs the build with production dependencies in a slim one", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage.from).toMatch(/^node:24[.-]/);
    expect(runtime?.from).toMatch(/slim/);
    const build = stages.find((stage) => stage.lines.some((line) => line.includes("npm run build")));
    expect(build?.lines.some((line) => /^RUN npm ci\b/.test(line))).toBe(true);
    const allText = stages.flatMap((stage) => stage.lines).join("\n");
    expect(allText).toMatch(/npm ci --omit=dev/);
    expect(find("COPY").some((line) => line.includes(`--from=${build?.name} /app/build`))).toBe(true);
  });

  it("runs as an unprivileged user, with /data a volume and a health check on /healthz", () => {
    const user = find("USER").at(-1)?.split(" ")[1];
    expect(user).toBeDefined();
    expect(["root", "0", "0:0"]).not.toContain(user);
    expect(find("VOLUME").join(" ")).toContain("/data");
    expect(find("EXPOSE").join(" ")).toContain("3000");
    const env = find("ENV").join(" ");
    for (const setting of ["NODE_ENV=production", "HOST=0.0.0.0", "DATA_DIR=/data"])
      expect(env).toContain(setting);
    const health = find("HEALTHCHECK").join(" ");
    expect(health).toContain("/healthz");
    expect(health).toMatch(/"node"/);
    expect(find("CMD").join(" ")).toContain("server/start.ts");
  });

  it("has a health check command that says 0 for a healthy server and 1 otherwise", async () => {
    const health = find("HEALTHCHECK").join(" ");
    const command = JSON.parse(/CMD (\[.*\])$/.exec(health)?.[1] ?? "[]") as string[];
    expect(command[0]).toBe("node");
    await expect(healthCheckExitCodes(command.slice(1))).resolves.toEqual({
      healthy: 0,
      unhealthy: 1,
      away: 1,
    });
  });

  it("copies every file the server and the command-line tools import at run time", () => {
    const copied = find("COPY")
      .map((line) => /\/app\/(\S+) \.\/\S+$/.exec(line)?.[1])
      .filter((dir): dir is string => dir !== undefined);
    const ignored = read(".dockerignore")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith("#"));
    for (const entry of ["node_modules", ".git", ".tmp", "data", "build", ".env"])
      expect(ignored).toContain(entry);
    // Static and dynamic relative imports, from the start script and each command-line tool.
    const entries = ["server/start.ts", ...fs.readdirSync(path.join(root, "scripts/cli"))]
      .map((file) => (file.includes("/") ? file : `scripts/cli/${file}`))
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"));
    const seen = new Set<string>();
    const queue = [...entries];
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      if (seen.has(file)) continue;
      seen.add(file);
      const source = read(file);
      for (const match of source.matchAll(/(?:from|import\()\s*"(\.{1,2}\/[^"]+)"/g)) {
        const target = path.relative(root, path.resolve(root, path.dirname(file), match[1] ?? ""));
        if (/\.(ts|tsx)$/.test(target)) queue.push(target);
      }
    }
    for (const file of seen) {
      expect(
        copied.some((dir) => file === dir || file.startsWith(`${dir}/`)),
        `${file} is not copied into the runtime image`,
      ).toBe(true);
      expect(file, `${file} is left out by .dockerignore`).not.toMatch(/\.test\.tsx?$/);
    }
    // Not an import, read from disk: the demo gallery's pictures (server/start.ts).
    expect(copied).toContain("app");
    expect(read("server/start.ts")).toContain('"app", "demo", "galerie"');
    expect(copied).toContain("build");
  });
});

/**
 * Runs a health check's `node …` arguments against a stand-in server on PORT: one answering /healthz
 * with 200, one with 503 (the database away), and none at all.
 */
async function healthCheckExitCodes(args: string[]) {
  const run = (port: number) =>
    new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, args, {
        env: { ...process.env, PORT: String(port) },
        stdio: "ignore",
      });
      child.on("exit", (code) => resolve(code));
    });
  const serve = async (status: number) => {
    const server = http.createServer((request, response) => {
      response.statusCode = request.url === "/healthz" ? status : 404;
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      return await run(port);
    } finally {
      server.close();
    }
  };
  const healthy = await serve(200);
  const unhealthy = await serve(503);
  // A port nobody listens on: one just closed.
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  const away = await run(typeof address === "object" && address ? address.port : 1);
  return { healthy, unhealthy, away };
}

interface ComposeService {
  build?: { context?: string; dockerfile?: string };
  image?: string;
  user?: string;
  environment?: Record<string, string>;
  healthcheck?: { test?: string[]; disable?: boolean };
  depends_on?: Record<string, { condition?: string }>;
  volumes?: string[];
  profiles?: string[];
  stop_grace_period?: string;
}

describe("compose.yaml", () => {
  const compose = parse(read("deploy/compose.yaml"), { merge: true }) as {
    services: Record<string, ComposeService>;
    volumes: Record<string, unknown>;
  };
  const services = compose.services;
  const apps = ["app1", "app2"].map((name) => services[name]);

  it("has PostgreSQL, an S3 store, two app instances and nginx, each with a health check", () => {
    for (const name of ["postgres", "minio", "app1", "app2", "nginx"]) {
      expect(services[name], name).toBeDefined();
      expect(services[name]?.healthcheck?.test?.length, `${name} health check`).toBeGreaterThan(0);
    }
    expect(services.postgres?.image).toMatch(/^postgres:/);
    expect(services["minio-setup"]?.depends_on?.minio?.condition).toBe("service_healthy");
  });

  it("asks /healthz with a command that says 0 for a healthy server and 1 otherwise", async () => {
    const command = services.app1?.healthcheck?.test ?? [];
    expect(command.slice(0, 2)).toEqual(["CMD", "node"]);
    // The compose file names port 3000, as its PORT says; here the stand-in's port takes its place.
    const args = command
      .slice(2)
      .map((arg) => arg.replace("127.0.0.1:3000", "127.0.0.1:' + process.env.PORT + '"));
    await expect(healthCheckExitCodes(args)).resolves.toEqual({ healthy: 0, unhealthy: 1, away: 1 });
  });

  it("runs both instances from the Dockerfile, as a non-root user, each with its own DATA_DIR", () => {
    const dataVolumes = apps.map((app) => app?.volumes?.find((volume) => volume.endsWith(":/data")));
    expect(dataVolumes[0]).toBeDefined();
    expect(dataVolumes[1]).toBeDefined();
    expect(dataVolumes[0]).not.toBe(dataVolumes[1]);
    for (const app of apps) {
      expect(app?.build?.dockerfile).toBe("deploy/Dockerfile");
      expect(fs.existsSync(path.join(root, "deploy", app?.build?.context ?? "", "deploy/Dockerfile"))).toBe(
        true,
      );
      expect(app?.user).toBeDefined();
      expect(["root", "0", "0:0"]).not.toContain(app?.user);
      expect(app?.environment?.DATA_DIR).toBe("/data");
      expect(app?.healthcheck?.test?.join(" ")).toContain("/healthz");
      expect(app?.depends_on?.postgres?.condition).toBe("service_healthy");
      expect(app?.depends_on?.["minio-setup"]?.condition).toBe("service_completed_successfully");
      const grace = Number(/^(\d+)s$/.exec(app?.stop_grace_period ?? "")?.[1]);
      expect(grace * 1000).toBeGreaterThan(graceMs);
      const volume = (dataVolumes[apps.indexOf(app)] ?? "").split(":")[0] ?? "";
      expect(compose.volumes).toHaveProperty(volume);
    }
  });

  it("gives both instances the same database and picture store, with names the app reads", () => {
    const [first, second] = apps.map((app) => app?.environment ?? {});
    expect(first?.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
    expect(second?.DATABASE_URL).toBe(first?.DATABASE_URL);
    for (const name of storageNames) {
      expect(first, name).toHaveProperty(name);
      expect(second?.[name], name).toBe(first?.[name]);
    }
    expect(first?.STORAGE).toBe("s3");
    expect(first?.TRUST_PROXY).toBe("1");
    // Every other variable is one app/lib/env.server.ts reads: a typo would be ignored silently.
    // The storage names join them once STORAGE=s3 is there; then they must be read too.
    const storageIsThere = configNames.has("STORAGE");
    for (const name of Object.keys(first ?? {}))
      if (storageIsThere || !storageNames.includes(name)) expect(configNames, name).toContain(name);
  });

  it("takes its secrets from deploy/.env, and .env.example names every one", () => {
    const example = read("deploy/.env.example");
    const given = new Set([...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
    const used = new Set(
      [...read("deploy/compose.yaml").matchAll(/(?<!\$)\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]),
    );
    for (const name of used)
      if (!name?.endsWith("_IMAGE")) expect(given, `${name} in deploy/.env.example`).toContain(name);
    expect(example).not.toMatch(/PASSWORD=(?!change-me|$)\S/);
    expect(read(".gitignore")).toMatch(/^\.env$|^deploy\/\.env$/m);
  });

  it("puts nginx with the instances' site in front, once both are healthy", () => {
    const nginx = services.nginx;
    expect(nginx?.depends_on?.app1?.condition).toBe("service_healthy");
    expect(nginx?.depends_on?.app2?.condition).toBe("service_healthy");
    const site = nginx?.volumes?.find((volume) => volume.includes("tavola-instances.conf"));
    expect(site).toMatch(/^\.\/nginx\/tavola-instances\.conf:\/etc\/nginx\/conf\.d\/default\.conf/);
  });

  it("pins every image it pulls to a release tag, never latest", () => {
    for (const [name, service] of Object.entries(services)) {
      if (service.build) continue; // Tavola's own image, built from this checkout.
      // `${VAR:-default}`: the default is what runs unless the operator chooses.
      const image = (service.image ?? "").replace(/^\$\{[A-Z_]+:-(.+)\}$/, "$1");
      const tag = image.split(":")[1] ?? "";
      expect(tag, `${name}: ${image}`).not.toBe("");
      expect(tag, `${name}: ${image}`).not.toMatch(/latest/);
      // A release, not a moving major line: a full version (PostgreSQL's have two parts since 10)
      // or MinIO's RELEASE.<date>.
      expect(tag, `${name}: ${image}`).toMatch(/^(?:\d+\.\d+(?:\.\d+)?-|RELEASE\.\d{4}-\d{2}-\d{2}T)/);
    }
  });

  it("lets the app sign in to PostgreSQL as its own role, not the image's superuser", () => {
    const postgres = services.postgres?.environment ?? {};
    const appUser = /^postgres:\/\/(.+?):\$\{POSTGRES_PASSWORD/.exec(
      apps[0]?.environment?.DATABASE_URL ?? "",
    )?.[1];
    expect(appUser).toBe("${POSTGRES_USER:-tavola}");
    expect(postgres.TAVOLA_DB_USER).toBe(appUser);
    expect(postgres.POSTGRES_USER).toBe("postgres");
    expect(postgres.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_ADMIN_PASSWORD:\?/);
    expect(postgres.TAVOLA_DB_NAME).toBe("${POSTGRES_DB:-tavola}");
    expect(apps[0]?.environment?.DATABASE_URL).toContain("@postgres:5432/${POSTGRES_DB:-tavola}");
    // The role and database are made by the init script (run for real in tests/postgres-owner.test.ts).
    expect(services.postgres?.volumes).toContain("./postgres:/docker-entrypoint-initdb.d:ro");
    expect(fs.statSync(path.join(root, "deploy/postgres/10-tavola-owner.sh")).mode & 0o111).not.toBe(0);
    // Healthy only once it answers over TCP, which the image's first-start set-up does not.
    expect(services.postgres?.healthcheck?.test?.join(" ")).toContain("pg_isready -h 127.0.0.1");
  });

  describe("minio-setup", () => {
    const script =
      (services["minio-setup"] as { entrypoint?: string[] } | undefined)?.entrypoint?.at(-1) ?? "";

    /** Runs the set-up script with a stand-in `mc` whose `policy attach` answers as told. */
    function runSetup(attach: { exit: number; say: string }) {
      const dir = fs.mkdtempSync(path.join(scratch, "mc-"));
      const log = path.join(dir, "calls");
      fs.writeFileSync(
        path.join(dir, "mc"),
        [
          "#!/bin/sh",
          `echo "$*" >> ${log}`,
          `if [ "$2 $3" = "policy create" ]; then cp "$6" ${path.join(dir, "policy.json")}; fi`,
          `if [ "$2 $3" = "policy attach" ]; then echo ${JSON.stringify(attach.say)}; exit ${attach.exit}; fi`,
          "exit 0",
          "",
        ].join("\n"),
        { mode: 0o755 },
      );
      // Compose turns `$$` into `$` before the shell sees it.
      const result = spawnSync("/bin/sh", ["-ec", script.replaceAll("$$", "$")], {
        encoding: "utf8",
        env: {
          PATH: `${dir}:${process.env.PATH ?? ""}`,
          MINIO_ROOT_USER: "root",
          MINIO_ROOT_PASSWORD: "root-pw",
          S3_BUCKET: "tavola-bilder",
          S3_ACCESS_KEY_ID: "tavola",
          S3_SECRET_ACCESS_KEY: "geheim",
        },
      });
      const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "");
      return { status: result.status, calls: read(log), policy: read(path.join(dir, "policy.json")) };
    }

    it("gives Tavola's account a policy for its one bucket, not readwrite", () => {
      const run = runSetup({ exit: 0, say: "Attached Policies: [tavola-bucket]" });
      expect(run.status).toBe(0);
      expect(run.calls).not.toMatch(/readwrite/);
      expect(run.calls).toContain("admin policy attach store tavola-bucket --user tavola");
      const policy = JSON.parse(run.policy) as {
        Statement: Array<{ Effect: string; Action: string[]; Resource: string[] }>;
      };
      expect(policy.Statement).toEqual([
        { Effect: "Allow", Action: ["s3:ListBucket"], Resource: ["arn:aws:s3:::tavola-bilder"] },
        {
          Effect: "Allow",
          Action: ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"],
          Resource: ["arn:aws:s3:::tavola-bilder/*"],
        },
      ]);
    });

    it("runs again on an account that has the policy, and fails when attaching fails otherwise", () => {
      expect(
        runSetup({ exit: 1, say: "mc: <ERROR> The specified policy change is already in effect." }).status,
      ).toBe(0);
      expect(
        runSetup({ exit: 1, say: "mc: <ERROR> Unable to attach policy: connection refused" }).status,
      ).not.toBe(0);
      expect(script).not.toMatch(/\|\|\s*true/);
    });
  });

  it("backs up with db:backup in a profile of its own", () => {
    expect(services.backup?.profiles).toEqual(["backup"]);
    expect(JSON.stringify(services.backup)).toContain("scripts/cli/db-backup.ts");
    // Pruned by the retention the apps state in the privacy page (decision 0042), default 30 days.
    expect(services.backup?.environment?.BACKUP_RETENTION_DAYS).toBe("${BACKUP_RETENTION_DAYS:-30}");
    expect(apps[0]?.environment?.BACKUP_RETENTION_DAYS).toBe(
      services.backup?.environment?.BACKUP_RETENTION_DAYS,
    );
    // The bucket's mirror keeps what the bucket lost: a picture deleted by mistake, by a bug or with a
    // stolen key is still in the copy (pictures are not guest data; the archives carry the erasures).
    expect(JSON.stringify(services["backup-pictures"])).toContain("mc mirror --overwrite ");
    expect(JSON.stringify(services["backup-pictures"])).not.toContain("--remove");
  });
});

/** What a site's `location <match> { … }` holds (locations here nest no blocks); "" without one. */
function locationBody(site: string, match: string): string {
  const start = site.indexOf(`location ${match} {`);
  return start < 0 ? "" : site.slice(start, site.indexOf("}", start));
}

describe("nginx sites", () => {
  const instances = read("deploy/nginx/tavola-instances.conf");
  const oneMachine = read("deploy/nginx/tavola-one-machine.conf");

  it("forward the client as TRUST_PROXY reads it, take uploads, and stream /admin/live", () => {
    for (const site of [instances, oneMachine]) {
      expect(site).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
      expect(site).toMatch(/proxy_set_header X-Forwarded-Proto \$scheme;/);
      // 1 MiB for every request (as DEFAULT_BODY_LIMIT), 12 MiB only where pictures are uploaded.
      const sizes = [...site.matchAll(/client_max_body_size (\d+)m;/g)].map((m) => Number(m[1]) * MiB);
      expect(sizes).toEqual([DEFAULT_BODY_LIMIT, 12 * MiB]);
      expect(locationBody(site, "~ ^/admin/bilder/hochladen(?:\\.data)?$")).toContain(
        "client_max_body_size 12m;",
      );
      expect(12 * MiB).toBeGreaterThanOrEqual(UPLOAD_BODY_LIMIT);
      expect(UPLOAD_PATH).toBe("/admin/bilder/hochladen");
      const live = /location = \/admin\/live \{([^}]*)\}/.exec(site)?.[1] ?? "";
      expect(live).toContain("proxy_buffering off;");
      expect(live).toMatch(/proxy_read_timeout \d+h;/);
    }
    expect(oneMachine).toMatch(/server 127\.0\.0\.1:3000;/);
  });

  it("send a stopping instance's requests to the other one", () => {
    const upstream = /upstream tavola \{([^}]*)\}/.exec(instances)?.[1] ?? "";
    expect(upstream).toMatch(/^\s*server app1:3000\b/m);
    expect(upstream).toMatch(/^\s*server app2:3000\b/m);
    expect(instances).toMatch(/proxy_next_upstream error timeout http_502 http_504;/);
    // The app's 503 is an outage both instances share: it must not mark both failed.
    expect(instances).not.toMatch(/http_503/);
    // POSTs are resent only where a request sent twice is stored once: the guests' reservation form.
    // `~*` matches without case, as the app's routes do.
    const resent = [...instances.matchAll(/location (~\*?) (.*) \{[^}]*non_idempotent[^}]*\}/g)].map(
      (m) => new RegExp(m[2] ?? "$^", m[1] === "~*" ? "i" : ""),
    );
    expect(resent).toHaveLength(2);
    const isResent = (target: string) => resent.some((pattern) => pattern.test(target));
    for (const target of ["/", "/_.data", "/reservieren", "/reservieren.data", "/Reservieren/"])
      expect(isResent(target)).toBe(true);
    for (const target of ["/admin/reservations", "/login", "/reservierung/abc", "/_.data/x"])
      expect(isResent(target)).toBe(false);
  });

  it("limit each address's requests to /reservieren, the guest links and the API, answering 429", () => {
    for (const site of [instances, oneMachine]) {
      expect(site).toMatch(/^limit_req_zone \$binary_remote_addr zone=tavola_guests:\d+m rate=\d+r\/s;$/m);
      expect(site).toMatch(/^limit_req_zone \$binary_remote_addr zone=tavola_api:\d+m rate=\d+r\/s;$/m);
      expect(site).toMatch(/^\s+limit_req_status 429;$/m);
      const limited = (location: string) => locationBody(site, location).includes("limit_req zone=");
      // Without case and with a final slash, as the app's routes answer (/RESERVIERUNG/…, /reservieren/).
      expect(limited("~* ^/reservieren/?(?:\\.data)?$")).toBe(true);
      expect(limited("~* ^/reservierung/")).toBe(true);
      expect(limited("~* ^/api/")).toBe(true);
      // The rest (pages, pictures, staff screens) is not limited by nginx.
      expect(limited("/")).toBe(false);
    }
    // tests/nginx-limits.test.ts runs both sites with nginx: 413, the upload, and 429.
  });

  describe.skipIf(!nginxTestsRun)("nginx -t", () => {
    let certificate: ReturnType<typeof standInCertificates> | undefined;
    for (const [name, site] of [
      ["tavola-instances.conf", instances],
      ["tavola-one-machine.conf", oneMachine],
    ] as const)
      it(`accepts ${name}`, () => {
        certificate ??= standInCertificates(scratch);
        const prefix = fs.mkdtempSync(path.join(scratch, "nginx-"));
        const siteFile = path.join(prefix, name);
        // Only what this machine lacks changes: the compose names and the certificates' paths.
        fs.writeFileSync(
          siteFile,
          siteForTest(site, {
            certificate,
            upstreams: { "app1:3000": "127.0.0.1:3001", "app2:3000": "127.0.0.1:3002" },
          }),
        );
        const result = testConfig(prefix, mainConfig(prefix, siteFile));
        expect(result.output).toContain("syntax is ok");
        expect(result.output).toContain("test is successful");
        expect(result.status).toBe(0);
      });
  });
});
