import type { Role } from '@um/contract';
import type { Executor } from '../db/database.js';

/**
 * The one module that names the `invitations` table (docs/decisions/0082). Reads beside it:
 * `users` (who sent an invitation).
 */

/** The invitations with who sent them, as the staff screen lists them. */
function selectInvitations(db: Executor) {
  return db
    .selectFrom('invitations')
    .leftJoin('users as inviter', 'inviter.id', 'invitations.invited_by')
    .select([
      'invitations.id',
      'invitations.email',
      'invitations.role',
      'invitations.created_at',
      'invitations.expires_at',
      'inviter.id as inviter_id',
      'inviter.name as inviter_name',
      'inviter.email as inviter_email',
    ]);
}

export function findInvitationWithInviter(db: Executor, id: number) {
  return selectInvitations(db).where('invitations.id', '=', id).executeTakeFirstOrThrow();
}

/** The invitations not used and not expired at `at`, newest first, each with who sent it. */
export function listPendingInvitationsWithInviter(db: Executor, at: string) {
  return selectInvitations(db)
    .where('invitations.used_at', 'is', null)
    .where('invitations.expires_at', '>', at)
    .orderBy('invitations.id', 'desc')
    .execute();
}

/**
 * Inserts a pending invitation, or replaces the address's pending one (link, role and sender)
 * in the same statement, on the unique index of pending addresses (decision 0072).
 */
export async function upsertPendingInvitation(
  db: Executor,
  email: string,
  values: {
    role: Role;
    token_hash: string;
    invited_by: number;
    created_at: string;
    expires_at: string;
  },
): Promise<number> {
  const { id } = await db
    .insertInto('invitations')
    .values({ email, ...values, used_at: null })
    .onConflict((conflict) =>
      conflict.column('email').where('used_at', 'is', null).doUpdateSet(values),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export function deleteInvitation(db: Executor, id: number) {
  return db.deleteFrom('invitations').where('id', '=', id).execute();
}

export async function deletePendingInvitationsBy(db: Executor, userId: number): Promise<void> {
  await db
    .deleteFrom('invitations')
    .where('invited_by', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** The address's invitation unused and unexpired at `at`, if there is one. */
export function findPendingInvitationOf(db: Executor, email: string, at: string) {
  return db
    .selectFrom('invitations')
    .select(['id', 'role', 'invited_by'])
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
}

/** Deletes a pending invitation; false when there is none with that id. */
export async function deletePendingInvitation(db: Executor, id: number): Promise<boolean> {
  const deleted = await db
    .deleteFrom('invitations')
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/** The invitation a token hash belongs to, unused and unexpired at `at`. */
export function findUsableInvitationByHash(db: Executor, tokenHash: string, at: string) {
  return db
    .selectFrom('invitations')
    .select(['id', 'email', 'role', 'invited_by'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
}

/**
 * Uses an invitation up in one statement, only while unused and unexpired at `at`. The
 * conditional update is the lock: of two sign-ups with one link, exactly one gets true.
 */
export async function useInvitationOnce(db: Executor, id: number, at: string): Promise<boolean> {
  const claimed = await db
    .updateTable('invitations')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return claimed.numUpdatedRows > 0n;
}
