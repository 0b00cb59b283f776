import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIfNeeded } from "../server/build-if-needed.ts";
import { compileCacheDir, MALLOC_ARENAS, SEMI_SPACE_MIB } from "../server/small-machine.ts";
import { cliToolPath } from "../scripts/cli/tools.ts";
import { heapReportsOf } from "../scripts/bench/memory-figures.ts";
import { root, spawnServer, type ServerProcess } from "./support/server-process.ts";

/**
 * `node server/start.ts` as an operator starts it (decision 0043): the process runs with the small
 * machine's memory settings under the same process id, and tells its heap on SIGUSR2 only when
 * MEMORY_REPORT=on.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-small-machine-"));
let server: ServerProcess;

beforeAll(async () => {
  buildIfNeeded(root, () => undefined);
  server = spawnServer({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    DEMO_CONTENT: "off",
    DATABASE_URL: "",
    LOG_LEVEL: "warn",
    MEMORY_REPORT: "on",
    MALLOC_ARENA_MAX: "",
    NODE_OPTIONS: "",
    NODE_COMPILE_CACHE: "",
  });
  await server.ready(120_000);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("a server started on a small machine", () => {
  it("runs with a small young generation and two malloc arenas, under the pid it was started as", () => {
    const pid = server.child.pid;
    const args = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    expect(args).toContain(`--max-semi-space-size=${SEMI_SPACE_MIB}`);
    const env = fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
    expect(env).toContain(`MALLOC_ARENA_MAX=${MALLOC_ARENAS}`);
    expect(env).toContain(
      `NODE_COMPILE_CACHE=${path.join(root, "node_modules", ".cache", "tavola-compile-cache")}`,
    );
  });

  it("writes its heap on SIGUSR2 when MEMORY_REPORT=on", async () => {
    server.child.kill("SIGUSR2");
    await expect.poll(() => heapReportsOf(server.output()).length, { timeout: 10_000 }).toBeGreaterThan(0);
    const [report] = heapReportsOf(server.output());
    expect(report?.heapUsed).toBeGreaterThan(0);
  });
});

/** `npm run compile-cache` as an operator runs it (the build is made above). */
function compileCache(args: string[]) {
  const result = spawnSync(process.execPath, [cliToolPath("compile-cache.ts"), ...args], {
    cwd: root,
    encoding: "utf8",
  });
  return { status: result.status, out: result.stdout + result.stderr };
}

describe("an install whose code the server may not write", () => {
  it("`npm run compile-cache` fills Node's compile cache for the account running it, readable for all, and refuses a bad call", () => {
    for (const call of [["--user"], ["--user", "-G"], ["--user", "0"], ["--nutzer", "tavola"]])
      expect(compileCache(call)).toMatchObject({ status: 1, out: expect.stringContaining("Aufruf:") });
    expect(compileCache(["--user", "kein_solches_konto"]).out).toContain(
      process.getuid?.() === 0 ? "gibt es auf diesem Rechner nicht" : "geht nur als root",
    );
    const filled = compileCache([]);
    expect(filled).toMatchObject({ status: 0, out: expect.stringContaining("Kompilier-Cache gefüllt") });
    // Node's folder for this account (its name ends in the user id), every entry readable by others.
    const cache = compileCacheDir(root);
    const own = fs.readdirSync(cache).find((name) => name.endsWith(`-${process.getuid?.() ?? 0}`));
    expect(own).toBeDefined();
    const entries = fs.readdirSync(path.join(cache, own ?? ""));
    expect(entries.length).toBeGreaterThan(10);
    for (const entry of entries.slice(0, 20))
      expect(fs.statSync(path.join(cache, own ?? "", entry)).mode & 0o777).toBe(0o644);
  }, 120_000);
});
