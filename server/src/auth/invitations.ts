import type { Role } from '@um/contract';
import type { Executor } from '../db/database.js';
import { sha256 } from '../db/stored-tokens.js';
import { nowIso } from '../db/time.js';
import {
  findPendingInvitationOf,
  findUsableInvitationByHash,
  useInvitationOnce,
} from '../repositories/invitations.js';
import { isActiveAdmin } from '../repositories/users.js';

/**
 * Signing up with an invitation (docs/staff.md, "Invitations"): an administrator sends it from
 * the staff screen (server/src/staff/invitations.ts), and the sign-up uses it up here.
 */

/** Whether the account that sent an invitation is still an active administrator. */
export async function inviterIsActiveAdmin(db: Executor, invitedBy: number | null) {
  if (invitedBy === null) return false;
  return isActiveAdmin(db, invitedBy);
}

/**
 * Uses up the pending invitation of an address that signs up another way (a mailed code,
 * Google, the OpenID provider), in the transaction that creates the account: its role when the
 * administrator who sent it still is one, undefined when there is none that works.
 */
export async function claimInvitationOf(
  db: Executor,
  email: string,
  now: Date,
): Promise<Role | undefined> {
  const pending = await findPendingInvitationOf(db, email, nowIso(now));
  if (!pending || !(await inviterIsActiveAdmin(db, pending.invited_by))) return undefined;
  return (await claimInvitation(db, pending.id, now)) ? pending.role : undefined;
}

/** The pending invitation a link's token belongs to, if it still works. */
export function findUsableInvitation(db: Executor, token: string, now: Date) {
  return findUsableInvitationByHash(db, sha256(token), nowIso(now));
}

/**
 * Uses an invitation up. The conditional update is the lock: of two sign-ups with one link,
 * exactly one matches; false for the other.
 */
export async function claimInvitation(db: Executor, id: number, now: Date): Promise<boolean> {
  return useInvitationOnce(db, id, nowIso(now));
}
