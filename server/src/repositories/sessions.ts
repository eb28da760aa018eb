import type { Executor } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { Insertable } from 'kysely';

/**
 * The one module that names the `sessions` and `refresh_tokens` tables (docs/decisions/0082).
 * Reads beside them: `users` (the token version and status a token's user has now).
 */

/** A stored refresh token by its hash, with the token version and status its user has now. */
export function findRefreshTokenWithUser(db: Executor, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens')
    .innerJoin('users', 'users.id', 'refresh_tokens.user_id')
    .selectAll('refresh_tokens')
    .select(['users.token_version as user_token_version', 'users.status as user_status'])
    .where('refresh_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function deleteExpiredRefreshTokens(
  db: Executor,
  userId: number,
  at: string,
): Promise<void> {
  await db
    .deleteFrom('refresh_tokens')
    .where('user_id', '=', userId)
    .where('expires_at', '<=', at)
    .execute();
}

export async function insertRefreshToken(
  db: Executor,
  token: Insertable<Database['refresh_tokens']>,
): Promise<void> {
  await db.insertInto('refresh_tokens').values(token).execute();
}

/** Deletes the user's sessions none of whose refresh tokens is left. */
export async function deleteSessionsWithoutTokens(db: Executor, userId: number): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('refresh_tokens')
            .select('refresh_tokens.id')
            .whereRef('refresh_tokens.family_id', '=', 'sessions.id'),
        ),
      ),
    )
    .execute();
}

export async function insertSession(
  db: Executor,
  session: Insertable<Database['sessions']>,
): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/**
 * Marks a token rotated unless it already is, or is revoked. The conditional update is the
 * lock: of two concurrent rotations exactly one matches and gets true.
 */
export async function claimRefreshTokenRotation(
  db: Executor,
  id: number,
  at: string,
): Promise<boolean> {
  const claimed = await db
    .updateTable('refresh_tokens')
    .set({ rotated_at: at })
    .where('id', '=', id)
    .where('rotated_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}

export async function touchSession(db: Executor, sessionId: string, at: string): Promise<void> {
  await db.updateTable('sessions').set({ last_used_at: at }).where('id', '=', sessionId).execute();
}

/**
 * How many times a revocation's update runs at most. It repeats until it matches nothing, so a
 * successor committed by a rotation that raced one pass is caught by the next.
 */
const REVOKE_PASSES = 3;

/** Revokes every token not yet revoked of a family or of a user. */
export async function revokeRefreshTokens(
  db: Executor,
  column: 'family_id' | 'user_id',
  value: string | number,
  at: string,
): Promise<void> {
  for (let pass = 0; pass < REVOKE_PASSES; pass += 1) {
    const revoked = await db
      .updateTable('refresh_tokens')
      .set({ revoked_at: at })
      .where(column, '=', value)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (revoked.numUpdatedRows === 0n) return;
  }
}

/** Revokes every token not yet revoked of every family of a user but one. */
export async function revokeRefreshTokensExceptFamily(
  db: Executor,
  userId: number,
  keep: string,
  at: string,
): Promise<void> {
  for (let pass = 0; pass < REVOKE_PASSES; pass += 1) {
    const revoked = await db
      .updateTable('refresh_tokens')
      .set({ revoked_at: at })
      .where('user_id', '=', userId)
      .where('family_id', '!=', keep)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (revoked.numUpdatedRows === 0n) return;
  }
}

/** A token not revoked of the user's family, if there is one. */
export function findUnrevokedRefreshToken(db: Executor, userId: number, familyId: string) {
  return db
    .selectFrom('refresh_tokens')
    .select('id')
    .where('family_id', '=', familyId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** A user's sessions with a token neither revoked nor past its family's end at `at`, most recently used first. */
export function listLiveSessions(db: Executor, userId: number, at: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_used_at', 'user_agent', 'ip'])
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('refresh_tokens')
          .select('refresh_tokens.id')
          .whereRef('refresh_tokens.family_id', '=', 'sessions.id')
          .where('refresh_tokens.revoked_at', 'is', null)
          .where('refresh_tokens.family_expires_at', '>', at),
      ),
    )
    .orderBy('last_used_at', 'desc')
    .orderBy('id')
    .execute();
}
