import {
  importTexts,
  problemTexts,
  standardNameKey,
  type ImportNewStandard,
  type Standard,
  type StandardValues,
} from '@um/contract';
import type { Db, Dialect, Executor } from '../db/database.js';
import { isUniqueViolation } from '../db/errors.js';
import { nowIso } from '../db/time.js';
import { recordChanges } from '../records/change-log.js';
import { changedOutsideBatch, eventsOfBatch } from '../repositories/history.js';
import { conflict } from '../http/problem.js';
import { versionedRecords } from '../records/versioned.js';
import {
  insertStandard,
  insertStandards,
  standardRows,
  standardNameKeysOfYear,
  standardNames,
} from '../repositories/standards.js';
import {
  countActiveStudentsOfStandard,
  standardsOfLiveStudents,
} from '../repositories/students.js';
import { presentStandard, standardChange, standardNotFound } from './presenter.js';
import { findStandard } from './read-model.js';
import { replaceTeachers, teachersSummary } from './teachers.js';

/**
 * How standards change: added, replaced, moved to the bin (never while students belong to
 * them) and put back, each with its history event in the same transaction.
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

async function currentStandard(db: Executor, id: number): Promise<Standard> {
  const standard = await findStandard(db, id);
  if (!standard) throw standardNotFound();
  return standard;
}

/**
 * A standard's version, bin and history steps, as every versioned record takes them. Its live
 * row is locked for update on PostgreSQL, so no student can be put in the standard meanwhile
 * (a student's write locks its standard for share).
 */
const standardRecords = versionedRecords({
  rows: standardRows,
  notFound: standardNotFound,
  changeOf: standardChange,
  current: (trx, row) => currentStandard(trx, row.id),
});

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

/**
 * The standards a batch creates (an import's new standards, a year end's next classes), and its
 * undo takes back (docs/history.md, "Batches"): written inside the batch's transaction, their
 * history events carrying the batch's id, as its students' do.
 */
export const standardsOfBatches = {
  /** Creates, in the academic year, those of `standards` no live standard of that year is named. */
  async add(
    trx: Executor,
    _dialect: Dialect,
    standards: readonly ImportNewStandard[],
    {
      actorId,
      batchId,
      academicYear,
      action,
    }: { actorId: number; batchId: string; academicYear: string; action: 'import' | 'create' },
  ): Promise<{ id: number; name: string }[]> {
    const taken = new Set(await standardNameKeysOfYear(trx, academicYear));
    const wanted = standards.filter(({ name }) => {
      const key = standardNameKey(name);
      if (taken.has(key)) return false;
      taken.add(key);
      return true;
    });
    if (wanted.length === 0) return [];
    const now = nowIso();
    const rows = await insertStandards(
      trx,
      wanted.map(({ name, grade_level }) => ({
        name,
        name_key: standardNameKey(name),
        grade_level,
        description: '',
        academic_year: academicYear,
        created_at: now,
        updated_at: now,
      })),
    );
    await recordChanges(
      trx,
      rows.map((row) => ({ ...standardChange(actorId, action, null, row), importId: batchId })),
    );
    return rows.map(({ id, name }) => ({ id, name }));
  },

  /**
   * Moves the standards a batch created to the bin, after the undo has taken its students
   * out. Refused when one of them changed since or holds students the batch did not put there.
   */
  async removeAdded(
    trx: Executor,
    dialect: Dialect,
    { actorId, batchId }: { actorId: number; batchId: string },
  ): Promise<number> {
    const events = await eventsOfBatch(trx, batchId, 'standard', ['import', 'create']);
    if (events.length === 0) return 0;
    const ids = events.map((event) => event.entity_id);
    const gone: number[] = [];
    for (const id of ids) if (!(await standardRecords.lockLive(trx, dialect, id))) gone.push(id);
    const later = await changedOutsideBatch(
      trx,
      'standard',
      ids,
      Math.min(...events.map((event) => event.id)),
      batchId,
    );
    const occupied = await standardsOfLiveStudents(trx, ids);
    const changed = new Set([...later.map((event) => event.entity_id), ...occupied, ...gone]);
    if (changed.size > 0) {
      const names = await standardNames(trx, [...changed]);
      throw conflict(importTexts.standardsChangedSince(names));
    }
    for (const id of ids) await standardRecords.moveToBin(trx, id, actorId);
    return ids.length;
  },
};
