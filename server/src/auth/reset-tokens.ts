import type { Executor } from '../db/database.js';
import { nowIso } from '../db/time.js';
import { randomToken, sha256 } from './crypto.js';

/** A reset link is valid 1 hour, once, and only until the password changes (docs/auth.md, 8). */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;

/** The `{id}` of a reset link: the user id, base64url-encoded (docs/auth.md, 8). */
export function encodeUserId(userId: number): string {
  return Buffer.from(String(userId)).toString('base64url');
}

/** The user id of a link's `{id}`, or null unless it is exactly what `encodeUserId` makes. */
export function decodeUserId(value: string): number | null {
  const text = Buffer.from(value, 'base64url').toString('utf8');
  if (!/^[1-9]\d{0,15}$/.test(text)) return null;
  const userId = Number(text);
  return Number.isSafeInteger(userId) && encodeUserId(userId) === value ? userId : null;
}

/** Issues a reset token for a user, stored hashed; returns the token for the link. */
export async function issueResetToken(db: Executor, userId: number, now: Date): Promise<string> {
  const token = randomToken();
  const at = nowIso(now);
  await db
    .deleteFrom('password_reset_tokens')
    .where('user_id', '=', userId)
    .where('expires_at', '<=', at)
    .execute();
  await db
    .insertInto('password_reset_tokens')
    .values({
      user_id: userId,
      token_hash: sha256(token),
      created_at: at,
      expires_at: nowIso(new Date(now.getTime() + RESET_TOKEN_TTL_MS)),
      used_at: null,
    })
    .execute();
  return token;
}

/** Undoes `issueResetToken` when the mail carrying the link could not be sent. */
export async function discardResetToken(db: Executor, token: string): Promise<void> {
  await db.deleteFrom('password_reset_tokens').where('token_hash', '=', sha256(token)).execute();
}

/**
 * The id of the token row when the link is usable: it names this user, is unused, unexpired,
 * and was issued after the user's last password change.
 */
export async function findUsableResetToken(
  db: Executor,
  userId: number,
  token: string,
  now: Date,
): Promise<number | null> {
  const row = await db
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
    .where('password_reset_tokens.token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row || row.user_id !== userId || row.used_at !== null) return null;
  if (row.expires_at <= nowIso(now) || row.created_at < row.password_changed_at) return null;
  return row.id;
}

/** Uses a token up; false when a concurrent reset used it first or it expired meanwhile. */
export async function useResetToken(db: Executor, id: number, now: Date): Promise<boolean> {
  const used = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: nowIso(now) })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso(now))
    .returning('id')
    .executeTakeFirst();
  return used !== undefined;
}

/** Voids every open link of a user: called whenever their password changes. */
export async function voidResetTokens(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: nowIso(now) })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
