import type { Executor } from '../db/database.js';
import { nowIso } from '../db/time.js';
import {
  deleteExpiredResetTokens,
  deleteResetToken,
  findResetTokenWithPasswordChange,
  insertResetToken,
  useAllResetTokensOf,
  useResetTokenOnce,
} from '../repositories/password-reset-tokens.js';
import { randomToken, sha256 } from '../db/stored-tokens.js';

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
  await deleteExpiredResetTokens(db, userId, at);
  await insertResetToken(db, {
    user_id: userId,
    token_hash: sha256(token),
    created_at: at,
    expires_at: nowIso(new Date(now.getTime() + RESET_TOKEN_TTL_MS)),
    used_at: null,
  });
  return token;
}

/** Undoes `issueResetToken` when the mail carrying the link could not be sent. */
export async function discardResetToken(db: Executor, token: string): Promise<void> {
  await deleteResetToken(db, sha256(token));
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
  const row = await findResetTokenWithPasswordChange(db, sha256(token));
  if (!row || row.user_id !== userId || row.used_at !== null) return null;
  if (row.expires_at <= nowIso(now) || row.created_at < row.password_changed_at) return null;
  return row.id;
}

/** Uses a token up; false when a concurrent reset used it first or it expired meanwhile. */
export async function useResetToken(db: Executor, id: number, now: Date): Promise<boolean> {
  return useResetTokenOnce(db, id, nowIso(now));
}

/** Voids every open link of a user: called whenever their password changes. */
export async function voidResetTokens(db: Executor, userId: number, now: Date): Promise<void> {
  await useAllResetTokensOf(db, userId, nowIso(now));
}
