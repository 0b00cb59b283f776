import type { Kysely } from "kysely";
import { addressBucket } from "../../lib/address-bucket.ts";
import { countOneMore, untilWindowEnds, type WindowCount } from "../../lib/counters.server.ts";
import type { Database } from "../../../db/database.types.ts";
import { normalizeUsername } from "./schema.ts";

type Db = Kysely<Database>;

/**
 * Sign-in throttling (docs/decisions/0009), kept in the database so it holds across restarts and
 * across several server processes on one PostgreSQL.
 *
 * Every attempt is counted *before* its password is checked, in one atomic statement, so parallel
 * guesses cannot slip past the limit. Three counters per attempt:
 * - the username from this address: more than 5 attempts in 15 minutes are refused (locks only
 *   this pair, so nobody can lock the owner out from elsewhere);
 * - the address, whatever the username: more than 10 are refused;
 * - the username from every address: past 5, each further attempt from an address that never
 *   signed in to this account waits a growing delay, but its password is still checked, so the
 *   right password keeps working while the account is under attack.
 * Rows carry an expiry and are deleted after it, so invented usernames leave nothing behind.
 */
export interface AttemptLimit {
  maxAttempts: number;
  windowMs: number;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export const signInLimits = {
  pair: { maxAttempts: 5, windowMs: FIFTEEN_MINUTES },
  address: { maxAttempts: 10, windowMs: FIFTEEN_MINUTES },
  username: { maxAttempts: 5, windowMs: FIFTEEN_MINUTES },
  /** Delay for the username counter past its limit: 0.5 s, doubling per attempt, at most 8 s. */
  slowdown: { baseMs: 500, maxMs: 8000 },
  /** An address that signed in to an account stays known to it this long. */
  knownAddressMs: 90 * 24 * 60 * 60 * 1000,
} as const;

const KEY_LENGTH = 300;
// The form sign-in looks names up in (decision 0027): 'ＡＤＭＩＮ' counts as 'admin', not as a fresh name.
const normalize = (username: string) => normalizeUsername(username).slice(0, 120);
const key = (text: string) => text.slice(0, KEY_LENGTH);

export interface SignInKeys {
  pair: string;
  address: string;
  username: string;
  known: string;
}

export function signInKeys(clientAddress: string, username: string): SignInKeys {
  const name = normalize(username);
  const address = addressBucket(clientAddress);
  return {
    pair: key(`pair:${address}|${name}`),
    address: key(`address:${address}`),
    username: key(`username:${name}`),
    known: key(`known:${address}|${name}`),
  };
}

export interface AttemptVerdict {
  /** Milliseconds until this attempt would be allowed; 0 when it may go ahead. */
  refusedForMs: number;
  /** Milliseconds to wait before checking the password (the account is under attack). */
  delayMs: number;
}

/**
 * Counts one attempt on all three counters in one statement and says whether it may go ahead.
 * A counter whose window has run out starts again at 1.
 */
export async function countAttempt(db: Db, keys: SignInKeys, now = new Date()): Promise<AttemptVerdict> {
  const [pair, address, username] = await countOneMore(
    db,
    "login_throttle",
    [keys.pair, keys.address, keys.username],
    signInLimits.pair.windowMs,
    now,
  );
  const refusedFor = (counted: WindowCount, limit: AttemptLimit) =>
    counted.count <= limit.maxAttempts ? 0 : untilWindowEnds(counted, limit.windowMs, now);
  const refused = Math.max(refusedFor(pair, signInLimits.pair), refusedFor(address, signInLimits.address));
  const slowdown = (beyond: number) =>
    beyond > 0
      ? Math.min(signInLimits.slowdown.maxMs, signInLimits.slowdown.baseMs * 2 ** Math.min(beyond - 1, 16))
      : 0;
  const known = await isKnownAddress(db, keys, now);
  if (known) {
    // The owner's own address may be shared (guest Wi-Fi, a carrier's NAT): guesses from it are
    // slowed down, never refused, so nobody there can lock the owner out.
    const beyondPair = pair.count - signInLimits.pair.maxAttempts;
    const beyondAddress = address.count - signInLimits.address.maxAttempts;
    return { refusedForMs: 0, delayMs: slowdown(Math.max(beyondPair, beyondAddress)) };
  }
  const delayMs = slowdown(username.count - signInLimits.username.maxAttempts);
  return { refusedForMs: refused, delayMs };
}

async function isKnownAddress(db: Db, keys: SignInKeys, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom("login_throttle")
    .select("key")
    .where("key", "=", keys.known)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * After a successful sign-in: this address's counters start again, and the address becomes known
 * to the account (no slowdown from here while the account is under attack elsewhere). The
 * username's counter stays: an attack on the account does not end because its owner signed in.
 */
export async function recordSuccess(db: Db, keys: SignInKeys, now = new Date()): Promise<void> {
  const nowText = now.toISOString();
  const expires = new Date(now.getTime() + signInLimits.knownAddressMs).toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("login_throttle").where("key", "in", [keys.pair, keys.address]).execute();
    await trx
      .insertInto("login_throttle")
      .values({ key: keys.known, attempts: 0, window_started_at: nowText, expires_at: expires })
      .onConflict((oc) => oc.column("key").doUpdateSet({ window_started_at: nowText, expires_at: expires }))
      .execute();
  });
}

const SWEEP_INTERVAL_MS = 60 * 1000;
let lastSweep = 0;

/** Deletes expired rows, at most once a minute per process (one indexed statement). */
export async function sweepExpired(db: Db, now = new Date()): Promise<number> {
  if (now.getTime() - lastSweep < SWEEP_INTERVAL_MS) return 0;
  lastSweep = now.getTime();
  const result = await db
    .deleteFrom("login_throttle")
    .where("expires_at", "<=", now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** For tests: the next sweep runs regardless of the last one. */
export function resetSweepClock(): void {
  lastSweep = 0;
}
