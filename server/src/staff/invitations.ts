import type { Invitation, Role } from '@um/contract';
import type { Executor } from '../db/database.js';
import { nowIso } from '../db/time.js';
import { randomToken, sha256 } from '../db/stored-tokens.js';
import {
  deleteInvitation,
  deletePendingInvitation,
  deletePendingInvitationsBy,
  findInvitationWithInviter,
  listPendingInvitationsWithInviter,
  upsertPendingInvitation,
} from '../repositories/invitations.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** An invitation link works for 7 days, once (docs/staff.md). */
export const INVITATION_TTL_DAYS = 7;

type InvitationRow = Omit<Invitation, 'invited_by'> & {
  inviter_id: number | null;
  inviter_name: string | null;
  inviter_email: string | null;
};

const invitation = ({ inviter_id, inviter_name, inviter_email, ...row }: InvitationRow) => ({
  ...row,
  invited_by:
    inviter_id === null
      ? null
      : { id: inviter_id, name: inviter_name ?? '', email: inviter_email ?? '' },
});

/**
 * Stores an invitation and returns it with the token of its link (kept only hashed). An
 * address has at most one pending invitation: a new one replaces it, link, role and sender, in
 * one statement on the unique index of pending addresses, so of several sent at once the last
 * written is the one whose link works (decision 0072).
 */
export async function createInvitation(
  db: Executor,
  { email, role, invitedBy }: { email: string; role: Role; invitedBy: number },
  now: Date,
): Promise<{ invitation: Invitation; token: string }> {
  const token = randomToken();
  const values = {
    role,
    token_hash: sha256(token),
    invited_by: invitedBy,
    created_at: nowIso(now),
    expires_at: nowIso(new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS)),
  };
  const id = await upsertPendingInvitation(db, email, values);
  const row = await findInvitationWithInviter(db, id);
  return { invitation: invitation(row), token };
}

export function discardInvitation(db: Executor, id: number) {
  return deleteInvitation(db, id);
}

/** The invitations not used and not expired, newest first, each with who sent it. */
export async function listPendingInvitations(db: Executor, now: Date): Promise<Invitation[]> {
  const rows = await listPendingInvitationsWithInviter(db, nowIso(now));
  return rows.map(invitation);
}

/**
 * Withdraws every pending invitation a person sent: called in the transaction that takes their
 * administrator's role or their access away, so none of their links outlives it.
 */
export async function withdrawInvitationsBy(db: Executor, userId: number): Promise<void> {
  await deletePendingInvitationsBy(db, userId);
}

/** Withdraws a pending invitation; false when there is none with that id. */
export async function withdrawInvitation(db: Executor, id: number): Promise<boolean> {
  return deletePendingInvitation(db, id);
}
