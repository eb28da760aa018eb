import type { Insertable } from 'kysely';
import type { Executor } from '../db/database.js';
import type { Database } from '../db/schema.js';

/** The one module that names the `passkeys` and `webauthn_challenges` tables (docs/decisions/0082). */

type ChallengePurpose = Database['webauthn_challenges']['purpose'];

export async function deleteExpiredWebauthnChallenges(db: Executor, at: string): Promise<void> {
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', at).execute();
}

export async function insertWebauthnChallenge(
  db: Executor,
  challenge: Insertable<Database['webauthn_challenges']>,
): Promise<void> {
  await db.insertInto('webauthn_challenges').values(challenge).execute();
}

/**
 * Uses up a challenge of this purpose and user (none: `null`), unused and unexpired at `at`, in
 * one statement: true once.
 */
export async function useWebauthnChallengeOnce(
  db: Executor,
  challenge: string,
  purpose: ChallengePurpose,
  userId: number | null,
  at: string,
): Promise<boolean> {
  let update = db
    .updateTable('webauthn_challenges')
    .set({ used_at: at })
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at);
  update =
    userId === null ? update.where('user_id', 'is', null) : update.where('user_id', '=', userId);
  return (await update.executeTakeFirst()).numUpdatedRows > 0n;
}

export function listCredentialsOfUser(db: Executor, userId: number) {
  return db
    .selectFrom('passkeys')
    .select(['credential_id', 'transports'])
    .where('user_id', '=', userId)
    .execute();
}

const listed = ['id', 'name', 'created_at', 'last_used_at'] as const;

/** Inserts a passkey unless its credential id is taken; the passkey as listed, or undefined. */
export function insertPasskey(db: Executor, passkey: Insertable<Database['passkeys']>) {
  return db
    .insertInto('passkeys')
    .values(passkey)
    .onConflict((conflict) => conflict.column('credential_id').doNothing())
    .returning(listed)
    .executeTakeFirst();
}

export function listPasskeysOfUser(db: Executor, userId: number) {
  return db
    .selectFrom('passkeys')
    .select(listed)
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export function findPasskeyOfUser(db: Executor, userId: number, passkeyId: number) {
  return db
    .selectFrom('passkeys')
    .select('id')
    .where('id', '=', passkeyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function deletePasskeyOfUser(
  db: Executor,
  userId: number,
  passkeyId: number,
): Promise<void> {
  await db
    .deleteFrom('passkeys')
    .where('id', '=', passkeyId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deletePasskeysOfUser(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('passkeys').where('user_id', '=', userId).execute();
}

export function findPasskeyByCredentialId(db: Executor, credentialId: string) {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
}

/**
 * Moves a passkey's counter from `counter` to `newCounter` in one statement: of two uses of one
 * answer, one gets true.
 */
export async function advancePasskeyCounter(
  db: Executor,
  id: number,
  { counter, newCounter }: { counter: number; newCounter: number },
  at: string,
): Promise<boolean> {
  const moved = await db
    .updateTable('passkeys')
    .set({ counter: newCounter, last_used_at: at })
    .where('id', '=', id)
    .where('counter', '=', counter)
    .executeTakeFirst();
  return moved.numUpdatedRows > 0n;
}
