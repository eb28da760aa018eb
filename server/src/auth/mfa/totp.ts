import { generateSecret, generateURI, verify } from 'otplib';
import { TOTP } from '@um/contract';
import type { Executor } from '../../db/database.js';
import { nowIso } from '../../db/time.js';
import {
  deleteTotpAuthenticator,
  findTotpAuthenticator,
  upsertUnconfirmedTotp,
  useTotpStep,
} from '../../repositories/second-steps.js';
import type { SecretBox } from './secret-box.js';

/**
 * Codes from an authenticator app (RFC 6238: HMAC-SHA-1, 6 digits, 30-second steps, otplib).
 * A code of the step before or after the current one is accepted too, for clocks a little off.
 * No code is accepted twice: the step of the last accepted code is kept per user, and a code
 * must be of a later step, decided by one conditional update (`useStep`).
 */

const ISSUER = 'User Management';

export interface TotpSetup {
  secret: string;
  otpauthUrl: string;
}

/** A new secret (160 bits, base32) and the `otpauth://` address a QR code carries. */
export function newTotpSecret(label: string): TotpSetup {
  const secret = generateSecret({ length: 20 });
  return {
    secret,
    otpauthUrl: generateURI({
      issuer: ISSUER,
      label,
      secret,
      digits: TOTP.digits,
      period: TOTP.periodSeconds,
    }),
  };
}

/** The time step the code belongs to, when it is right and later than `afterStep`; else null. */
export async function matchingStep(
  secret: string,
  code: string,
  now: Date,
  afterStep: number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    digits: TOTP.digits,
    period: TOTP.periodSeconds,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOTP.periodSeconds,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  // The answer is typed for HOTP too; a TOTP check always names its time step.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

export interface StoredTotp {
  secret: string;
  /** The secret as stored, which a confirmation names so it confirms what was checked. */
  sealed: string;
  confirmed: boolean;
  lastStep: number | null;
}

/** The user's authenticator, its secret opened; undefined when there is none. */
export async function findTotp(
  db: Executor,
  box: SecretBox,
  userId: number,
): Promise<StoredTotp | undefined> {
  const row = await findTotpAuthenticator(db, userId);
  if (!row) return undefined;
  return {
    secret: box.open(row.secret, userId),
    sealed: row.secret,
    confirmed: row.confirmed_at !== null,
    lastStep: row.last_step,
  };
}

/**
 * Starts (or starts over) the set-up of an authenticator: a new secret waits for its first
 * code. False when the user already has a confirmed one, which is left as it is.
 */
export async function beginTotp(
  db: Executor,
  box: SecretBox,
  userId: number,
  secret: string,
  now: Date,
): Promise<boolean> {
  const sealed = box.seal(secret, userId);
  return upsertUnconfirmedTotp(db, userId, sealed, nowIso(now));
}

/**
 * Accepts a code of `step` for the user: true only when the step is later than the last one
 * accepted. Of two requests with the same code at once, exactly one gets true. With
 * `confirming`, the code confirms the set-up waiting for it, and only the very secret it was
 * checked against (a set-up started over meanwhile is not confirmed by the old secret's code).
 */
export async function useStep(
  db: Executor,
  userId: number,
  step: number,
  now: Date,
  confirming?: { sealed: string },
): Promise<boolean> {
  return useTotpStep(db, userId, step, nowIso(now), confirming);
}

/** Removes the user's authenticator; true when there was a confirmed one. */
export async function removeTotp(db: Executor, userId: number): Promise<boolean> {
  return deleteTotpAuthenticator(db, userId);
}
