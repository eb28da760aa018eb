import { randomUUID } from 'node:crypto';
import { nowIso, type Db, type Executor } from '../db/database.js';
import type { TokenSubject } from './access-token.js';
import { keyedHash, randomToken, sha256 } from './crypto.js';

const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;

/** DESIGN.md 5: each refresh token lives 7 days, a family (one sign-in) at most 30. */
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

/** A stored token, with the token version its user has now. */
function findByToken(db: Executor, token: string) {
  return db
    .selectFrom('refresh_tokens')
    .innerJoin('users', 'users.id', 'refresh_tokens.user_id')
    .selectAll('refresh_tokens')
    .select('users.token_version as user_token_version')
    .where('refresh_tokens.token_hash', '=', sha256(token))
    .executeTakeFirst();
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

/** Starts a new family for a fresh sign-in and returns its first token. */
export async function startFamily(
  db: Executor,
  { userId, tokenVersion }: TokenSubject,
  now: Date,
): Promise<string> {
  const token = randomToken();
  const at = nowIso(now);
  // Dead tokens are useless even for reuse detection, so each sign-in sweeps the user's.
  await db
    .deleteFrom('refresh_tokens')
    .where('user_id', '=', userId)
    .where('expires_at', '<=', at)
    .execute();
  await db
    .insertInto('refresh_tokens')
    .values({
      user_id: userId,
      family_id: randomUUID(),
      token_hash: sha256(token),
      created_at: at,
      expires_at: nowIso(new Date(now.getTime() + REFRESH_TOKEN_TTL_MS)),
      family_expires_at: nowIso(new Date(now.getTime() + REFRESH_FAMILY_TTL_MS)),
      rotated_at: null,
      revoked_at: null,
      token_version: tokenVersion,
    })
    .execute();
  return token;
}

export type RotationResult = { subject: TokenSubject; refresh: string } | null;

const subjectOfToken = (row: StoredToken): TokenSubject => ({
  userId: row.user_id,
  tokenVersion: row.token_version,
});

/**
 * Rotates a presented refresh token. Returns the user and the family's new token, or null when
 * the token is unknown, expired or revoked. A token rotated more than REUSE_GRACE_MS ago is a
 * replay: the whole family is revoked. Within the grace period the family's current token is
 * returned instead, so two tabs refreshing at once both stay signed in.
 */
export async function rotate(
  db: Db,
  secret: string,
  presented: string,
  now: Date,
): Promise<RotationResult> {
  let row = await findByToken(db, presented);
  if (!row || !isUsable(row, now)) return null;

  if (row.rotated_at === null) {
    const successor = successorOf(secret, presented);
    const current = row;
    const rotated = await db.transaction().execute(async (trx) => {
      // The conditional update is the lock: of two concurrent rotations exactly one matches.
      const claimed = await trx
        .updateTable('refresh_tokens')
        .set({ rotated_at: nowIso(now) })
        .where('id', '=', current.id)
        .where('rotated_at', 'is', null)
        .where('revoked_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!claimed) return false;
      await trx
        .insertInto('refresh_tokens')
        .values({
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
        })
        .execute();
      return true;
    });
    if (rotated) return { subject: subjectOfToken(current), refresh: successor };
    // Another request rotated it first: treat this one as the racing tab it is.
    row = await findByToken(db, presented);
    if (!row || row.revoked_at !== null || row.rotated_at === null) return null;
  }

  if (now.getTime() - Date.parse(row.rotated_at) > REUSE_GRACE_MS) {
    await revokeFamily(db, row.family_id, now);
    return null;
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
    if (!row || !isUsable(row, now)) return null;
    if (row.rotated_at === null) return { subject: subjectOfToken(row), refresh: token };
  }
  return null;
}

/**
 * Revokes every token of a family. The update repeats until it matches nothing, so a successor
 * committed by a rotation that raced the first update is caught by the next one.
 */
async function revokeFamily(db: Executor, familyId: string, now: Date): Promise<void> {
  await revokeWhere(db, 'family_id', familyId, now);
}

/** Ends every session of a user: each family of theirs is revoked. */
export async function revokeAllForUser(db: Executor, userId: number, now: Date): Promise<void> {
  await revokeWhere(db, 'user_id', userId, now);
}

async function revokeWhere(
  db: Executor,
  column: 'family_id' | 'user_id',
  value: string | number,
  now: Date,
): Promise<void> {
  for (let pass = 0; pass < 3; pass += 1) {
    const revoked = await db
      .updateTable('refresh_tokens')
      .set({ revoked_at: nowIso(now) })
      .where(column, '=', value)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (revoked.numUpdatedRows === 0n) return;
  }
}

/** Ends the sign-in a refresh token belongs to; unknown tokens are ignored. */
export async function revokeFamilyOf(db: Db, presented: string, now: Date): Promise<void> {
  const row = await findByToken(db, presented);
  if (row) await revokeFamily(db, row.family_id, now);
}
