// argon2id with OWASP's parameters (19 MiB, 2 passes), computed on libuv's thread pool.
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../../errors.js';

// Algorithm.Argon2id; the package's const enum cannot be imported under isolatedModules.
const ARGON2ID = 2;

const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// argon2 shares libuv's four threads with image work and file reads. At most two hashes run at once,
// so a flood of password work (log-ins, resets, sign-ups) always leaves threads for everything else;
// a bounded queue waits its turn, and past it the caller is told to come back (503 + Retry-After).
export const HASH_SLOTS = 2;
export const HASH_QUEUE = 32;
let running = 0;
let started = 0;
const waiting: (() => void)[] = [];

/** How many password hashes and verifications have started since the process began. */
export function passwordWorkStarted(): number {
  return started;
}

async function inHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running < HASH_SLOTS) {
    running += 1;
  } else if (waiting.length < HASH_QUEUE) {
    // The finishing hash hands its slot straight to the first in line.
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    throw new AppError(503, 'The server is busy. Please try again in a few seconds.', {
      errorType: 'BUSY',
      retryAfterSeconds: 5,
    });
  }
  started += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return inHashSlot(() => hash(password, OPTIONS));
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password. With no stored hash it still verifies against a dummy one, so an unknown
 * e-mail costs the same time as a known one.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    dummyHash ??= hash('teacheast-dummy-password', OPTIONS);
    const dummy = await dummyHash;
    await inHashSlot(() => verify(dummy, password).catch(() => false));
    return false;
  }
  return inHashSlot(() => verify(storedHash, password).catch(() => false));
}
