import { z } from 'zod';
import { staffTexts, type StaffMember, type StaffUpdate } from '@um/contract';
import type { Db, Dialect, Executor } from '../db/database.js';
import { cursorParts, keyset, type Page, type PageQuery } from '../db/paging.js';
import { nowIso } from '../db/time.js';
import { conflict, notFound } from '../http/problem.js';
import { fieldChanges, recordChanges } from '../records/change-log.js';
import { insertHistoryEvents } from '../repositories/history.js';
import { revokeRefreshTokens } from '../repositories/sessions.js';
import type { Client } from '../http/client.js';
import { recordActivity } from '../records/activity.js';
import {
  findOtherActiveAdmin,
  findRoleAndStatus,
  findRoleAndStatusByEmail,
  findStaffMemberById,
  lockAccounts,
  makeActiveAdmin,
  pageOfStaffMembers,
  setRoleAndStatus,
} from '../repositories/users.js';
import { withdrawInvitationsBy } from './invitations.js';

/** In the order accounts were created: the cursor is the last one's id. */
const staffPages = keyset(z.tuple([cursorParts.id]), (member: StaffMember) => [member.id] as const);

/** A row as the API shows it: no last sign-in is null, and a second step is true or false. */
function member<T extends { last_seen_at: string | null | undefined; second_step: unknown }>(
  row: T,
): Omit<T, 'second_step'> & { last_seen_at: string | null; has_second_step: boolean } {
  const { second_step, ...rest } = row;
  // SQLite answers 1 or 0 for a condition, PostgreSQL true or false.
  return { ...rest, last_seen_at: row.last_seen_at ?? null, has_second_step: Boolean(second_step) };
}

/** Every account, keyset paged, filtered by words of the name or e-mail and by status. */
export async function listStaff(
  db: Executor,
  query: PageQuery & { q?: string | undefined; status?: StaffMember['status'] | undefined },
): Promise<Page<StaffMember>> {
  const request = staffPages.request(query);
  const rows = await pageOfStaffMembers(db, {
    afterId: request.after?.[0],
    status: query.status,
    words: (query.q ?? '').split(/\s+/).filter(Boolean),
    limit: request.rowsToRead,
  });
  return staffPages.page(rows.map(member), request);
}

export async function findStaffMember(db: Executor, id: number): Promise<StaffMember | undefined> {
  const row = await findStaffMemberById(db, id);
  return row && member(row);
}

/** What a change of role or status did: the account as it is now, and whether it was deactivated. */
export interface StaffChange {
  member: StaffMember;
  deactivated: boolean;
}

/**
 * Changes an account's role or status, in one transaction under the accounts lock, so that of
 * two admins demoting each other at once the second finds the first already demoted and is
 * refused (409): there is always an active admin. Deactivation raises the token version (every
 * access token of the person fails its next check) and revokes every refresh family; an admin
 * who stops being an active one has their pending invitations withdrawn with it. The change
 * is a history event of the account and an entry of its activity.
 */
export async function changeStaffMember(
  db: Db,
  dialect: Dialect,
  {
    id,
    change,
    actorId,
    client,
  }: { id: number; change: StaffUpdate; actorId: number; client: Client },
  now: Date,
): Promise<StaffChange> {
  return db.transaction().execute(async (trx) => {
    await lockAccounts(trx, dialect);
    const before = await findRoleAndStatus(trx, id);
    if (!before) throw notFound(staffTexts.staffNotFound);
    const after = { role: change.role ?? before.role, status: change.status ?? before.status };
    const wasActiveAdmin = before.role === 'admin' && before.status === 'active';
    const staysActiveAdmin = after.role === 'admin' && after.status === 'active';
    if (wasActiveAdmin && !staysActiveAdmin) {
      const other = await findOtherActiveAdmin(trx, id);
      if (!other) throw conflict(staffTexts.lastAdmin);
    }
    const deactivated = before.status === 'active' && after.status === 'deactivated';
    if (after.role !== before.role || after.status !== before.status) {
      await setRoleAndStatus(trx, id, { ...after, raiseTokenVersion: deactivated }, now);
      if (deactivated) await revokeRefreshTokens(trx, 'user_id', id, nowIso(now));
      // An invitation is only as good as the administrator who sent it.
      if (before.role === 'admin' && !staysActiveAdmin) await withdrawInvitationsBy(trx, id);
      await recordChanges(trx, [
        { actorId, entity: 'user', entityId: id, action: 'update', before, after },
      ]);
      if (after.role !== before.role) await recordActivity(trx, id, 'role_changed', client, now);
      if (after.status !== before.status) {
        await recordActivity(trx, id, 'status_changed', client, now);
      }
    }
    const member = await findStaffMember(trx, id);
    if (!member) throw notFound(staffTexts.staffNotFound);
    return { member, deactivated };
  });
}

/**
 * Makes an account an active admin from the server's shell (`npm run admin -- grant EMAIL`),
 * the way back in when no admin can sign in. Returns false when no account has the address.
 */
export async function grantAdmin(db: Db, dialect: Dialect, email: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockAccounts(trx, dialect);
    const before = await findRoleAndStatusByEmail(trx, email);
    if (!before) return false;
    if (before.role === 'admin' && before.status === 'active') return true;
    await makeActiveAdmin(trx, before.id);
    await insertHistoryEvents(trx, [
      {
        entity: 'user',
        entity_id: before.id,
        at: nowIso(),
        actor_id: null,
        actor_name: 'npm run admin',
        action: 'update',
        changes: JSON.stringify(
          fieldChanges(
            { role: before.role, status: before.status },
            { role: 'admin', status: 'active' },
          ),
        ),
        import_id: null,
      },
    ]);
    return true;
  });
}
