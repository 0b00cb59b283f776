import { describe, expect, it } from "vitest";
import { MALLOC_ARENAS, SEMI_SPACE_MIB, smallMachineRestart } from "./small-machine.ts";

const node = "/usr/bin/node";
const cache = "/srv/tavola/node_modules/.cache/tavola-compile-cache";
const start = (env: Record<string, string | undefined>, execArgv: string[] = []) => ({
  execPath: node,
  execArgv,
  argv: [node, "/srv/tavola/server/start.ts", "--extra"],
  env,
});

describe("the small machine's memory settings (decision 0043)", () => {
  it("starts once more with a small young generation and two malloc arenas, keeping everything else", () => {
    const restart = smallMachineRestart(cache, start({ PORT: "3000", UNSET: undefined }, ["--inspect"]));
    expect(restart?.args).toEqual([
      node,
      `--max-semi-space-size=${SEMI_SPACE_MIB}`,
      "--inspect",
      "/srv/tavola/server/start.ts",
      "--extra",
    ]);
    expect(restart?.env).toEqual({
      PORT: "3000",
      MALLOC_ARENA_MAX: String(MALLOC_ARENAS),
      NODE_COMPILE_CACHE: cache,
    });
  });

  it("does not start again once both are set, so it happens at most once", () => {
    const first = smallMachineRestart(cache, start({ PORT: "3000" }));
    if (!first) throw new Error("expected a restart");
    const again = smallMachineRestart(cache, {
      execPath: node,
      execArgv: first.args.slice(1, -2),
      argv: [node, ...first.args.slice(-2)],
      env: first.env,
    });
    expect(again).toBeUndefined();
  });

  it("leaves the operator's own values alone", () => {
    expect(
      smallMachineRestart(cache, start({ MALLOC_ARENA_MAX: "4", NODE_OPTIONS: "--max-semi-space-size=8" })),
    ).toBeUndefined();
    expect(
      smallMachineRestart(cache, start({ MALLOC_ARENA_MAX: "4" }, ["--max-semi-space-size", "8"])),
    ).toBeUndefined();
    const onlyArenas = smallMachineRestart(cache, start({ MALLOC_ARENA_MAX: "4" }));
    expect(onlyArenas?.env.MALLOC_ARENA_MAX).toBe("4");
    expect(onlyArenas?.args[1]).toBe(`--max-semi-space-size=${SEMI_SPACE_MIB}`);
    const onlySemiSpace = smallMachineRestart(cache, start({ NODE_OPTIONS: "--max-semi-space-size=8" }));
    expect(onlySemiSpace?.args).toEqual([node, "/srv/tavola/server/start.ts", "--extra"]);
    expect(onlySemiSpace?.env.MALLOC_ARENA_MAX).toBe(String(MALLOC_ARENAS));
  });

  it("keeps an operator's own compile cache, or none when it is switched off", () => {
    expect(
      smallMachineRestart(cache, start({ NODE_COMPILE_CACHE: "/var/cache/x" }))?.env.NODE_COMPILE_CACHE,
    ).toBe("/var/cache/x");
    expect(
      smallMachineRestart(cache, start({ NODE_DISABLE_COMPILE_CACHE: "1" }))?.env.NODE_COMPILE_CACHE,
    ).toBeUndefined();
  });

  it("can be switched off", () => {
    expect(smallMachineRestart(cache, start({ TAVOLA_MEMORY_SETTINGS: "off" }))).toBeUndefined();
  });
});
