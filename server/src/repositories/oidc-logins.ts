import type { Insertable } from 'kysely';
import type { Executor } from '../db/database.js';
import type { Database } from '../db/schema.js';

/** The one module that names the `oidc_logins` table (docs/decisions/0082). */

export async function deleteExpiredOidcLogins(db: Executor, at: string): Promise<void> {
  await db.deleteFrom('oidc_logins').where('expires_at', '<=', at).execute();
}

export async function insertOidcLogin(
  db: Executor,
  login: Insertable<Database['oidc_logins']>,
): Promise<void> {
  await db.insertInto('oidc_logins').values(login).execute();
}

/**
 * Uses up the flow of a state hash, unused and unexpired at `at`, in one statement: a callback
 * gets its flow once, undefined after.
 */
export function useOidcLoginOnce(db: Executor, stateHash: string, at: string) {
  return db
    .updateTable('oidc_logins')
    .set({ used_at: at })
    .where('state_hash', '=', stateHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning(['nonce', 'code_verifier', 'intent'])
    .executeTakeFirst();
}
