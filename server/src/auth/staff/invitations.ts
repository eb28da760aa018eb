import type { Invitation, Role } from '@um/contract';
import type { Executor } from '../../db/database.js';
import { nowIso } from '../../db/time.js';
import { randomToken, sha256 } from '../crypto.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** An invitation link works for 7 days, once (docs/staff.md). */
export const INVITATION_TTL_DAYS = 7;

const columns = ['id', 'email', 'role', 'created_at', 'expires_at'] as const;

/** Stores a new invitation and returns it with the token of its link (kept only hashed). */
export async function createInvitation(
  db: Executor,
  { email, role, invitedBy }: { email: string; role: Role; invitedBy: number },
  now: Date,
): Promise<{ invitation: Invitation; token: string }> {
  const token = randomToken();
  const invitation = await db
    .insertInto('invitations')
    .values({
      email,
      role,
      token_hash: sha256(token),
      invited_by: invitedBy,
      created_at: nowIso(now),
      expires_at: nowIso(new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS)),
      used_at: null,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return { invitation, token };
}

export function discardInvitation(db: Executor, id: number) {
  return db.deleteFrom('invitations').where('id', '=', id).execute();
}

/** The invitations not used and not expired, newest first. */
export function listPendingInvitations(db: Executor, now: Date): Promise<Invitation[]> {
  return db
    .selectFrom('invitations')
    .select(columns)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso(now))
    .orderBy('id', 'desc')
    .execute();
}

/** Withdraws a pending invitation; false when there is none with that id. */
export async function withdrawInvitation(db: Executor, id: number): Promise<boolean> {
  const deleted = await db
    .deleteFrom('invitations')
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/** The pending invitation a link's token belongs to, if it still works. */
export function findUsableInvitation(db: Executor, token: string, now: Date) {
  return db
    .selectFrom('invitations')
    .select(['id', 'email', 'role'])
    .where('token_hash', '=', sha256(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso(now))
    .executeTakeFirst();
}

/**
 * Uses an invitation up. The conditional update is the lock: of two sign-ups with one link,
 * exactly one matches; false for the other.
 */
export async function claimInvitation(db: Executor, id: number, now: Date): Promise<boolean> {
  const claimed = await db
    .updateTable('invitations')
    .set({ used_at: nowIso(now) })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso(now))
    .executeTakeFirst();
  return claimed.numUpdatedRows > 0n;
}
