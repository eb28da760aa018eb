import { randomUUID } from 'node:crypto';
import {
  batchTexts,
  type BulkChange,
  type BulkError,
  type BulkResult,
  type RollNumberChange,
} from '@um/contract';
import type { Db, Dialect, Executor } from '../../db/database.js';
import { IDS_PER_STATEMENT } from '../../db/in-chunks.js';
import { isUniqueViolation } from '../../db/errors.js';
import { nowIso } from '../../db/time.js';
import type { StudentRow } from '../../db/schema.js';
import { recordBatch } from '../../records/batches.js';
import { recordChanges } from '../../records/change-log.js';
import { HttpError, badRequest, conflict } from '../../http/problem.js';
import { findLiveStandardLocked, standardsNamed } from '../../repositories/standards.js';
import {
  activeRollNumbersTaken,
  activeStudentsOfStandard,
  lockLiveStudents,
  renumberStudent,
  setRollNumber,
  setRollNumbersAside,
  updateEach,
} from '../../repositories/students.js';
import { studentChange } from '../record/presenter.js';
import { placeArrivals, type Placement } from './roll-numbers.js';

/** A bulk change refused for some of its students: problem JSON naming each (docs/api.md). */
export const bulkRefused = (errors: BulkError[]) =>
  new HttpError(422, batchTexts.refused(new Set(errors.map((error) => error.id)).size), {
    type: 'urn:problem-type:bulk-refused',
    title: 'Bulk change refused',
    extensions: { errors },
  });

/**
 * Why some of `arriving` cannot be active students of `standard`: a roll number taken there by
 * an active student who is not arriving, or one that two arriving students share. Roll numbers
 * are unique among the active students of a standard; a leaver keeps theirs.
 */
export async function rollNumberClashes(
  trx: Executor,
  arriving: readonly StudentRow[],
  standard: { id: number; name: string },
): Promise<BulkError[]> {
  const errors: BulkError[] = [];
  const arrivingIds = new Set(arriving.map((student) => student.id));
  const taken: { id: number; roll_number: string }[] = [];
  for (let start = 0; start < arriving.length; start += IDS_PER_STATEMENT) {
    const rollNumbers = arriving.slice(start, start + IDS_PER_STATEMENT).map((s) => s.roll_number);
    taken.push(...(await activeRollNumbersTaken(trx, standard.id, rollNumbers)));
  }
  const takenBy = new Set(
    taken.filter((row) => !arrivingIds.has(row.id)).map((row) => row.roll_number),
  );
  const seen = new Set<string>();
  for (const student of arriving) {
    const message = takenBy.has(student.roll_number)
      ? batchTexts.rollNumberTaken(student.roll_number, standard.name)
      : seen.has(student.roll_number)
        ? batchTexts.rollNumberTwice(student.roll_number)
        : null;
    seen.add(student.roll_number);
    if (message) errors.push({ id: student.id, field: 'roll_number', message });
  }
  return errors;
}

/** Why some students who left cannot be active again: their roll numbers are taken since. */
async function returnErrors(trx: Executor, returning: readonly StudentRow[]): Promise<BulkError[]> {
  const byStandard = new Map<number, StudentRow[]>();
  for (const student of returning) {
    byStandard.set(student.standard_id, [...(byStandard.get(student.standard_id) ?? []), student]);
  }
  if (byStandard.size === 0) return [];
  const standards = await standardsNamed(trx, [...byStandard.keys()]);
  const errors: BulkError[] = [];
  for (const standard of standards) {
    errors.push(...(await rollNumberClashes(trx, byStandard.get(standard.id) ?? [], standard)));
  }
  return errors;
}

/** A preview's answer, thrown to roll back the transaction that worked it out. */
class Preview extends Error {
  constructor(readonly result: BulkResult) {
    super('preview');
  }
}

/**
 * Gives the students of `placement` their new roll numbers, after they were set aside: the
 * arriving ones among `moved` (already a new version), and the target's own, each a new
 * version. The rows as they are after, and the target's own as they were before.
 */
export async function assignRollNumbers(
  trx: Executor,
  moved: readonly StudentRow[],
  placement: Placement,
  now: string,
): Promise<{ after: StudentRow[]; staying: StudentRow[] }> {
  const after = [];
  for (const student of moved) {
    const to = placement.arriving.get(student.id);
    after.push(to === undefined ? student : await setRollNumber(trx, student.id, to));
  }
  for (const { student, to } of placement.staying) {
    after.push(await renumberStudent(trx, student.id, to, now));
  }
  return { after, staying: placement.staying.map(({ student }) => student) };
}

/** The roll numbers `placement` changes, as the API lists them, in the target's new order. */
export function rollNumberChanges(
  placement: Placement,
  arriving: readonly StudentRow[],
  standard: { id: number | null; name: string },
): RollNumberChange[] {
  const changes: RollNumberChange[] = [
    ...arriving
      .filter((student) => placement.arriving.has(student.id))
      .map((student) => ({ student, to: placement.arriving.get(student.id) as string })),
    ...placement.staying,
  ].map(({ student, to }) => ({
    student: { id: student.id, name: student.name },
    from: student.roll_number,
    to,
    standard: { id: standard.id, name: standard.name },
  }));
  return changes.sort(
    (a, b) => a.to.localeCompare(b.to, 'en', { numeric: true }) || a.student.id - b.student.id,
  );
}

/**
 * Changes many students at once (docs/history.md, "Batches"): all of them or none, in one
 * transaction, with a history event each and one batch that an undo reverts. The students are
 * locked first, so an edit of one of them at the same moment is either seen here or finds the
 * student changed (an edit conflict); the unique index on live roll numbers decides a move that
 * races another write to the target standard.
 */
export async function bulkChange(
  db: Db,
  dialect: Dialect,
  change: BulkChange,
  actorId: number,
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<BulkResult> {
  const batchId = randomUUID();
  try {
    return await db.transaction().execute(async (trx) => {
      // In the order the request named them, so a refusal lists them that way too.
      const position = new Map(change.ids.map((id, index) => [id, index] as const));
      const students = (await lockLiveStudents(trx, dialect, change.ids)).sort(
        (a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0),
      );
      const found = new Set(students.map((student) => student.id));
      const errors: BulkError[] = change.ids
        .filter((id) => !found.has(id))
        .map((id) => ({ id, field: 'id', message: batchTexts.studentNotFound }));
      const now = nowIso();
      let changed: StudentRow[];
      let rollNumbers: RollNumberChange[] = [];
      /** Students of the target who were there already and get another roll number. */
      let renumbered = 0;

      if (change.action === 'move') {
        // Handing out numbers reads the target's: two such moves into one standard take turns,
        // the second reading the numbers the first gave.
        const standard = await findLiveStandardLocked(
          trx,
          change.standard,
          dialect !== 'postgres' ? 'none' : change.roll_numbers === 'keep' ? 'share' : 'update',
        );
        if (!standard) {
          throw badRequest(batchTexts.targetNotFound, { standard: [batchTexts.targetNotFound] });
        }
        const moving = students.filter((student) => student.standard_id !== standard.id);
        const arriving = moving.filter((student) => student.status === 'active');
        let placement: Placement = { arriving: new Map(), staying: [] };
        if (change.roll_numbers === 'keep') {
          errors.push(...(await rollNumberClashes(trx, arriving, standard)));
        } else {
          placement = placeArrivals(
            change.roll_numbers,
            arriving,
            await activeStudentsOfStandard(trx, standard.id),
          );
        }
        if (errors.length > 0) throw bulkRefused(errors);
        rollNumbers = rollNumberChanges(placement, arriving, standard);
        if (dryRun)
          throw new Preview({ batch_id: null, count: moving.length, roll_numbers: rollNumbers });
        await setRollNumbersAside(trx, [
          ...placement.arriving.keys(),
          ...placement.staying.map(({ student }) => student.id),
        ]);
        const moved = await updateEach(
          trx,
          moving.map((student) => student.id),
          { standard_id: standard.id, updated_at: now },
        );
        const assigned = await assignRollNumbers(trx, moved, placement, now);
        changed = assigned.after;
        renumbered = assigned.staying.length;
        students.push(...assigned.staying);
      } else if (change.action === 'set_status') {
        const leftOn = change.status === 'active' ? null : (change.left_on ?? now.slice(0, 10));
        const changing = students.filter(
          (student) => student.status !== change.status || student.left_on !== leftOn,
        );
        if (change.status === 'active') {
          errors.push(
            ...(await returnErrors(
              trx,
              changing.filter((student) => student.status !== 'active'),
            )),
          );
        }
        if (errors.length > 0) throw bulkRefused(errors);
        if (dryRun) throw new Preview({ batch_id: null, count: changing.length, roll_numbers: [] });
        changed = await updateEach(
          trx,
          changing.map((student) => student.id),
          { status: change.status, left_on: leftOn, updated_at: now },
        );
      } else {
        if (errors.length > 0) throw bulkRefused(errors);
        if (dryRun) throw new Preview({ batch_id: null, count: students.length, roll_numbers: [] });
        changed = await updateEach(trx, change.ids, { deleted_at: now, deleted_by: actorId });
      }
      const before = new Map(students.map((student) => [student.id, student] as const));

      const action = change.action === 'delete' ? 'delete' : 'update';
      await recordChanges(
        trx,
        changed.map((after) => ({
          ...studentChange(
            actorId,
            action,
            before.get(after.id) as StudentRow,
            action === 'delete' ? null : after,
          ),
          importId: batchId,
        })),
      );
      const counted = { move: 'moved', set_status: 'status_changed', delete: 'deleted' }[
        change.action
      ];
      const count = changed.length - renumbered;
      await recordBatch(trx, {
        id: batchId,
        kind: 'bulk',
        actorId,
        counts: { [counted]: count, ...(renumbered > 0 && { renumbered }) },
      });
      return { batch_id: batchId, count, roll_numbers: rollNumbers };
    });
  } catch (error) {
    if (error instanceof Preview) return error.result;
    if (isUniqueViolation(error)) throw conflict(batchTexts.raced);
    throw error;
  }
}
