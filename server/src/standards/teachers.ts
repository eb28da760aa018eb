import { teacherTexts, type Teacher } from '@um/contract';
import type { Executor } from '../db/database.js';
import { nowIso } from '../db/time.js';
import { badRequest } from '../http/problem.js';
import { listActiveUserIds, listActiveUsersByShownName } from '../repositories/users.js';
import { endTeachings, insertTeachings, moveTeacher } from '../repositories/standards.js';
import { teachersOf } from '../records/standard-record.js';

/**
 * A standard's teachers: staff accounts, in the order given, the first being the class's
 * primary teacher (docs/api.md, "Standards"). A teacher taken off a standard keeps a row with
 * `removed_at`, so that the OneRoster delta can report the ended enrollment (docs/oneroster.md).
 */

/** Who may be chosen as a teacher: every active account, by name. */
export async function teacherChoices(db: Executor): Promise<Teacher[]> {
  const rows = await listActiveUsersByShownName(db);
  return rows.map((row) => ({ id: row.id, name: row.name }));
}

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
    await endTeachings(trx, standardId, gone, now);
  }
  for (const [position, id] of ids.entries()) {
    if (current.has(id)) {
      await moveTeacher(trx, standardId, id, position);
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
  if (newRows.length > 0) await insertTeachings(trx, newRows);
  const after = (await teachersOf(trx, [standardId])).get(standardId) ?? [];
  return { before, after };
}
