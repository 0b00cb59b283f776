import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { compileCacheDir } from "../../server/small-machine.ts";

/**
 * `npm run compile-cache`: fills Node's compile cache for `server/start.ts` once, at install time, for
 * an install whose code the server's account may not write (the container image, the systemd unit):
 * there the server cannot write the cache itself, and every start would load Node's TypeScript
 * stripper again — about 15 MiB more at rest (decision 0043). It starts the server once on a
 * throwaway SQLite database in a temporary folder (the same TypeScript is loaded on PostgreSQL: what
 * differs is in the built bundle), waits until it listens — the server writes the cache then — and
 * stops it.
 *
 * Node keeps one cache per account (its folder's name ends in the user id) and uses none at all where
 * it may not create that folder. So `--user <account>` (as root) fills it as the account that runs the
 * server: the Dockerfile's `node`, the systemd unit's `tavola`. Afterwards the cache belongs to the
 * code's owner and is readable for everyone: the server reads it but cannot change it. Run it again after
 * updating Node or the code (an entry that no longer fits is simply not used).
 *
 *   npm run compile-cache                        # for the account running it
 *   sudo npm run compile-cache -- --user tavola  # for the server's own account
 */

const root = path.resolve(import.meta.dirname, "../..");
const cache = compileCacheDir(root);
const LIMIT_MS = 120_000;

interface Account {
  uid: number;
  gid: number;
}

/** An account name as `useradd` accepts it: nothing `id` could take for an option or a number. */
const ACCOUNT_NAME = /^[a-z_][a-z0-9_-]{0,31}$/;

/** The account named by `--user`, or none: the cache is then filled for the account running this. */
function accountOf(args: readonly string[]): Account | undefined {
  if (args.length === 0) return undefined;
  const [flag, name] = args;
  if (flag !== "--user" || !name || args.length > 2 || !ACCOUNT_NAME.test(name))
    fail("Aufruf: npm run compile-cache [-- --user <Konto>]");
  if (process.getuid?.() !== 0)
    fail("--user geht nur als root (sudo): nur root darf als anderes Konto starten");
  const id = (option: string) => {
    let answer = "";
    try {
      answer = execFileSync("id", [option, "--", name], { encoding: "utf8", stdio: "pipe" }).trim();
    } catch {
      fail(`das Konto „${name}“ gibt es auf diesem Rechner nicht`);
    }
    const number = Number(answer);
    // Root's own cache is filled without --user; a root account under another name is refused.
    if (!Number.isInteger(number) || number <= 0) fail(`„${name}“ ist root oder kein gewöhnliches Konto`);
    return number;
  };
  return { uid: id("-u"), gid: id("-g") };
}

function fail(message: string): never {
  process.stderr.write(`Kompilier-Cache: ${message}\n`);
  process.exit(1);
}

/** Starts the server with the cache, resolves once it says it listens, then stops it. */
function runServerOnce(dataDir: string, account: Account | undefined): Promise<void> {
  const child = spawn(process.execPath, [path.join(root, "server", "start.ts")], {
    cwd: root,
    ...account,
    // Only what the server needs: nothing of the caller's environment (its secrets) reaches it.
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      NODE_ENV: "production",
      NODE_COMPILE_CACHE: cache,
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      STORAGE: "",
      WORKERS: "1",
      LOG_LEVEL: "warn",
      // An account of its own, so that the server prints no generated password.
      ADMIN_USERNAME: "compile-cache",
      ADMIN_PASSWORD: randomBytes(18).toString("base64url"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`der Server hat nach ${LIMIT_MS / 1000} s nicht gemeldet, dass er läuft:\n${output}`));
    }, LIMIT_MS);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Tavola läuft auf/.test(output)) child.kill("SIGTERM");
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      if (/Tavola läuft auf/.test(output)) resolve();
      else reject(new Error(`der Server endete vorzeitig (${signal ?? `Exit ${code}`}):\n${output}`));
    });
  });
}

/**
 * The cache belongs to whoever owns the code (the checkout's owner, who runs `npm ci` next time) and
 * everyone may read it: the server's account reads it and cannot change it. Links are never
 * followed — while the server ran, the folder was the account's — and anything but plain files and
 * folders is removed.
 */
function giveBack(folder: string, owner: { uid: number; gid: number }): number {
  let files = 0;
  fs.lchownSync(folder, owner.uid, owner.gid);
  fs.chmodSync(folder, 0o755);
  for (const name of fs.readdirSync(folder)) {
    const inside = path.join(folder, name);
    const entry = fs.lstatSync(inside);
    if (entry.isDirectory()) files += giveBack(inside, owner);
    else if (entry.isFile()) {
      fs.lchownSync(inside, owner.uid, owner.gid);
      fs.chmodSync(inside, 0o644);
      files += 1;
    } else fs.rmSync(inside, { force: true });
  }
  return files;
}

const account = accountOf(process.argv.slice(2));
const owner = fs.statSync(root);
/** Node's folder for the account: its name ends in the account's user id. */
const accountFolder = (name: string) => name.endsWith(`-${account?.uid ?? process.getuid?.() ?? 0}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-compile-cache-"));
let failure: string | undefined;
try {
  // Folders made here belong to the code's owner too (`npm ci` removes them with node_modules).
  const created = fs.mkdirSync(cache, { recursive: true });
  if (created)
    for (let folder = cache; folder.startsWith(created); folder = path.dirname(folder))
      fs.lchownSync(folder, owner.uid, owner.gid);
  // What an earlier run left for the account is made anew, so that what is counted below is this run's.
  for (const name of fs.readdirSync(cache).filter(accountFolder))
    fs.rmSync(path.join(cache, name), { recursive: true, force: true });
  // The account creates its own folder in the cache (and the server its files in the data folder).
  if (account) for (const folder of [cache, dataDir]) fs.chownSync(folder, account.uid, account.gid);
  await runServerOnce(dataDir, account);
} catch (error) {
  failure = error instanceof Error ? error.message : String(error);
} finally {
  // Also after a failure: the account must not keep a folder of code it runs.
  fs.rmSync(dataDir, { recursive: true, force: true });
  giveBack(cache, owner);
}
if (failure) fail(failure);
const files = fs
  .readdirSync(cache)
  .filter(accountFolder)
  .reduce((sum, name) => sum + fs.readdirSync(path.join(cache, name)).length, 0);
if (files === 0) fail(`nichts geschrieben in ${cache}`);
process.stdout.write(`Kompilier-Cache gefüllt: ${path.relative(root, cache)} (${files} Dateien)\n`);
