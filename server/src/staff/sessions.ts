import type { Executor } from '../db/database.js';
import { nowIso } from '../db/time.js';
import {
  findUnrevokedRefreshToken,
  revokeRefreshTokens,
  revokeRefreshTokensExceptFamily,
} from '../repositories/sessions.js';

/**
 * Ends one of a user's sessions by its id (a family of theirs that is still signed in); false
 * when they have no such session.
 */
export async function revokeSession(
  db: Executor,
  userId: number,
  sessionId: string,
  now: Date,
): Promise<boolean> {
  const live = await findUnrevokedRefreshToken(db, userId, sessionId);
  if (!live) return false;
  await revokeRefreshTokens(db, 'family_id', sessionId, nowIso(now));
  return true;
}

/** Ends every session of a user but one (the caller's own). */
export async function revokeOtherSessions(
  db: Executor,
  userId: number,
  keep: string,
  now: Date,
): Promise<void> {
  await revokeRefreshTokensExceptFamily(db, userId, keep, nowIso(now));
}
