import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash, verify, type Options } from '@node-rs/argon2';

/** OWASP's minimum for Argon2id: 19 MiB, 2 passes, 1 lane. Runs on libuv's pool, not the loop. */
const ARGON2_OPTIONS: Options = {
  // Algorithm.Argon2id; the package ships it as a const enum, which isolated modules cannot read.
  algorithm: 2,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
};

/**
 * At most one Argon2 computation per core but one (and at least one), where libuv's pool would
 * run four at once: a burst of logins must leave a core to other requests, and not hold four
 * 19 MiB buffers at a time (decision 0022).
 */
const ARGON2_SLOTS = Math.max(1, availableParallelism() - 1);
let running = 0;
const waiting: Array<() => void> = [];

async function withArgon2Slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= ARGON2_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return withArgon2Slot(() => hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await withArgon2Slot(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against an account's hash, or against a throwaway hash when there is no
 * account or no password (Google-only), so every failed login costs the same Argon2 work and
 * its timing does not tell whether the address has an account.
 */
export async function verifyPasswordOrDummy(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (passwordHash) return verifyPassword(passwordHash, password);
  dummyHash ??= hashPassword(randomBytes(18).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}
