import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * scrypt with OWASP's parameters (N=2^17, r=8, p=1). The parameters are stored with each hash, so
 * they can be raised later without invalidating existing passwords.
 * Format: `scrypt$<log2 N>$<r>$<p>$<salt base64>$<hash base64>`.
 */
const LOG_N = 17;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;

/**
 * One scrypt check needs 128 MiB and a libuv thread for about a tenth of a second. Without a cap, a
 * burst of sign-ins would take every thread (file and DNS work waits behind them) and gigabytes of
 * memory. At most two run at once; a few more wait their turn; beyond that the server says it is busy.
 */
export const MAX_CONCURRENT_HASHES = 2;
export const MAX_WAITING_HASHES = 32;

export class HashingBusyError extends Error {
  constructor() {
    super("Too many password checks waiting");
    this.name = "HashingBusyError";
  }
}

let running = 0;
const waiting: Array<() => void> = [];

/** Runs `work` in one of the password-check slots (exported for tests). */
export async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) {
    if (waiting.length >= MAX_WAITING_HASHES) throw new HashingBusyError();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // The slot passes straight to the next waiter, so `running` never undercounts.
    if (next) next();
    else running--;
  }
}

/** How many checks run and wait right now (for tests and logs). */
export const hashingLoad = () => ({ running, waiting: waiting.length });

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  return withHashSlot(() => deriveNow(password, salt, logN, r, p));
}

function deriveNow(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  // scrypt needs 128 * N * r bytes; Node's default ceiling (32 MiB) is below that for N=2^17.
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * 2 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFC"), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, LOG_N, BLOCK_SIZE, PARALLELISM);
  return ["scrypt", LOG_N, BLOCK_SIZE, PARALLELISM, salt.toString("base64"), key.toString("base64")].join(
    "$",
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !logN || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await derive(password, Buffer.from(salt, "base64"), Number(logN), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let decoyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so an unknown username answers as slowly as a wrong password. */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  // A decoy that failed to be made (every slot busy) is made again next time, not kept as a failure:
  // otherwise unknown usernames would answer differently from known ones until the next restart.
  decoyHash ??= hashPassword(randomBytes(16).toString("hex")).catch((error: unknown) => {
    decoyHash = undefined;
    throw error;
  });
  await verifyPassword(password, await decoyHash);
  return false;
}
