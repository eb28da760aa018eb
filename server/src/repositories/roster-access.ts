import type { Insertable } from 'kysely';
import type { Executor } from '../db/database.js';
import { IDS_PER_STATEMENT } from '../db/in-chunks.js';
import type { RosterAccessTable } from '../db/schema.js';

/** Logs one access and the students whose data it held; the caller gives the transaction. */
export async function insertRosterAccess(
  db: Executor,
  access: Insertable<RosterAccessTable>,
  studentIds: readonly number[],
): Promise<void> {
  const row = await db
    .insertInto('roster_access')
    .values(access)
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let start = 0; start < studentIds.length; start += IDS_PER_STATEMENT) {
    await db
      .insertInto('roster_access_students')
      .values(
        studentIds
          .slice(start, start + IDS_PER_STATEMENT)
          .map((studentId) => ({ student_id: studentId, access_id: row.id })),
      )
      .execute();
  }
}

/**
 * Up to `limit` logged accesses, newest first, with an id below `before` when given; only
 * those that held `student`'s data when one is named.
 */
export function pageOfRosterAccess(
  db: Executor,
  page: { before: number | undefined; limit: number; student: number | undefined },
) {
  let select = db.selectFrom('roster_access').selectAll('roster_access');
  const { student } = page;
  if (student !== undefined) {
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
  if (page.before !== undefined) select = select.where('roster_access.id', '<', page.before);
  return select.orderBy('roster_access.id', 'desc').limit(page.limit).execute();
}
