import {
  appTexts,
  problemTexts,
  type Guardian,
  type Student,
  type StudentValues,
} from '@um/contract';
import type { Db, Dialect, Executor } from '../../db/database.js';
import { isForeignKeyViolation, isUniqueViolation, violatedUnique } from '../../db/errors.js';
import { nowIso } from '../../db/time.js';
import type { StudentRow } from '../../db/schema.js';
import { recordChanges } from '../../records/change-log.js';
import { badRequest, conflict } from '../../http/problem.js';
import { versionedRecords } from '../../records/versioned.js';
import { findStandardName, lockLiveStandards } from '../../repositories/standards.js';
import {
  deleteGuardiansOfStudent,
  findStudentOrThrow,
  insertGuardianRows,
  insertStudent,
  insertStudentsAtOnce,
  studentRows,
  type NewStudentRow,
} from '../../repositories/students.js';
import {
  guardiansJson,
  guardiansOf,
  guardiansSummary,
  presentGuardian,
  presentStudent,
  studentChange,
  studentNotFound,
} from './presenter.js';

/**
 * How students change: added (alone, or many in one insert), replaced, moved to the bin and
 * put back. Every write checks its rules in the database (constraints and locks, not an earlier
 * lookup) and writes its history event in the same transaction.
 */

const standardMissing = () => {
  const message = 'The chosen standard does not exist.';
  return badRequest(message, { standard: [message] });
};

/**
 * Explains a refused write to the person filling the form. The constraints decide, not an
 * earlier lookup, so two people saving the same roll number at once cannot both succeed.
 */
async function explainConstraint(
  db: Executor,
  error: unknown,
  values: Pick<StudentValues, 'standard' | 'roll_number' | 'admission_number'>,
): Promise<never> {
  if (isForeignKeyViolation(error)) {
    throw badRequest(problemTexts.standardMissing, { standard: [problemTexts.standardMissing] });
  }
  if (
    isUniqueViolation(error) &&
    violatedUnique(error, 'students_admission_unique', 'students.admission_number')
  ) {
    const message = problemTexts.admissionNumberTaken(values.admission_number);
    throw conflict(message, { admission_number: [message] });
  }
  if (isUniqueViolation(error)) {
    const standard = await findStandardName(db, values.standard);
    const message = problemTexts.rollNumberTaken(values.roll_number, standard?.name);
    throw conflict(message, { roll_number: [message] });
  }
  throw error;
}

/** A phone's digits: what a search by phone compares. */
const digitsOf = (phone: string) => phone.replace(/[^0-9]/g, '');

/**
 * What a student's row says of its guardians, written whenever they are: their names and phone
 * digits, one per line, for the search (migration 0017), and the guardians as the API shows them,
 * for the list (migration 0020).
 */
export const guardianColumns = (guardians: readonly Guardian[]) => ({
  guardian_search: guardians
    .flatMap((guardian) => [guardian.name, digitsOf(guardian.phone)])
    .filter((text) => text !== '')
    .join('\n'),
  guardians_json: guardiansJson(guardians),
});

export function columns(values: StudentValues) {
  return {
    name: values.name,
    email: values.email,
    roll_number: values.roll_number,
    standard_id: values.standard,
    phone_number: values.phone_number,
    address: values.address,
    admission_number: values.admission_number,
    date_of_birth: values.date_of_birth,
    status: values.status,
    left_on: values.left_on,
    ...guardianColumns(values.guardians),
  };
}

/**
 * Replaces a student's guardians with `guardians`, in the caller's transaction; the unique index
 * of primaries keeps one per student whatever the writer.
 */
async function replaceGuardians(
  db: Executor,
  studentId: number,
  guardians: readonly Guardian[],
): Promise<void> {
  await deleteGuardiansOfStudent(db, studentId);
  await insertGuardians(db, [{ studentId, guardians }]);
}

export async function insertGuardians(
  db: Executor,
  students: readonly { studentId: number; guardians: readonly Guardian[] }[],
): Promise<void> {
  const rows = students.flatMap(({ studentId, guardians }) =>
    guardians.map((guardian, position) => ({
      student_id: studentId,
      position,
      name: guardian.name,
      relation: guardian.relation,
      phone: guardian.phone,
      email: guardian.email,
      is_primary: guardian.primary ? 1 : 0,
    })),
  );
  if (rows.length > 0) await insertGuardianRows(db, rows);
}

/** A student to add, and the staff member adding it (for its history). */
export interface NewStudent {
  values: StudentValues;
  actorId: number;
}

export async function createStudent(
  db: Db,
  dialect: Dialect,
  { values, actorId }: NewStudent,
): Promise<Student> {
  try {
    const row = await db.transaction().execute(async (trx) => {
      const live = await lockLiveStandards(trx, dialect, [values.standard]);
      if (!live.has(values.standard)) throw standardMissing();
      const inserted = await insertStudent(trx, insertedRow(values, nowIso()));
      await insertGuardians(trx, [{ studentId: inserted.id, guardians: values.guardians }]);
      await recordChanges(trx, [
        studentChange(actorId, 'create', null, inserted, {
          before: [],
          after: values.guardians,
        }),
      ]);
      return inserted;
    });
    return presentStudent(row);
  } catch (error) {
    return explainConstraint(db, error, values);
  }
}

/** A student's key in its standard, which the unique constraint keeps to one row. */
const rollKey = (standard: number, rollNumber: string) => `${standard}\u0000${rollNumber}`;

/**
 * Adds students as one multi-row insert, one commit. Each input settles on its own: if the
 * insert is refused for a row's sake (a taken roll number, a missing standard, two inputs with
 * the same roll number), every student is then added alone, so each request gets the answer it
 * would have had on its own and the others are still added. Any other failure (the database
 * unavailable, a bug) fails the whole group with its own error. Not for use inside a
 * transaction: on PostgreSQL a refused statement ends it.
 */
export async function createStudents(
  db: Db,
  dialect: Dialect,
  inputs: readonly NewStudent[],
): Promise<PromiseSettledResult<Student>[]> {
  // The insert's rows are matched to their inputs by roll number, which only active students of
  // a standard hold alone.
  if (inputs.length > 1 && inputs.every(({ values }) => values.status === 'active')) {
    const now = nowIso();
    let rows: { row: StudentRow; guardians: readonly Guardian[] }[] | undefined;
    try {
      rows = await db.transaction().execute(async (trx) => {
        const standards = inputs.map(({ values }) => values.standard);
        const live = await lockLiveStandards(trx, dialect, standards);
        // A standard gone or in the bin: each input is then added alone, to get its own answer.
        if (standards.some((id) => !live.has(id))) return undefined;
        const inserted = await insertStudentsAtOnce(
          trx,
          dialect,
          inputs.map(({ values }) => insertedRow(values, now)),
        );
        const byKey = new Map(
          inserted.map((row) => [rollKey(row.standard_id, row.roll_number), row]),
        );
        const created = inputs.map(({ values, actorId }) => {
          const row = byKey.get(rollKey(values.standard, values.roll_number));
          if (!row) throw new Error('The insert returned no row for a student.');
          return { row, actorId, guardians: values.guardians };
        });
        await insertGuardians(
          trx,
          created.map(({ row, guardians }) => ({ studentId: row.id, guardians })),
        );
        await recordChanges(
          trx,
          created.map(({ row, actorId, guardians }) =>
            studentChange(actorId, 'create', null, row, { before: [], after: guardians }),
          ),
        );
        return created;
      });
    } catch (error) {
      if (!isUniqueViolation(error) && !isForeignKeyViolation(error)) throw error;
    }
    if (rows) {
      return rows.map(({ row }) => ({ status: 'fulfilled', value: presentStudent(row) }));
    }
  }
  return Promise.allSettled(inputs.map((input) => createStudent(db, dialect, input)));
}

function insertedRow(values: StudentValues, now: string): NewStudentRow {
  return { ...columns(values), created_at: now, updated_at: now };
}

/** A student's version, bin and history steps, as every versioned record takes them. */
const studentRecords = versionedRecords({
  rows: studentRows,
  notFound: studentNotFound,
  changeOf: studentChange,
  current: (_trx, row) => presentStudent(row),
});

export interface StudentChange {
  id: number;
  values: StudentValues;
  /** The version the client edited; without it the save replaces whatever is there. */
  version?: number | undefined;
  actorId: number;
}

/**
 * Replaces a student's fields, if it is still at the version the client edited (an edit
 * conflict otherwise), and only into a live standard.
 */
export async function updateStudent(
  db: Db,
  dialect: Dialect,
  { id, values, version, actorId }: StudentChange,
): Promise<Student> {
  try {
    const row = await db.transaction().execute((trx) =>
      studentRecords.update(
        trx,
        dialect,
        { id, version, actorId },
        async () => {
          const live = await lockLiveStandards(trx, dialect, [values.standard]);
          if (!live.has(values.standard)) throw standardMissing();
          return columns(values);
        },
        async () => {
          const before = (await guardiansOf(trx, [id])).get(id) ?? [];
          await replaceGuardians(trx, id, values.guardians);
          return {
            before: { guardians: guardiansSummary(before.map(presentGuardian)) },
            after: { guardians: guardiansSummary(values.guardians) },
          };
        },
      ),
    );
    return presentStudent(row);
  } catch (error) {
    return explainConstraint(db, error, values);
  }
}

/** Moves a live student to the bin; its history and its id stay. */
export async function deleteStudent(db: Db, id: number, actorId: number): Promise<void> {
  await db.transaction().execute((trx) => studentRecords.moveToBin(trx, id, actorId));
}

/**
 * Puts a student in the bin back, with its id, and with `rollNumber` instead of its own when
 * given. Refused, naming the field, when the roll number it comes back with is taken in its
 * standard (the live-students unique index decides, so of two restores racing for one roll
 * number one succeeds) or when its standard is itself in the bin or gone.
 */
export async function restoreStudent(
  db: Db,
  dialect: Dialect,
  id: number,
  actorId: number,
  rollNumber?: string,
): Promise<Student> {
  let restored: StudentRow;
  try {
    restored = await db.transaction().execute((trx) =>
      studentRecords.restore(
        trx,
        dialect,
        id,
        actorId,
        async (binned) => {
          const live = await lockLiveStandards(trx, dialect, [binned.standard_id]);
          if (live.has(binned.standard_id)) return;
          const standard = await findStandardName(trx, binned.standard_id);
          const message = standard
            ? appTexts.history.standardInBin(standard.name)
            : appTexts.history.standardGone;
          throw conflict(message, { standard: [message] });
        },
        rollNumber === undefined ? {} : { roll_number: rollNumber, updated_at: nowIso() },
      ),
    );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const binned = await findStudentOrThrow(db, id);
    return explainConstraint(db, error, {
      standard: binned.standard_id,
      roll_number: rollNumber ?? binned.roll_number,
      admission_number: binned.admission_number,
    });
  }
  return presentStudent(restored);
}
