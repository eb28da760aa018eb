import { problemTexts, standardNameKey, type Standard, type StandardValues } from '@um/contract';
import type { Db, Dialect } from '../db/database.js';
import { isUniqueViolation } from '../db/errors.js';
import { nowIso } from '../db/time.js';
import { recordChanges } from '../records/change-log.js';
import { conflict } from '../http/problem.js';
import {
  currentStandard,
  presentStandard,
  standardChange,
  standardNotFound,
  standardRecords,
  teachersSummary,
} from '../records/standard-record.js';
import { insertStandard } from '../repositories/standards.js';
import { countActiveStudentsOfStandard } from '../repositories/students.js';
import { replaceTeachers } from './teachers.js';

/**
 * How standards change: added, replaced, moved to the bin (never while students belong to
 * them) and put back, each with its history event in the same transaction, through the steps
 * of every standard (records/standard-record.ts).
 */

function nameTaken(values: Pick<StandardValues, 'name' | 'academic_year'>) {
  const message = problemTexts.standardNameTaken(values.name, values.academic_year);
  return conflict(message, { name: [message] });
}

export async function createStandard(
  db: Db,
  { teacher_ids: teacherIds, ...values }: StandardValues,
  actorId: number,
): Promise<Standard> {
  const now = nowIso();
  try {
    const { row, teachers } = await db.transaction().execute(async (trx) => {
      const inserted = await insertStandard(trx, {
        ...values,
        name_key: standardNameKey(values.name),
        created_at: now,
        updated_at: now,
      });
      // A standard made without teachers records none, as before teachers existed.
      const set = teacherIds?.length
        ? await replaceTeachers(trx, inserted.id, teacherIds)
        : undefined;
      await recordChanges(trx, [standardChange(actorId, 'create', null, inserted, set)]);
      return { row: inserted, teachers: set?.after ?? [] };
    });
    return presentStandard({ ...row, student_count: 0 }, teachers);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(values);
    throw error;
  }
}

export interface StandardChange {
  id: number;
  values: StandardValues;
  /** The version the client edited; without it the save replaces whatever is there. */
  version?: number | undefined;
  actorId: number;
}

/**
 * A full update, if the standard is still at the version the client edited (an edit conflict
 * otherwise). The unique constraint, not a prior lookup, decides a name clash. Its teachers
 * change only when the update names them (`teacher_ids`): a client that knows nothing of
 * teachers keeps them as they are.
 */
export async function updateStandard(
  db: Db,
  dialect: Dialect,
  { id, values, version, actorId }: StandardChange,
): Promise<Standard> {
  const teacherIds = values.teacher_ids;
  try {
    return await db.transaction().execute(async (trx) => {
      await standardRecords.update(
        trx,
        dialect,
        { id, version, actorId },
        async () => ({
          name: values.name,
          name_key: standardNameKey(values.name),
          grade_level: values.grade_level,
          description: values.description,
          academic_year: values.academic_year,
        }),
        teacherIds === undefined
          ? undefined
          : async () => {
              const { before, after } = await replaceTeachers(trx, id, teacherIds);
              return {
                before: { teachers: teachersSummary(before) },
                after: { teachers: teachersSummary(after) },
              };
            },
      );
      return currentStandard(trx, id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(values);
    throw error;
  }
}

/**
 * Moves a standard to the bin, refused while it has active students. Its row is locked first,
 * and a student's write locks its standard for share, so a student added at the same moment
 * either is counted here or finds the standard gone.
 */
export async function deleteStandard(
  db: Db,
  dialect: Dialect,
  id: number,
  actorId: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const standard = await standardRecords.lockLive(trx, dialect, id);
    if (!standard) throw standardNotFound();
    const live = await countActiveStudentsOfStandard(trx, id);
    if (live > 0) {
      throw conflict(problemTexts.standardInUse(standard.name, live));
    }
    await standardRecords.moveToBin(trx, id, actorId);
  });
}

/** Puts a standard in the bin back, with its id. */
export async function restoreStandard(
  db: Db,
  dialect: Dialect,
  id: number,
  actorId: number,
): Promise<Standard> {
  return db.transaction().execute(async (trx) => {
    await standardRecords.restore(trx, dialect, id, actorId);
    return currentStandard(trx, id);
  });
}
