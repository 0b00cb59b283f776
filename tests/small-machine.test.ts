import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIfNeeded } from "../server/build-if-needed.ts";
import { MALLOC_ARENAS, SEMI_SPACE_MIB } from "../server/small-machine.ts";
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
