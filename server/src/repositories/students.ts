import type { Executor } from '../db/database.js';

/**
 * The SQL of the students, their guardians and their trigrams (docs/decisions/0082): every
 * query that names `students`, `student_guardians` or `student_trigrams`.
 */

/** How many active students a standard holds; those who left or graduated keep it but not in use. */
export async function countActiveStudentsOfStandard(
  trx: Executor,
  standardId: number,
): Promise<number> {
  const { count } = await trx
    .selectFrom('students')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('standard_id', '=', standardId)
    .where('deleted_at', 'is', null)
    // Students who left or graduated keep their standard but no longer hold it in use.
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The standards of `standardIds` some live student is in, once per student. */
export async function standardsOfLiveStudents(
  trx: Executor,
  standardIds: readonly number[],
): Promise<number[]> {
  const rows = await trx
    .selectFrom('students')
    .select('standard_id')
    .where('standard_id', 'in', standardIds)
    .where('deleted_at', 'is', null)
    .execute();
  return rows.map((student) => student.standard_id);
}
