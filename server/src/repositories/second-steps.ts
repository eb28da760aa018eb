import type { Insertable } from 'kysely';
import type { Executor } from '../db/database.js';
import type { Database } from '../db/schema.js';

/**
 * The one module that names the `totp_authenticators`, `recovery_codes` and `mfa_challenges`
 * tables (docs/decisions/0082).
 */

export function findTotpAuthenticator(db: Executor, userId: number) {
  return db
    .selectFrom('totp_authenticators')
    .select(['secret', 'confirmed_at', 'last_step'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Stores a set-up waiting for its first code, or starts the user's unconfirmed one over, in one
 * statement; false when the user has a confirmed authenticator, which is left as it is.
 */
export async function upsertUnconfirmedTotp(
  db: Executor,
  userId: number,
  sealed: string,
  at: string,
): Promise<boolean> {
  const written = await db
    .insertInto('totp_authenticators')
    .values({ user_id: userId, secret: sealed, created_at: at, confirmed_at: null })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ secret: sealed, created_at: at, last_step: null })
        .where('totp_authenticators.confirmed_at', 'is', null),
    )
    .returning('user_id')
    .executeTakeFirst();
  return written !== undefined;
}

/**
 * Records `step` as the last one accepted, in one statement, only when it is later than the last
 * one: of two requests with the same step exactly one gets true. With `confirming`, only the
 * unconfirmed set-up of that very secret matches, and it is confirmed at `at`; without it, only a
 * confirmed authenticator.
 */
export async function useTotpStep(
  db: Executor,
  userId: number,
  step: number,
  at: string,
  confirming?: { sealed: string },
): Promise<boolean> {
  let update = db
    .updateTable('totp_authenticators')
    .set(confirming ? { last_step: step, confirmed_at: at } : { last_step: step })
    .where('user_id', '=', userId)
    .where('confirmed_at', confirming ? 'is' : 'is not', null)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]));
  if (confirming) update = update.where('secret', '=', confirming.sealed);
  const used = await update.executeTakeFirst();
  return used.numUpdatedRows > 0n;
}

/** Deletes the user's authenticator; true when there was a confirmed one. */
export async function deleteTotpAuthenticator(db: Executor, userId: number): Promise<boolean> {
  const removed = await db
    .deleteFrom('totp_authenticators')
    .where('user_id', '=', userId)
    .returning('confirmed_at')
    .executeTakeFirst();
  return removed !== undefined && removed.confirmed_at !== null;
}

export async function deleteRecoveryCodes(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

export async function insertRecoveryCodes(
  db: Executor,
  codes: Insertable<Database['recovery_codes']>[],
): Promise<void> {
  await db.insertInto('recovery_codes').values(codes).execute();
}

/**
 * Uses the user's unused code of this hash in one statement: of two requests with the same code,
 * one gets true.
 */
export async function useRecoveryCodeOnce(
  db: Executor,
  userId: number,
  codeHash: string,
  at: string,
): Promise<boolean> {
  const used = await db
    .updateTable('recovery_codes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return used.numUpdatedRows > 0n;
}

export async function countUnusedRecoveryCodes(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function deleteExpiredMfaChallenges(
  db: Executor,
  userId: number,
  at: string,
): Promise<void> {
  await db
    .deleteFrom('mfa_challenges')
    .where('user_id', '=', userId)
    .where('expires_at', '<=', at)
    .execute();
}

export async function insertMfaChallenge(
  db: Executor,
  challenge: Insertable<Database['mfa_challenges']>,
): Promise<void> {
  await db.insertInto('mfa_challenges').values(challenge).execute();
}

/** A challenge by its hash and purpose, unused, unexpired at `at`, with fewer than `maxTries`. */
export function findLiveMfaChallenge(
  db: Executor,
  tokenHash: string,
  purpose: Database['mfa_challenges']['purpose'],
  at: string,
  maxTries: number,
) {
  return db
    .selectFrom('mfa_challenges')
    .select(['id', 'user_id as userId', 'token_version as tokenVersion'])
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .where('attempts', '<', maxTries)
    .executeTakeFirst();
}

/**
 * Counts a try of a challenge in one statement, only while it is unused, unexpired at `at` and
 * has fewer than `maxTries`, so parallel tries cannot go over; false when it was not counted.
 */
export async function countMfaChallengeTry(
  db: Executor,
  id: number,
  at: string,
  maxTries: number,
): Promise<boolean> {
  const taken = await db
    .updateTable('mfa_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .where('attempts', '<', maxTries)
    .executeTakeFirst();
  return taken.numUpdatedRows > 0n;
}

/** Uses a challenge up in one statement: of two requests at once, one gets true. */
export async function useMfaChallengeOnce(db: Executor, id: number, at: string): Promise<boolean> {
  const used = await db
    .updateTable('mfa_challenges')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return used.numUpdatedRows > 0n;
}
