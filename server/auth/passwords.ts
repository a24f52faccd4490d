import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt with OWASP's minimum cost (N=2^17, r=8, p=1); stored as scrypt$N$r$p$salt$hash, so a
// hash keeps verifying with the cost it was made with.
/** OWASP's minimum, and the default of PASSWORD_HASH_COST (config.ts): log2 of scrypt's N. */
export const MIN_PRODUCTION_HASH_COST = 17;
let N = 2 ** MIN_PRODUCTION_HASH_COST;
const r = 8;
const p = 1;
const KEY_LENGTH = 32;

/**
 * How many hashes run at once. Node's async scrypt runs on libuv's thread pool (4 threads by
 * default, shared with file-system calls and DNS lookups), and each hash holds 128 MiB (128·N·r
 * bytes) for about a second of CPU. Without a gate, a burst of sign-ins fills every pool thread
 * and holds 512 MiB; the gate keeps at most this many hashes in flight and queues the rest
 * (a waiting sign-in costs nothing but its request). buildApp sets it from
 * PASSWORD_HASH_CONCURRENCY (config.ts); one gate per process.
 */
let concurrency = 2;

/**
 * scrypt's cost (log2 N) of new hashes, from PASSWORD_HASH_COST (buildApp). Only test runs go below
 * the default: a test sign-in then costs milliseconds instead of half a second of CPU (the API and
 * end-to-end tests sign in hundreds of times).
 */
export function setPasswordHashCost(log2N: number) {
  N = 2 ** log2N;
}

export function setPasswordHashConcurrency(value: number) {
  concurrency = Math.max(1, Math.floor(value));
}

let running = 0;
const waiting: (() => void)[] = [];

async function gated<T>(work: () => Promise<T>): Promise<T> {
  if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next waiter (running stays the same), or free it.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** Hashing figures of this process: tests read `verifications` to see that a check really ran. */
export const passwordStats = {
  verifications: 0,
  get concurrency() {
    return concurrency;
  },
  get inFlight() {
    return running;
  },
  get queued() {
    return waiting.length;
  },
};

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return gated(
    () =>
      new Promise((resolve, reject) =>
        scryptCb(password, salt, KEY_LENGTH, { ...options, maxmem: 256 * options.N! * options.r! }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );
}

/** A stored hash: `scrypt$N$r$p$salt$hash` (salt and hash in base64url). */
interface StoredHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

const encode = (h: StoredHash) =>
  ['scrypt', h.N, h.r, h.p, h.salt.toString('base64url'), h.hash.toString('base64url')].join('$');

/** The parts of a stored hash of ours; null for none or another scheme. */
function decode(stored: string | null | undefined): StoredHash | null {
  const parts = stored?.split('$') ?? [];
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, n, rr, pp, salt, hash] = parts;
  return {
    N: Number(n),
    r: Number(rr),
    p: Number(pp),
    salt: Buffer.from(salt, 'base64url'),
    hash: Buffer.from(hash, 'base64url'),
  };
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return encode({ N, r, p, salt, hash: await scrypt(password, salt, { N, r, p }) });
}

/**
 * Stands in for the stored hash of an unknown e-mail or of an account without a password, so
 * that answering "no such account" costs the same scrypt as a wrong password (no timing oracle).
 * Its password is unknown: nothing verifies against it.
 */
const dummyHash = (): StoredHash => ({ N, r, p, salt: Buffer.alloc(16), hash: Buffer.alloc(KEY_LENGTH) });

/**
 * Checks a password against a stored hash. Always runs one scrypt with the current cost, even
 * when there is no usable stored hash, and then answers false.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const usable = decode(stored);
  const { N: n, r: rr, p: pp, salt, hash: expected } = usable ?? dummyHash();
  passwordStats.verifications++;
  const actual = await scrypt(password, salt, { N: n, r: rr, p: pp });
  return usable !== null && actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Whether a stored hash was made with other parameters than new hashes get (a lower cost from
 * before PASSWORD_HASH_COST was raised, another r or p): sign-in then stores the password again
 * with the current ones, the only moment its clear text is known.
 */
export function needsRehash(stored: string): boolean {
  const h = decode(stored);
  return !h || h.N !== N || h.r !== r || h.p !== p;
}
