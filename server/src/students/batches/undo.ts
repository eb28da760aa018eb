import type { Updateable } from 'kysely';
import type { Db, Dialect } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { nowIso } from '../../db/time.js';
import type { StudentRow, StudentsTable } from '../../db/schema.js';
import { markBatchUndone } from '../../records/batches.js';
import { removeStandardsOfBatch } from '../../records/standards-of-batches.js';
import {
  binnedStudentsWithRollNumberTaken,
  deleteGuardiansOfStudent,
  lockStudents,
  moveStudentsToBin,
  restoreStudentsFromBin,
  setRollNumbersAside,
  studentsOfBinnedStandards,
  revertStudentAtVersion,
} from '../../repositories/students.js';
import { recordChanges, type Change } from '../../records/change-log.js';
import { eventsOfBatch, lastEventIdsOf } from '../../repositories/history.js';
import { conflict, notFound } from '../../http/problem.js';
import type { Guardian } from '@um/contract';
import { guardiansOf, presentGuardian, studentChange } from '../record/presenter.js';
import { guardianColumns } from '../record/writes.js';

type FieldChanges = Record<string, { from: unknown; to: unknown }>;

/** The history field of a student and the column that holds it, where they differ. */
const COLUMNS: Record<string, string> = { standard: 'standard_id' };

/** What a person reads when an undo cannot be done, worded for what is undone. */
export interface UndoTexts {
  notFound: string;
  alreadyUndone: string;
  changedSince: (count: number) => string;
  restoreTaken: (count: number) => string;
  rollNumbersTaken: string;
  standardGone: string;
}

/** Which batch to undo, by whom, and the words of its refusals. */
export interface UndoRequest {
  batchId: string;
  actorId: number;
  texts: UndoTexts;
}

/** What an undo put back. */
export interface UndoCounts {
  /** Students the batch created, now in the bin. */
  removed: number;
  /** Students the batch changed, with their values back. */
  reverted: number;
  /** Students the batch moved to the bin, back in the list. */
  restored: number;
  /** Standards the batch created, now in the bin. */
  removed_standards: number;
}

/**
 * Reverts a batch (an import, a bulk change, a year-end run): the students it created go to the
 * bin, the ones it changed get their previous values back, the ones it deleted come back, then
 * the standards it created go to the bin, in one transaction. Refused (409, nothing written)
 * when the batch was undone already (decided by its row, so two undos at once make one), or
 * when any of its students changed after it, which their history shows: every change of a
 * student writes an event, so a later event than the batch's means the student is no longer as
 * the batch left it.
 */
export async function undoBatch(db: Db, dialect: Dialect, undo: UndoRequest): Promise<UndoCounts> {
  try {
    return await revert(db, dialect, undo);
  } catch (error) {
    // A student who goes back to a standard, or is active again, where another active student
    // has taken their roll number since: the unique index refuses it, and nothing was written.
    if (isUniqueViolation(error)) throw conflict(undo.texts.rollNumbersTaken);
    throw error;
  }
}

async function revert(
  db: Db,
  dialect: Dialect,
  { batchId, actorId, texts }: UndoRequest,
): Promise<UndoCounts> {
  return db.transaction().execute(async (trx) => {
    const marked = await markBatchUndone(trx, batchId, actorId);
    if (marked === 'unrecorded') throw notFound(texts.notFound);
    if (marked === 'already') throw conflict(texts.alreadyUndone);
    const events = await eventsOfBatch(trx, batchId, 'student');

    const ids = events.map((event) => event.entity_id);
    const students = new Map(
      (await lockStudents(trx, dialect, ids)).map((row) => [row.id, row] as const),
    );
    const latest = await lastEventIdsOf(trx, 'student', ids);
    const lastEvent = new Map(latest.map((row) => [row.entity_id, Number(row.last)] as const));
    const changed = events.filter((event) => {
      const inBin = students.get(event.entity_id)?.deleted_at !== null;
      return (
        (lastEvent.get(event.entity_id) ?? 0) > event.id ||
        (event.action === 'delete' ? !inBin : inBin)
      );
    });
    if (changed.length > 0) throw conflict(texts.changedSince(changed.length));

    const now = nowIso();
    const history: Change[] = [];
    const created: number[] = [];
    const deleted: number[] = [];
    const updated: { id: number; changes: FieldChanges }[] = [];
    for (const event of events) {
      const changes = JSON.parse(event.changes) as FieldChanges;
      if (event.action === 'delete') deleted.push(event.entity_id);
      // A create records every field as coming from nothing; an update never has a name come
      // from nothing, since a student always has one.
      else if (changes['name'] !== undefined && changes['name'].from === null)
        created.push(event.entity_id);
      else updated.push({ id: event.entity_id, changes });
    }

    const binned = await moveStudentsToBin(trx, created, now, actorId);
    for (const row of binned) history.push(studentChange(actorId, 'delete', row, null));

    // A batch that handed roll numbers round (decision 0077) is undone the same way: set aside
    // first, so that no two active students of a standard hold one number in between.
    await setRollNumbersAside(
      trx,
      updated.filter(({ changes }) => changes['roll_number'] !== undefined).map(({ id }) => id),
    );
    for (const { id, changes } of updated) {
      const before = students.get(id) as StudentRow;
      const { guardians, ...fields } = changes;
      const previous = Object.fromEntries(
        Object.entries(fields).map(([field, change]) => [COLUMNS[field] ?? field, change.from]),
      ) as Updateable<StudentsTable>;
      // An import gives guardians only to a student who had none (decision 0045): undone, the
      // student has none again.
      let guardiansChange: { before: Guardian[]; after: Guardian[] } | undefined;
      if (guardians) {
        const current = (await guardiansOf(trx, [id])).get(id) ?? [];
        guardiansChange = { before: current.map(presentGuardian), after: [] };
        await deleteGuardiansOfStudent(trx, id);
        Object.assign(previous, guardianColumns([]));
      }
      const after = await revertStudentAtVersion(trx, before, previous, now);
      history.push(studentChange(actorId, 'update', before, after, guardiansChange));
    }

    if (deleted.length > 0) {
      // A student back from the bin takes its roll number again: refused when another live
      // student of its standard has it now, before the unique index would refuse it.
      const taken = await binnedStudentsWithRollNumberTaken(trx, deleted);
      if (taken.length > 0) throw conflict(texts.restoreTaken(taken.length));
      const homeless = await studentsOfBinnedStandards(trx, deleted);
      if (homeless.length > 0) throw conflict(texts.standardGone);
    }
    const restored = await restoreStudentsFromBin(trx, deleted);
    for (const row of restored) history.push(studentChange(actorId, 'restore', null, row));

    // The undo's events carry the batch's id too, so a student's history says which batch
    // they undid.
    await recordChanges(
      trx,
      history.map((change) => ({ ...change, importId: batchId })),
    );
    const removedStandards = await removeStandardsOfBatch(trx, dialect, { actorId, batchId });
    return {
      removed: binned.length,
      reverted: updated.length,
      restored: restored.length,
      removed_standards: removedStandards,
    };
  });
}
