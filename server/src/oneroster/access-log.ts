import { z } from 'zod';
import type { RosterAccess } from '@um/contract';
import type { Db, Executor } from '../db/database.js';
import { cursorParts, keyset, type Page } from '../db/paging.js';
import { nowIso } from '../db/time.js';
import { findUserNameAndEmail } from '../repositories/users.js';
import { insertRosterAccess, pageOfRosterAccess } from '../repositories/roster-access.js';

/**
 * Who received what (docs/oneroster.md, "Who received what"): every export and every read of
 * the OneRoster API, with who asked (a member of staff or an API client), when, what, how many
 * records, and which students' data the answer held, so that the school can say who received a
 * child's data. Written once the answer is made, never changed.
 */

export type Actor =
  { kind: 'user'; userId: number } | { kind: 'client'; clientId: number; name: string };

export interface Access {
  actor: Actor;
  what: string;
  records: number;
  studentIds: Iterable<number>;
}

/** The longest `what` kept: a path and query longer than this is cut. */
const WHAT_MAX = 500;

export async function recordAccess(db: Db, access: Access): Promise<void> {
  const students = [...new Set(access.studentIds)];
  await db.transaction().execute(async (trx) => {
    let name: string;
    if (access.actor.kind === 'user') {
      const user = await findUserNameAndEmail(trx, access.actor.userId);
      name = user ? user.name || user.email : '';
    } else {
      name = access.actor.name;
    }
    await insertRosterAccess(
      trx,
      {
        at: nowIso(),
        actor_kind: access.actor.kind,
        user_id: access.actor.kind === 'user' ? access.actor.userId : null,
        client_id: access.actor.kind === 'client' ? access.actor.clientId : null,
        actor_name: name,
        what: access.what.slice(0, WHAT_MAX),
        records: access.records,
        students: students.length,
      },
      students,
    );
  });
}

const accessPages = keyset(
  z.tuple([cursorParts.id]),
  (access: RosterAccess) => [access.id] as const,
);

/** The log, newest first, keyset paged; only the answers that held `student`'s data if named. */
export async function listAccess(
  db: Executor,
  query: { limit: number; cursor?: string | undefined; student?: number | undefined },
): Promise<Page<RosterAccess>> {
  const request = accessPages.request(query);
  const rows = await pageOfRosterAccess(db, {
    before: request.after?.[0],
    limit: request.rowsToRead,
    student: query.student,
  });
  return accessPages.page(
    rows.map((row) => ({
      id: row.id,
      at: row.at,
      actor: {
        kind: row.actor_kind,
        id: row.actor_kind === 'user' ? row.user_id : row.client_id,
        name: row.actor_name,
      },
      what: row.what,
      records: row.records,
      students: row.students,
    })),
    request,
  );
}
