import path from "node:path";

/**
 * Memory settings for a small server (decision 0043) that only take effect when a process starts:
 * V8's young generation (`--max-semi-space-size`, in MiB; Node's default lets it grow to 16 MiB per
 * semi-space, most of it reserved and resident after the first busy minute) and glibc's number of
 * malloc arenas (MALLOC_ARENA_MAX; by default up to eight per core, each holding freed memory of the
 * libuv and libvips threads that used it). `node server/start.ts` starts itself once more with them
 * (process.execve: same process id, same signals) unless they are already set — by the operator, who
 * wins, or by that first start, so it happens at most once. The new start also gets Node's compile
 * cache (NODE_COMPILE_CACHE, unless set): with the TypeScript of `server/start.ts` and its imports
 * stripped once and kept there, later starts never load Node's type stripper (about 17 MiB).
 */
export const SEMI_SPACE_MIB = 2;

/**
 * Where Node keeps the stripped TypeScript of `server/start.ts` and its imports: beside the code, as
 * trusted as it (whoever can write there can change the code the server runs). An install that keeps
 * the code read-only for the server's account fills it once with `npm run compile-cache`.
 */
export const compileCacheDir = (root: string): string =>
  path.join(root, "node_modules", ".cache", "tavola-compile-cache");
export const MALLOC_ARENAS = 2;

export interface Restart {
  /** argv for process.execve, the node binary first. */
  args: string[];
  env: Record<string, string>;
}

const semiSpaceFlag = /^--max-semi-space-size(=|$)/;

/**
 * What to start instead of this process, or undefined when the settings are in place (or switched
 * off with TAVOLA_MEMORY_SETTINGS=off).
 */
export function smallMachineRestart(
  compileCacheDir: string,
  process: {
    execPath: string;
    execArgv: readonly string[];
    argv: readonly string[];
    env: Readonly<Record<string, string | undefined>>;
  },
): Restart | undefined {
  const { env } = process;
  if (env.TAVOLA_MEMORY_SETTINGS === "off") return undefined;
  const nodeOptions = (env.NODE_OPTIONS ?? "").split(/\s+/);
  const hasSemiSpace = [...process.execArgv, ...nodeOptions].some((flag) => semiSpaceFlag.test(flag));
  const hasArenas = (env.MALLOC_ARENA_MAX ?? "") !== "";
  if (hasSemiSpace && hasArenas) return undefined;
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined) kept[name] = value;
  return {
    args: [
      process.execPath,
      ...(hasSemiSpace ? [] : [`--max-semi-space-size=${SEMI_SPACE_MIB}`]),
      ...process.execArgv,
      ...process.argv.slice(1),
    ],
    env: {
      ...kept,
      ...(env.NODE_COMPILE_CACHE || env.NODE_DISABLE_COMPILE_CACHE
        ? {}
        : { NODE_COMPILE_CACHE: compileCacheDir }),
      ...(hasArenas ? {} : { MALLOC_ARENA_MAX: String(MALLOC_ARENAS) }),
    },
  };
}
