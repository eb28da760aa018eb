import { MFA_TOKEN } from '@um/contract';
import type { Executor } from '../../db/database.js';
import type { MfaChallengesTable } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import {
  countMfaChallengeTry,
  deleteExpiredMfaChallenges,
  findLiveMfaChallenge,
  insertMfaChallenge,
  useMfaChallengeOnce,
} from '../../repositories/second-steps.js';
import { randomToken, sha256 } from '../../db/stored-tokens.js';

/**
 * The `mfa_token` of a sign-in whose password was right and whose second step is to come
 * (docs/auth.md, "Second step"): 256 random bits, kept only hashed, good for 5 minutes (15 to
 * set a second step up), once. Each code tried takes one of its 5 tries before it is checked, by
 * a conditional update, so parallel guesses cannot go over 5; the sixth finds it burned. It
 * remembers the token version the password was checked at: a password change in between voids
 * the session it would start.
 */

export type ChallengePurpose = MfaChallengesTable['purpose'];

export interface Challenge {
  id: number;
  userId: number;
  tokenVersion: number;
}

/** Issues a token for the user, sweeping their expired ones. */
export async function issueChallenge(
  db: Executor,
  user: { id: number; token_version: number },
  purpose: ChallengePurpose,
  now: Date,
): Promise<string> {
  const token = randomToken();
  const minutes = purpose === 'enrolment' ? MFA_TOKEN.enrolmentMinutes : MFA_TOKEN.minutes;
  await deleteExpiredMfaChallenges(db, user.id, nowIso(now));
  await insertMfaChallenge(db, {
    user_id: user.id,
    token_hash: sha256(token),
    purpose,
    token_version: user.token_version,
    created_at: nowIso(now),
    expires_at: nowIso(new Date(now.getTime() + minutes * 60_000)),
    used_at: null,
  });
  return token;
}

/** The live challenge a token names, without using a try; undefined for any other token. */
export function findChallenge(
  db: Executor,
  token: string,
  purpose: ChallengePurpose,
  now: Date,
): Promise<Challenge | undefined> {
  return findLiveMfaChallenge(db, sha256(token), purpose, nowIso(now), MFA_TOKEN.tries);
}

/** Takes one try of a live challenge; false when it is used, expired or out of tries. */
export async function takeTry(db: Executor, id: number, now: Date): Promise<boolean> {
  return countMfaChallengeTry(db, id, nowIso(now), MFA_TOKEN.tries);
}

/** Uses a challenge up: of two requests that passed their second step at once, one gets true. */
export async function useChallenge(db: Executor, id: number, now: Date): Promise<boolean> {
  return useMfaChallengeOnce(db, id, nowIso(now));
}
