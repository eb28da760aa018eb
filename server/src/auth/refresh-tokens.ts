import { randomUUID } from 'node:crypto';
import type { Db, Executor } from '../db/database.js';
import { nowIso } from '../db/time.js';
import {
  claimRefreshTokenRotation,
  deleteExpiredRefreshTokens,
  deleteSessionsWithoutTokens,
  findRefreshTokenWithUser,
  insertRefreshToken,
  insertSession,
  revokeRefreshTokens,
  touchSession,
} from '../repositories/sessions.js';
import type { Client } from '../http/client.js';
import type { AccessSubject, TokenSubject } from './access-token.js';
import { randomToken, sha256 } from '../db/stored-tokens.js';
import { keyedHash } from './crypto.js';

const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;

/** Each refresh token lives 7 days, a family (one sign-in) at most 30 (docs/auth.md, 2). */
export const REFRESH_TOKEN_TTL_MS = 7 * DAY;
export const REFRESH_FAMILY_TTL_MS = 30 * DAY;
/** A token presented again this soon after its rotation is a racing tab, not a thief. */
export const REUSE_GRACE_MS = 10 * SECOND;
/** Far more rotations than racing tabs can cause within the grace period. */
const MAX_CHAIN_WALK = 16;

/**
 * Refresh tokens are opaque random strings stored only as SHA-256 hashes. All tokens of one
 * sign-in form a family; each use rotates the token. A successor is derived from its
 * predecessor with the server secret, so a just-rotated token can recompute the family's
 * current token (racing tabs) without the server ever keeping a plaintext token.
 */
function successorOf(secret: string, token: string): string {
  return keyedHash(secret, 'refresh-successor', token);
}

/** A stored token, with the token version and status its user has now. */
function findByToken(db: Executor, token: string) {
  return findRefreshTokenWithUser(db, sha256(token));
}

type StoredToken = NonNullable<Awaited<ReturnType<typeof findByToken>>>;

/**
 * Whether a token can still be used: not revoked, not expired, and of a family started under
 * the user's current token version. A sign-in whose password check overlapped a password
 * change may have started its family after the change revoked the others; it is refused here.
 */
function isUsable(row: StoredToken, now: Date): boolean {
  const at = nowIso(now);
  return (
    row.revoked_at === null &&
    row.expires_at > at &&
    row.family_expires_at > at &&
    row.token_version === row.user_token_version
  );
}

/** A new sign-in: its session (refresh family) id and the family's first token. */
export interface StartedFamily {
  sessionId: string;
  token: string;
}

const UNKNOWN_CLIENT: Client = { ip: '', userAgent: '' };

/**
 * Starts a new family for a fresh sign-in and returns its first token. The family's session row
 * (what the person sees of it) is written beside it.
 */
export async function startFamily(
  db: Executor,
  { userId, tokenVersion }: TokenSubject,
  now: Date,
  client: Client = UNKNOWN_CLIENT,
): Promise<StartedFamily> {
  const token = randomToken();
  const sessionId = randomUUID();
  const at = nowIso(now);
  // Dead tokens are useless even for reuse detection, so each sign-in sweeps the user's.
  await deleteExpiredRefreshTokens(db, userId, at);
  await insertRefreshToken(db, {
    user_id: userId,
    family_id: sessionId,
    token_hash: sha256(token),
    created_at: at,
    expires_at: nowIso(new Date(now.getTime() + REFRESH_TOKEN_TTL_MS)),
    family_expires_at: nowIso(new Date(now.getTime() + REFRESH_FAMILY_TTL_MS)),
    rotated_at: null,
    revoked_at: null,
    token_version: tokenVersion,
  });
  await deleteSessionsWithoutTokens(db, userId);
  await insertSession(db, {
    id: sessionId,
    user_id: userId,
    created_at: at,
    last_used_at: at,
    user_agent: client.userAgent.slice(0, 512),
    ip: client.ip.slice(0, 64),
  });
  return { sessionId, token };
}

/** One signed-in session of a user: a refresh family. */
export interface Session {
  userId: number;
  sessionId: string;
}

/**
 * What a refresh came to: a new token for the session, nothing (an unknown, expired or
 * revoked token), or the end of a session whose rotated token was replayed.
 */
export type RotationResult =
  | { kind: 'rotated'; subject: AccessSubject; refresh: string }
  | { kind: 'refused' }
  | { kind: 'deactivated' }
  | { kind: 'replayed'; session: Session };

const REFUSED: RotationResult = { kind: 'refused' };

const subjectOfToken = (row: StoredToken): AccessSubject => ({
  userId: row.user_id,
  tokenVersion: row.token_version,
  sessionId: row.family_id,
});

/**
 * Rotates a presented refresh token and returns the family's new token. A token rotated more
 * than REUSE_GRACE_MS ago is a replay: the whole family is revoked. Within the grace period the
 * family's current token is returned instead, so two tabs refreshing at once both stay signed in.
 */
export async function rotate(
  db: Db,
  secret: string,
  presented: string,
  now: Date,
): Promise<RotationResult> {
  let row = await findByToken(db, presented);
  if (row?.user_status === 'deactivated') return { kind: 'deactivated' };
  if (!row || !isUsable(row, now)) return REFUSED;

  if (row.rotated_at === null) {
    const successor = successorOf(secret, presented);
    const current = row;
    const rotated = await db.transaction().execute(async (trx) => {
      // The conditional update is the lock: of two concurrent rotations exactly one matches.
      if (!(await claimRefreshTokenRotation(trx, current.id, nowIso(now)))) return false;
      await insertRefreshToken(trx, {
        user_id: current.user_id,
        family_id: current.family_id,
        token_hash: sha256(successor),
        created_at: nowIso(now),
        expires_at: nowIso(
          new Date(
            Math.min(now.getTime() + REFRESH_TOKEN_TTL_MS, Date.parse(current.family_expires_at)),
          ),
        ),
        family_expires_at: current.family_expires_at,
        rotated_at: null,
        revoked_at: null,
        token_version: current.token_version,
      });
      return true;
    });
    if (rotated) {
      await touchSession(db, current.family_id, nowIso(now));
      return { kind: 'rotated', subject: subjectOfToken(current), refresh: successor };
    }
    // Another request rotated it first: treat this one as the racing tab it is.
    row = await findByToken(db, presented);
    if (!row || row.revoked_at !== null || row.rotated_at === null) return REFUSED;
  }

  if (now.getTime() - Date.parse(row.rotated_at) > REUSE_GRACE_MS) {
    await revokeFamily(db, row.family_id, now);
    return { kind: 'replayed', session: { userId: row.user_id, sessionId: row.family_id } };
  }
  return currentOfFamily(db, secret, presented, now);
}

/** Follows the successor chain from a rotated token to the family's token still in use. */
async function currentOfFamily(
  db: Db,
  secret: string,
  rotatedToken: string,
  now: Date,
): Promise<RotationResult> {
  let token = rotatedToken;
  for (let step = 0; step < MAX_CHAIN_WALK; step += 1) {
    token = successorOf(secret, token);
    const row = await findByToken(db, token);
    if (!row || !isUsable(row, now)) return REFUSED;
    if (row.rotated_at === null)
      return { kind: 'rotated', subject: subjectOfToken(row), refresh: token };
  }
  return REFUSED;
}

/** Revokes every token of a family. */
async function revokeFamily(db: Executor, familyId: string, now: Date): Promise<void> {
  await revokeRefreshTokens(db, 'family_id', familyId, nowIso(now));
}

/** Ends every session of a user: each family of theirs is revoked. */
export async function revokeAllForUser(db: Executor, userId: number, now: Date): Promise<void> {
  await revokeRefreshTokens(db, 'user_id', userId, nowIso(now));
}

/** Ends the sign-in a refresh token belongs to and says which it was; unknown tokens are ignored. */
export async function revokeFamilyOf(
  db: Db,
  presented: string,
  now: Date,
): Promise<Session | null> {
  const row = await findByToken(db, presented);
  if (!row) return null;
  await revokeFamily(db, row.family_id, now);
  return { userId: row.user_id, sessionId: row.family_id };
}
