import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@um/contract';
import type { Executor } from '../../db/database.js';
import { nowIso } from '../../db/time.js';
import {
  deleteRecoveryCodes,
  insertRecoveryCodes,
  useRecoveryCodeOnce,
} from '../../repositories/second-steps.js';
import { sha256 } from '../../db/stored-tokens.js';

/**
 * Recovery codes: 10 per set, each 16 characters of an alphabet without look-alikes (about 79
 * bits), shown once and kept only as SHA-256 hashes: random enough that a leaked table gives
 * nothing to guess from. A new set replaces the old one. A code works once, by a conditional
 * update, so two requests with the same code cannot both use it.
 */

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 16;

/** A code as it is shown: four groups of four. */
function newCode(): string {
  let code = '';
  for (let index = 0; index < LENGTH; index += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code.match(/.{4}/g)!.join('-');
}

/** A code as the contract normalises it (lower case, no dashes or spaces), hashed. */
function hashCode(normalised: string): string {
  return sha256(`recovery:${normalised}`);
}

/** Replaces the user's codes with a new set and returns it, to show once. */
export async function replaceRecoveryCodes(
  db: Executor,
  userId: number,
  now: Date,
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await deleteRecoveryCodes(db, userId);
  await insertRecoveryCodes(
    db,
    codes.map((code) => ({
      user_id: userId,
      code_hash: hashCode(code.replaceAll('-', '')),
      created_at: nowIso(now),
      used_at: null,
    })),
  );
  return codes;
}

/** Uses one of the user's codes: true when it was theirs and unused. */
export async function useRecoveryCode(
  db: Executor,
  userId: number,
  normalised: string,
  now: Date,
): Promise<boolean> {
  return useRecoveryCodeOnce(db, userId, hashCode(normalised), nowIso(now));
}

export async function removeRecoveryCodes(db: Executor, userId: number): Promise<void> {
  await deleteRecoveryCodes(db, userId);
}
