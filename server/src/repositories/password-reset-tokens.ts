import type { Insertable } from 'kysely';
import type { Executor } from '../db/database.js';
import type { Database } from '../db/schema.js';

/**
 * The one module that names the `password_reset_tokens` table (docs/decisions/0082). Reads
 * beside it: `users` (when the token's user last changed their password).
 */

export async function deleteExpiredResetTokens(
  db: Executor,
  userId: number,
  at: string,
): Promise<void> {
  await db
    .deleteFrom('password_reset_tokens')
    .where('user_id', '=', userId)
    .where('expires_at', '<=', at)
    .execute();
}

export async function insertResetToken(
  db: Executor,
  token: Insertable<Database['password_reset_tokens']>,
): Promise<void> {
  await db.insertInto('password_reset_tokens').values(token).execute();
}

export async function deleteResetToken(db: Executor, tokenHash: string): Promise<void> {
  await db.deleteFrom('password_reset_tokens').where('token_hash', '=', tokenHash).execute();
}

/** A token by its hash, with when its user last changed their password. */
export function findResetTokenWithPasswordChange(db: Executor, tokenHash: string) {
  return db
    .selectFrom('password_reset_tokens')
    .innerJoin('users', 'users.id', 'password_reset_tokens.user_id')
    .select([
      'password_reset_tokens.id',
      'password_reset_tokens.user_id',
      'password_reset_tokens.created_at',
      'password_reset_tokens.expires_at',
      'password_reset_tokens.used_at',
      'users.password_changed_at',
    ])
    .where('password_reset_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Uses a token up in one statement, only while it is unused and unexpired at `at`; false when a
 * concurrent reset used it first or it expired meanwhile.
 */
export async function useResetTokenOnce(db: Executor, id: number, at: string): Promise<boolean> {
  const used = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('id')
    .executeTakeFirst();
  return used !== undefined;
}

/** Marks every unused token of a user used. */
export async function useAllResetTokensOf(db: Executor, userId: number, at: string): Promise<void> {
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
