import { randomInt } from 'node:crypto';
import { LIMITS } from '@um/contract';
import type { Executor } from '../db/database.js';
import { nowIso } from '../db/time.js';
import {
  consumeOneTimeCode,
  countCodeAttempt,
  deleteOneTimeCode,
  deleteOtherOneTimeCodes,
  findNewestUnconsumedCode,
  insertOneTimeCode,
} from '../repositories/one-time-codes.js';
import { sameHash } from '../db/stored-tokens.js';
import { keyedHash } from './crypto.js';

/** A sign-up code is valid 10 minutes and survives at most 5 tries (docs/auth.md, 5). */
export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;

/**
 * A code is stored as a keyed hash bound to its address: a leaked table neither shows the
 * codes nor lets a code be replayed for another address.
 */
function hashCode(secret: string, email: string, code: string): string {
  return keyedHash(secret, 'signup-otp', email, code);
}

/** Six digits from the CSPRNG, leading zeros kept. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** LIMITS.otpLength)).padStart(LIMITS.otpLength, '0');
}

/** Stores a new code for the address and returns the row id, so the caller can undo it. */
export async function storeCode(
  db: Executor,
  secret: string,
  email: string,
  code: string,
  now: Date,
): Promise<number> {
  return insertOneTimeCode(db, {
    email,
    code_hash: hashCode(secret, email, code),
    expires_at: nowIso(new Date(now.getTime() + OTP_TTL_MS)),
    consumed_at: null,
    created_at: nowIso(now),
  });
}

/** Undoes `storeCode` when the mail carrying the code could not be sent. */
export async function discardCode(db: Executor, id: number): Promise<void> {
  await deleteOneTimeCode(db, id);
}

/** Once a new code went out, the older ones of that address stop working. */
export async function supersedeCodes(db: Executor, email: string, keepId: number): Promise<void> {
  await deleteOtherOneTimeCodes(db, email, keepId);
}

/**
 * Checks a code for an address and returns the id of the matching code, or null. The try is
 * counted before the comparison, atomically, so parallel guesses cannot exceed the budget;
 * once the budget is spent the code is burned even for the right digits.
 */
export async function checkCode(
  db: Executor,
  secret: string,
  email: string,
  code: string,
  now: Date,
): Promise<number | null> {
  const row = await findNewestUnconsumedCode(db, email);
  if (!row || row.expires_at <= nowIso(now)) return null;
  const counted = await countCodeAttempt(db, row.id, OTP_MAX_ATTEMPTS);
  if (!counted) return null;
  return sameHash(row.code_hash, hashCode(secret, email, code)) ? row.id : null;
}

/** Uses a checked code up; false when a concurrent request used it first. */
export async function consumeCode(db: Executor, id: number, now: Date): Promise<boolean> {
  return consumeOneTimeCode(db, id, nowIso(now));
}
