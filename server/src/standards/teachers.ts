import { sql, type Expression } from 'kysely';
import { teacherTexts, type Teacher } from '@um/contract';
import type { Dialect, Executor } from '../db/database.js';
import { nowIso } from '../db/time.js';
import { badRequest } from '../http/problem.js';
import { listActiveUserIds, listActiveUsersByShownName } from '../repositories/users.js';

/**
 * A standard's teachers: staff accounts, in the order given, the first being the class's
 * primary teacher (docs/api.md, "Standards"). A teacher taken off a standard keeps a row with
 * `removed_at`, so that the OneRoster delta can report the ended enrollment
 * (docs/oneroster.md); every read here looks at the live rows only.
 */

/** A person's name as the app shows it: their name, or their e-mail without one. */
const shownName = sql<string>`case when users.name = '' then users.email else users.name end`;

/** The teachers of the standards `ids`, each standard's in their order. */
export async function teachersOf(
  db: Executor,
  ids: readonly number[],
): Promise<Map<number, Teacher[]>> {
  const byStandard = new Map<number, Teacher[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byStandard;
  const rows = await db
    .selectFrom('standard_teachers')
    .innerJoin('users', 'users.id', 'standard_teachers.user_id')
    .select(['standard_teachers.standard_id', 'users.id', shownName.as('name')])
    .where('standard_teachers.standard_id', 'in', [...new Set(ids)])
    .where('standard_teachers.removed_at', 'is', null)
    .orderBy('standard_teachers.standard_id')
    .orderBy('standard_teachers.position')
    .execute();
  for (const row of rows) byStandard.get(row.standard_id)?.push({ id: row.id, name: row.name });
  return byStandard;
}

/** A standard's teachers as JSON the database writes, for a page of the list. */
export function teachersJson(dialect: Dialect): Expression<unknown> {
  return dialect === 'postgres'
    ? sql`coalesce((
        select json_agg(json_build_object('id', users.id, 'name', ${shownName})
          order by standard_teachers.position)
        from standard_teachers join users on users.id = standard_teachers.user_id
        where standard_teachers.standard_id = standards.id
          and standard_teachers.removed_at is null), '[]'::json)`
    : // A subquery's result is text to SQLite's json_object: json() marks it as JSON again.
      sql`json((
        select json_group_array(json_object('id', teacher.id, 'name', teacher.name))
        from (select users.id as id, ${shownName} as name
              from standard_teachers join users on users.id = standard_teachers.user_id
              where standard_teachers.standard_id = standards.id
                and standard_teachers.removed_at is null
              order by standard_teachers.position) as teacher))`;
}

/** Who may be chosen as a teacher: every active account, by name. */
export async function teacherChoices(db: Executor): Promise<Teacher[]> {
  const rows = await listActiveUsersByShownName(db);
  return rows.map((row) => ({ id: row.id, name: row.name }));
}

/** Teachers as one line of a standard's history: their names, in order. */
export const teachersSummary = (teachers: readonly Teacher[]): string =>
  teachers.map((teacher) => teacher.name).join(', ');

/**
 * Makes `ids` the standard's teachers, in that order, in the caller's transaction (which has
 * locked the standard). A new teacher must be an active account; one already teaching the
 * standard stays even if deactivated since. Answers the teachers before and after.
 */
export async function replaceTeachers(
  trx: Executor,
  standardId: number,
  ids: readonly number[],
): Promise<{ before: Teacher[]; after: Teacher[] }> {
  const before = (await teachersOf(trx, [standardId])).get(standardId) ?? [];
  const current = new Set(before.map((teacher) => teacher.id));
  const added = ids.filter((id) => !current.has(id));
  if (added.length > 0) {
    const active = await listActiveUserIds(trx, added);
    const allowed = new Set(active.map((row) => row.id));
    const refused = added.filter((id) => !allowed.has(id));
    if (refused.length > 0) {
      const message = teacherTexts.notStaff(refused);
      throw badRequest(message, { teacher_ids: [message] });
    }
  }
  const now = nowIso();
  const gone = before.filter((teacher) => !ids.includes(teacher.id)).map((teacher) => teacher.id);
  if (gone.length > 0) {
    await trx
      .updateTable('standard_teachers')
      .set({ removed_at: now })
      .where('standard_id', '=', standardId)
      .where('user_id', 'in', gone)
      .where('removed_at', 'is', null)
      .execute();
  }
  for (const [position, id] of ids.entries()) {
    if (current.has(id)) {
      await trx
        .updateTable('standard_teachers')
        .set({ position })
        .where('standard_id', '=', standardId)
        .where('user_id', '=', id)
        .where('removed_at', 'is', null)
        .execute();
    }
  }
  const newRows = ids
    .map((id, position) => ({ id, position }))
    .filter(({ id }) => !current.has(id))
    .map(({ id, position }) => ({
      standard_id: standardId,
      user_id: id,
      position,
      added_at: now,
    }));
  if (newRows.length > 0) await trx.insertInto('standard_teachers').values(newRows).execute();
  const after = (await teachersOf(trx, [standardId])).get(standardId) ?? [];
  return { before, after };
}
