import { z } from 'zod';
import type { RosterAccess } from '@um/contract';
import type { Db, Executor } from '../db/database.js';
import { IDS_PER_STATEMENT } from '../db/in-chunks.js';
import { cursorParts, keyset, type Page } from '../db/paging.js';
import { nowIso } from '../db/time.js';
import { findUserNameAndEmail } from '../repositories/users.js';

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
    const row = await trx
      .insertInto('roster_access')
      .values({
        at: nowIso(),
        actor_kind: access.actor.kind,
        user_id: access.actor.kind === 'user' ? access.actor.userId : null,
        client_id: access.actor.kind === 'client' ? access.actor.clientId : null,
        actor_name: name,
        what: access.what.slice(0, WHAT_MAX),
        records: access.records,
        students: students.length,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let start = 0; start < students.length; start += IDS_PER_STATEMENT) {
      await trx
        .insertInto('roster_access_students')
        .values(
          students
            .slice(start, start + IDS_PER_STATEMENT)
            .map((studentId) => ({ student_id: studentId, access_id: row.id })),
        )
        .execute();
    }
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
  let select = db.selectFrom('roster_access').selectAll('roster_access');
  if (query.student !== undefined) {
    const student = query.student;
    select = select.where((eb) =>
      eb.exists(
        eb
          .selectFrom('roster_access_students')
          .select('roster_access_students.access_id')
          .whereRef('roster_access_students.access_id', '=', 'roster_access.id')
          .where('roster_access_students.student_id', '=', student),
      ),
    );
  }
  if (request.after) select = select.where('roster_access.id', '<', request.after[0]);
  const rows = await select.orderBy('roster_access.id', 'desc').limit(request.rowsToRead).execute();
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
